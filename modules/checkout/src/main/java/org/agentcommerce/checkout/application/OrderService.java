package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.transaction.Transactional;
import java.io.StringReader;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderLine;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.checkout.domain.order.OrderTransition;
import org.agentcommerce.checkout.domain.placement.PlacedOrders;
import org.agentcommerce.checkout.domain.placement.PlacementJobs;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.checkout.domain.quote.QuoteRepository;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Counted;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.Money;
import org.agentcommerce.platform.api.events.DomainEvent;
import org.agentcommerce.platform.api.events.DomainEvents;
import org.agentcommerce.platform.api.tracing.Traced;

/**
 * Orders: made from a quote (the agent's, or one priced on the spot), then moved only along the
 * documented states, each move with its audit row and domain event in the caller's transaction.
 */
@ApplicationScoped
@Transactional
public class OrderService implements OrderBook, PlacedOrders {

  @Inject OrderRepository orders;
  @Inject QuoteRepository quotes;
  @Inject QuoteService quoteService;
  @Inject Baskets baskets;
  @Inject SellableCatalog catalog;
  @Inject SpendPolicyService spending;
  @Inject PreflightService preflight;
  @Inject DomainEvents events;
  @Inject Instance<OrderPayments> payments;
  @Inject Instance<PlacementJobs> placements;
  @Inject Clock clock;
  @Inject org.agentcommerce.checkout.domain.intent.CheckoutIntentRepository intents;
  @Inject Event<Counted> tally;

  /** Counters on /metrics (docs/operations.md): orders made, by lane; moves, by target state. */
  static final String CREATED_METRIC = "orders_created";

  static final String MOVED_METRIC = "orders_moved";

  /** An order as asked for. {@code quoteId} null: priced from the live catalog now. */
  public record CreateOrder(
      String merchantId,
      List<BasketItem> items,
      String quoteId,
      String currency,
      ShipTo shipTo,
      String customerEmail,
      String customerName,
      List<String> discountCodes,
      String deliveryOption,
      Order.Parties parties) {}

  @Traced("order.create")
  public OrderView create(CreateOrder c) {
    return create(c, "rest");
  }

  /**
   * An order made through {@code origin}: rest, hosted, checkout_session ({@link Order#origin}).
   */
  @Traced("order.create")
  public OrderView create(CreateOrder c, String origin) {
    Instant now = now();
    String orderId = Ids.newId("ord", 12);
    Quote quote;
    List<OrderLine> lines;
    if (c.quoteId() != null) {
      quote =
          quotes
              .lockForAgent(c.parties().agentId(), c.quoteId())
              .filter(q -> baskets.inScope(q.merchantId()))
              .orElseThrow(
                  () ->
                      new ApiException(
                          404,
                          "QUOTE_NOT_FOUND",
                          "Quote " + c.quoteId() + " was not found.",
                          Map.of("quote_id", c.quoteId()),
                          Map.of()));
      baskets.seller(quote.merchantId());
      checkAgainstQuote(c, quote);
      lines = linesOf(quote);
      checkStock(quote.merchantId(), quote.market(), lines);
      preflight.enforce(quote);
    } else {
      if (c.merchantId() == null || c.items() == null || c.items().isEmpty()) {
        throw new org.agentcommerce.platform.api.InvalidInputException(
            new org.agentcommerce.platform.api.InvalidInputException.Violation(
                List.of("body", c.merchantId() == null ? "merchant_id" : "items"),
                "Field required (or send quote_id)",
                "missing"));
      }
      QuoteService.Priced priced =
          quoteService.price(
              new QuoteService.Request(
                  c.merchantId(),
                  c.items(),
                  c.discountCodes(),
                  c.shipTo(),
                  c.deliveryOption(),
                  null),
              "consumed");
      if (!priced.basket().priceChanges().isEmpty()) {
        throw new ApiException(
            409,
            "PRICE_CHANGED",
            "The prices sent differ from the merchant's current prices; nothing was ordered."
                + " Check the current prices and send the order again.",
            Map.of("items", priced.basket().priceChanges()),
            Map.of());
      }
      if (c.currency() != null && !c.currency().equals(priced.basket().currency())) {
        throw new ApiException(
            409,
            "CURRENCY_MISMATCH",
            "Merchant "
                + c.merchantId()
                + " prices this order in "
                + priced.basket().currency()
                + ", not "
                + c.currency()
                + ".",
            Map.of("requested", c.currency(), "currency", priced.basket().currency()),
            Map.of());
      }
      quote = quoteService.store(c.parties().agentId(), priced, true);
      lines = linesOf(quote);
    }
    Money total = Money.ofMinor(quote.totalMinor(), quote.currency());
    spending.check(c.parties().agentId(), total);
    quote.consume(orderId, now);
    Order order =
        new Order(
            orderId,
            quote.merchantId(),
            quote.id(),
            quote.market(),
            quote.deliveryOption(),
            new Order.Totals(
                quote.currency(),
                quote.subtotalMinor(),
                quote.discountMinor(),
                quote.shippingMinor(),
                quote.taxMinor(),
                quote.totalMinor()),
            c.parties(),
            lines,
            now);
    order.madeThrough(origin);
    orders.add(order);
    orders.addTransition(
        new OrderTransition(
            orderId,
            order.transitionCount(),
            null,
            order.status().wireName(),
            "created",
            "agent",
            now));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("quote_id", quote.id());
    data.put("line_count", lines.size());
    data.put("agent_session_id", c.parties().agentSessionId());
    publish(order, "order.created", data);
    tally.fire(new Counted(CREATED_METRIC, "Orders made, by lane", "origin", origin));
    return view(order);
  }

