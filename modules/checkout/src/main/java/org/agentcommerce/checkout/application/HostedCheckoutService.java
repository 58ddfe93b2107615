package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.domain.intent.CheckoutIntent;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.checkout.domain.quote.QuoteRepository;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.Money;
import org.agentcommerce.platform.api.WireJson;

/**
 * What the hosted checkout page does on its checkout token (the buyer is present; the token stands
 * in for their buyer token and opens its own intent only): read the checkout, price it for the
 * buyer's address, make the order of its quote, and learn how the payment went. Every amount comes
 * from the server's quote or order; the page sends none.
 */
@ApplicationScoped
public class HostedCheckoutService {

  @Inject CheckoutIntentService intents;
  @Inject OrderService orders;
  @Inject QuoteService quoteService;
  @Inject QuoteRepository quotes;
  @Inject SellableCatalog catalog;
  @Inject Instance<CheckoutCharges> charges;
  @Inject Clock clock;

  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(
      name = "ac.checkout.max-pricings",
      defaultValue = "20")
  int maxPricings;

  /** A line as the page shows it; amounts are decimal strings in major units. */
  public record HostedLine(
      String productId,
      String variantId,
      String title,
      String variantTitle,
      String imageUrl,
      int quantity,
      String unitPrice,
      String lineDiscount,
      String lineTotal) {}

  /** The totals the buyer pays, from the quote or the order. */
  public record HostedTotals(
      String subtotal,
      String discountTotal,
      String shippingFee,
      String tax,
      boolean taxIncluded,
      String total) {}

  /** The payment of the order as it stands. {@code error}: why it failed, if it did. */
  public record HostedPaymentState(
      String paymentId,
      String status,
      String psp,
      String actionUrl,
      String errorCode,
      String declineCode,
      String errorMessage) {}

