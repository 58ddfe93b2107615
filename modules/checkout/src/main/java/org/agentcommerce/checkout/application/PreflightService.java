package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.checkout.domain.order.OrderLine;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.checkout.domain.quote.QuoteRepository;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Offers preflight: canonical offer objects built from a quote's lines, and structured checks of
 * whether ordering them now would go through (pricing, inventory, delivery, policy disclosure).
 * Read-only. With {@code ac.orders.preflight-enforcement} on, an order from a quote whose preflight
 * fails is refused 409 PREFLIGHT_FAILED.
 */
@ApplicationScoped
@Transactional
public class PreflightService {

  @Inject QuoteRepository quotes;
  @Inject Baskets baskets;
  @Inject SellableCatalog catalog;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.orders.preflight-enforcement", defaultValue = "false")
  boolean enforcement;

  public record Offer(
      String offerId,
      String merchantId,
      String merchantName,
      String productId,
      String variantId,
      String sku,
      String title,
      int quantity,
      String unitPrice,
      String currentUnitPrice,
      String currency,
      String availability,
      int inventoryQuantity,
      String market) {}

  /** One check: pricing, inventory, delivery or policy_disclosure; result pass, warn or fail. */
  public record Check(String check, String result, String message, Map<String, Object> details) {}

  public record Result(
      String quoteId,
      String quoteStatus,
      String merchantId,
      String overall,
      String riskTier,
      boolean enforcement,
      List<Offer> offers,
      List<Check> checks,
      List<String> requiredActions,
      List<String> fallbackOptions) {}