  private void checkAgainstQuote(CreateOrder c, Quote q) {
    List<String> mismatches = new ArrayList<>();
    if (c.merchantId() != null && !c.merchantId().equals(q.merchantId())) {
      mismatches.add("merchant_id");
    }
    if (c.currency() != null && !c.currency().equals(q.currency())) {
      mismatches.add("currency");
    }
    if (c.items() != null && !c.items().isEmpty()) {
      TreeMap<String, Integer> sent = new TreeMap<>();
      for (BasketItem i : c.items()) {
        String key = i.variantRef() != null ? i.variantRef() : i.productRef();
        sent.merge(key, i.quantity(), Integer::sum);
      }
      TreeMap<String, Integer> quoted = new TreeMap<>();
      TreeMap<String, Integer> quotedByProduct = new TreeMap<>();
      for (OrderLine l : linesOf(q)) {
        quoted.merge(l.variantId(), l.quantity(), Integer::sum);
        quotedByProduct.merge(l.productId(), l.quantity(), Integer::sum);
      }
      boolean same = true;
      for (Map.Entry<String, Integer> e : sent.entrySet()) {
        Integer v = quoted.get(e.getKey());
        Integer p = quotedByProduct.get(e.getKey());
        if (!e.getValue().equals(v) && !e.getValue().equals(p)) {
          same = false;
        }
      }
      if (!same || sent.size() != quoted.size()) {
        mismatches.add("items");
      }
      for (BasketItem i : c.items()) {
        if (i.unitPrice() != null || i.subtotal() != null) {
          for (OrderLine l : linesOf(q)) {
            if (l.variantId().equals(i.variantRef()) || l.productId().equals(i.productRef())) {
              java.math.BigDecimal unit =
                  Money.ofMinor(l.unitOriginalMinor(), q.currency()).amount();
              if ((i.unitPrice() != null && i.unitPrice().compareTo(unit) != 0)
                  || (i.subtotal() != null
                      && i.subtotal()
                              .compareTo(unit.multiply(java.math.BigDecimal.valueOf(i.quantity())))
                          != 0)) {
                mismatches.add("items[" + i.index() + "].unit_price");
              }
            }
          }
        }
      }
    }
    if (c.shipTo() != null) {
      if (!Objects.equals(c.shipTo().country(), q.shipCountry())
          || (q.shipRegion() != null && !Objects.equals(c.shipTo().state(), q.shipRegion()))
          || (q.shipPostcode() != null
              && !Objects.equals(c.shipTo().postalCode(), q.shipPostcode()))
          || (q.shipRegion() == null && c.shipTo().state() != null && needsRegion(q))) {
        mismatches.add("shipping_address");
      }
    }
    if (c.discountCodes() != null && !c.discountCodes().isEmpty()) {
      String sent =
          String.join(
              ",",
              c.discountCodes().stream()
                  .map(s -> s.trim().toUpperCase(java.util.Locale.ROOT))
                  .distinct()
                  .sorted()
                  .toList());
      String quoted =
          q.discountCodes() == null
              ? ""
              : String.join(
                  ",", java.util.Arrays.stream(q.discountCodes().split(",")).sorted().toList());
      if (!sent.equals(quoted)) {
        mismatches.add("discount_codes");
      }
    }
    if (c.deliveryOption() != null && !c.deliveryOption().equals(q.deliveryOption())) {
      mismatches.add("selected_delivery_option");
    }
    if (!mismatches.isEmpty()) {
      throw new ApiException(
          409,
          "QUOTE_MISMATCH",
          "The order contradicts quote "
              + q.id()
              + " ("
              + String.join(", ", mismatches)
              + "); send the order with the quote alone, or get a new quote for what changed.",
          Map.of("quote_id", q.id(), "fields", mismatches),
          Map.of());
    }
  }

