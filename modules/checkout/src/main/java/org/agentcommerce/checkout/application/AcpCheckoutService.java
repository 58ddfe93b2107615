package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.transaction.Transactional;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.agentcommerce.catalog.api.SellableCatalog.Seller;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.domain.acp.AcpSession;
import org.agentcommerce.checkout.domain.acp.AcpSessionRepository;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The in-chat ACP lane: a session over a server-priced basket ({@link #start}), completed at most
 * once with a real off-session charge through the shared gates ({@link #complete}).
 */
@ApplicationScoped
public class AcpCheckoutService {

  private static final Logger LOG = Logger.getLogger(AcpCheckoutService.class.getName());

  @Inject Baskets baskets;
  @Inject QuoteService quotes;
  @Inject OrderService orders;
  @Inject CheckoutLanes lanes;
  @Inject AcpSteps steps;
  @Inject AcpSessionRepository sessions;
  @Inject Instance<CheckoutCharges> charges;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.checkout.acp.session-ttl", defaultValue = "PT1H")
  Duration sessionTtl;

  /** A verified buyer: the token's issuer and subject. */
  public record Buyer(String issuer, String subject) {}

  /** What to start: one merchant's items, where they ship, who pays. */
  public record Start(
      String agentId,
      String merchantId,
      List<BasketItem> items,
      ShipTo shipTo,
      String customerEmail,
      URI publicBase) {}

  /**
   * The lane taken: in chat, the session and its locked quote; on the redirect floor, why, the
   * priced basket as an estimate and, when the merchant's platform has one, its checkout link.
   */
  public record Started(
      CheckoutLanes.Decision decision,
      AcpSession session,
      QuoteView quote,
      CheckoutLanes.Redirect redirect) {}

  /**
   * Prices the basket, decides the lane (writes nothing for the floor), and for the in-chat lane
   * asks {@code buyer} for the verified buyer (USER_AUTH_REQUIRED before anything is written) and
   * stores the quote and the session bound to the agent and the buyer.
   */
  @Transactional
  public Started start(Start s, Supplier<Buyer> buyer) {
    Seller seller = baskets.seller(s.merchantId());
    QuoteService.Priced priced =
        quotes.price(
            new QuoteService.Request(s.merchantId(), s.items(), List.of(), s.shipTo(), null, null),
            "active");
    QuoteView view = priced.view();
    long total = priced.terms().totalMinor();
    CheckoutLanes.Decision d =
        lanes.decide(
            s.merchantId(),
            org.agentcommerce.platform.api.Money.ofMinor(total, priced.terms().currency()));
    if (!d.inChat()) {
      CheckoutLanes.Redirect redirect = null;
      try {
        redirect = lanes.redirect(seller, redirectLines(priced), s.publicBase());
      } catch (ApiException unsupported) {
        // No link for this platform: the floor still says why, without one.
      }
      return new Started(d, null, view, redirect);
    }
    Buyer b = buyer.get();
    Quote q = quotes.store(s.agentId(), priced, false);
    Instant now = now();
    Quote.Terms t = priced.terms();
    AcpSession session =
        new AcpSession(
            Ids.newId("csn", 12),
            s.agentId(),
            b.issuer(),
            b.subject(),
            s.merchantId(),
            q.id(),
            new AcpSession.Totals(
                t.currency(),
                t.subtotalMinor(),
                t.discountMinor(),
                t.shippingMinor(),
                t.taxMinor(),
                t.totalMinor()),
            new AcpBasket(s.items(), s.shipTo()).toJson(),
            s.customerEmail(),
            now,
            now.plus(sessionTtl));
    sessions.add(session);
    return new Started(d, session, view, null);
  }

  private static List<CheckoutLanes.RedirectLine> redirectLines(QuoteService.Priced priced) {
    List<CheckoutLanes.RedirectLine> out = new ArrayList<>();
    for (Baskets.Line l : priced.basket().lines()) {
      out.add(new CheckoutLanes.RedirectLine(l.variant().variantId(), l.quantity()));
    }
    return out;
  }

  /** The agent's session as the buyer may see it. */
  public Optional<AcpSession> find(String agentId, String sessionId, Buyer buyer) {
    return sessions
        .findForAgent(agentId, sessionId)
        .filter(x -> buyer == null || x.boundTo(buyer.issuer(), buyer.subject()));
  }

  /** What a complete answers: the stored result (JSON) and whether it is a replay. */
  public record Completed(String resultJson, boolean replayed) {}

  /**
   * Completes the session once: claim, then (unless a resumed claim already has one) a fresh quote
   * and the order, then the off-session charge. See {@link AcpSteps#claim} for the refusals before
   * the claim; after it: 409 PRICE_CHANGED (the basket no longer costs the session's total; claim
   * released, nothing charged), the order book's and the payment's refusals (claim released), 502
   * acp_capture_failed (declined; claim released, the order kept payment_failed), 502
   * acp_capture_pending_retry (outcome unknown: reconciliation decides, the next complete reads the
   * payment and never charges again before it is known). Above the HIL threshold the charge needs
   * {@code hilApprovalId}, the buyer's approval of the session's order: without it 409 HIL_REQUIRED
   * (claim released, the order kept: the approval asked for is bound to it, and the retry with it
   * charges that same order).
   */
  public Completed complete(
      String agentId,
      String sessionId,
      Buyer buyer,
      String methodToken,
      String key,
      String payloadHash,
      URI publicBase,
      String hilApprovalId) {
    AcpSteps.Claim claim =
        steps.claim(agentId, sessionId, buyer.issuer(), buyer.subject(), key, payloadHash);
    if (claim.replay() != null) {
      return new Completed(claim.replay(), true);
    }
    AcpSession s = claim.session();
    String orderId = s.orderId();
    if (orderId != null) {
      Optional<OrderPayments.PaymentView> paid = orders.payment(orderId);
      if (paid.isPresent() && paid.get().succeeded()) {
        return finish(agentId, s, orderId, paid.get().paymentId(), paid.get().psp(), publicBase);
      }
      if (paid.isPresent() && !"failed".equals(paid.get().status())) {
        steps.pending(agentId, sessionId, paid.get().paymentId());
        throw pendingRetry(sessionId, orderId, paid.get().paymentId());
      }
      if (s.expired(now())) {
        // A resumed claim may finish a payment made in time, never start a new one after expiry.
        steps.release(agentId, sessionId, null, "acp_session_expired");
        throw AcpSteps.expired(sessionId, s.expiresAt());
      }
    } else {
      try {
        orderId =
            steps.order(
                agentId,
                s.id(),
                buyer,
                publicBase == null ? null : publicBase.toString().replaceAll("/$", ""));
      } catch (RuntimeException refused) {
        steps.release(agentId, sessionId, null, code(refused));
        throw refused;
      }
    }
    CheckoutCharges.Charged charged;
    try {
      charged =
          charges
              .get()
              .charge(
                  new CheckoutCharges.Charge(
                      agentId,
                      orderId,
                      methodToken,
                      "acp",
                      buyer.issuer(),
                      buyer.subject(),
                      sessionId,
                      hilApprovalId,
                      publicBase));
    } catch (ApiException refused) {
      // Refused before anything was sent (gates, HIL, a payment already running).
      if ("PAYMENT_IN_PROGRESS".equals(refused.code())) {
        steps.pending(agentId, sessionId, null);
        throw pendingRetry(sessionId, orderId, null);
      }
      steps.release(agentId, sessionId, null, refused.code());
      throw refused;
    } catch (RuntimeException unknown) {
      LOG.warning(
          "ACP session "
              + sessionId
              + ": charge of order "
              + orderId
              + " ended without an answer ("
              + unknown.getClass().getSimpleName()
              + "); the next complete reads the payment");
      steps.pending(agentId, sessionId, null);
      throw pendingRetry(sessionId, orderId, null);
    }
    if (charged.succeeded()) {
      return finish(agentId, s, orderId, charged.paymentId(), charged.psp(), publicBase);
    }
    if (charged.failed()) {
      steps.release(agentId, sessionId, charged.paymentId(), charged.errorCode());
      Map<String, Object> ctx = AcpSteps.acp("acp_capture_failed", sessionId);
      ctx.put("order_id", orderId);
      ctx.put("payment_id", charged.paymentId());
      ctx.put("psp_used", charged.psp());
      ctx.put("decline_code", charged.declineCode());
      ctx.put("payment_error", charged.errorCode());
      ctx.values().removeIf(java.util.Objects::isNull);
      throw new ApiException(
          502,
          "acp_capture_failed",
          "The capture was declined"
              + (charged.message() != null ? " (" + charged.message() + ")" : "")
              + "; nothing was charged. The session can be completed again with another method.",
          ctx,
          Map.of());
    }
    steps.pending(agentId, sessionId, charged.paymentId());
    throw pendingRetry(sessionId, orderId, charged.paymentId());
  }

  private Completed finish(
      String agentId, AcpSession s, String orderId, String paymentId, String psp, URI publicBase) {
    AcpSession.Totals t = s.totals();
    String base = publicBase.toString().replaceAll("/$", "");
    JsonObjectBuilder order =
        Json.createObjectBuilder()
            .add("id", orderId)
            .add("checkout_session_id", s.id())
            .add("permalink_url", base + "/agent/v2/orders/" + orderId);
    String result =
        Json.createObjectBuilder()
            .add("status", "completed")
            .add("checkout_session_id", s.id())
            .add("order_id", orderId)
            .add("payment_status", "succeeded")
            .add("payment_id", paymentId)
            .add("psp_used", psp == null ? "" : psp)
            .add("amount_cents", t.total())
            .add("amount", Amounts.major(t.total(), t.currency()))
            .add("currency", t.currency())
            .add("order", order)
            .build()
            .toString();
    steps.completed(agentId, s.id(), paymentId, result);
    return new Completed(result, false);
  }

  private static ApiException pendingRetry(String sessionId, String orderId, String paymentId) {
    Map<String, Object> ctx = AcpSteps.acp("acp_capture_pending_retry", sessionId);
    ctx.put("order_id", orderId);
    if (paymentId != null) {
      ctx.put("payment_id", paymentId);
    }
    ctx.put("retry_after_seconds", 5);
    return new ApiException(
        502,
        "acp_capture_pending_retry",
        "The payment provider has not said yet whether the capture succeeded. Nothing will be"
            + " charged again: call complete again after retry_after_seconds to read the outcome.",
        ctx,
        Map.of("Retry-After", "5"));
  }

  private static String code(RuntimeException e) {
    return e instanceof ApiException a ? a.code() : e.getClass().getSimpleName();
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
