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
 * The buyer's approval page's API ({@link BuyerPageResource}): approve or decline one payment above
 * the agent's threshold.
 */
@RequestScoped
@Path("/agent/v1/payments/approvals/{approval_id}/page")
@Produces(MediaType.APPLICATION_JSON)
@NoStore
public class ApprovalPageResource extends BuyerPageResource {

  @PathParam("approval_id")
  String id;

  public ApprovalPageResource() {
    super(BuyerPages.APPROVAL);
  }

  @Override
  @GET
  @Operation(
      operationId = "hilApprovalPage",
      summary = "A payment approval, as the buyer's page shows it")
  @Parameter(name = "approval_id", in = ParameterIn.PATH)
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  public Response view() {
    return show(id);
  }

  @Override
  @POST
  @Path("/approve")
  @Operation(operationId = "hilApprovalPageApprove", summary = "The buyer approves")
  @Parameter(name = "approval_id", in = ParameterIn.PATH)
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  public Response approve() {
    return decide(id, true);
  }

  @Override
  @POST
  @Path("/decline")
  @Operation(operationId = "hilApprovalPageDecline", summary = "The buyer declines")
  @Parameter(name = "approval_id", in = ParameterIn.PATH)
  @Parameter(name = "X-Page-Token", in = ParameterIn.HEADER, required = true)
  public Response decline() {
    return decide(id, false);
  }
}