  /** A quote priced without a region where the destination's tax depends on one. */
  private static boolean needsRegion(Quote q) {
    return "US".equals(q.shipCountry());
  }

  private void checkStock(String merchantId, String market, List<OrderLine> lines) {
    for (int i = 0; i < lines.size(); i++) {
      OrderLine l = lines.get(i);
      int available =
          catalog
              .sellable(merchantId, l.productId())
              .flatMap(
                  p ->
                      p.variants().stream()
                          .filter(v -> v.variantId().equals(l.variantId()))
                          .findFirst())
              .flatMap(v -> v.offerIn(market))
              .map(SellableCatalog.Offer::inventoryQuantity)
              .orElse(0);
      if (available < l.quantity()) {
        throw new ApiException(
            409,
            "OUT_OF_STOCK",
            "Product " + l.productId() + " no longer has the quantity quoted in stock.",
            Map.of(
                "item_index",
                i,
                "product_id",
                l.productId(),
                "variant_id",
                l.variantId(),
                "requested",
                l.quantity(),
                "available",
                Math.max(0, available)),
            Map.of());
      }
    }
  }

  /** The quote's lines, read back from the answer it was stored as. */
  static List<OrderLine> linesOf(Quote q) {
    JsonObject doc;
    try (var reader = Jsonp.PROVIDER.createReader(new StringReader(q.document()))) {
      doc = reader.readObject();
    }
    List<OrderLine> out = new ArrayList<>();
    JsonArray items = doc.getJsonArray("line_items");
    for (JsonValue v : items) {
      JsonObject li = v.asJsonObject();
      out.add(
          new OrderLine(
              li.getString("product_id"),
              li.getString("product_id"),
              li.getString("variant_id"),
              str(li, "sku"),
              li.getString("title"),
              str(li, "variant_title"),
              str(li, "image_url"),
              li.getInt("quantity"),
              minor(li.getString("unit_price_original"), q.currency()),
              minor(li.getString("unit_price_effective"), q.currency()),
              minor(li.getString("line_discount_total"), q.currency()),
              minor(li.getString("line_total"), q.currency())));
    }
    return out;
  }

  private static String str(JsonObject o, String key) {
    return o.containsKey(key) && !o.isNull(key) ? o.getString(key) : null;
  }

  private static long minor(String major, String currency) {
    return Money.of(major, currency).minorUnits();
  }

  // ----- reads

  public OrderView get(String agentId, String orderId, BuyerScope scope) {
    return view(require(agentId, orderId, scope));
  }

  public Order require(String agentId, String orderId, BuyerScope scope) {
    return visible(orders.findForAgent(agentId, orderId), orderId, scope);
  }

  /** The order, locked until the transaction ends: moves of one order run one at a time. */
  Order requireLocked(String agentId, String orderId, BuyerScope scope) {
    return visible(orders.lockForAgent(agentId, orderId), orderId, scope);
  }

