package org.agentcommerce.checkout.application;

import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An order as agents read it (v1). No @Schema on its components: the runtime then documents only
 * the annotated ones (docs/orders.md describes the origin-named fields). Amounts are decimal
 * strings in major units of currency.
 */
public record OrderView(
    String orderId,
    String status,
    String paymentStatus,
    String merchantId,
    String quoteId,
    String totalAmount,
    String currency,
    Pricing pricing,
    List<Line> lineItems,
    String deliveryOption,
    String customerEmail,
    String customerName,
    Map<String, String> shippingAddress,
    Payment payment,
    Tracking tracking,
    JsonObject metadata,
    Instant createdAt,
    Instant updatedAt,
    String total,
    List<Line> items,
    String fulfillmentStatus,
    String totalRefunded,
    String trackingNumber,
    Instant confirmedAt,
    Instant shippedAt) {

  @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "OrderPricing")
  public record Pricing(
      String subtotal,
      String discountTotal,
      String shippingFee,
      String tax,
      boolean taxIncluded,
      String total) {}

  /** A line; {@code unit_price} and {@code subtotal} as clients send them, before discounts. */
  public record Line(
      String productId,
      String variantId,
      String sku,
      String productTitle,
      String variantTitle,
      String imageUrl,
      int quantity,
      String unitPrice,
      String subtotal,
      String unitPriceEffective,
      String lineDiscountTotal,
      String lineTotal) {}

  /**
   * The order's payment as the payment module last reported it. {@code client_secret} is never
   * filled in a read.
   */
  public record Payment(
      String status,
      String psp,
      String paymentId,
      String paymentIntentId,
      String clientSecret,
      PaymentAction paymentAction) {}

  public record PaymentAction(String type, String url) {}

  /** Who made the order and where it stands at the merchant. */
  public record Tracking(
      String agentId,
      String agentSessionId,
      String buyerRef,
      boolean buyerVerified,
      String merchantOrderId,
      String merchantOrderNumber,
      String trackingNumber) {}
}
