package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Form;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.agentcommerce.payment.infrastructure.psp.sandbox.SandboxChallenges;
import org.agentcommerce.payment.infrastructure.psp.sandbox.SandboxLedger;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The sandbox PSP's 3-D Secure challenge page: what a bank's page would be. Anyone with the charge
 * id sees the page; an answer needs the secret of the challenge's link (its fragment, {@code
 * #secret=scs_…}, handed out once to whoever made the payment: the buyer's page on the hosted
 * checkout), which the page's script moves from the address into the form. The buyer approves or
 * fails, and is sent back to the payment's return_url. The payment learns the answer by
 * reconciliation.
 */
@RequestScoped
@SecurityRequirementsSet
@Path("/sandbox/psp/challenge")
@Tag(name = "Sandbox PSP", description = "The built-in test PSP's buyer-facing pages")
public class SandboxPspResource {

  /**
   * Moves the link's secret from the address's fragment into the form (kept for this tab, so a
   * reload still answers) and takes it out of the address bar.
   */
  static final String SCRIPT =
      "(function(){var k='challenge:'+location.pathname,s=null;"
          + "try{s=window.sessionStorage;}catch(e){}"
          + "var m=/(?:^#|&)secret=([^&]+)/.exec(location.hash),v=m?decodeURIComponent(m[1]):null;"
          + "if(m){if(s)s.setItem(k,v);history.replaceState(null,'',location.pathname+location.search);}"
          + "if(!v&&s)v=s.getItem(k);"
          + "var f=document.getElementById('secret');if(f&&v)f.value=v;"
          + "var n=document.getElementById('no-secret');if(n&&!v)n.hidden=false;})();";

  private static final String CSP =
      "default-src 'none'; script-src 'sha256-" + sha256(SCRIPT) + "'; form-action 'self'";

  private static final MediaType FORM = MediaType.APPLICATION_FORM_URLENCODED_TYPE;

  @Inject SandboxLedger ledger;
  @Inject SandboxChallenges challenges;

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
                ? "<form method=\"post\"><input type=\"hidden\" name=\"secret\" id=\"secret\">"
                    + "<button name=\"result\" value=\"approve\" id=\"approve\">"
                    + "Approve</button> <button name=\"result\" value=\"fail\" id=\"fail\">Fail"
                    + "</button></form><p id=\"no-secret\" role=\"alert\" hidden>This link is not"
                    + " complete: open the link your payment page gave you.</p>"
                : "<p>This challenge is answered.</p>")
            + "</main><script>"
            + SCRIPT
            + "</script></body></html>";
    return Response.ok(body, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
        .header("Cache-Control", "no-store")
        .header("Referrer-Policy", "no-referrer")
        .header("Content-Security-Policy", CSP)
        .build();
  }

  @POST
  @Path("/{charge_id}")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  @Produces(MediaType.TEXT_HTML)
  @Operation(
      operationId = "sandboxChallengeAnswer",
      summary = "Answer the challenge",
      description =
          "A form: result (approve or fail) and secret, the secret of the challenge link's"
              + " fragment (#secret=…). Without that secret nothing is answered (401"
              + " PAGE_TOKEN_INVALID); a body that is not a form is 415.")
  @RequestBody(
      required = true,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_FORM_URLENCODED,
              schema =
                  @Schema(
                      type = SchemaType.OBJECT,
                      properties = {
                        @SchemaProperty(
                            name = "result",
                            type = SchemaType.STRING,
                            enumeration = {"approve", "fail"}),
                        @SchemaProperty(
                            name = "secret",
                            type = SchemaType.STRING,
                            description = "The secret of the challenge link's fragment")
                      })))
  @APIResponse(responseCode = "303", description = "Back to the payment's return_url")
  @APIResponse(
      responseCode = "200",
      description = "The page, answered (no return_url)",
      content =
          @Content(
              mediaType = MediaType.TEXT_HTML,
              schema = @Schema(implementation = String.class)))
  @APIResponse(
      responseCode = "401",
      description = "PAGE_TOKEN_INVALID: not the secret of this challenge's link",
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "404",
      description = "NOT_FOUND",
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "415",
      description = "UNSUPPORTED_MEDIA_TYPE: the answer is a form",
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public Response answer(
      @PathParam("charge_id") String chargeId, @Context HttpHeaders headers, Form form) {
    // The form is read as the entity, not by @FormParam: a wildcard Content-Type (*/*) matches
    // this method, and @FormParam then fails on it with a 500.
    MediaType type = headers.getMediaType();
    if (type == null
        || !FORM.getType().equalsIgnoreCase(type.getType())
        || !FORM.getSubtype().equalsIgnoreCase(type.getSubtype())) {
      throw new ApiException(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "Send the answer as application/x-www-form-urlencoded: result and secret.");
    }
    SandboxLedger.Charge c = charge(chargeId);
    MultivaluedMap<String, String> fields =
        form == null ? new MultivaluedHashMap<>() : form.asMap();
    if (!challenges.answeredWith(chargeId, fields.getFirst("secret"))) {
      throw new ApiException(
          401,
          "PAGE_TOKEN_INVALID",
          "This challenge's link is not valid (or not for this payment): answer it from the link"
              + " the payment gave.");
    }
    ledger.challengeAnswered(chargeId, "approve".equals(fields.getFirst("result")));
    if (c.returnUrl() != null && c.returnUrl().matches("https?://\\S+")) {
      return Response.seeOther(URI.create(c.returnUrl())).build();
    }
    return page(chargeId);
  }

  private static String sha256(String text) {
    try {
      return Base64.getEncoder()
          .encodeToString(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private SandboxLedger.Charge charge(String chargeId) {
    if (chargeId == null || chargeId.length() > 60) {
      throw ApiException.notFound("Challenge");
    }
    return ledger.byId(chargeId).orElseThrow(() -> ApiException.notFound("Challenge"));
  }
}