  private Order visible(Optional<Order> found, String orderId, BuyerScope scope) {
    return found
        .filter(o -> baskets.inScope(o.merchantId()))
        .filter(o -> scope == null || scope.sees(o))
        .orElseThrow(
            () ->
                new ApiException(
                    404,
                    "ORDER_NOT_FOUND",
                    "Order " + orderId + " was not found.",
                    Map.of("order_id", orderId),
                    Map.of()));
  }

  /** A verified buyer's view: only orders made with that buyer's token. Null: no buyer token. */
  public record BuyerScope(String issuer, String subject) {
    boolean sees(Order o) {
      return issuer.equals(o.buyerIssuer()) && subject.equals(o.buyerSubject());
    }
  }

  public record Page(List<Order> orders, long total) {}

  public Page list(OrderRepository.Filter filter, int offset, int limit) {
    return new Page(orders.list(filter, offset, limit), orders.count(filter));
  }

  public List<OrderTransition> audit(String orderId) {
    return orders.transitions(orderId);
  }

  public Optional<OrderPayments.PaymentView> payment(String orderId) {
    return payments.isResolvable() ? payments.get().latest(orderId) : Optional.empty();
  }

  // ----- moves

  public OrderView cancel(String agentId, String orderId, String reason, BuyerScope scope) {
    Order o = requireLocked(agentId, orderId, scope);
    if (o.status().isPaid() || o.status() == OrderStatus.PAYMENT_PROCESSING) {
      throw new ApiException(
          409,
          "INVALID_STATE",
          "Order "
              + orderId
              + " is "
              + o.status().wireName()
              + "; only an unpaid order can be cancelled here (a paid one is refunded).",
          Map.of("order_id", orderId, "current_status", o.status().wireName()),
          Map.of());
    }
    move(
        o,
        OrderStatus.CANCELLED,
        "agent",
        reason == null ? "cancelled by agent" : reason,
        Map.of());
    return view(o);
  }

  /**
   * Starts merchant placement of a paid order: → merchant_confirming and the durable placement job
   * in this transaction. Refuses 409 PAYMENT_NOT_SUCCEEDED unless the payment port says paid.
   * Repeating it on an order already past paid answers what was started, changing nothing.
   */
  public Confirmation confirmPayment(String agentId, String orderId, BuyerScope scope) {
    Order o = requireLocked(agentId, orderId, scope);
    Optional<OrderPayments.PaymentView> payment = payment(orderId);
    OrderStatus s = o.status();
    if (s == OrderStatus.MERCHANT_CONFIRMING
        || s == OrderStatus.CONFIRMED
        || s == OrderStatus.FULFILLED) {
      return new Confirmation(
          view(o),
          s == OrderStatus.MERCHANT_CONFIRMING ? "started" : "placed",
          false,
          placements.isResolvable() ? placements.get().connectorOf(orderId).orElse(null) : null);
    }
    if (s == OrderStatus.PAYMENT_PROCESSING
        && payment.isPresent()
        && ("requires_action".equals(payment.get().status())
            || "processing".equals(payment.get().status()))) {
      // The buyer (3-D Secure) or the PSP has yet to finish: the origin's client-confirm flow
      // answers pending with the action to take, and nothing moves.
      return new Confirmation(view(o), "pending", false, null);
    }
    if (s != OrderStatus.PAID || payment.isEmpty() || !payment.get().succeeded()) {
      throw new ApiException(
          409,
          "PAYMENT_NOT_SUCCEEDED",
          "Order "
              + orderId
              + " has no succeeded payment (order status "
              + s.wireName()
              + (payment.isPresent() ? ", payment " + payment.get().status() : ", no payment")
              + "); pay for it first.",
          Map.of(
              "order_id",
              orderId,
              "current_status",
              s.wireName(),
              "payment_status",
              payment.map(OrderPayments.PaymentView::status).orElse("none")),
          Map.of());
    }
    move(o, OrderStatus.MERCHANT_CONFIRMING, "agent", "payment confirmed", Map.of());
    if (!placements.isResolvable()) {
      throw new IllegalStateException("No merchant placement service is deployed");
    }
    String connector = placements.get().start(orderId, o.merchantId());
    return new Confirmation(view(o), "started", true, connector);
  }

