package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.SellableCatalog.Seller;
import org.agentcommerce.checkout.domain.pricing.Pricer;
import org.agentcommerce.checkout.domain.pricing.PricingRules;

/**
 * Cart validation: today's stock and prices for a basket, per-item errors, and the shipping and tax
 * it would cost to one country. Writes nothing.
 */
@ApplicationScoped
public class CartService {

  @Inject Baskets baskets;
  @Inject PricingRules rules;

  public record Item(
      String productId,
      String productTitle,
      String variantId,
      String sku,
      int quantity,
      String unitPrice,
      String subtotal,
      boolean inStock,
      int availableQuantity) {}

  public record ItemError(
      Integer itemIndex,
      String productId,
      String code,
      String error,
      Map<String, Object> details) {}

  @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "CartPricing")
  public record Pricing(
      String subtotal,
      String shippingFee,
      String tax,
      boolean taxIncluded,
      String total,
      String currency) {}

  public record Shipping(
      String country,
      String method,
      String label,
      String freeShippingThreshold,
      String estimatedDelivery,
      boolean available) {}

  public record Validation(
      boolean valid,
      String merchantId,
      String market,
      String currency,
      List<Item> items,
      List<ItemError> errors,
      Pricing pricing,
      Shipping shipping) {}

  /** Validates the items; {@code invalid} are items that were not objects or had bad fields. */
  public Validation validate(
      String merchantId, String country, List<BasketItem> items, List<ItemError> invalid) {
    Seller seller = baskets.seller(merchantId);
    Baskets.checkSize(items);
    List<ItemError> errors = new ArrayList<>(invalid);
    boolean ships = seller.markets().isEmpty() || seller.markets().contains(country);
    Baskets.Resolved r = baskets.resolve(seller, items, country);
    for (Baskets.ItemError e : r.errors()) {
      errors.add(new ItemError(e.index(), e.productId(), e.code(), e.error(), e.context()));
    }
    String cur = r.currency();
    List<Item> out = new ArrayList<>();
    List<Pricer.Line> lines = new ArrayList<>();
    for (Baskets.Line l : r.lines()) {
      out.add(item(l, true, cur));
      lines.add(new Pricer.Line(l.offer().priceMinor(), l.quantity()));
    }
    for (Baskets.Line l : r.outOfStock()) {
      out.add(item(l, false, cur));
    }
    Pricer.Result priced =
        Pricer.price(
            new Pricer.Input(
                cur,
                lines,
                List.of(),
                new Pricer.Destination(country, null, null),
                rules.shipping(merchantId),
                rules.tax(merchantId),
                null));
    Pricer.DeliveryOption option =
        priced.deliveryOptions().isEmpty() ? null : priced.deliveryOptions().get(0);
    if (!ships || option == null) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("country", country);
      details.put("ships_to", List.copyOf(seller.markets()));
      errors.add(
          new ItemError(
              null, null, "SHIPPING_UNAVAILABLE", "Merchant does not ship to " + country, details));
    }
    Long threshold =
        Pricer.shippingFor(rules.shipping(merchantId), country, cur).stream()
            .filter(s -> option != null && s.method().equals(option.id()))
            .map(PricingRules.ShippingRule::freeOverMinor)
            .filter(java.util.Objects::nonNull)
            .findFirst()
            .orElse(null);
    return new Validation(
        errors.isEmpty(),
        merchantId,
        r.market(),
        cur,
        out,
        errors,
        new Pricing(
            Amounts.major(priced.subtotalMinor(), cur),
            Amounts.major(priced.shippingMinor(), cur),
            Amounts.major(priced.taxMinor(), cur),
            priced.taxInclusive(),
            Amounts.major(priced.totalMinor(), cur),
            cur),
        new Shipping(
            country,
            option == null ? null : option.id(),
            option == null ? null : option.label(),
            threshold == null ? null : Amounts.major(threshold, cur),
            option == null ? null : option.minDays() + "-" + option.maxDays() + " business days",
            ships && option != null));
  }

  private static Item item(Baskets.Line l, boolean inStock, String cur) {
    long unit = l.offer().priceMinor();
    return new Item(
        l.product().productId(),
        l.product().title(),
        l.variant().variantId(),
        l.variant().sku(),
        l.quantity(),
        Amounts.major(unit, cur),
        Amounts.major(unit * l.quantity(), cur),
        inStock,
        Math.max(0, l.offer().inventoryQuantity()));
  }
}
