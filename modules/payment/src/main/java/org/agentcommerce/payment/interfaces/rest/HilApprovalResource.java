package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import org.agentcommerce.payment.application.HilApprovals;
import org.agentcommerce.platform.api.ApiException;
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
 * Human-in-the-loop approvals: read one, and the buyer's decision. Deciding needs the verified
 * buyer token of the buyer the approval was asked for (the buyer's own page decides with its page
 * token instead: ApprovalPageResource). With a buyer token, another buyer's approval is not there.
 */
@RequestScoped
@Path("/agent/v1/payments/approvals")
@Authenticated
@Tag(name = "Payments")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class HilApprovalResource {

  @Inject HilApprovals approvals;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;

  @Schema(name = "HilApproval")
  public record ApprovalView(
      String approvalId,
      String orderId,
      String amount,
      String currency,
      @Schema(enumeration = {"pending", "approved", "rejected", "used"}) String status,
      String usedByPayment,
      Instant expiresAt,
      Instant createdAt) {}

  @GET
  @Path("/{approval_id}")
  @BuyerRequired
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getHilApproval",
      summary = "Read an approval",
      description =
          "Needs the token of the buyer the approval was asked of (X-Agent-User-JWT): without one"
              + " 401 USER_AUTH_REQUIRED; another agent's approval, or one asked of another"
              + " buyer, is 404. The agent's own record of it is the 409 HIL_REQUIRED answer.")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER, required = true))
  @APIResponse(
      responseCode = "200",
      description = "The approval",
      content = @Content(schema = @Schema(implementation = ApprovalView.class)))
  @APIResponse(responseCode = "404", description = "HIL_APPROVAL_NOT_FOUND")
  public ApprovalView read(@PathParam("approval_id") String approvalId) {
    return view(
        approvals
            .find(caller.agentId(), approvalId)
            .filter(a -> BuyerScope.sees(buyer, a.buyerIssuer(), a.buyerSubject()))
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "HIL_APPROVAL_NOT_FOUND",
                        "No approval " + approvalId + " of this agent.")));
  }

  @POST
  @Path("/{approval_id}/approve")
  @BuyerRequired
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "approveHilApproval",
      summary = "The buyer approves a payment",
      description =
          "Only the buyer the approval was asked for (X-Agent-User-JWT), while it is"
              + " pending and unexpired; to another buyer it is 404, as another agent's.")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER, required = true))
  @APIResponse(
      responseCode = "200",
      description = "The approval, approved",
      content = @Content(schema = @Schema(implementation = ApprovalView.class)))
  @APIResponse(responseCode = "404", description = "HIL_APPROVAL_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "INVALID_STATE, HIL_APPROVAL_EXPIRED")
  public ApprovalView approve(@PathParam("approval_id") String approvalId) {
    return decide(approvalId, true);
  }

  @POST
  @Path("/{approval_id}/reject")
  @BuyerRequired
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "rejectHilApproval",
      summary = "The buyer refuses a payment",
      description =
          "Only the buyer the approval was asked for (X-Agent-User-JWT), while it is"
              + " pending and unexpired; to another buyer it is 404, as another agent's.")
  @Parameters(@Parameter(name = "X-Agent-User-JWT", in = ParameterIn.HEADER, required = true))
  @APIResponse(
      responseCode = "200",
      description = "The approval, rejected",
      content = @Content(schema = @Schema(implementation = ApprovalView.class)))
  @APIResponse(responseCode = "404", description = "HIL_APPROVAL_NOT_FOUND")
  @APIResponse(responseCode = "409", description = "INVALID_STATE, HIL_APPROVAL_EXPIRED")
  public ApprovalView reject(@PathParam("approval_id") String approvalId) {
    return decide(approvalId, false);
  }

  private ApprovalView decide(String approvalId, boolean approve) {
    JsonWebToken t = buyer.requireVerifiedBuyer();
    return view(
        approvals.decide(caller.agentId(), approvalId, approve, t.getIssuer(), t.getSubject()));
  }

  private static ApprovalView view(HilApprovals.Approval a) {
    return new ApprovalView(
        a.approvalId(),
        a.orderId(),
        a.amount().amount().toPlainString(),
        a.amount().currencyCode(),
        a.status(),
        a.usedByPayment(),
        a.expiresAt(),
        a.createdAt());
  }
}