  /**
   * What confirm-payment did: {@code merchantSync} started, placed, or pending (the payment still
   * waits for the buyer or the PSP; nothing was started).
   */
  public record Confirmation(
      OrderView order, String merchantSync, boolean started, String connector) {}

  @Override
  public Optional<OrderSnapshot> order(String agentId, String orderId) {
    return orders
        .findForAgent(agentId, orderId)
        .filter(o -> baskets.inScope(o.merchantId()))
        .map(OrderService::snapshot);
  }

  @Override
  public java.util.Map<String, OrderBuyer> buyers(java.util.Collection<String> orderIds) {
    return orders.buyers(orderIds);
  }

  @Override
  public Optional<OrderSnapshot> lockOrder(String agentId, String orderId) {
    return orders
        .lockForAgent(agentId, orderId)
        .filter(o -> baskets.inScope(o.merchantId()))
        .map(OrderService::snapshot);
  }

  private static OrderSnapshot snapshot(Order o) {
    return new OrderSnapshot(
        o.id(),
        o.agentId(),
        o.merchantId(),
        o.status(),
        o.total(),
        o.buyerRef(),
        o.buyerIssuer(),
        o.buyerSubject(),
        o.preferredPsp(),
        o.customerEmail(),
        o.quoteId(),
        o.origin());
  }

  @Override
  public void paymentStarted(String orderId, String paymentId, String psp) {
    Order o = byId(orderId);
    // The payment status first: the move's event is written with SQL, which flushes the order,
    // so both changes go out in one UPDATE (set afterwards, they took a second one).
    o.paymentStatus("processing", now());
    move(
        o,
        OrderStatus.PAYMENT_PROCESSING,
        "payment",
        paymentId,
        Map.of("payment_id", paymentId, "psp", psp));
  }

  @Override
  public void paymentSucceeded(String orderId, String paymentId, String psp) {
    Order o = byId(orderId);
    o.paymentStatus("succeeded", now());
    move(o, OrderStatus.PAID, "payment", paymentId, Map.of("payment_id", paymentId, "psp", psp));
    // Paid: the hosted checkouts of this order are done, their tokens single-use.
    intents.markUsed(o.id(), o.quoteId(), now());
  }

  @Override
  public void paymentFailed(String orderId, String paymentId, String reason) {
    Order o = byId(orderId);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("payment_id", paymentId);
    data.put("reason", reason);
    o.paymentStatus("failed", now());
    move(o, OrderStatus.PAYMENT_FAILED, "payment", reason, data);
  }

  private static final java.util.Set<String> LATE_CAPTURE_EVENTS =
      java.util.Set.of(
          "order.payment_late_captured",
          "order.payment_late_capture_refunded",
          "order.payment_late_capture_refund_failed");

  @Override
  public void lateCapture(String orderId, String type, Map<String, Object> data) {
    if (!LATE_CAPTURE_EVENTS.contains(type)) {
      throw new IllegalArgumentException("Not a late-capture event: " + type);
    }
    publish(byId(orderId), type, data);
  }

  @Override
  public void refunded(String orderId, String refundId, Money amount) {
    Order o = byId(orderId);
    if (!amount.currencyCode().equals(o.currency())
        || o.refundedMinor() + amount.minorUnits() > o.totalMinor()) {
      throw new ApiException(
          409,
          "REFUND_EXCEEDS_TOTAL",
          "A refund of "
              + amount.amount()
              + " "
              + amount.currencyCode()
              + " exceeds what is left of order "
              + orderId
              + ".",
          Map.of("order_id", orderId),
          Map.of());
    }
    long counted = o.spendCounted();
    o.refunded(amount.minorUnits());
    orders.spendChanged(o, counted);
    OrderStatus target =
        o.refundedMinor() == o.totalMinor() ? OrderStatus.REFUNDED : OrderStatus.PARTIALLY_REFUNDED;
    o.paymentStatus(target == OrderStatus.REFUNDED ? "refunded" : "partially_refunded", now());
    move(
        o,
        target,
        "payment",
        refundId,
        Map.of(
            "refund_id", refundId,
            "refund_amount", amount.amount().toPlainString(),
            "refunded_total", Amounts.major(o.refundedMinor(), o.currency())));
  }

  // ----- placement callbacks