  /**
   * The checkout as the page shows it. {@code step}: details (the buyer gives e-mail and address,
   * the basket is priced for it), pay (the card), processing (the payment is being decided), or
   * quote_expired (price it again). {@code customer_email}, {@code shipping_address}: what the
   * order holds (null before the order). {@code payment_form}: the card form the page shows —
   * sandbox (the built-in test PSP's), or unavailable (the merchant's PSP has no form on this
   * page).
   */
  @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "HostedCheckoutView")
  public record HostedCheckoutView(
      String intentId,
      String step,
      String merchantId,
      String merchantName,
      String currency,
      List<HostedLine> lines,
      HostedTotals totals,
      List<QuoteView.DeliveryOption> deliveryOptions,
      String deliveryOption,
      String quoteId,
      String quoteStatus,
      Instant quoteExpiresAt,
      QuoteView.Destination pricedFor,
      String orderId,
      String orderStatus,
      String customerEmail,
      java.util.Map<String, String> shippingAddress,
      HostedPaymentState payment,
      String paymentForm,
      String returnUrl,
      Instant expiresAt) {}

  /** The checkout for the page; nothing changes. */
  @Transactional
  public HostedCheckoutView view(CheckoutIntentService.PageAuth auth) {
    return viewOf(intents.open(auth));
  }

  /**
   * Prices the intent's basket for the buyer's address and delivery choice (a new quote the intent
   * now holds): the totals the buyer then pays. Only before the order exists (409 INVALID_STATE).
   */
  @Transactional(dontRollbackOn = ApiException.class)
  public HostedCheckoutView price(
      CheckoutIntentService.PageAuth auth, ShipTo address, String deliveryOption) {
    CheckoutIntent i = intents.open(auth);
    CheckoutIntent.Binding b = i.binding();
    if (b.orderId() != null) {
      throw new ApiException(
          409,
          "INVALID_STATE",
          "This checkout's order is made: its address and prices are fixed.",
          Map.of("order_id", b.orderId()),
          Map.of());
    }
    if (!i.pricedAgain(maxPricings)) {
      throw new ApiException(
          429,
          "TOO_MANY_PRICINGS",
          "This checkout was priced "
              + maxPricings
              + " times; ask for a new checkout link if the address must change again.",
          Map.of("intent_id", i.id()),
          Map.of());
    }
    Quote q = quote(b);
    QuoteView was = WireJson.jsonb().fromJson(q.document(), QuoteView.class);
    List<BasketItem> items = new ArrayList<>();
    for (QuoteView.LineItem l : was.lineItems()) {
      items.add(
          new BasketItem(items.size(), l.productId(), l.variantId(), l.quantity(), null, null));
    }
    List<String> codes =
        was.promotionLines() == null
            ? List.of()
            : was.promotionLines().stream()
                .map(QuoteView.PromotionLine::code)
                .filter(c -> c != null && !c.isBlank())
                .distinct()
                .toList();
    QuoteView fresh =
        quoteService.preview(
            b.agentId(),
            new QuoteService.Request(
                b.merchantId(), items, codes, address, deliveryOption, was.briefId()));
    i.requoted(fresh.quoteId());
    return viewOf(i);
  }

  /** What the page sends to pay: the buyer's details (before the order exists). */
  public record Details(String email, String name, ShipTo address) {}

  /** An order ready to be charged on the page: whose, how much. */
  public record Payable(
      String intentId,
      String agentId,
      String orderId,
      String quoteId,
      Money amount,
      String buyerIssuer,
      String buyerSubject) {}

  /**
   * The order to charge: the intent's order, or the order of its quote made now with the buyer's
   * details (the order book's checks: the quote must be active and priced for this address, 409
   * QUOTE_MISMATCH / QUOTE_EXPIRED; stock; spend limits). Its own transaction, the intent's row
   * locked: two presses of pay make one order.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Payable payable(CheckoutIntentService.PageAuth auth, Details d) {
    CheckoutIntent i = intents.open(auth);
    CheckoutIntent.Binding b = i.binding();
    OrderService.BuyerScope scope = new OrderService.BuyerScope(b.buyerIssuer(), b.buyerSubject());
    Order o;
    if (b.orderId() != null) {
      o = orders.require(b.agentId(), b.orderId(), scope);
    } else {
      List<InvalidInputException.Violation> missing = new ArrayList<>();
      if (d.email() == null) {
        missing.add(
            new InvalidInputException.Violation(
                List.of("body", "customer_email"), "Field required", "missing"));
      }
      if (d.address() == null) {
        missing.add(
            new InvalidInputException.Violation(
                List.of("body", "shipping_address"), "Field required", "missing"));
      }
      if (!missing.isEmpty()) {
        throw new InvalidInputException(missing);
      }
      Quote q = quote(b);
      OrderView made =
          orders.create(
              new OrderService.CreateOrder(
                  null,
                  null,
                  q.id(),
                  null,
                  d.address(),
                  d.email(),
                  d.name(),
                  null,
                  null,
                  new Order.Parties(
                      b.agentId(),
                      d.email(),
                      d.name() != null ? d.name() : d.address().name(),
                      WireJson.jsonb().toJson(d.address().asMap()),
                      b.buyerRef(),
                      b.buyerIssuer(),
                      b.buyerSubject(),
                      i.id(),
                      null,
                      null)),
              org.agentcommerce.checkout.api.OrderBook.HOSTED);
      i.ordered(made.orderId());
      o = orders.require(b.agentId(), made.orderId(), scope);
    }
    return new Payable(
        i.id(), b.agentId(), o.id(), o.quoteId(), o.total(), b.buyerIssuer(), b.buyerSubject());
  }

  /**
   * After the buyer answered the PSP's 3-D Secure page: the payment is checked with its PSP at once
   * (never sent again); answers the checkout as it stands.
   */
  @Transactional
  public HostedCheckoutView refresh(CheckoutIntentService.PageAuth auth) {
    CheckoutIntent i = intents.open(auth);
    if (i.binding().orderId() != null && charges.isResolvable()) {
      charges.get().checkSoon(i.binding().orderId());
    }
    return viewOf(i);
  }

  private Quote quote(CheckoutIntent.Binding b) {
    return quotes
        .findForAgent(b.agentId(), b.quoteId())
        .orElseThrow(() -> new IllegalStateException("Intent quote " + b.quoteId() + " is gone"));
  }

  private HostedCheckoutView viewOf(CheckoutIntent i) {
    CheckoutIntent.Binding b = i.binding();
    String merchantName =
        catalog.seller(b.merchantId()).map(SellableCatalog.Seller::name).orElse(b.merchantId());
    if (b.orderId() != null) {
      Order o =
          orders.require(
              b.agentId(),
              b.orderId(),
              new OrderService.BuyerScope(b.buyerIssuer(), b.buyerSubject()));
      OrderView v = orders.view(o);
      List<HostedLine> lines =
          v.lineItems().stream()
              .map(
                  l ->
                      new HostedLine(
                          l.productId(),
                          l.variantId(),
                          l.productTitle(),
                          l.variantTitle(),
                          l.imageUrl(),
                          l.quantity(),
                          l.unitPrice(),
                          l.lineDiscountTotal(),
                          l.lineTotal()))
              .toList();
      OrderView.Pricing p = v.pricing();
      HostedPaymentState payment =
          orders
              .payment(o.id())
              .map(HostedCheckoutService::payment)
              .filter(x -> x.status() != null)
              .orElse(null);
      String step =
          payment != null
                  && ("processing".equals(payment.status())
                      || "requires_action".equals(payment.status()))
              ? "processing"
              : "pay";
      return new HostedCheckoutView(
          i.id(),
          step,
          b.merchantId(),
          merchantName,
          v.currency(),
          lines,
          new HostedTotals(
              p.subtotal(),
              p.discountTotal(),
              p.shippingFee(),
              p.tax(),
              p.taxIncluded(),
              p.total()),
          List.of(),
          v.deliveryOption(),
          v.quoteId(),
          null,
          null,
          null,
          o.id(),
          v.status(),
          v.customerEmail(),
          v.shippingAddress(),
          payment,
          paymentForm(b.merchantId()),
          i.returnUrl(),
          i.expiresAt());
    }
    Quote q = quote(b);
    QuoteView v = WireJson.jsonb().fromJson(q.document(), QuoteView.class);
    String status = q.statusAt(clock.instant());
    List<HostedLine> lines =
        v.lineItems().stream()
            .map(
                l ->
                    new HostedLine(
                        l.productId(),
                        l.variantId(),
                        l.title(),
                        l.variantTitle(),
                        l.imageUrl(),
                        l.quantity(),
                        l.unitPriceOriginal(),
                        l.lineDiscountTotal(),
                        l.lineTotal()))
            .toList();
    QuoteView.Pricing p = v.pricing();
    return new HostedCheckoutView(
        i.id(),
        Quote.ACTIVE.equals(status) ? "details" : "quote_expired",
        b.merchantId(),
        merchantName,
        v.currency(),
        lines,
        new HostedTotals(
            p.subtotal(), p.discountTotal(), p.shippingFee(), p.tax(), p.taxIncluded(), p.total()),
        v.deliveryOptions() == null ? List.of() : v.deliveryOptions(),
        v.selectedDeliveryOption(),
        q.id(),
        status,
        q.expiresAt(),
        v.shipTo(),
        null,
        null,
        null,
        null,
        null,
        paymentForm(b.merchantId()),
        i.returnUrl(),
        i.expiresAt());
  }

  private String paymentForm(String merchantId) {
    if (!charges.isResolvable()) {
      return "unavailable";
    }
    return "sandbox".equals(charges.get().settings(merchantId).firstPsp())
        ? "sandbox"
        : "unavailable";
  }

  private static HostedPaymentState payment(OrderPayments.PaymentView p) {
    return new HostedPaymentState(
        p.paymentId(),
        p.status(),
        p.psp(),
        "requires_action".equals(p.status()) ? p.actionUrl() : null,
        p.errorCode(),
        p.declineCode(),
        p.errorMessage());
  }
}
