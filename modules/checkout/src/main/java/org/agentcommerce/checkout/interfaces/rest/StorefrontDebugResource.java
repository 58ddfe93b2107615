package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.checkout.application.storefront.StorefrontWebhookService;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The metadata-only view of a merchant's ingested storefront webhooks (spec 4.8). */
@RequestScoped
@Path("/agent/v1/debug/storefront/webhooks/events")
@Authenticated
@Tag(name = "Storefront webhooks", description = "Signed notifications from merchant platforms")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class StorefrontDebugResource {

  @Inject StorefrontWebhookService storefront;
  @Inject Caller caller;

  @Schema(name = "StorefrontWebhookEvent")
  public record Event(
      @Schema(required = true) String eventId,
      @Schema(required = true) String webhookId,
      @Schema(required = true) String topic,
      String shopDomain,
      @Schema(required = true) String payloadSha256,
      @Schema(required = true) String prevChainHash,
      @Schema(required = true) String chainHash,
      @Schema(required = true) long chainSeq,
      String orderId,
      @Schema(required = true) String outcome,
      @Schema(required = true) Instant receivedAt) {}

  @Schema(name = "StorefrontWebhookEventsResponse")
  public record StorefrontWebhookEventsResponse(
      @Schema(required = true) String status,
      @Schema(required = true) String merchantId,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Event.class)
          List<Event> events) {}

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listStorefrontWebhookEvents",
      summary = "Storefront webhook events of a merchant (metadata only)",
      description =
          "Newest first: topic, ids, payload hash and the merchant's hash chain. Never a raw"
              + " payload or personal data. The key must have access to the merchant (403).")
  @APIResponse(
      responseCode = "200",
      description = "The events",
      content = @Content(schema = @Schema(implementation = StorefrontWebhookEventsResponse.class)))
  public StorefrontWebhookEventsResponse events(
      @Parameter(
              required = true,
              description = "The merchant",
              schema = @Schema(type = SchemaType.STRING, maxLength = 64))
          @QueryParam("merchant_id")
          @NotNull
          @Size(min = 1, max = 64)
          String merchantId,
      @Parameter(
              description = "Most events",
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "200",
                      defaultValue = "20"))
          @QueryParam("limit")
          @DefaultValue("20")
          @Min(1)
          @Max(200)
          int limit) {
    caller.requireMerchantAccess(merchantId);
    return new StorefrontWebhookEventsResponse(
        "success",
        merchantId,
        storefront.recent(merchantId, limit).stream()
            .map(
                s ->
                    new Event(
                        s.eventId(),
                        s.webhookId(),
                        s.topic(),
                        s.shopDomain(),
                        s.payloadSha256(),
                        s.prevChainHash(),
                        s.chainHash(),
                        s.chainSeq(),
                        s.orderId(),
                        s.outcome(),
                        s.receivedAt()))
            .toList());
  }
}