  @Override
  public PlacementRequest request(String orderId) {
    Order o = byId(orderId);
    List<PlacementRequest.Line> lines = new ArrayList<>();
    for (OrderLine l : o.lines()) {
      lines.add(
          new PlacementRequest.Line(
              l.platformProductId(),
              l.variantId(),
              l.sku(),
              l.title(),
              l.quantity(),
              l.unitEffectiveMinor(),
              l.totalMinor()));
    }
    return new PlacementRequest(
        o.id(),
        o.merchantId(),
        null,
        o.currency(),
        lines,
        o.subtotalMinor(),
        o.discountMinor(),
        o.shippingMinor(),
        o.taxMinor(),
        o.totalMinor(),
        o.deliveryOption(),
        o.customerEmail(),
        o.customerName(),
        address(o));
  }

  @Override
  public void placed(String orderId, String platformOrderId, String platformOrderNumber) {
    Order o =
        orders.lock(orderId).orElseThrow(() -> new IllegalStateException("No order " + orderId));
    o.placedAs(platformOrderId, platformOrderNumber);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("merchant_order_id", platformOrderId);
    data.put("merchant_order_number", platformOrderNumber);
    if (o.status() == OrderStatus.PARTIALLY_REFUNDED || o.status() == OrderStatus.REFUNDED) {
      // Money went back while the placement ran: the merchant has the order all the same. It is
      // recorded and told, and the order keeps its refund state (moving it back to confirmed
      // would hide the refund; refusing would leave the placement job retrying for ever).
      publish(o, "order.confirmed", data);
      return;
    }
    move(o, OrderStatus.CONFIRMED, "merchant", "placed as " + platformOrderNumber, data);
  }

  @Override
  public void placementFailed(String orderId, String reason) {
    Order o = byId(orderId);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("reason", reason);
    publish(o, "order.merchant_placement_failed", data);
  }

  @Override
  public void fulfilled(String orderId, String trackingNumber) {
    Order o =
        orders.lock(orderId).orElseThrow(() -> new IllegalStateException("No order " + orderId));
    o.shipped(trackingNumber);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("tracking_number", trackingNumber);
    move(o, OrderStatus.FULFILLED, "merchant", "shipped", data);
  }

  /**
   * The order, its row locked until the transaction ends: the moves other modules make (payments,
   * refunds, placements) serialise on it and each sees the last committed state (without the lock a
   * refund racing a placement failed its optimistic check after the PSP had refunded).
   */
  private Order byId(String orderId) {
    return orders.lock(orderId).orElseThrow(() -> new IllegalStateException("No order " + orderId));
  }

  /** Moves the order, writes the audit row and publishes the move's event. */
  private void move(
      Order o, OrderStatus target, String actor, String reason, Map<String, Object> data) {
    Instant now = now();
    long counted = o.spendCounted();
    OrderStatus from = o.moveTo(target, now);
    orders.spendChanged(o, counted);
    orders.addTransition(
        new OrderTransition(
            o.id(), o.transitionCount(), from.wireName(), target.wireName(), reason, actor, now));
    Map<String, Object> d = new LinkedHashMap<>(data);
    d.put("previous_status", from.wireName());
    publish(o, eventType(target), d);
    tally.fire(
        new Counted(MOVED_METRIC, "Order moves, by the state moved to", "to", target.wireName()));
  }

  static String eventType(OrderStatus s) {
    return switch (s) {
      case AWAITING_PAYMENT -> "order.created";
      case PAYMENT_PROCESSING -> "order.payment_attempted";
      case PAID -> "order.payment_succeeded";
      case PAYMENT_FAILED -> "order.payment_failed";
      case MERCHANT_CONFIRMING -> "order.merchant_confirming";
      case CONFIRMED -> "order.confirmed";
      case FULFILLED -> "order.fulfilled";
      case PARTIALLY_REFUNDED, REFUNDED -> "order.refunded";
      case CANCELLED -> "order.cancelled";
    };
  }

