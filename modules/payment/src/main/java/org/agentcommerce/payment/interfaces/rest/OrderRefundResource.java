package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.payment.application.PaymentService;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The origin service's order refund route, {@code POST /agent/v1/orders/{order_id}/refund}: a thin
 * view over {@link RefundResource} that refunds the order's succeeded payment (the v2 route is
 * {@link OrderRefundsV2Resource}).
 */
@RequestScoped
@Path("/agent/v1/orders/{order_id}/refund")
@Authenticated
@Tag(name = "Payments")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class OrderRefundResource {

  @Inject RefundResource refunds;
  @Inject PaymentService payments;
  @Inject OrderBook orders;
  @Inject Caller caller;

  @POST
  @Idempotent(outsideEffects = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "refundOrder",
      summary = "Refund an order (the origin service's route)",
      description =
          "Refunds the order's succeeded payment exactly like POST"
              + " /agent/v1/payments/{payment_id}/refunds (full without amount, partial with it)."
              + " ORDER_NOT_FOUND 404 (also another agent's order); PAYMENT_NOT_SUCCEEDED,"
              + " REFUND_EXCEEDS_PAYMENT 409.")
  @APIResponse(
      responseCode = "200",
      description = "The refund",
      content = @Content(schema = @Schema(implementation = RefundResource.RefundView.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND, PAYMENT_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description = "PAYMENT_NOT_SUCCEEDED, REFUND_EXCEEDS_PAYMENT, idempotency_conflict")
  public RefundResource.RefundView refund(
      @PathParam("order_id") @Size(max = 40) String orderId,
      @Valid RefundResource.RefundRequest body) {
    return refundOrder(orderId, body);
  }

  /** The refund without the idempotency binding (the v2 route calls it from its own). */
  public RefundResource.RefundView refundOrder(String orderId, RefundResource.RefundRequest body) {
    return refunds.refundPayment(paymentOf(orderId), body);
  }

  /**
   * The order's payment to refund: the agent's order's latest payment, which must have succeeded.
   */
  private String paymentOf(String orderId) {
    if (orders.order(caller.agentId(), orderId).isEmpty()) {
      throw new ApiException(404, "ORDER_NOT_FOUND", "No order " + orderId + " of this agent.");
    }
    return payments
        .latest(orderId)
        .filter(p -> p.succeeded())
        .map(p -> p.paymentId())
        .orElseThrow(
            () ->
                new ApiException(
                    409,
                    "PAYMENT_NOT_SUCCEEDED",
                    "Order " + orderId + " has no succeeded payment to refund.",
                    Map.of("order_id", orderId),
                    Map.of()));
  }
}
