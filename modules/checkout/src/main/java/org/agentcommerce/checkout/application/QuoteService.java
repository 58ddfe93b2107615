package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.agentcommerce.catalog.api.SellableCatalog.Seller;
import org.agentcommerce.checkout.domain.pricing.Pricer;
import org.agentcommerce.checkout.domain.pricing.PricingRules;
import org.agentcommerce.checkout.domain.pricing.PricingRules.Promotion;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.checkout.domain.quote.QuoteRepository;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.WireJson;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Prices baskets into server-locked quotes. A quote's total is computed here from the catalog and
 * the merchant's rules, stored with its fingerprint, and never changed by anything a client sends
 * later; an order either takes it whole or refuses.
 */
@ApplicationScoped
@Transactional
public class QuoteService {

  @Inject Baskets baskets;
  @Inject PricingRules rules;
  @Inject QuoteRepository quotes;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.quotes.ttl", defaultValue = "PT10M")
  Duration ttl;

  /** What to price. */
  public record Request(
      String merchantId,
      List<BasketItem> items,
      List<String> discountCodes,
      ShipTo shipTo,
      String deliveryOption,
      String briefId) {}

  /** A priced basket: the resolved lines, the pricing result, and the quote view built from it. */
  public record Priced(
      Baskets.Resolved basket, Pricer.Result result, Quote.Terms terms, QuoteView view) {}

  /** Prices and stores a quote for the agent (spec: POST /agent/v1/quotes/preview). */
  public QuoteView preview(String agentId, Request request) {
    Priced priced = price(request, "active");
    store(agentId, priced, false);
    return priced.view();
  }

  /** Stores a priced basket as a quote; answers it (still active). */
  public Quote store(String agentId, Priced priced, boolean implicit) {
    Quote q =
        new Quote(
            priced.view().quoteId(),
            agentId,
            priced.terms(),
            implicit,
            WireJson.jsonb().toJson(priced.view()),
            priced.view().createdAt(),
            priced.view().expiresAt());
    quotes.add(q);
    return q;
  }

