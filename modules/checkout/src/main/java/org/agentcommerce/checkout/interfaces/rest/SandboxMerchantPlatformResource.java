package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.agentcommerce.checkout.application.placement.SandboxBackOffice;
import org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The sandbox merchant platform's back office, for trials and tests: ship an order it holds, as a
 * merchant would, which moves our order to fulfilled. Only the agent whose order it is may do it.
 */
@RequestScoped
@Path("/sandbox/merchant-platform/orders")
@Authenticated
@Tag(name = "Sandbox", description = "The built-in sandbox merchant platform's back office")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class SandboxMerchantPlatformResource {

  @Inject SandboxBackOffice backOffice;
  @Inject Caller caller;

  @Inject
  @ConfigProperty(name = "ac.sandbox.merchant-platform.enabled", defaultValue = "true")
  boolean enabled;

  @Schema(name = "SandboxFulfillRequest")
  public record FulfillRequest(
      @Size(max = 60) @Pattern(regexp = "[A-Za-z0-9-]+") String trackingNumber) {}

  @Schema(name = "SandboxFulfillResponse")
  public record FulfillResponse(
      String status,
      String merchantOrderId,
      String orderId,
      String orderStatus,
      String trackingNumber) {}

  @POST
  @Path("/{merchant_order_id}/fulfill")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "fulfillSandboxOrder",
      summary = "Ship a sandbox merchant order",
      description =
          "Marks an order the sandbox merchant platform holds as shipped (with a tracking number,"
              + " generated when none is sent); our order moves confirmed → fulfilled and"
              + " order.fulfilled is emitted. Only for the agent whose order it is (others 404);"
              + " 404 when ac.sandbox.merchant-platform.enabled is off.")
  @APIResponse(
      responseCode = "200",
      description = "Shipped",
      content = @Content(schema = @Schema(implementation = FulfillResponse.class)))
  @APIResponse(responseCode = "404", description = "NOT_FOUND")
  @APIResponse(
      responseCode = "409",
      description = "INVALID_STATE (not confirmed yet, or already shipped)")
  public FulfillResponse fulfill(
      @PathParam("merchant_order_id") @Size(max = 40) String merchantOrderId,
      @Valid FulfillRequest body) {
    if (!enabled) {
      throw SandboxBackOffice.notFound(merchantOrderId);
    }
    String tracking =
        body != null && body.trackingNumber() != null
            ? body.trackingNumber()
            : "SBX" + Ids.randomHex(5).toUpperCase(java.util.Locale.ROOT);
    SandboxBackOffice.Shipped shipped =
        backOffice.ship(caller.agentId(), merchantOrderId, tracking);
    return new FulfillResponse(
        "success", shipped.merchantOrderId(), shipped.orderId(), shipped.orderStatus(), tracking);
  }

  @Schema(name = "SandboxReturnLine")
  public record SandboxReturnLine(
      @NotBlank @Size(max = 100) String variantId,
      @jakarta.validation.constraints.Min(1) @jakarta.validation.constraints.Max(1000) int quantity,
      @Size(max = 200) String reason) {}

  @Schema(name = "SandboxReturnRequest")
  public record SandboxReturnRequest(
      @jakarta.validation.constraints.NotEmpty @Size(max = 50) @Valid
          List<@jakarta.validation.constraints.NotNull SandboxReturnLine> lines) {}

  @Schema(name = "SandboxReturnResponse")
  public record SandboxReturnResponse(String status, String returnId, String merchantOrderId) {}

  @POST
  @Path("/{merchant_order_id}/returns")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "recordSandboxReturn",
      summary = "Record a return in the sandbox merchant's back office",
      description =
          "As a merchant would when a buyer sends items back: the return is the platform's, and"
              + " reaches our order when its checkout's returns are synced. Only for the agent"
              + " whose order it is (others 404); 404 when the sandbox platform is off.")
  @APIResponse(
      responseCode = "200",
      description = "Recorded",
      content = @Content(schema = @Schema(implementation = SandboxReturnResponse.class)))
  @APIResponse(responseCode = "404", description = "NOT_FOUND")
  public SandboxReturnResponse recordReturn(
      @PathParam("merchant_order_id") @Size(max = 40) String merchantOrderId,
      @jakarta.validation.constraints.NotNull @Valid SandboxReturnRequest body) {
    if (!enabled) {
      throw SandboxBackOffice.notFound(merchantOrderId);
    }
    List<PlatformReturn.Line> lines =
        body.lines().stream()
            .map(l -> new PlatformReturn.Line(l.variantId(), l.quantity(), l.reason()))
            .toList();
    return new SandboxReturnResponse(
        "success",
        backOffice.recordReturn(caller.agentId(), merchantOrderId, lines),
        merchantOrderId);
  }
}
