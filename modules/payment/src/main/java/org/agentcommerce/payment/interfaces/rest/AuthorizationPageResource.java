package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.agentcommerce.payment.application.BuyerPages;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The buyer's mandate confirmation page's API: confirm or decline one stepped-up mandate payment.
 * Its credential is the page token of the page's address (X-Page-Token): no agent key, no buyer
 * token; it decides this one request once.
 */
@RequestScoped
@Path("/agent/v1/payments/authorizations/{authorization_id}/page")
@SecurityRequirementsSet
@org.agentcommerce.platform.api.NoStore
@Tag(name = "Hosted pages")
public class AuthorizationPageResource {

  @Inject BuyerPages pages;

  @PathParam("authorization_id")
  String id;

  @HeaderParam("X-Page-Token")
  String token;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Parameter(
      name = "authorization_id",
      in = ParameterIn.PATH,
      required = true,
      schema = @Schema(type = SchemaType.STRING))
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  @Operation(
      operationId = "mandateAuthorizationPage",
      summary = "A mandate payment to confirm, as the buyer's page shows it")
  @APIResponse(
      responseCode = "200",
      description =
          "Amount, merchant, the asking agent, status (pending, approved, rejected, used,"
              + " expired)",
      content = @Content(schema = @Schema(implementation = BuyerPages.DecisionView.class)))
  @APIResponse(responseCode = "401", description = "PAGE_TOKEN_INVALID")
  public Response view() {
    return PageAnswers.noStore(pages.view(BuyerPages.AUTHORIZATION, id, token));
  }

  @POST
  @Path("/approve")
  @Produces(MediaType.APPLICATION_JSON)
  @Parameter(
      name = "authorization_id",
      in = ParameterIn.PATH,
      required = true,
      schema = @Schema(type = SchemaType.STRING))
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  @Operation(operationId = "mandateAuthorizationPageApprove", summary = "The buyer approves")
  @APIResponse(
      responseCode = "200",
      description = "Approved",
      content = @Content(schema = @Schema(implementation = BuyerPages.DecisionView.class)))
  @APIResponse(responseCode = "401", description = "PAGE_TOKEN_INVALID")
  @APIResponse(responseCode = "409", description = "ALREADY_DECIDED")
  @APIResponse(responseCode = "410", description = "EXPIRED")
  public Response approve() {
    return PageAnswers.noStore(pages.decide(BuyerPages.AUTHORIZATION, id, token, true));
  }

  @POST
  @Path("/decline")
  @Produces(MediaType.APPLICATION_JSON)
  @Parameter(
      name = "authorization_id",
      in = ParameterIn.PATH,
      required = true,
      schema = @Schema(type = SchemaType.STRING))
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  @Operation(operationId = "mandateAuthorizationPageDecline", summary = "The buyer declines")
  @APIResponse(
      responseCode = "200",
      description = "Declined (status rejected): nothing will be paid with it",
      content = @Content(schema = @Schema(implementation = BuyerPages.DecisionView.class)))
  @APIResponse(responseCode = "401", description = "PAGE_TOKEN_INVALID")
  @APIResponse(responseCode = "409", description = "ALREADY_DECIDED")
  @APIResponse(responseCode = "410", description = "EXPIRED")
  public Response decline() {
    return PageAnswers.noStore(pages.decide(BuyerPages.AUTHORIZATION, id, token, false));
  }
}
