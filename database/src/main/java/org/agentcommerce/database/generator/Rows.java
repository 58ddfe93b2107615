package org.agentcommerce.database.generator;

import java.time.LocalDateTime;
import java.util.List;

/** Rows of the catalog tables, in the column order of {@link Table}. */
final class Rows {

  private Rows() {}

  record Product(
      String id,
      String merchantId,
      String platformProductId,
      String handle,
      String title,
      String description,
      String vendor,
      String productType,
      String category,
      String surface,
      String tags,
      String keyActives,
      String ingredients,
      String skinTypes,
      String concerns,
      String imageUrl,
      String status,
      LocalDateTime createdAt,
      LocalDateTime updatedAt) {

    Object[] values() {
      return new Object[] {
        id,
        merchantId,
        platformProductId,
        handle,
        title,
        description,
        vendor,
        productType,
        category,
        surface,
        tags,
        keyActives,
        ingredients,
        skinTypes,
        concerns,
        imageUrl,
        status,
        createdAt,
        updatedAt
      };
    }
  }

  record Variant(
      String id,
      String productId,
      String platformVariantId,
      String title,
      String sku,
      String optionsJson,
      String imageUrl,
      int position) {

    Object[] values() {
      return new Object[] {
        id, productId, platformVariantId, title, sku, optionsJson, imageUrl, position
      };
    }
  }

  record Offer(
      String id,
      String variantId,
      String merchantId,
      String market,
      String currency,
      long priceMinor,
      Long compareAtMinor,
      int inventoryQuantity,
      LocalDateTime updatedAt) {

    Object[] values() {
      return new Object[] {
        id,
        variantId,
        merchantId,
        market,
        currency,
        priceMinor,
        compareAtMinor,
        inventoryQuantity,
        updatedAt
      };
    }
  }

  /** One merchant's listing of a product: the product row, its variants and their offers. */
  record Listing(
      ProductSpec spec,
      Merchant merchant,
      Product product,
      List<Variant> variants,
      List<Offer> offers) {

    /** The product page on the merchant's store. */
    String pageUrl() {
      return merchant.storeUrl() + "/products/" + product.handle();
    }
  }
}