  public Result run(String agentId, String quoteId, String merchantId, ShipTo shipTo) {
    Quote q =
        quotes
            .findForAgent(agentId, quoteId)
            .filter(x -> merchantId == null || x.merchantId().equals(merchantId))
            .filter(x -> baskets.inScope(x.merchantId()))
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "QUOTE_NOT_FOUND",
                        "Quote "
                            + quoteId
                            + " was not found"
                            + (merchantId == null ? "." : " for merchant " + merchantId + "."),
                        Map.of("quote_id", quoteId),
                        Map.of()));
    return evaluate(q, shipTo);
  }

  /** Refuses an order from this quote when enforcement is on and its preflight fails. */
  public void enforce(Quote q) {
    if (!enforcement) {
      return;
    }
    Result r = evaluate(q, null);
    if ("fail".equals(r.overall())) {
      throw new ApiException(
          409,
          "PREFLIGHT_FAILED",
          "The offers of quote " + q.id() + " fail preflight; see checks.",
          Map.of(
              "quote_id", q.id(),
              "checks",
                  r.checks().stream()
                      .filter(c -> "fail".equals(c.result()))
                      .map(Check::check)
                      .toList(),
              "required_actions", r.requiredActions()),
          Map.of());
    }
  }

  Result evaluate(Quote q, ShipTo shipTo) {
    String status = q.statusAt(clock.instant());
    Optional<SellableCatalog.Seller> seller = catalog.seller(q.merchantId());
    List<Offer> offers = new ArrayList<>();
    List<Check> checks = new ArrayList<>();
    LinkedHashSet<String> actions = new LinkedHashSet<>();
    List<String> priceChanged = new ArrayList<>();
    List<String> short_ = new ArrayList<>();
    List<OrderLine> lines = OrderCreation.linesOf(q);
    for (int i = 0; i < lines.size(); i++) {
      OrderLine l = lines.get(i);
      Optional<SellableCatalog.Offer> live =
          catalog
              .sellable(q.merchantId(), l.productId())
              .filter(SellableCatalog.Sellable::isActive)
              .flatMap(
                  p ->
                      p.variants().stream()
                          .filter(v -> v.variantId().equals(l.variantId()))
                          .findFirst())
              .flatMap(v -> v.offerIn(q.market()));
      int stock = live.map(SellableCatalog.Offer::inventoryQuantity).orElse(0);
      String current = live.map(o -> Amounts.major(o.priceMinor(), o.currency())).orElse(null);
      if (live.isPresent() && live.get().priceMinor() != l.unitOriginalMinor()) {
        priceChanged.add(l.variantId());
      }
      if (stock < l.quantity()) {
        short_.add(l.variantId());
      }
      offers.add(
          new Offer(
              "ofr_" + q.id().substring(4) + "_" + (i + 1),
              q.merchantId(),
              seller.map(SellableCatalog.Seller::name).orElse(null),
              l.productId(),
              l.variantId(),
              l.sku(),
              l.title(),
              l.quantity(),
              Amounts.major(l.unitOriginalMinor(), q.currency()),
              current,
              q.currency(),
              live.isEmpty()
                  ? "unavailable"
                  : stock >= l.quantity() ? "in_stock" : stock > 0 ? "limited" : "out_of_stock",
              Math.max(0, stock),
              q.market()));
    }
    // pricing
    if (!"active".equals(status)) {
      checks.add(
          new Check(
              "pricing",
              "fail",
              "The quote is " + status + "; its prices are no longer held.",
              Map.of("quote_status", status)));
      actions.add("requote");
    } else if (!priceChanged.isEmpty()) {
      checks.add(
          new Check(
              "pricing",
              "warn",
              "The catalog price changed since the quote; the quote's prices are held until it expires.",
              Map.of("variant_ids", priceChanged, "expires_at", q.expiresAt().toString())));
    } else {
      checks.add(
          new Check(
              "pricing",
              "pass",
              "Prices are locked until " + q.expiresAt() + ".",
              Map.of("expires_at", q.expiresAt().toString())));
    }
    // inventory
    if (short_.isEmpty()) {
      checks.add(new Check("inventory", "pass", "Every line is in stock.", Map.of()));
    } else {
      checks.add(
          new Check(
              "inventory",
              "fail",
              "Some lines are no longer in stock in the quoted quantity.",
              Map.of("variant_ids", short_)));
      actions.add("adjust_quantities");
    }
    // delivery
    if (shipTo != null
        && shipTo.country() != null
        && !Objects.equals(shipTo.country(), q.shipCountry())) {
      checks.add(
          new Check(
              "delivery",
              "fail",
              "The quote was priced for delivery to "
                  + q.shipCountry()
                  + ", not "
                  + shipTo.country()
                  + ".",
              Map.of("quoted_country", q.shipCountry(), "country", shipTo.country())));
      actions.add("requote");
    } else if (shipTo != null
        && shipTo.state() != null
        && q.shipRegion() != null
        && !shipTo.state().equals(q.shipRegion())) {
      checks.add(
          new Check(
              "delivery",
              "fail",
              "The quote was priced for "
                  + q.shipRegion()
                  + ", not "
                  + shipTo.state()
                  + " (tax differs).",
              Map.of("quoted_region", q.shipRegion(), "region", shipTo.state())));
      actions.add("requote");
    } else if (shipTo == null && q.shipPostcode() == null) {
      checks.add(
          new Check(
              "delivery",
              "warn",
              "No shipping address yet: delivery to "
                  + q.shipCountry()
                  + " by "
                  + q.deliveryOption()
                  + " was assumed.",
              Map.of(
                  "country",
                  q.shipCountry(),
                  "delivery_option",
                  String.valueOf(q.deliveryOption()))));
      actions.add("provide_shipping_address");
    } else {
      checks.add(
          new Check(
              "delivery",
              "pass",
              "Delivery to " + q.shipCountry() + " by " + q.deliveryOption() + ".",
              Map.of("delivery_option", String.valueOf(q.deliveryOption()))));
    }
    // policy disclosure: we hold no return or shipping policy text for merchants yet.
    Map<String, Object> policy = new LinkedHashMap<>();
    seller.map(SellableCatalog.Seller::storeUrl).ifPresent(u -> policy.put("store_url", u));
    checks.add(
        new Check(
            "policy_disclosure",
            "warn",
            "The merchant's return and shipping policies are not on file here; show the buyer the merchant's own policy pages before paying.",
            policy));
    actions.add("disclose_merchant_policies");

    String overall =
        checks.stream().anyMatch(c -> "fail".equals(c.result()))
            ? "fail"
            : checks.stream().anyMatch(c -> "warn".equals(c.result())) ? "warn" : "pass";
    String risk =
        "fail".equals(overall)
            ? "high"
            : priceChanged.isEmpty() && short_.isEmpty() ? "low" : "medium";
    List<String> fallbacks = new ArrayList<>();
    fallbacks.add("requote");
    fallbacks.add("redirect_to_merchant_checkout");
    return new Result(
        q.id(),
        status,
        q.merchantId(),
        overall,
        risk,
        enforcement,
        offers,
        checks,
        List.copyOf(actions),
        fallbacks);
  }
}
