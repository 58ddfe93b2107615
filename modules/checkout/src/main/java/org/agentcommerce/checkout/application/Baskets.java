package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.catalog.api.SellableCatalog.Offer;
import org.agentcommerce.catalog.api.SellableCatalog.Sellable;
import org.agentcommerce.catalog.api.SellableCatalog.Seller;
import org.agentcommerce.catalog.api.SellableCatalog.Variant;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Money;
import org.agentcommerce.platform.api.security.Caller;

/**
 * Turns the items a client sent into lines the merchant can sell now: each reference resolved to
 * one product and variant, duplicates merged, price and stock read from the catalog in the market
 * the basket ships to. What cannot be sold is reported per item, never guessed.
 */
@ApplicationScoped
public class Baskets {

  public static final int MAX_LINES = 50;
  public static final int MAX_PRODUCTS = 25;

  @Inject SellableCatalog catalog;
  @Inject Caller caller;

  /** A line that can be sold: the item it came from, the product, the variant and its offer. */
  public record Line(
      BasketItem item, Sellable product, Variant variant, int quantity, Offer offer) {}

  /** Why an item cannot be sold: a code, the sentence agents have always seen, and context. */
  public record ItemError(
      int index, String productId, String code, String error, Map<String, Object> context) {}

  /**
   * The sellable lines, the items that cannot be sold, and the items whose client-sent unit price
   * or subtotal disagrees with the catalog's (each with the current prices).
   */
  public record Resolved(
      Seller seller,
      String market,
      String currency,
      List<Line> lines,
      List<ItemError> errors,
      List<Map<String, Object>> priceChanges,
      List<Line> outOfStock) {}

  /**
   * Whether this request's key may see the merchant's orders and quotes: one outside its scope is
   * as absent as another agent's. A request without a key has no scope to keep to.
   */
  public boolean inScope(String merchantId) {
    return !caller.isEstablished() || caller.mayAccessMerchant(merchantId);
  }

