package org.agentcommerce.checkout.application;

import java.time.Instant;
import java.util.List;

/**
 * A quote as agents receive it (and as it is stored): amounts are decimal strings in major units of
 * {@code currency}.
 */
public record QuoteView(
    String quoteId,
    String status,
    Instant expiresAt,
    Instant createdAt,
    String merchantId,
    String market,
    String currency,
    Pricing pricing,
    List<LineItem> lineItems,
    List<PromotionLine> promotionLines,
    List<DeliveryOption> deliveryOptions,
    String selectedDeliveryOption,
    Destination shipTo,
    String briefId) {

  /** Totals. {@code tax_included}: the tax is part of the prices (VAT), not added on top. */
  @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "QuotePricing")
  public record Pricing(
      String subtotal,
      String discountTotal,
      String shippingFee,
      String tax,
      boolean taxIncluded,
      String total) {}

  public record LineItem(
      String productId,
      String variantId,
      String sku,
      String title,
      String variantTitle,
      String imageUrl,
      int quantity,
      String unitPriceOriginal,
      String unitPriceEffective,
      String lineDiscountTotal,
      String lineTotal) {}

  public record PromotionLine(String code, String kind, String description, String amount) {}

  public record DeliveryOption(
      String id, String label, String fee, boolean free, int minDays, int maxDays) {}

  /** Where the quote's shipping and tax were computed for. */
  public record Destination(String country, String region, String postalCode) {}
}
