package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.checkout.application.OrderService.CreateOrder;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderLine;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.checkout.domain.order.OrderTransition;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.checkout.domain.quote.QuoteRepository;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Counted;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.Money;

/**
 * Makes an order: from the agent's quote (which must not be contradicted, and whose goods must
 * still be in stock), or from one priced on the spot; checks the spend policy, consumes the quote,
 * writes the order, its first audit row and order.created. Not transactional itself (no interceptor
 * binding): it runs in {@link OrderService#create}'s transaction; its methods are public only for
 * CDI's client proxy.
 */
@ApplicationScoped
public class OrderCreation {

  @Inject OrderRepository orders;
  @Inject QuoteRepository quotes;
  @Inject QuoteService quoteService;
  @Inject Baskets baskets;
  @Inject SellableCatalog catalog;
  @Inject SpendPolicyService spending;
  @Inject PreflightService preflight;
  @Inject OrderMoves moves;
  @Inject OrderViews views;
  @Inject Event<Counted> tally;

  /** Counter on /metrics (docs/operations.md): orders made, by lane. */
  static final String CREATED_METRIC = "orders_created";

  /** {@link OrderService#create(CreateOrder, String)}, in its transaction. */
  public OrderView create(CreateOrder c, String origin) {
    Instant now = moves.now();
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
    moves.publish(order, "order.created", data);
    tally.fire(new Counted(CREATED_METRIC, "Orders made, by lane", "origin", origin));
    return views.view(order);
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
}
