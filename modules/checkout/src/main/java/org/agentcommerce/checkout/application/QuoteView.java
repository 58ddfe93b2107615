package org.agentcommerce.checkout.application;

import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

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

  /**
   * This quote with the origin's promotion members filled in on lines stored before they existed
   * (their allocations stay null: the lines' split was not kept).
   */
  public QuoteView withOriginPromotionMembers() {
    if (promotionLines == null || promotionLines.stream().allMatch(l -> l.id() != null)) {
      return this;
    }
    List<PromotionLine> lines = new java.util.ArrayList<>();
    for (int i = 0; i < promotionLines.size(); i++) {
      lines.add(promotionLines.get(i).completed(i));
    }
    return new QuoteView(
        quoteId,
        status,
        expiresAt,
        createdAt,
        merchantId,
        market,
        currency,
        pricing,
        lineItems,
        List.copyOf(lines),
        deliveryOptions,
        selectedDeliveryOption,
        shipTo,
        briefId);
  }

  /** Totals. {@code tax_included}: the tax is part of the prices (VAT), not added on top. */
  @Schema(name = "QuotePricing")
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

  /**
   * A promotion applied to the quote. {@code code}, {@code kind}, {@code description} and {@code
   * amount} are ours; {@code id}, {@code source}, {@code discount_class}, {@code method}, {@code
   * label} and {@code allocations} are the origin service's names for the same promotion. {@code
   * amount} is what it takes off, positive (the origin writes it negative; its clients read the
   * magnitude).
   */
  @Schema(name = "QuotePromotionLine")
  public record PromotionLine(
      @Schema(description = "The discount code") String code,
      @Schema(description = "percentage, fixed or free_shipping") String kind,
      @Schema(description = "The merchant's description of the promotion") String description,
      @Schema(
              description =
                  "What it takes off the merchandise, positive, decimal string in major units"
                      + " (0.00 for free_shipping, whose saving is the delivery option's fee)")
          String amount,
      @Schema(description = "pl_0, pl_1, … in the order the promotions were applied") String id,
      @Schema(description = "merchant: a promotion of the merchant's, kept by this service")
          String source,
      @Schema(description = "order (taken off the subtotal, spread over the lines) or shipping")
          String discountClass,
      @Schema(description = "code: every promotion here is applied by its code") String method,
      @Schema(description = "The description, else the code") String label,
      @Schema(
              type = SchemaType.ARRAY,
              implementation = Allocation.class,
              description =
                  "Which line carries what part of amount (positive; they sum to amount); empty"
                      + " when amount is 0.00; null on quotes priced before issue 38 closed")
          List<Allocation> allocations) {

    /** The origin's members from ours, for a line stored before they existed. */
    PromotionLine completed(int index) {
      if (id != null) {
        return this;
      }
      return of(index, code, kind, description, amount, allocations);
    }

    static PromotionLine of(
        int index,
        String code,
        String kind,
        String description,
        String amount,
        List<Allocation> allocations) {
      return new PromotionLine(
          code,
          kind,
          description,
          amount,
          "pl_" + index,
          "merchant",
          "free_shipping".equals(kind) ? "shipping" : "order",
          "code",
          description == null || description.isBlank() ? code : description,
          allocations);
    }
  }

  /** A line's part of a promotion (the origin's allocation). */
  @Schema(name = "QuotePromotionAllocation")
  public record Allocation(
      @Schema(description = "line_item") String targetType,
      @Schema(description = "The line's variant_id") String targetId,
      @Schema(description = "Positive, decimal string in major units") String amount) {}

  public record DeliveryOption(
      String id, String label, String fee, boolean free, int minDays, int maxDays) {}

  /** Where the quote's shipping and tax were computed for. */
  public record Destination(String country, String region, String postalCode) {}
}
