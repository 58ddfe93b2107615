package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.agentcommerce.payment.application.BuyerPages;
import org.agentcommerce.platform.api.NoStore;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The buyer's mandate confirmation page's API ({@link BuyerPageResource}): confirm or decline one
 * stepped-up mandate payment.
 */
@RequestScoped
@Path("/agent/v1/payments/authorizations/{authorization_id}/page")
@Produces(MediaType.APPLICATION_JSON)
@NoStore
public class AuthorizationPageResource extends BuyerPageResource {

  @PathParam("authorization_id")
  String id;

  public AuthorizationPageResource() {
    super(BuyerPages.AUTHORIZATION);
  }

  @Override
  @GET
  @Operation(
      operationId = "mandateAuthorizationPage",
      summary = "A mandate payment to confirm, as the buyer's page shows it")
  @Parameter(name = "authorization_id", in = ParameterIn.PATH)
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  public Response view() {
    return show(id);
  }

  @Override
  @POST
  @Path("/approve")
  @Operation(operationId = "mandateAuthorizationPageApprove", summary = "The buyer approves")
  @Parameter(name = "authorization_id", in = ParameterIn.PATH)
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  public Response approve() {
    return decide(id, true);
  }

  @Override
  @POST
  @Path("/decline")
  @Operation(operationId = "mandateAuthorizationPageDecline", summary = "The buyer declines")
  @Parameter(name = "authorization_id", in = ParameterIn.PATH)
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  public Response decline() {
    return decide(id, false);
  }
}
