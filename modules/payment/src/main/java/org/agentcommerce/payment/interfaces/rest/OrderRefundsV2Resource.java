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
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The origin service's v2 order refund route, {@code POST /agent/v2/orders/{order_id}/refunds}: the
 * same refund as {@link OrderRefundResource}, answered as {@code {order_id, refund{…}}}.
 */
@RequestScoped
@Path("/agent/v2/orders/{order_id}/refunds")
@Authenticated
@Tag(name = "Payments")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class OrderRefundsV2Resource {

  @Inject OrderRefundResource v1;

  @Schema(name = "OrderRefundV2Response")
  public record OrderRefundV2Response(
      @Schema(required = true) String status,
      @Schema(required = true) String orderId,
      @Schema(required = true) RefundResource.RefundView refund) {}

  @POST
  @Idempotent(outsideEffects = true)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "refundOrderV2",
      summary = "Refund an order (the origin service's v2 route)",
      description = "The same refund as POST /agent/v1/orders/{order_id}/refund.")
  @APIResponse(
      responseCode = "200",
      description = "The refund",
      content = @Content(schema = @Schema(implementation = OrderRefundV2Response.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND, PAYMENT_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description = "PAYMENT_NOT_SUCCEEDED, REFUND_EXCEEDS_PAYMENT, idempotency_conflict")
  public OrderRefundV2Response refund(
      @PathParam("order_id") @Size(max = 40) String orderId,
      @Valid RefundResource.RefundRequest body) {
    return new OrderRefundV2Response("success", orderId, v1.refundOrder(orderId, body));
  }
}
