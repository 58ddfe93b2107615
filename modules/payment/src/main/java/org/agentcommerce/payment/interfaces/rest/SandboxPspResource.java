package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.agentcommerce.payment.infrastructure.psp.sandbox.SandboxLedger;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The sandbox PSP's 3-D Secure challenge page: what a bank's page would be. The charge id in the
 * address is the capability (random, 16 bytes); the buyer approves or fails, and is sent back to
 * the payment's return_url. The payment learns the answer by reconciliation.
 */
@RequestScoped
@SecurityRequirementsSet
@Path("/sandbox/psp/challenge")
@Tag(name = "Sandbox PSP", description = "The built-in test PSP's buyer-facing pages")
public class SandboxPspResource {

  @Inject SandboxLedger ledger;

  @GET
  @Path("/{charge_id}")
  @Produces(MediaType.TEXT_HTML)
  @Operation(operationId = "sandboxChallengePage", summary = "The 3-D Secure challenge page")
  @APIResponse(
      responseCode = "200",
      description = "An HTML page with Approve and Fail",
      content =
          @Content(
              mediaType = MediaType.TEXT_HTML,
              schema = @Schema(implementation = String.class)))
  @APIResponse(
      responseCode = "404",
      description = "NOT_FOUND",
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public Response page(@PathParam("charge_id") String chargeId) {
    SandboxLedger.Charge c = charge(chargeId);
    String amount = c.amountMinor() + " (minor units) " + c.currency();
    String body =
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<title>Sandbox 3-D Secure</title></head><body><main>"
            + "<h1>Sandbox bank: confirm this payment</h1><p>Amount: "
            + amount
            + "</p>"
            + "<p>Status: <span id=\"status\">"
            + c.status()
            + "</span></p>"
            + ("requires_action".equals(c.status())
                ? "<form method=\"post\"><button name=\"result\" value=\"approve\" id=\"approve\">"
                    + "Approve</button> <button name=\"result\" value=\"fail\" id=\"fail\">Fail"
                    + "</button></form>"
                : "<p>This challenge is answered.</p>")
            + "</main></body></html>";
    return Response.ok(body, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
        .header("Cache-Control", "no-store")
        .header("Content-Security-Policy", "default-src 'none'; form-action 'self'")
        .build();
  }

  @POST
  @Path("/{charge_id}")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  @Produces(MediaType.TEXT_HTML)
  @Operation(operationId = "sandboxChallengeAnswer", summary = "Answer the challenge")
  @APIResponse(responseCode = "303", description = "Back to the payment's return_url")
  @APIResponse(
      responseCode = "200",
      description = "The page, answered (no return_url)",
      content =
          @Content(
              mediaType = MediaType.TEXT_HTML,
              schema = @Schema(implementation = String.class)))
  @APIResponse(
      responseCode = "404",
      description = "NOT_FOUND",
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public Response answer(
      @PathParam("charge_id") String chargeId, @FormParam("result") String result) {
    SandboxLedger.Charge c = charge(chargeId);
    ledger.challengeAnswered(chargeId, "approve".equals(result));
    if (c.returnUrl() != null && c.returnUrl().matches("https?://\\S+")) {
      return Response.seeOther(URI.create(c.returnUrl())).build();
    }
    return page(chargeId);
  }

  private SandboxLedger.Charge charge(String chargeId) {
    if (chargeId == null || chargeId.length() > 60) {
      throw ApiException.notFound("Challenge");
    }
    return ledger.byId(chargeId).orElseThrow(() -> ApiException.notFound("Challenge"));
  }
}
