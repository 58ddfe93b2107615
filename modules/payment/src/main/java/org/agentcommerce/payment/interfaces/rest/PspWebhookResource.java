package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.payment.application.PspWebhooks;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Where PSPs send their webhooks: {@code /webhooks/psp/stripe}, {@code /webhooks/psp/adyen} ({@code
 * ?account=} names the configured account whose webhook secret verifies it, default the PSP's
 * name). No API key: the PSP's signature is the credential.
 */
@RequestScoped
@SecurityRequirementsSet
@Path("/webhooks/psp")
@Tag(name = "PSP webhooks", description = "Signed notifications from payment providers")
public class PspWebhookResource {

  @Inject PspWebhooks webhooks;
  @Context HttpHeaders headers;

  @Schema(name = "PspWebhookAnswer")
  public record Answer(String status, String eventId, String paymentId, String paymentStatus) {}

  @POST
  @Path("/{psp}")
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "receivePspWebhook",
      summary = "Receive a PSP's webhook",
      description =
          "Verifies the PSP's signature over the raw body, handles each PSP event once,"
              + " settles the payment it is about.")
  @RequestBody(
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema =
                  @Schema(
                      type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT)))
  @APIResponse(
      responseCode = "200",
      description = "Handled (or a duplicate)",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = Answer.class)))
  @APIResponse(responseCode = "400", description = "WEBHOOK_SIGNATURE_INVALID")
  @APIResponse(responseCode = "404", description = "PSP_NOT_FOUND")
  public Answer receive(
      @PathParam("psp") String psp, @QueryParam("account") String account, byte[] body) {
    PspWebhooks.Handled h = handle(psp, account, body);
    return new Answer(
        h.duplicate() ? "duplicate" : "accepted", h.eventId(), h.paymentId(), h.outcome());
  }

  @POST
  @Path("/adyen")
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.TEXT_PLAIN)
  @Operation(
      operationId = "receiveAdyenWebhook",
      summary = "Receive Adyen's webhook",
      description = "As /webhooks/psp/{psp}, answered [accepted] as Adyen expects.")
  @RequestBody(
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema =
                  @Schema(
                      type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT)))
  @APIResponse(
      responseCode = "200",
      description = "[accepted]",
      content =
          @Content(
              mediaType = MediaType.TEXT_PLAIN,
              schema = @Schema(implementation = String.class)))
  @APIResponse(
      responseCode = "400",
      description = "WEBHOOK_SIGNATURE_INVALID",
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public String receiveAdyen(@QueryParam("account") String account, byte[] body) {
    handle("adyen", account, body);
    return "[accepted]";
  }

  private PspWebhooks.Handled handle(String psp, String account, byte[] body) {
    Map<String, List<String>> lower = new HashMap<>();
    headers.getRequestHeaders().forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
    return webhooks.handle(psp, account, lower, body == null ? new byte[0] : body);
  }
}
