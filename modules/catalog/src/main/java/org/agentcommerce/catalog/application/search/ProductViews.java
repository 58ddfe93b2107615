package org.agentcommerce.catalog.application.search;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.OfferRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.VariantRecord;

/** Renders a stored product for one market: variant prices in major units of its currency. */
public final class ProductViews {

  private static final jakarta.json.spi.JsonProvider JSON =
      org.agentcommerce.platform.api.Jsonp.PROVIDER;

  private ProductViews() {}

  /** The product's home market: where it is offered in its merchant's own currency. */
  public static String homeMarket(ProductRecord p) {
    String fallback = null;
    for (VariantRecord v : p.variants()) {
      for (OfferRecord o : v.offers()) {
        if (o.currency().equals(p.merchantCurrency())) {
          return o.market();
        }
        if (fallback == null) {
          fallback = o.market();
        }
      }
    }
    return fallback;
  }

  /** The market to show: the requested one when the product is offered there, else home. */
  public static String marketFor(ProductRecord p, String requested) {
    if (requested != null) {
      for (VariantRecord v : p.variants()) {
        for (OfferRecord o : v.offers()) {
          if (o.market().equalsIgnoreCase(requested)) {
            return o.market();
          }
        }
      }
    }
    return homeMarket(p);
  }

  public static ProductView render(ProductRecord p, String requestedMarket) {
    String market = marketFor(p, requestedMarket);
    List<ProductView.Variant> variants = new ArrayList<>();
    LinkedHashSet<String> images = new LinkedHashSet<>();
    if (p.imageUrl() != null) {
      images.add(p.imageUrl());
    }
    for (VariantRecord v : p.variants()) {
      Optional<OfferRecord> offer = offerIn(v, market);
      variants.add(
          new ProductView.Variant(
              v.platformVariantId(),
              v.platformVariantId(),
              v.title(),
              v.sku(),
              offer.map(o -> major(o.priceMinor(), o.currency())).orElse(null),
              offer
                  .map(
                      o ->
                          o.compareAtMinor() == null
                              ? null
                              : major(o.compareAtMinor(), o.currency()))
                  .orElse(null),
              offer.map(OfferRecord::currency).orElse(null),
              offer.map(OfferRecord::inventoryQuantity).orElse(0),
              offer.map(o -> o.inventoryQuantity() > 0).orElse(false),
              options(v.optionsJson()),
              v.imageUrl(),
              v.position()));
      if (v.imageUrl() != null) {
        images.add(v.imageUrl());
      }
    }
    ProductView.Variant cheapest =
        variants.stream()
            .filter(v -> v.price() != null)
            .min(Comparator.comparing(ProductView.Variant::price))
            .orElse(null);
    int inventory = variants.stream().mapToInt(ProductView.Variant::inventoryQuantity).sum();
    return new ProductView(
        p.id(),
        p.id(),
        p.platformProductId(),
        p.handle(),
        p.platform(),
        p.merchantId(),
        p.merchantName(),
        p.title(),
        p.description(),
        p.vendor(),
        p.productType(),
        p.category(),
        p.catalogSurface(),
        p.tags(),
        p.keyActives(),
        p.skinTypes(),
        p.concerns(),
        cheapest == null ? null : cheapest.price(),
        cheapest == null ? null : cheapest.compareAtPrice(),
        cheapest == null ? null : cheapest.currency(),
        market,
        inventory,
        variants.stream().anyMatch(ProductView.Variant::inStock),
        variants.isEmpty() ? null : variants.get(0).sku(),
        p.imageUrl(),
        List.copyOf(images),
        // Unmodifiable: a rendered product is shared by the pages of an index version.
        List.copyOf(variants),
        p.productGroupId(),
        p.status(),
        p.createdAt(),
        p.updatedAt(),
        null);
  }

  static Optional<OfferRecord> offerIn(VariantRecord v, String market) {
    return v.offers().stream().filter(o -> o.market().equals(market)).findFirst();
  }

  /** Integer minor units to a major-unit amount with the currency's own exponent. */
  public static BigDecimal major(long minor, String currency) {
    int exponent = Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits());
    return BigDecimal.valueOf(minor, exponent);
  }

  /** The variant options stored as a JSON object, e.g. {"Size":"30 ml"}. */
  public static Map<String, String> options(String json) {
    if (json == null || json.isBlank()) {
      return Map.of();
    }
    try (var reader = JSON.createReader(new StringReader(json))) {
      JsonObject object = reader.readObject();
      Map<String, String> options = new LinkedHashMap<>();
      object.forEach(
          (k, v) -> options.put(k, v instanceof JsonString s ? s.getString() : v.toString()));
      return java.util.Collections.unmodifiableMap(options);
    } catch (RuntimeException malformed) {
      return Map.of();
    }
  }
}