  private void publish(Order o, String type, Map<String, Object> data) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("order_id", o.id());
    d.put("merchant_id", o.merchantId());
    d.put("total_amount", Amounts.major(o.totalMinor(), o.currency()));
    d.put("currency", o.currency());
    d.putAll(data);
    d.values().removeIf(Objects::isNull);
    events.publish(
        new DomainEvent(
            type,
            "order",
            o.id(),
            o.agentId(),
            o.merchantId(),
            o.buyerRef(),
            o.status().wireName(),
            o.total(),
            d));
  }

  // ----- views

  public OrderView view(Order o) {
    String cur = o.currency();
    List<OrderView.Line> lines = new ArrayList<>();
    for (OrderLine l : o.lines()) {
      lines.add(
          new OrderView.Line(
              l.productId(),
              l.variantId(),
              l.sku(),
              l.title(),
              l.variantTitle(),
              l.imageUrl(),
              l.quantity(),
              Amounts.major(l.unitOriginalMinor(), cur),
              Amounts.major(Math.multiplyExact(l.unitOriginalMinor(), l.quantity()), cur),
              Amounts.major(l.unitEffectiveMinor(), cur),
              Amounts.major(l.discountMinor(), cur),
              Amounts.major(l.totalMinor(), cur)));
    }
    Optional<OrderPayments.PaymentView> p = payment(o.id());
    OrderView.Payment payment =
        new OrderView.Payment(
            p.map(OrderPayments.PaymentView::status).orElse(o.paymentStatus()),
            p.map(OrderPayments.PaymentView::psp).orElse(o.preferredPsp()),
            p.map(OrderPayments.PaymentView::paymentId).orElse(null),
            p.map(OrderPayments.PaymentView::paymentIntentId).orElse(null),
            null,
            p.filter(x -> x.actionType() != null)
                .map(x -> new OrderView.PaymentAction(x.actionType(), x.actionUrl()))
                .orElse(null));
    return new OrderView(
        o.id(),
        o.status().wireName(),
        o.paymentStatus(),
        o.merchantId(),
        o.quoteId(),
        Amounts.major(o.totalMinor(), cur),
        cur,
        new OrderView.Pricing(
            Amounts.major(o.subtotalMinor(), cur),
            Amounts.major(o.discountMinor(), cur),
            Amounts.major(o.shippingMinor(), cur),
            Amounts.major(o.taxMinor(), cur),
            taxIncluded(o),
            Amounts.major(o.totalMinor(), cur)),
        lines,
        o.deliveryOption(),
        o.customerEmail(),
        o.customerName(),
        address(o),
        payment,
        new OrderView.Tracking(
            o.agentId(),
            o.agentSessionId(),
            o.buyerRef(),
            o.buyerSubject() != null,
            o.merchantOrderId(),
            o.merchantOrderNumber(),
            o.trackingNumber()),
        metadata(o),
        o.createdAt(),
        o.updatedAt(),
        Amounts.major(o.totalMinor(), cur),
        lines,
        fulfillment(o),
        Amounts.major(o.refundedMinor(), cur),
        o.trackingNumber(),
        o.confirmedAt(),
        o.fulfilledAt());
  }

  /** The origin service's fulfillment status of an order. */
  public static String fulfillment(Order o) {
    if (o.status() == OrderStatus.CANCELLED) {
      return "cancelled";
    }
    return o.fulfilledAt() != null || o.status() == OrderStatus.FULFILLED
        ? "fulfilled"
        : "unfulfilled";
  }

  /** Tax is included in the prices when the total does not add it on top. */
  private static boolean taxIncluded(Order o) {
    return o.subtotalMinor() - o.discountMinor() + o.shippingMinor() == o.totalMinor()
        && o.taxMinor() > 0;
  }

  static Map<String, String> address(Order o) {
    if (o.shippingAddressJson() == null) {
      return null;
    }
    Map<String, String> m = new LinkedHashMap<>();
    try (var reader = Jsonp.PROVIDER.createReader(new StringReader(o.shippingAddressJson()))) {
      reader.readObject().forEach((k, v) -> m.put(k, ((jakarta.json.JsonString) v).getString()));
    }
    return m;
  }

  private static JsonObject metadata(Order o) {
    if (o.metadataJson() == null) {
      return null;
    }
    try (var reader = Jsonp.PROVIDER.createReader(new StringReader(o.metadataJson()))) {
      return reader.readObject();
    }
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
