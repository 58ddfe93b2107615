package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.agentcommerce.checkout.application.storefront.StorefrontWebhookService;
import org.agentcommerce.platform.api.InvalidInputException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Webhooks from a merchant's storefront platform (Shopify's form), authenticated by the HMAC of the
 * raw body with the merchant's webhook secret, not by an agent key.
 */
@RequestScoped
@Path("/webhooks/storefront")
@SecurityRequirementsSet
@Tag(name = "Storefront webhooks", description = "Signed notifications from merchant platforms")
public class StorefrontWebhookResource {

  @Inject StorefrontWebhookService storefront;

  @Schema(name = "StorefrontWebhookAnswer")
  public record Answer(
      @Schema(required = true) String status,
      @Schema(required = true) boolean duplicate,
      @Schema(required = true) String eventId,
      @Schema(
              required = true,
              description =
                  "applied | ignored_topic | ignored_state | order_not_found | duplicate_refund | refused")
          String outcome,
      String orderId) {}

  @POST
  @Path("/{merchant_id}")
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "receiveStorefrontWebhook",
      summary = "Receive a storefront platform's webhook",
      description =
          "X-Shopify-Hmac-Sha256 must be the base64 HMAC-SHA256 of the raw body with the"
              + " merchant's webhook secret (401 otherwise). Each X-Shopify-Webhook-Id is handled"
              + " once (again: duplicate true). Only metadata and the payload's SHA-256 are kept,"
              + " chained per merchant. orders/fulfilled and refunds/create move our order.")
  @RequestBody(
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(type = SchemaType.OBJECT)))
  @APIResponse(
      responseCode = "200",
      description = "Handled (or a duplicate)",
      content = @Content(schema = @Schema(implementation = Answer.class)))
  @APIResponse(responseCode = "401", description = "WEBHOOK_SIGNATURE_INVALID")
  @APIResponse(
      responseCode = "409",
      description = "A refund larger than what is left of the order (REFUND_EXCEEDS_TOTAL)")
  public Answer receive(
      @PathParam("merchant_id") @Pattern(regexp = "[A-Za-z0-9_-]{1,64}") String merchantId,
      @HeaderParam("X-Shopify-Hmac-Sha256") String hmac,
      @HeaderParam("X-Shopify-Webhook-Id") String webhookId,
      @HeaderParam("X-Shopify-Topic") String topic,
      @HeaderParam("X-Shopify-Shop-Domain") String shopDomain,
      byte[] body) {
    storefront.verify(merchantId, body == null ? new byte[0] : body, hmac);
    require(webhookId, "X-Shopify-Webhook-Id");
    require(topic, "X-Shopify-Topic");
    storefront.ensureChain(merchantId);
    StorefrontWebhookService.Result r =
        storefront.ingest(
            merchantId,
            webhookId,
            topic,
            shopDomain == null || shopDomain.length() > 255 ? null : shopDomain,
            body);
    return new Answer("success", r.duplicate(), r.eventId(), r.outcome(), r.orderId());
  }

  private static void require(String value, String header) {
    if (value == null || value.isBlank() || value.length() > 100) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("header", header),
              header + " is required (at most 100 characters)",
              "value_error.missing"));
    }
  }
}
