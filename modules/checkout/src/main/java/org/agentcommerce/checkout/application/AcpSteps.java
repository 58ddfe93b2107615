package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.domain.acp.AcpSession;
import org.agentcommerce.checkout.domain.acp.AcpSessionRepository;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Money;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The ACP complete's steps, each its own transaction so that each is committed before the next
 * reaches outside: the claim before the order, the order before the charge, the outcome after it.
 */
@ApplicationScoped
public class AcpSteps {

  @Inject AcpSessionRepository sessions;
  @Inject Instance<CheckoutCharges> charges;
  @Inject Clock clock;
  @Inject OrderService orders;
  @Inject OrderBook orderBook;
  @Inject Baskets baskets;

  @Inject
  @ConfigProperty(name = "ac.checkout.acp.completion-lease", defaultValue = "PT2M")
  Duration lease;

  /** What a claim found: a completed session's answer to replay, or the claim it took. */
  public record Claim(String replay, AcpSession session, boolean resumed) {}

  /**
   * Takes the completion claim: 404 acp_session_not_found (another agent's or buyer's session too),
   * 409 idempotency_conflict (the key of the last complete with another payload), the stored answer
   * of a completed session, 409 completion_in_progress while another complete holds it, 404
   * acp_session_expired, 409 acp_address_required / acp_email_required, the gates' 403. Nothing is
   * written unless the claim is taken.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Claim claim(
      String agentId,
      String sessionId,
      String issuer,
      String subject,
      String key,
      String payloadHash) {
    Instant now = now();
    AcpSession s =
        sessions
            .lockForAgent(agentId, sessionId)
            .filter(x -> x.boundTo(issuer, subject))
            // A key limited to other merchants sees none of this merchant's sessions.
            .filter(x -> baskets.inScope(x.merchantId()))
            .orElseThrow(() -> notFound(sessionId));
    if (key != null && key.equals(s.completionKey()) && !payloadHash.equals(s.completionHash())) {
      throw new ApiException(
          409,
          "idempotency_conflict",
          "Idempotency-Key "
              + key
              + " was used for another payload on this session; use a new key for a new request.",
          acp("idempotency_conflict", sessionId),
          Map.of());
    }
    if (AcpSession.COMPLETED.equals(s.status())) {
      return new Claim(s.result(), s, false);
    }
    if (AcpSession.CANCELLED.equals(s.status())) {
      throw cancelled(sessionId);
    }
    if (s.claimHeld(now)) {
      Map<String, Object> ctx = acp("completion_in_progress", sessionId);
      ctx.put("retry_after_seconds", 2);
      throw new ApiException(
          409,
          "completion_in_progress",
          "Another complete of session " + sessionId + " is running; read its result shortly.",
          ctx,
          Map.of("Retry-After", "2"));
    }
    boolean resumed = AcpSession.COMPLETING.equals(s.status());
    if (!resumed && s.expired(now)) {
      throw expired(sessionId, s.expiresAt());
    }
    AcpBasket basket = AcpBasket.parse(s.basket());
    if (basket.shipTo() == null || basket.shipTo().addressLine1() == null) {
      throw new ApiException(
          409,
          "acp_address_required",
          "Checkout session "
              + sessionId
              + " has no complete shipping address; start a session with shipping_address.",
          acp("acp_address_required", sessionId),
          Map.of());
    }
    if (s.customerEmail() == null) {
      throw new ApiException(
          409,
          "acp_email_required",
          "Checkout session "
              + sessionId
              + " has no customer_email; start a session with customer_email.",
          acp("acp_email_required", sessionId),
          Map.of());
    }
    // A session whose order is paid (or being paid, by any lane) completes by reading that
    // payment, which charges nothing: the gates guard charges, not the reading of one.
    boolean orderPaying =
        s.orderId() != null
            && orderBook
                .order(agentId, s.orderId())
                .map(
                    o ->
                        o.status().isPaid()
                            || o.status()
                                == org.agentcommerce.checkout.api.OrderStatus.PAYMENT_PROCESSING)
                .orElse(false);
    if (!resumed && !orderPaying) {
      AcpSession.Totals t = s.totals();
      charges.get().checkGates(s.merchantId(), Money.ofMinor(t.total(), t.currency()), "acp");
    }
    s.claim(now, lease, key, payloadHash);
    return new Claim(null, s, resumed);
  }

  /**
   * A fresh quote of the session's basket, then the order from it; the session records it and the
   * public base the completion answers on (the order's permalink in its ACP webhooks).
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public String order(
      String agentId, String sessionId, AcpCheckoutService.Buyer buyer, String publicBase) {
    AcpSession s = sessions.lockForAgent(agentId, sessionId).orElseThrow();
    s.completingOn(publicBase, now());
    return placeOrder(agentId, s, buyer.issuer(), buyer.subject());
  }

  /**
   * The session's order, made in the caller's transaction (which holds the session's row lock): an
   * order made before is answered as it is, never a second one; else the basket is priced afresh
   * into the order (409 PRICE_CHANGED, rolling back, when it no longer costs the session's total).
   */
  public String placeOrder(String agentId, AcpSession s, String issuer, String subject) {
    if (s.orderId() != null) {
      return s.orderId();
    }
    AcpBasket basket = AcpBasket.parse(s.basket());
    // The order book prices the basket afresh (its own quote) with all its checks: stock, spend.
    OrderView o =
        orders.create(
            new OrderService.CreateOrder(
                s.merchantId(),
                basket.items(),
                null,
                null,
                basket.shipTo(),
                s.customerEmail(),
                basket.orderName(),
                basket.discountCodes(),
                null,
                new Order.Parties(
                    agentId,
                    s.customerEmail(),
                    basket.orderName(),
                    org.agentcommerce.platform.api.WireJson.jsonb().toJson(basket.shipTo().asMap()),
                    null,
                    issuer,
                    subject,
                    s.id(),
                    null,
                    null)),
            org.agentcommerce.checkout.api.OrderBook.CHECKOUT_SESSION);
    AcpSession.Totals was = s.totals();
    long now = Amounts.minor(new java.math.BigDecimal(o.totalAmount()), o.currency()).orElse(-1);
    if (now != was.total() || !o.currency().equals(was.currency())) {
      // Thrown: this transaction, the order with it, rolls back.
      Map<String, Object> ctx = acp("price_changed", s.id());
      ctx.put("session_total", Amounts.major(was.total(), was.currency()));
      ctx.put("current_total", o.totalAmount());
      ctx.put("currency", o.currency());
      throw new ApiException(
          409,
          "PRICE_CHANGED",
          "The basket of session "
              + s.id()
              + " now costs "
              + o.totalAmount()
              + " "
              + o.currency()
              + ", not "
              + ctx.get("session_total")
              + "; nothing was charged. Start a new session at the new price.",
          ctx,
          Map.of());
    }
    s.ordered(o.orderId(), now());
    return o.orderId();
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void completed(String agentId, String sessionId, String paymentId, String result) {
    sessions.lockForAgent(agentId, sessionId).orElseThrow().completed(paymentId, result, now());
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void release(String agentId, String sessionId, String paymentId, String error) {
    sessions.lockForAgent(agentId, sessionId).orElseThrow().released(paymentId, error, now());
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void pending(String agentId, String sessionId, String paymentId) {
    sessions.lockForAgent(agentId, sessionId).orElseThrow().pending(paymentId, now());
  }

  static ApiException notFound(String sessionId) {
    return new ApiException(
        404,
        "acp_session_not_found",
        "Checkout session " + sessionId + " was not found.",
        acp("acp_session_not_found", sessionId),
        Map.of());
  }

  static ApiException cancelled(String sessionId) {
    return new ApiException(
        409,
        "checkout_session_cancelled",
        "Checkout session " + sessionId + " was cancelled; start a new one.",
        acp("checkout_session_cancelled", sessionId),
        Map.of());
  }

  static ApiException expired(String sessionId, java.time.Instant expiresAt) {
    return new ApiException(
        404,
        "acp_session_expired",
        "Checkout session " + sessionId + " expired at " + expiresAt + "; start a new one.",
        acp("acp_session_expired", sessionId),
        Map.of());
  }

  /** The ACP error context: {@code code} beside our {@code error}, and the session. */
  static Map<String, Object> acp(String code, String sessionId) {
    Map<String, Object> ctx = new LinkedHashMap<>();
    ctx.put("code", code);
    ctx.put("checkout_session_id", sessionId);
    return ctx;
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
