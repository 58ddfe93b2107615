package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.order.AfterSalesRequests;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderTransition;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The v2 read of an order ({@code GET /agent/v2/orders/{id}}), built in one place for the REST
 * resource and the tool door's {@code get_order}: both answer the same state.
 */
@ApplicationScoped
public class OrderV2View {

  @Inject OrderService orders;
  @Inject AfterSalesRequests afterSales;

  @Schema(name = "OrderV2")
  public record OrderV2(
      String orderId,
      String quoteId,
      String merchantId,
      @Schema(
              description =
                  "draft | awaiting_checkout | merchant_confirming | confirmed |"
                      + " partially_fulfilled | fulfilled | payment_failed | refund_pending |"
                      + " refunded | cancelled")
          String state,
      @Schema(description = "The v1 status the state was derived from") String status,
      List<OrderView.Line> lineItems,
      BuyerContext buyerContext,
      String paymentStatus,
      PaymentSummary paymentSummary,
      FulfillmentSummary fulfillmentSummary,
      Amounts amounts,
      RefundSummary refundSummary,
      @Schema(description = "After-sales requests opened on the order (tool door), oldest first")
          List<AfterSalesEntry> afterSales,
      @Schema(
              description =
                  "Who made the order and when it last changed, with every state move in"
                      + " transitions (a list here before issue 38)")
          Audit audit,
      Instant createdAt,
      Instant updatedAt) {}

  /** {@code agent_user_ref} is the origin's name of {@code buyer_ref}. */
  public record BuyerContext(
      String buyerRef,
      boolean buyerVerified,
      String customerEmail,
      String customerName,
      String agentSessionId,
      String agentUserRef,
      Map<String, String> shippingAddress) {}

  /** The payment, never a PSP secret. */
  public record PaymentSummary(
      String status,
      String psp,
      String paymentId,
      @Schema(description = "The PSP's payment id, else our payment_id (the origin's name)")
          String paymentIntentId,
      String amount,
      String currency,
      Instant updatedAt) {}

  /**
   * The fulfilment; {@code delivered_at} is always null (delivery is not tracked apart from
   * shipping).
   */
  @Schema(name = "FulfillmentSummary")
  public record FulfillmentSummary(
      @Schema(description = "not_started | placing | placed | fulfilled") String status,
      String deliveryOption,
      String merchantOrderId,
      String merchantOrderNumber,
      String trackingNumber,
      Map<String, String> shippingAddress,
      @Schema(description = "The origin's name of the fulfilment status: the order's own")
          String fulfillmentStatus,
      @Schema(description = "Always null: the carrier is not tracked") String carrier,
      Instant shippedAt,
      Instant deliveredAt) {}

  public record Amounts(
      String subtotal,
      String discountTotal,
      String shippingFee,
      String tax,
      boolean taxIncluded,
      String total,
      String currency) {}

  public record RefundSummary(String status, String refundedAmount, String currency) {}

  /** An after-sales request: {@code status} open, refund_pending, refunded or refund_failed. */
  public record AfterSalesEntry(
      String requestId,
      @Schema(description = "refund | return | exchange | support") String action,
      String reason,
      String status,
      String refundId,
      Instant createdAt) {}

  /** Who made the order, when, and its state moves, oldest first. */
  public record Audit(
      String agentId, Instant createdAt, Instant updatedAt, List<AuditEntry> transitions) {}

  public record AuditEntry(
      int seq, String fromStatus, String toStatus, String actor, String reason, Instant at) {}

  /** The v2 read of an order already found for the caller. */
  public OrderV2 of(Order o) {
    OrderView v = orders.view(o);
    OrderPayments.PaymentView p = orders.payment(o.id()).orElse(null);
    String cur = o.currency();
    return new OrderV2(
        o.id(),
        o.quoteId(),
        o.merchantId(),
        state(o.status()),
        o.status().wireName(),
        v.lineItems(),
        new BuyerContext(
            o.buyerRef(),
            o.buyerSubject() != null,
            o.customerEmail(),
            o.customerName(),
            o.agentSessionId(),
            o.buyerRef(),
            v.shippingAddress()),
        o.paymentStatus(),
        p == null && "none".equals(o.paymentStatus())
            ? null
            : new PaymentSummary(
                p == null ? o.paymentStatus() : p.status(),
                p == null ? null : p.psp(),
                p == null ? null : p.paymentId(),
                p == null
                    ? null
                    : p.paymentIntentId() != null ? p.paymentIntentId() : p.paymentId(),
                v.totalAmount(),
                cur,
                p == null ? null : p.updatedAt()),
        new FulfillmentSummary(
            fulfilment(o.status()),
            o.deliveryOption(),
            o.merchantOrderId(),
            o.merchantOrderNumber(),
            o.trackingNumber(),
            v.shippingAddress(),
            v.fulfillmentStatus(),
            null,
            v.shippedAt(),
            null),
        new Amounts(
            v.pricing().subtotal(),
            v.pricing().discountTotal(),
            v.pricing().shippingFee(),
            v.pricing().tax(),
            v.pricing().taxIncluded(),
            v.pricing().total(),
            cur),
        new RefundSummary(
            o.refundedMinor() == 0
                ? "none"
                : o.refundedMinor() == o.totalMinor() ? "refunded" : "partially_refunded",
            org.agentcommerce.checkout.application.Amounts.major(o.refundedMinor(), cur),
            cur),
        afterSales.of(o.id()).stream()
            .map(
                e ->
                    new AfterSalesEntry(
                        e.id(), e.action(), e.reason(), e.status(), e.refundId(), e.createdAt()))
            .toList(),
        new Audit(
            o.agentId(),
            o.createdAt(),
            o.updatedAt(),
            orders.audit(o.id()).stream().map(OrderV2View::audit).toList()),
        o.createdAt(),
        o.updatedAt());
  }

  private static AuditEntry audit(OrderTransition t) {
    return new AuditEntry(
        t.seq(), t.fromStatus(), t.toStatus(), t.actor(), t.reason(), t.createdAt());
  }

  /** The v2 state of a v1 status (docs/orders.md). */
  public static String state(OrderStatus s) {
    return switch (s) {
      case AWAITING_PAYMENT, PAYMENT_PROCESSING -> "awaiting_checkout";
      case PAYMENT_FAILED -> "payment_failed";
      case PAID, MERCHANT_CONFIRMING -> "merchant_confirming";
      case CONFIRMED -> "confirmed";
      case FULFILLED -> "fulfilled";
      case PARTIALLY_REFUNDED, REFUNDED -> "refunded";
      case CANCELLED -> "cancelled";
    };
  }

  private static String fulfilment(OrderStatus s) {
    return switch (s) {
      case MERCHANT_CONFIRMING -> "placing";
      case CONFIRMED -> "placed";
      case FULFILLED -> "fulfilled";
      default -> "not_started";
    };
  }
}
