package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.agentcommerce.checkout.application.OrderService;
import org.agentcommerce.checkout.application.OrderV2View;
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
  @Inject OrderV2View view;
  @Inject OrderResource v1;
  @Inject Caller caller;

  @Schema(name = "OrderV2Response")
  public record OrderV2Response(String status, OrderV2View.OrderV2 order) {}

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
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  public OrderV2Response v2(@PathParam("order_id") @Size(max = 40) String orderId) {
    return new OrderV2Response(
        "success", view.of(orders.require(caller.agentId(), orderId, v1.scope())));
  }

  @POST
  @org.agentcommerce.platform.api.security.Idempotent
  @jakarta.ws.rs.Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "createOrderV2",
      summary = "Create an order (the origin service's v2 route)",
      description =
          "The same as POST /agent/v1/orders/create: the same body, headers, refusals and"
              + " answer, idempotent per key.")
  @org.eclipse.microprofile.openapi.annotations.parameters.Parameters(
      @org.eclipse.microprofile.openapi.annotations.parameters.Parameter(
          name = "Idempotency-Key",
          in = org.eclipse.microprofile.openapi.annotations.enums.ParameterIn.HEADER))
  @APIResponse(
      responseCode = "200",
      description = "The order",
      content =
          @Content(schema = @Schema(implementation = OrderResource.CreateOrderResponse.class)))
  @APIResponse(
      responseCode = "404",
      description = "MERCHANT_NOT_FOUND, PRODUCT_NOT_FOUND, QUOTE_NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description =
          "PRICE_CHANGED, QUOTE_EXPIRED, QUOTE_CONSUMED, QUOTE_MISMATCH, OUT_OF_STOCK,"
              + " SHIPPING_UNAVAILABLE, CURRENCY_MISMATCH, PREFLIGHT_FAILED, idempotency_conflict")
  public OrderResource.CreateOrderResponse create(
      @jakarta.validation.constraints.NotNull @jakarta.validation.Valid
          OrderResource.CreateOrderRequest body,
      @jakarta.ws.rs.HeaderParam("X-Buyer-Ref") String buyerRef) {
    return v1.createOrder(body, buyerRef);
  }

  @GET
  @Path("/{order_id}/tracking")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "trackOrderV2",
      summary = "Where an order stands at the merchant (the origin service's v2 route)",
      description = "The same as GET /agent/v1/orders/{order_id}/track.")
  @APIResponse(
      responseCode = "200",
      description = "The tracking",
      content = @Content(schema = @Schema(implementation = OrderResource.Tracking.class)))
  @APIResponse(responseCode = "404", description = "ORDER_NOT_FOUND")
  public OrderResource.Tracking tracking(@PathParam("order_id") @Size(max = 40) String orderId) {
    return v1.track(orderId);
  }
}
