package org.agentcommerce.catalog.domain.product;

import java.time.Instant;
import java.util.List;

/**
 * A product as stored: one merchant's listing, its variants, and each variant's offers (price and
 * stock per market, in integer minor units). The read model the search index is built from.
 */
public record ProductRecord(
    String id,
    String merchantId,
    String merchantName,
    String merchantStatus,
    String merchantCurrency,
    String platform,
    String platformProductId,
    String handle,
    String title,
    String description,
    String vendor,
    String productType,
    String category,
    String catalogSurface,
    List<String> tags,
    List<String> keyActives,
    String ingredients,
    List<String> skinTypes,
    List<String> concerns,
    String imageUrl,
    String status,
    String productGroupId,
    Instant createdAt,
    Instant updatedAt,
    List<VariantRecord> variants) {

  public ProductRecord {
    tags = List.copyOf(tags);
    keyActives = List.copyOf(keyActives);
    skinTypes = List.copyOf(skinTypes);
    concerns = List.copyOf(concerns);
    variants = List.copyOf(variants);
  }

  /** A variant with the platform's own id and its offers. */
  public record VariantRecord(
      String platformVariantId,
      String title,
      String sku,
      String optionsJson,
      String imageUrl,
      int position,
      List<OfferRecord> offers) {
    public VariantRecord {
      offers = List.copyOf(offers);
    }
  }

  /** Price and stock of a variant in one market. */
  public record OfferRecord(
      String market,
      String currency,
      long priceMinor,
      Long compareAtMinor,
      int inventoryQuantity) {}
}
