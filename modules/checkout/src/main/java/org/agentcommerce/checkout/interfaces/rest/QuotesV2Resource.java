package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.CountsAs;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Idempotent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The origin service's v2 quote routes: thin views over {@link QuoteResource}, the same body,
 * refusals and answer.
 */
@RequestScoped
@Path("/agent/v2/quotes")
@Authenticated
@Tag(name = "Quotes", description = "Cart validation, server-locked quotes and offers preflight")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class QuotesV2Resource {

  @Inject QuoteResource v1;

  @POST
  @Path("/preview")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @CountsAs(CountedCall.QUOTE)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "previewQuoteV2",
      summary = "Get a server-locked quote (the origin service's v2 route)",
      description = "The same as POST /agent/v1/quotes/preview.")
  @Parameters(@Parameter(name = "Idempotency-Key", in = ParameterIn.HEADER))
  @APIResponse(
      responseCode = "200",
      description = "The quote",
      content = @Content(schema = @Schema(implementation = QuoteResource.QuoteResponse.class)))
  @APIResponse(responseCode = "409", description = "OUT_OF_STOCK, SHIPPING_UNAVAILABLE")
  @APIResponse(
      responseCode = "404",
      description = "MERCHANT_NOT_FOUND: the merchant named does not exist")
  public QuoteResource.QuoteResponse preview(@NotNull @Valid QuoteResource.QuoteRequest body) {
    return v1.previewQuote(body);
  }

  @GET
  @Path("/{quote_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getQuoteV2",
      summary = "Read a quote back (the origin service's v2 route)",
      description = "The same as GET /agent/v1/quotes/{quote_id}.")
  @APIResponse(
      responseCode = "200",
      description = "The quote",
      content = @Content(schema = @Schema(implementation = QuoteResource.QuoteResponse.class)))
  @APIResponse(responseCode = "404", description = "QUOTE_NOT_FOUND")
  public QuoteResource.QuoteResponse get(@PathParam("quote_id") @Size(max = 40) String quoteId) {
    return v1.get(quoteId);
  }
}
