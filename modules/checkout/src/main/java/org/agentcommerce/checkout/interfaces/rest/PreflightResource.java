package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.agentcommerce.checkout.application.PreflightService;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Offers preflight: whether a quote's offers would go through now. */
@RequestScoped
@Path("/agent/v1/offers")
@Authenticated
@Tag(name = "Quotes", description = "Cart validation, server-locked quotes and offers preflight")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class PreflightResource {

  @Inject PreflightService preflight;
  @Inject Caller caller;

  @Schema(name = "OfferPreflightRequest")
  public record PreflightRequest(
      @NotBlank @Size(max = 40) @Schema(required = true) String quoteId,
      @Size(max = 64) String merchantId,
      @Valid WireItems.Address shippingAddress) {}

  @Schema(name = "OfferPreflightResponse")
  public record PreflightResponse(
      String status,
      String quoteId,
      String quoteStatus,
      String merchantId,
      @Schema(description = "pass | warn | fail: the worst of the checks") String preflightResult,
      @Schema(description = "low | medium | high") String riskTier,
      @Schema(
              description =
                  "Whether a failing preflight blocks order creation here (409 PREFLIGHT_FAILED)")
          boolean enforcement,
      List<PreflightService.Offer> offers,
      List<PreflightService.Check> checks,
      List<String> requiredActions,
      List<String> fallbackOptions) {}

  @POST
  @Path("/preflight")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "preflightOffers",
      summary = "Preflight the offers of a quote",
      description =
          "Canonical offer objects (one per quote line) and structured checks — pricing, inventory,"
              + " delivery, policy_disclosure, each pass, warn or fail — with required actions,"
              + " fallback options and a risk tier. Writes nothing. Additive: it does not replace"
              + " quotes or orders. With the deployment flag ac.orders.preflight-enforcement on, an"
              + " order from a quote whose preflight fails is refused (409 PREFLIGHT_FAILED).")
  @APIResponse(
      responseCode = "200",
      description = "The preflight",
      content = @Content(schema = @Schema(implementation = PreflightResponse.class)))
  @APIResponse(responseCode = "404", description = "QUOTE_NOT_FOUND")
  public PreflightResponse preflight(@NotNull @Valid PreflightRequest body) {
    PreflightService.Result r =
        preflight.run(
            caller.agentId(),
            body.quoteId(),
            body.merchantId(),
            WireItems.destination(body.shippingAddress()));
    return new PreflightResponse(
        "success",
        r.quoteId(),
        r.quoteStatus(),
        r.merchantId(),
        r.overall(),
        r.riskTier(),
        r.enforcement(),
        r.offers(),
        r.checks(),
        r.requiredActions(),
        r.fallbackOptions());
  }
}