  /**
   * The merchant, if this key may act on it and it sells: 404 MERCHANT_NOT_FOUND, 403
   * MERCHANT_ACCESS_DENIED (out of the key's scope) or 403 MERCHANT_INACTIVE otherwise. A request
   * without a key (the hosted page, on its checkout token) has no key scope to keep to.
   */
  public Seller seller(String merchantId) {
    if (caller.isEstablished()) {
      caller.requireMerchantAccess(merchantId);
    }
    Seller s =
        catalog
            .seller(merchantId)
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "MERCHANT_NOT_FOUND",
                        "Merchant " + merchantId + " was not found.",
                        Map.of("merchant_id", merchantId),
                        Map.of()));
    if (!s.isActive()) {
      throw new ApiException(
          403,
          "MERCHANT_INACTIVE",
          "Merchant " + merchantId + " is not taking orders.",
          Map.of("merchant_id", merchantId, "merchant_status", s.status()),
          Map.of());
    }
    return s;
  }

  /** Refuses baskets over the cart limits (50 lines across 25 products), 400 CART_TOO_LARGE. */
  public static void checkSize(List<BasketItem> items) {
    if (items.size() > MAX_LINES) {
      throw new ApiException(
          400,
          "CART_TOO_LARGE",
          "A checkout holds at most " + MAX_LINES + " lines; this one has " + items.size() + ".",
          Map.of("max_lines", MAX_LINES, "lines", items.size()),
          Map.of());
    }
    Set<String> products = new LinkedHashSet<>();
    items.forEach(i -> products.add(i.productRef()));
    if (products.size() > MAX_PRODUCTS) {
      throw new ApiException(
          400,
          "CART_TOO_LARGE",
          "A checkout holds at most "
              + MAX_PRODUCTS
              + " distinct products; this one has "
              + products.size()
              + ".",
          Map.of("max_products", MAX_PRODUCTS, "products", products.size()),
          Map.of());
    }
  }

  /** Resolves the items for shipping to {@code country} (null: the first product's home market). */
  public Resolved resolve(Seller seller, List<BasketItem> items, String country) {
    List<ItemError> errors = new ArrayList<>();
    List<Map<String, Object>> priceChanges = new ArrayList<>();
    Map<String, Line> byVariant = new LinkedHashMap<>();
    String market = null;
    for (BasketItem item : items) {
      Optional<Sellable> found = catalog.sellable(seller.merchantId(), item.productRef());
      if (found.isEmpty() || !found.get().isActive()) {
        errors.add(error(item, "PRODUCT_NOT_FOUND", "Product not found", Map.of()));
        continue;
      }
      Sellable p = found.get();
      Variant variant = pickVariant(p, item, errors);
      if (variant == null) {
        continue;
      }
      if (market == null) {
        market = country != null && variant.offerIn(country).isPresent() ? country : p.homeMarket();
      }
      Optional<Offer> offer = variant.offerIn(market);
      if (offer.isEmpty()) {
        errors.add(
            error(
                item,
                "NOT_SOLD_IN_MARKET",
                "Not sold in " + market,
                Map.of("market", market, "variant_id", variant.variantId())));
        continue;
      }
      priceDisagreement(item, variant, offer.get()).ifPresent(priceChanges::add);
      Line existing = byVariant.get(variant.variantId());
      int quantity = item.quantity() + (existing == null ? 0 : existing.quantity());
      byVariant.put(
          variant.variantId(),
          new Line(existing == null ? item : existing.item(), p, variant, quantity, offer.get()));
    }
    List<Line> lines = new ArrayList<>();
    List<Line> outOfStock = new ArrayList<>();
    String currency = null;
    for (Line l : byVariant.values()) {
      if (l.offer().inventoryQuantity() < l.quantity()) {
        errors.add(
            error(
                l.item(),
                "OUT_OF_STOCK",
                "Out of stock",
                Map.of(
                    "variant_id",
                    l.variant().variantId(),
                    "requested",
                    l.quantity(),
                    "available",
                    Math.max(0, l.offer().inventoryQuantity()))));
        outOfStock.add(l);
        continue;
      }
      currency = currency == null ? l.offer().currency() : currency;
      lines.add(l);
    }
    if (currency == null) {
      currency = seller.currency();
    }
    return new Resolved(
        seller,
        market == null ? country : market,
        currency,
        List.copyOf(lines),
        errors,
        priceChanges,
        outOfStock);
  }

  private static Variant pickVariant(Sellable p, BasketItem item, List<ItemError> errors) {
    String wanted = item.variantRef() != null ? item.variantRef() : p.matchedVariantId();
    if (wanted != null) {
      for (Variant v : p.variants()) {
        if (v.variantId().equals(wanted) || wanted.equals(v.sku())) {
          return v;
        }
      }
      errors.add(
          error(
              item,
              "VARIANT_NOT_FOUND",
              "Variant not found",
              Map.of("variant_id", wanted, "variants", variantChoices(p))));
      return null;
    }
    if (p.variants().size() == 1) {
      return p.variants().get(0);
    }
    errors.add(
        error(
            item,
            "VARIANT_REQUIRED",
            "Missing variant_id",
            Map.of("product_id", p.productId(), "variants", variantChoices(p))));
    return null;
  }

  /** The variants an agent can choose from: id, title, SKU and options. */
  static List<Map<String, Object>> variantChoices(Sellable p) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Variant v : p.variants()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("variant_id", v.variantId());
      m.put("title", v.title());
      if (v.sku() != null) {
        m.put("sku", v.sku());
      }
      m.put("options", v.options());
      out.add(m);
    }
    return out;
  }

  private static ItemError error(
      BasketItem item, String code, String error, Map<String, Object> context) {
    return new ItemError(item.index(), item.productRef(), code, error, context);
  }

  /** The first item error as a refusal (orders and quotes refuse what a cart check reports). */
  public static ApiException refusal(ItemError e) {
    int status =
        switch (e.code()) {
          case "VARIANT_REQUIRED", "VARIANT_NOT_FOUND" -> 400;
          case "PRODUCT_NOT_FOUND" -> 404;
          default -> 409;
        };
    String message =
        switch (e.code()) {
          case "VARIANT_REQUIRED" ->
              "Product "
                  + e.productId()
                  + " has several variants: send variant_id with one of those listed.";
          case "VARIANT_NOT_FOUND" ->
              "Product " + e.productId() + " has no such variant; choose one of those listed.";
          case "PRODUCT_NOT_FOUND" ->
              "Product " + e.productId() + " was not found at this merchant or is not for sale.";
          case "OUT_OF_STOCK" ->
              "Product " + e.productId() + " does not have the quantity asked for in stock.";
          default -> "Product " + e.productId() + ": " + e.error() + ".";
        };
    Map<String, Object> context = new LinkedHashMap<>();
    context.put("item_index", e.index());
    context.put("product_id", e.productId());
    context.putAll(e.context());
    return new ApiException(status, e.code(), message, context, Map.of());
  }

  /** A client's price check that disagrees with the catalog, or empty. */
  static Optional<Map<String, Object>> priceDisagreement(BasketItem i, Variant v, Offer offer) {
    String cur = offer.currency();
    BigDecimal unit = Money.ofMinor(offer.priceMinor(), cur).amount();
    BigDecimal sub = unit.multiply(BigDecimal.valueOf(i.quantity()));
    boolean unitOff = i.unitPrice() != null && i.unitPrice().compareTo(unit) != 0;
    boolean subtotalOff = i.subtotal() != null && i.subtotal().compareTo(sub) != 0;
    if (!unitOff && !subtotalOff) {
      return Optional.empty();
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("item_index", i.index());
    m.put("product_id", i.productRef());
    m.put("variant_id", v.variantId());
    m.put("sent_unit_price", i.unitPrice() == null ? null : i.unitPrice().toString());
    m.put("sent_subtotal", i.subtotal() == null ? null : i.subtotal().toString());
    m.put("current_unit_price", unit.toPlainString());
    m.put("current_subtotal", sub.toPlainString());
    m.put("currency", cur);
    return Optional.of(m);
  }
}
