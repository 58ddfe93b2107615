package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.agentcommerce.platform.api.security.Authenticated;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The deprecated SDK order list. */
@RequestScoped
@Path("/agent/v1/sdk/orders")
@Authenticated
@Tag(name = "Orders", description = "Orders: priced by the server, moved only along their states")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class SdkOrdersResource {

  @Inject OrderResource v1;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listSdkOrders",
      summary = "List orders (deprecated)",
      deprecated = true,
      description =
          "Deprecated: use GET /agent/v1/orders. Answers the same list with Deprecation and Link"
              + " (rel=successor-version) headers.")
  @APIResponse(
      responseCode = "200",
      description = "A page of orders",
      headers = {
        @Header(
            name = "Deprecation",
            schema =
                @Schema(
                    type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING)),
        @Header(
            name = "Link",
            schema =
                @Schema(
                    type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING))
      },
      content = @Content(schema = @Schema(implementation = OrderResource.ListResponse.class)))
  public Response sdkOrders(
      @QueryParam("merchant_id") @Size(max = 64) String merchantId,
      @QueryParam("status") @Pattern(regexp = OrderResource.STATUS_FILTER) String status,
      @QueryParam("limit") @DefaultValue("50") @Min(0) @Max(100) int limit,
      @QueryParam("offset") @DefaultValue("0") @Min(0) @Max(1_000_000) int offset) {
    return Response.ok(v1.page(merchantId, status, null, null, null, limit, offset))
        .header("Deprecation", "true")
        .header("Link", "</agent/v1/orders>; rel=\"successor-version\"")
        .build();
  }
}
