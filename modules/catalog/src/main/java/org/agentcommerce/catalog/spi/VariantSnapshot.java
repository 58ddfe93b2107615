package org.agentcommerce.catalog.spi;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One purchasable variant of a product.
 *
 * @param platformVariantId the platform's id, its exact digits kept as text
 * @param price in major units of {@code currency}, at the currency's own exponent (USD 24.00, JPY
 *     3300)
 * @param compareAtPrice the "was" price, same units; null when there is none
 * @param inventoryQuantity null when the platform does not disclose it
 * @param options option name to value, in the platform's option order
 * @param imageUrl the variant's own image, absolute; null when it has none
 * @param position 1-based order of the variant within its product
 */
public record VariantSnapshot(
    String platformVariantId,
    String title,
    String sku,
    BigDecimal price,
    BigDecimal compareAtPrice,
    String currency,
    boolean available,
    Integer inventoryQuantity,
    Map<String, String> options,
    String imageUrl,
    int position) {

  public VariantSnapshot {
    Objects.requireNonNull(platformVariantId, "platformVariantId");
    Objects.requireNonNull(price, "price");
    Objects.requireNonNull(currency, "currency");
    if (options == null || options.isEmpty()) {
      options = Map.of();
    } else {
      // Copied in order; Map.copyOf would lose the option order.
      LinkedHashMap<String, String> copy = new LinkedHashMap<>();
      options.forEach(
          (name, value) ->
              copy.put(
                  Objects.requireNonNull(name, "option name"),
                  Objects.requireNonNull(value, "option value")));
      options = Collections.unmodifiableMap(copy);
    }
  }
}