  /**
   * Resolves and prices the request; refuses what cannot be sold (the first item error), unknown or
   * inapplicable discount codes (422) and destinations the merchant does not ship to (409).
   */
  public Priced price(Request r, String status) {
    if (r.merchantId() == null) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "merchant_id"), "Field required", "missing"));
    }
    Seller seller = baskets.seller(r.merchantId());
    Baskets.checkSize(r.items());
    String country = r.shipTo() == null ? null : r.shipTo().country();
    if (country != null && !seller.markets().isEmpty() && !seller.markets().contains(country)) {
      throw new ApiException(
          409,
          "SHIPPING_UNAVAILABLE",
          "Merchant "
              + seller.merchantId()
              + " does not ship to "
              + country
              + "; it ships to "
              + String.join(", ", seller.markets())
              + ".",
          Map.of("country", country, "ships_to", List.copyOf(seller.markets())),
          Map.of());
    }
    Baskets.Resolved basket = baskets.resolve(seller, r.items(), country);
    if (!basket.errors().isEmpty()) {
      throw Baskets.refusal(basket.errors().get(0));
    }
    String destinationCountry = country != null ? country : basket.market();
    Pricer.Destination destination =
        new Pricer.Destination(
            destinationCountry,
            r.shipTo() == null ? null : r.shipTo().state(),
            r.shipTo() == null ? null : r.shipTo().postalCode());
    List<Pricer.Line> lines = new ArrayList<>();
    long subtotal = 0;
    for (Baskets.Line l : basket.lines()) {
      lines.add(new Pricer.Line(l.offer().priceMinor(), l.quantity()));
      subtotal += l.offer().priceMinor() * l.quantity();
    }
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    List<Promotion> promotions =
        promotions(seller.merchantId(), r.discountCodes(), basket.currency(), subtotal, now);
    List<PricingRules.ShippingRule> shipping = rules.shipping(seller.merchantId());
    Pricer.Result result =
        Pricer.price(
            new Pricer.Input(
                basket.currency(),
                lines,
                promotions,
                destination,
                shipping,
                rules.tax(seller.merchantId()),
                r.deliveryOption()));
    if (result.deliveryOptions().isEmpty()) {
      throw new ApiException(
          409,
          "SHIPPING_UNAVAILABLE",
          "Merchant "
              + seller.merchantId()
              + " has no delivery option to "
              + destinationCountry
              + ".",
          Map.of("country", destinationCountry),
          Map.of());
    }
    if (r.deliveryOption() != null && !r.deliveryOption().equals(result.deliveryOption())) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "selected_delivery_option"),
              "Unknown delivery option; choose one of "
                  + result.deliveryOptions().stream().map(Pricer.DeliveryOption::id).toList(),
              "value_error.delivery_option"));
    }
    String quoteId = Ids.newId("quo", 12);
    String codes = String.join(",", promotions.stream().map(Promotion::code).toList());
    Quote.Terms terms =
        new Quote.Terms(
            seller.merchantId(),
            basket.market(),
            basket.currency(),
            fingerprint(
                seller.merchantId(), basket, promotions, destination, result.deliveryOption()),
            result.subtotalMinor(),
            result.discountMinor(),
            result.shippingMinor(),
            result.taxMinor(),
            result.totalMinor(),
            result.deliveryOption(),
            destination.country(),
            destination.region(),
            destination.postcode(),
            codes.isEmpty() ? null : codes);
    QuoteView view = view(quoteId, status, now, basket, result, destination, r.briefId());
    return new Priced(basket, result, terms, view);
  }

  private List<Promotion> promotions(
      String merchantId, List<String> codes, String currency, long subtotal, Instant now) {
    List<Promotion> out = new ArrayList<>();
    if (codes == null) {
      return out;
    }
    LinkedHashSet<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < codes.size(); i++) {
      String code = codes.get(i).trim().toUpperCase(Locale.ROOT);
      if (!seen.add(code)) {
        continue;
      }
      final int index = i;
      Promotion p =
          rules
              .promotion(merchantId, code)
              .orElseThrow(() -> badCode(index, "Unknown discount code " + code + "."));
      Optional<String> refusal = Pricer.refusal(p, currency, subtotal, now);
      if (refusal.isPresent()) {
        throw badCode(i, code + ": " + refusal.get());
      }
      out.add(p);
    }
    return out;
  }

  private static InvalidInputException badCode(int index, String message) {
    return new InvalidInputException(
        new InvalidInputException.Violation(
            List.of("body", "discount_codes", index), message, "value_error.discount_code"));
  }

  private QuoteView view(
      String quoteId,
      String status,
      Instant now,
      Baskets.Resolved basket,
      Pricer.Result result,
      Pricer.Destination destination,
      String briefId) {
    String cur = basket.currency();
    List<QuoteView.LineItem> items = new ArrayList<>();
    for (int i = 0; i < basket.lines().size(); i++) {
      Baskets.Line l = basket.lines().get(i);
      Pricer.PricedLine p = result.lines().get(i);
      items.add(
          new QuoteView.LineItem(
              l.product().productId(),
              l.variant().variantId(),
              l.variant().sku(),
              l.product().title(),
              l.variant().title(),
              l.variant().imageUrl() != null ? l.variant().imageUrl() : l.product().imageUrl(),
              l.quantity(),
              Amounts.major(l.offer().priceMinor(), cur),
              Amounts.major(p.unitEffectiveMinor(), cur),
              Amounts.major(p.discountMinor(), cur),
              Amounts.major(p.totalMinor(), cur)));
    }
    return new QuoteView(
        quoteId,
        status,
        now.plus(ttl),
        now,
        basket.seller().merchantId(),
        basket.market(),
        cur,
        new QuoteView.Pricing(
            Amounts.major(result.subtotalMinor(), cur),
            Amounts.major(result.discountMinor(), cur),
            Amounts.major(result.shippingMinor(), cur),
            Amounts.major(result.taxMinor(), cur),
            result.taxInclusive(),
            Amounts.major(result.totalMinor(), cur)),
        items,
        promotionLines(basket, result, cur),
        result.deliveryOptions().stream()
            .map(
                o ->
                    new QuoteView.DeliveryOption(
                        o.id(),
                        o.label(),
                        Amounts.major(o.feeMinor(), cur),
                        o.free(),
                        o.minDays(),
                        o.maxDays()))
            .toList(),
        result.deliveryOption(),
        new QuoteView.Destination(
            destination.country(), destination.region(), destination.postcode()),
        briefId);
  }

  /** The promotions applied, each with the part of its amount every line carries. */
  private static List<QuoteView.PromotionLine> promotionLines(
      Baskets.Resolved basket, Pricer.Result result, String cur) {
    long[][] parts =
        Pricer.allocate(
            result.lines().stream().mapToLong(Pricer.PricedLine::discountMinor).toArray(),
            result.promotions().stream().mapToLong(Pricer.PromotionLine::amountMinor).toArray());
    List<QuoteView.PromotionLine> out = new ArrayList<>();
    for (int k = 0; k < parts.length; k++) {
      Pricer.PromotionLine p = result.promotions().get(k);
      List<QuoteView.Allocation> allocations = new ArrayList<>();
      for (int i = 0; i < parts[k].length; i++) {
        if (parts[k][i] > 0) {
          allocations.add(
              new QuoteView.Allocation(
                  "line_item",
                  basket.lines().get(i).variant().variantId(),
                  Amounts.major(parts[k][i], cur)));
        }
      }
      out.add(
          QuoteView.PromotionLine.of(
              k,
              p.code(),
              p.kind(),
              p.description(),
              Amounts.major(p.amountMinor(), cur),
              List.copyOf(allocations)));
    }
    return List.copyOf(out);
  }

  /** SHA-256 over merchant, merged sorted lines, codes, destination and delivery option. */
  static String fingerprint(
      String merchantId,
      Baskets.Resolved basket,
      List<Promotion> promotions,
      Pricer.Destination d,
      String delivery) {
    TreeMap<String, Integer> lines = new TreeMap<>();
    basket.lines().forEach(l -> lines.put(l.variant().variantId(), l.quantity()));
    StringBuilder sb = new StringBuilder(merchantId).append('\n');
    lines.forEach((k, v) -> sb.append(k).append(':').append(v).append(';'));
    sb.append('\n');
    promotions.stream().map(Promotion::code).sorted().forEach(c -> sb.append(c).append(';'));
    sb.append('\n')
        .append(d.country())
        .append('|')
        .append(d.postcode() == null ? "" : d.postcode())
        .append('|')
        .append(d.region() == null ? "" : d.region())
        .append('\n')
        .append(delivery == null ? "" : delivery);
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(sb.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The agent's quote, read back as it was answered. */
  public Optional<Quote> find(String agentId, String quoteId) {
    return quotes.findForAgent(agentId, quoteId).filter(q -> baskets.inScope(q.merchantId()));
  }
}
