package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.agentcommerce.payment.application.Mandates;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRequired;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.jwt.JsonWebToken;
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
 * The buyer confirms a stepped-up authorization (see MandateResource). Mandates (a buyer's standing
 * permission for this agent to pay without them present) and the constrained authorisations minted
 * from them: {@code POST /agent/v1/mandates}, {@code GET /agent/v1/mandates}, {@code POST
 * /agent/v1/mandates/{id}/revoke}, {@code POST /agent/v1/payments/authorize}, {@code POST
 * /agent/v1/payments/authorizations/{id}/confirm}.
 */
@RequestScoped
@Path("/agent/v1/payments/authorizations")
@Authenticated
@Tag(name = "Mandates")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class PaymentAuthorizationResource {

  @Inject Mandates mandates;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;

  @POST
  @Path("/{authorization_id}/confirm")
  @BuyerRequired
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "confirmPaymentAuthorization",
      summary = "The buyer confirms a stepped-up authorization")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER, required = true))
  @APIResponse(
      responseCode = "200",
      description = "The authorization, usable",
      content =
          @Content(schema = @Schema(implementation = MandateResource.AuthorizeResponse.class)))
  @APIResponse(responseCode = "404", description = "AUTHORIZATION_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "INVALID_STATE, EXPIRED_AUTHORIZATION")
  public MandateResource.AuthorizeResponse confirm(
      @PathParam("authorization_id") String authorizationId) {
    JsonWebToken t = buyer.requireVerifiedBuyer();
    return PaymentAuthorizeResource.view(
        mandates.confirm(caller.agentId(), authorizationId, t.getIssuer(), t.getSubject()), null);
  }
}
