package org.agentcommerce.catalog.api;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A product as agents see it: one merchant's listing with its variants priced in one market, in
 * major units of that market's currency. Variant ids are the merchant platform's real ids.
 */
public record ProductView(
    String id,
    String productId,
    String platformProductId,
    String handle,
    String platform,
    String merchantId,
    String merchantName,
    String title,
    String description,
    String vendor,
    String productType,
    String category,
    String catalogSurface,
    List<String> tags,
    List<String> keyActives,
    List<String> skinTypes,
    List<String> concerns,
    BigDecimal price,
    BigDecimal compareAtPrice,
    String currency,
    String market,
    int inventoryQuantity,
    boolean inStock,
    String sku,
    String imageUrl,
    List<String> images,
    List<Variant> variants,
    String productGroupId,
    String status,
    Instant createdAt,
    Instant updatedAt,
    Double relevanceScore) {

  /** The same product with the relevance score of a search hit. */
  public ProductView withScore(double score) {
    return new ProductView(
        id,
        productId,
        platformProductId,
        handle,
        platform,
        merchantId,
        merchantName,
        title,
        description,
        vendor,
        productType,
        category,
        catalogSurface,
        tags,
        keyActives,
        skinTypes,
        concerns,
        price,
        compareAtPrice,
        currency,
        market,
        inventoryQuantity,
        inStock,
        sku,
        imageUrl,
        images,
        variants,
        productGroupId,
        status,
        createdAt,
        updatedAt,
        score);
  }

  /** One variant: the platform's id, its options and its offer in this market. */
  public record Variant(
      String id,
      String variantId,
      String title,
      String sku,
      BigDecimal price,
      BigDecimal compareAtPrice,
      String currency,
      int inventoryQuantity,
      boolean inStock,
      Map<String, String> options,
      String imageUrl,
      int position) {}
}
