package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.application.Amounts;
import org.agentcommerce.checkout.application.OrderService;
import org.agentcommerce.checkout.application.OrderView;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderTransition;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The v2 order read. */
@RequestScoped
@Path("/agent/v2/orders")
@Authenticated
@Tag(name = "Orders", description = "Orders: priced by the server, moved only along their states")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class OrderReadsResource {

  @Inject OrderService orders;
  @Inject OrderResource v1;
  @Inject Caller caller;

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
      List<AuditEntry> audit,
      Instant createdAt,
      Instant updatedAt) {}

  public record BuyerContext(
      String buyerRef,
      boolean buyerVerified,
      String customerEmail,
      String customerName,
      String agentSessionId) {}

  /** The payment, never a PSP secret. */
  public record PaymentSummary(
      String status,
      String psp,
      String paymentId,
      String amount,
      String currency,
      Instant updatedAt) {}

  public record FulfillmentSummary(
      @Schema(description = "not_started | placing | placed | fulfilled") String status,
      String deliveryOption,
      String merchantOrderId,
      String merchantOrderNumber,
      String trackingNumber,
      java.util.Map<String, String> shippingAddress) {}

  public record Amounts(
      String subtotal,
      String discountTotal,
      String shippingFee,
      String tax,
      boolean taxIncluded,
      String total,
      String currency) {}

  public record RefundSummary(String status, String refundedAmount, String currency) {}

  public record AuditEntry(
      int seq, String fromStatus, String toStatus, String actor, String reason, Instant at) {}

  @Schema(name = "OrderV2Response")
  public record OrderV2Response(String status, OrderV2 order) {}

  @GET
  @Path("/{order_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getOrderV2",
      summary = "Read an order's state (v2)",
      description =
          "The order's state, lines, buyer context, payment, fulfilment, amounts, refunds and"
              + " audit trail. Never a PSP client secret. Another agent's order is 404.")
  @APIResponse(
      responseCode = "200",
      description = "The order",
      content = @Content(schema = @Schema(implementation = OrderV2Response.class)))
  @APIResponse(
      responseCode = "404",
      description = "ORDER_NOT_FOUND",
      content = @Content(schema = @Schema(ref = "ErrorResponse")))
  public OrderV2Response v2(@PathParam("order_id") @Size(max = 40) String orderId) {
    Order o = orders.require(caller.agentId(), orderId, v1.scope());
    OrderView v = orders.view(o);
    OrderPayments.PaymentView p = orders.payment(orderId).orElse(null);
    String cur = o.currency();
    return new OrderV2Response(
        "success",
        new OrderV2(
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
                o.agentSessionId()),
            o.paymentStatus(),
            p == null && "none".equals(o.paymentStatus())
                ? null
                : new PaymentSummary(
                    p == null ? o.paymentStatus() : p.status(),
                    p == null ? null : p.psp(),
                    p == null ? null : p.paymentId(),
                    v.totalAmount(),
                    cur,
                    p == null ? null : p.updatedAt()),
            new FulfillmentSummary(
                fulfilment(o.status()),
                o.deliveryOption(),
                o.merchantOrderId(),
                o.merchantOrderNumber(),
                o.trackingNumber(),
                v.shippingAddress()),
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
            orders.audit(o.id()).stream().map(OrderReadsResource::audit).toList(),
            o.createdAt(),
            o.updatedAt()));
  }

  private static AuditEntry audit(OrderTransition t) {
    return new AuditEntry(
        t.seq(), t.fromStatus(), t.toStatus(), t.actor(), t.reason(), t.createdAt());
  }

  /** The v2 state of a v1 status (docs/orders.md). */
  static String state(OrderStatus s) {
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
