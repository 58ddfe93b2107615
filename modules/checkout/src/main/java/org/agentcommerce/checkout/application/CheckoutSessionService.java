package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.transaction.Transactional;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.agentcommerce.catalog.api.SellableCatalog.Seller;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.acp.AcpSession;
import org.agentcommerce.checkout.domain.acp.AcpSessionRepository;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.checkout.domain.quote.QuoteRepository;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.Jsonp;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@link CheckoutSessions} on the in-chat ACP lane's sessions: the tool door opens a session for
 * every buyer whatever the lane decision (the gates decide at completion, fail-closed), completes
 * it through {@link AcpCheckoutService#complete}, and hands it to the hosted page as an order with
 * a checkout intent.
 */
@ApplicationScoped
public class CheckoutSessionService implements CheckoutSessions {

  @Inject Baskets baskets;
  @Inject QuoteService quotes;
  @Inject QuoteRepository storedQuotes;
  @Inject OrderService orders;
  @Inject OrderBook orderBook;
  @Inject AcpSessionRepository sessions;
  @Inject AcpSteps steps;
  @Inject AcpCheckoutService acp;
  @Inject CheckoutIntentService intents;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.checkout.acp.session-ttl", defaultValue = "PT1H")
  Duration sessionTtl;

  @Override
  @Transactional
  public Session create(String agentId, Buyer buyer, Basket basket) {
    Seller seller = baskets.seller(basket.merchantId());
    Priced p = price(basket);
    Instant now = now();
    AcpSession s =
        new AcpSession(
            Ids.newId("csn", 12),
            agentId,
            buyer.issuer(),
            buyer.subject(),
            seller.merchantId(),
            quotes.store(agentId, p.priced(), false).id(),
            totals(p.priced().terms()),
            p.stored().toJson(),
            basket.customerEmail(),
            now,
            now.plus(sessionTtl));
    sessions.add(s);
    return view(s, seller, p.priced().view());
  }

  @Override
  @Transactional
  public Session update(String agentId, Buyer buyer, String sessionId, Basket basket) {
    AcpSession s = locked(agentId, buyer, sessionId);
    requireOpen(s, "re-quoted");
    if (!s.merchantId().equals(basket.merchantId())) {
      throw new ApiException(
          400,
          "MULTI_MERCHANT_NOT_SUPPORTED",
          "Checkout session "
              + sessionId
              + " is for merchant "
              + s.merchantId()
              + "; a session holds one merchant's items. Start another session for merchant "
              + basket.merchantId()
              + ".",
          Map.of("session_merchant_id", s.merchantId(), "merchant_id", basket.merchantId()),
          Map.of());
    }
    Seller seller = baskets.seller(basket.merchantId());
    Priced p = price(basket);
    Instant now = now();
    s.requote(
        quotes.store(agentId, p.priced(), false).id(),
        totals(p.priced().terms()),
        p.stored().toJson(),
        basket.customerEmail(),
        now,
        now.plus(sessionTtl));
    return view(s, seller, p.priced().view());
  }

  @Override
  public Session get(String agentId, Buyer buyer, String sessionId) {
    AcpSession s =
        acp.find(agentId, sessionId, new AcpCheckoutService.Buyer(buyer.issuer(), buyer.subject()))
            .filter(x -> baskets.inScope(x.merchantId()))
            .orElseThrow(() -> AcpSteps.notFound(sessionId));
    return view(s);
  }

  @Override
  public String sessionOfOrder(String agentId, Buyer buyer, String orderId) {
    return sessions
        .findByOrder(agentId, orderId)
        .filter(x -> x.buyerIssuer().equals(buyer.issuer()))
        .filter(x -> x.buyerSubject().equals(buyer.subject()))
        .filter(x -> baskets.inScope(x.merchantId()))
        .map(AcpSession::id)
        .orElseThrow(() -> AcpSteps.notFound(orderId));
  }

  @Override
  public Completion complete(
      String agentId,
      Buyer buyer,
      String sessionId,
      String provider,
      String methodToken,
      String key,
      URI publicBase,
      String hilApprovalId) {
    AcpCheckoutService.Completed c =
        acp.complete(
            agentId,
            sessionId,
            new AcpCheckoutService.Buyer(buyer.issuer(), buyer.subject()),
            methodToken,
            key,
            // The same payload hash as the REST complete: a key is one payload on either surface.
            CheckoutTokens.hash((provider == null ? "" : provider) + "\n" + methodToken),
            publicBase,
            hilApprovalId);
    return new Completion(c.resultJson(), c.replayed());
  }

  @Override
  @Transactional
  public PaymentLink paymentLink(
      String agentId,
      Buyer buyer,
      String sessionId,
      String customerEmail,
      Address address,
      String returnUrl,
      URI publicBase) {
    AcpSession s = locked(agentId, buyer, sessionId);
    if (AcpSession.COMPLETED.equals(s.status())) {
      throw alreadyPaid(s);
    }
    requireOpen(s, null);
    AcpBasket was = AcpBasket.parse(s.basket());
    ShipTo shipTo = address == null ? was.shipTo() : shipTo(address);
    String email = customerEmail == null ? s.customerEmail() : customerEmail;
    if (!Objects.equals(shipTo, was.shipTo()) || !Objects.equals(email, s.customerEmail())) {
      if (s.orderId() != null) {
        throw locked(s, "its order " + s.orderId() + " was made for the address and e-mail given");
      }
      Basket changed =
          new Basket(
              s.merchantId(),
              was.items().stream()
                  .map(i -> new Item(i.productRef(), i.variantRef(), i.quantity()))
                  .toList(),
              was.discountCodes(),
              email,
              was.customerName(),
              address(shipTo));
      Priced p = price(changed);
      Instant now = now();
      s.requote(
          quotes.store(agentId, p.priced(), false).id(),
          totals(p.priced().terms()),
          p.stored().toJson(),
          email,
          now,
          s.expiresAt());
    }
    if (shipTo == null || shipTo.addressLine1() == null) {
      throw new ApiException(
          409,
          "acp_address_required",
          "A payment link needs a complete shipping address (name, address_line1, city,"
              + " postal_code, country): send shipping_address.",
          AcpSteps.acp("acp_address_required", sessionId),
          Map.of());
    }
    if (email == null) {
      throw new ApiException(
          409,
          "acp_email_required",
          "A payment link needs the buyer's e-mail: send customer_email.",
          AcpSteps.acp("acp_email_required", sessionId),
          Map.of());
    }
    String orderId = steps.placeOrder(agentId, s, buyer.issuer(), buyer.subject());
    Order o = orders.require(agentId, orderId, scope(buyer));
    if (o.status() == OrderStatus.PAYMENT_PROCESSING) {
      throw paymentInProgress(s);
    }
    if (o.status() != OrderStatus.AWAITING_PAYMENT && o.status() != OrderStatus.PAYMENT_FAILED) {
      throw alreadyPaid(s);
    }
    CheckoutIntentService.Created link =
        intents.create(
            new CheckoutIntentService.Create(
                agentId,
                buyer.issuer(),
                buyer.subject(),
                o.buyerRef(),
                orderId,
                null,
                "tool_door",
                returnUrl,
                email,
                shipTo,
                publicBase));
    return new PaymentLink(
        orderId,
        o.status().wireName(),
        link.checkoutUrl(),
        link.intent().expiresAt(),
        o.totalMinor(),
        o.currency(),
        s.id());
  }

  @Override
  @Transactional
  public Session cancel(String agentId, Buyer buyer, String sessionId) {
    AcpSession s = locked(agentId, buyer, sessionId);
    if (AcpSession.CANCELLED.equals(s.status())) {
      return view(s);
    }
    if (AcpSession.COMPLETED.equals(s.status())) {
      throw alreadyPaid(s);
    }
    if (AcpSession.COMPLETING.equals(s.status())) {
      // A charge is running, or its outcome is not known yet: never cancel under it.
      Map<String, Object> ctx = AcpSteps.acp("completion_in_progress", sessionId);
      ctx.put("retry_after_seconds", 2);
      throw new ApiException(
          409,
          "completion_in_progress",
          "Checkout session "
              + sessionId
              + " is being paid; read it again to see whether the payment succeeded.",
          ctx,
          Map.of("Retry-After", "2"));
    }
    if (s.orderId() != null) {
      Order o = orders.require(agentId, s.orderId(), scope(buyer));
      if (o.status() == OrderStatus.PAYMENT_PROCESSING) {
        throw paymentInProgress(s);
      }
      if (o.status().isPaid() || o.status() == OrderStatus.REFUNDED) {
        throw alreadyPaid(s);
      }
      if (o.status() != OrderStatus.CANCELLED) {
        orders.cancel(agentId, o.id(), "checkout session cancelled", scope(buyer));
      }
    }
    s.cancel(now());
    return view(s);
  }

  // ---------------------------------------------------------------- helpers

  private record Priced(QuoteService.Priced priced, AcpBasket stored) {}

  private Priced price(Basket b) {
    List<BasketItem> items = new ArrayList<>();
    int index = 0;
    for (Item i : b.items()) {
      items.add(new BasketItem(index++, i.productId(), i.variantId(), i.quantity(), null, null));
    }
    ShipTo shipTo = b.shippingAddress() == null ? null : shipTo(b.shippingAddress());
    List<String> codes = b.discountCodes() == null ? List.of() : b.discountCodes();
    QuoteService.Priced priced =
        quotes.price(
            new QuoteService.Request(b.merchantId(), items, codes, shipTo, null, null), "active");
    return new Priced(priced, new AcpBasket(items, shipTo, codes, b.customerName()));
  }

  private AcpSession locked(String agentId, Buyer buyer, String sessionId) {
    return sessions
        .lockForAgent(agentId, sessionId)
        .filter(x -> x.boundTo(buyer.issuer(), buyer.subject()))
        .filter(x -> baskets.inScope(x.merchantId()))
        .orElseThrow(() -> AcpSteps.notFound(sessionId));
  }

  /** A session that may still change: ready, not expired, no charge under way. */
  private void requireOpen(AcpSession s, String change) {
    if (AcpSession.CANCELLED.equals(s.status())) {
      throw AcpSteps.cancelled(s.id());
    }
    if (AcpSession.COMPLETED.equals(s.status()) || AcpSession.COMPLETING.equals(s.status())) {
      throw locked(s, "it is " + s.status());
    }
    if (s.expired(now())) {
      throw AcpSteps.expired(s.id(), s.expiresAt());
    }
    if (change != null && s.orderId() != null) {
      throw locked(s, "a payment link made its order " + s.orderId());
    }
  }

  private static ApiException locked(AcpSession s, String why) {
    Map<String, Object> ctx = AcpSteps.acp("checkout_session_locked", s.id());
    if (s.orderId() != null) {
      ctx.put("order_id", s.orderId());
    }
    return new ApiException(
        409,
        "CHECKOUT_SESSION_LOCKED",
        "Checkout session "
            + s.id()
            + " cannot change: "
            + why
            + ". Cancel it and start a new session for another basket.",
        ctx,
        Map.of());
  }

  private static ApiException paymentInProgress(AcpSession s) {
    Map<String, Object> ctx = AcpSteps.acp("payment_in_progress", s.id());
    ctx.put("order_id", s.orderId());
    return new ApiException(
        409,
        "PAYMENT_IN_PROGRESS",
        "A payment of checkout session "
            + s.id()
            + " (order "
            + s.orderId()
            + ") is under way and not decided yet; read the session again shortly.",
        ctx,
        Map.of("Retry-After", "2"));
  }

  private static ApiException alreadyPaid(AcpSession s) {
    Map<String, Object> ctx = AcpSteps.acp("order_already_paid", s.id());
    if (s.orderId() != null) {
      ctx.put("order_id", s.orderId());
    }
    return new ApiException(
        409,
        "ORDER_ALREADY_PAID",
        "Checkout session "
            + s.id()
            + " is paid"
            + (s.orderId() == null ? "" : " (order " + s.orderId() + ")")
            + "; it cannot be cancelled or paid again. To give money back, use after-sales with"
            + " requested_action refund.",
        ctx,
        Map.of());
  }

  private static OrderService.BuyerScope scope(Buyer b) {
    return new OrderService.BuyerScope(b.issuer(), b.subject());
  }

  private static AcpSession.Totals totals(Quote.Terms t) {
    return new AcpSession.Totals(
        t.currency(),
        t.subtotalMinor(),
        t.discountMinor(),
        t.shippingMinor(),
        t.taxMinor(),
        t.totalMinor());
  }

  static ShipTo shipTo(Address a) {
    return new ShipTo(
        a.name(),
        a.addressLine1(),
        a.addressLine2(),
        a.city(),
        a.state(),
        a.postalCode(),
        a.country(),
        a.phone());
  }

  private static Address address(ShipTo s) {
    return s == null
        ? null
        : new Address(
            s.name(),
            s.addressLine1(),
            s.addressLine2(),
            s.city(),
            s.state(),
            s.postalCode(),
            s.country(),
            s.phone());
  }

  /** An order's ACP session as the agent reads it, and the public base its completion used. */
  public record OrderSession(Session session, String publicBase) {}

  /** The agent's session that made this order; empty for an order made another way. */
  public java.util.Optional<OrderSession> byOrder(String agentId, String orderId) {
    return sessions
        .findByOrder(agentId, orderId)
        .map(s -> new OrderSession(view(s), s.publicBase()));
  }

  private Session view(AcpSession s) {
    QuoteView quote =
        storedQuotes
            .findForAgent(s.agentId(), s.quoteId())
            .map(q -> QuoteDocument.read(q.document()))
            .orElse(null);
    Seller seller = baskets.seller(s.merchantId());
    return view(s, seller, quote);
  }

  private Session view(AcpSession s, Seller seller, QuoteView quote) {
    AcpSession.Totals t = s.totals();
    AcpBasket basket = AcpBasket.parse(s.basket());
    List<Line> lines = new ArrayList<>();
    if (quote != null) {
      for (QuoteView.LineItem l : quote.lineItems()) {
        lines.add(
            new Line(
                l.productId(),
                l.variantId(),
                l.sku(),
                l.title(),
                l.variantTitle(),
                l.imageUrl(),
                l.quantity(),
                minor(l.unitPriceEffective(), t.currency()),
                minor(l.lineDiscountTotal(), t.currency()),
                minor(l.lineTotal(), t.currency())));
      }
    }
    return new Session(
        s.id(),
        status(s),
        s.merchantId(),
        seller.name(),
        t.currency(),
        quote != null && quote.pricing().taxIncluded(),
        new Totals(t.subtotal(), t.discount(), t.shipping(), t.tax(), t.total()),
        lines,
        basket.discountCodes(),
        s.customerEmail(),
        basket.customerName(),
        address(basket.shipTo()),
        s.quoteId(),
        s.orderId(),
        s.paymentId(),
        s.expiresAt(),
        s.createdAt());
  }

  /**
   * The session's status as the agent should read it: a session still ready whose order was paid
   * another way (the hosted page, a REST payment) is completed; one whose order's payment is under
   * way is completing. The session row itself moves on the next complete (docs/checkout.md).
   */
  private String status(AcpSession s) {
    if (!AcpSession.READY.equals(s.status()) || s.orderId() == null) {
      return s.status();
    }
    return orderBook
        .order(s.agentId(), s.orderId())
        .map(
            o ->
                o.status().isPaid() || o.status() == OrderStatus.REFUNDED
                    ? AcpSession.COMPLETED
                    : o.status() == OrderStatus.PAYMENT_PROCESSING
                        ? AcpSession.COMPLETING
                        : s.status())
        .orElse(s.status());
  }

  private static long minor(String major, String currency) {
    return major == null ? 0 : Amounts.minor(new BigDecimal(major), currency).orElseThrow();
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  /** A stored quote's document (the QuoteView as JSON-B wrote it), read back with JSON-P. */
  static final class QuoteDocument {

    private QuoteDocument() {}

    static QuoteView read(String document) {
      JsonObject o;
      try (var r = Jsonp.PROVIDER.createReader(new StringReader(document))) {
        o = r.readObject();
      }
      JsonObject pricing = o.getJsonObject("pricing");
      List<QuoteView.LineItem> lines = new ArrayList<>();
      for (JsonValue v : o.getJsonArray("line_items")) {
        JsonObject l = v.asJsonObject();
        lines.add(
            new QuoteView.LineItem(
                str(l, "product_id"),
                str(l, "variant_id"),
                str(l, "sku"),
                str(l, "title"),
                str(l, "variant_title"),
                str(l, "image_url"),
                l.getInt("quantity"),
                str(l, "unit_price_original"),
                str(l, "unit_price_effective"),
                str(l, "line_discount_total"),
                str(l, "line_total")));
      }
      return new QuoteView(
          str(o, "quote_id"),
          str(o, "status"),
          null,
          null,
          str(o, "merchant_id"),
          str(o, "market"),
          str(o, "currency"),
          new QuoteView.Pricing(
              str(pricing, "subtotal"),
              str(pricing, "discount_total"),
              str(pricing, "shipping_fee"),
              str(pricing, "tax"),
              pricing.getBoolean("tax_included", false),
              str(pricing, "total")),
          lines,
          List.of(),
          List.of(),
          str(o, "selected_delivery_option"),
          null,
          str(o, "brief_id"));
    }

    private static String str(JsonObject o, String k) {
      return o.get(k) instanceof jakarta.json.JsonString s ? s.getString() : null;
    }
  }
}
