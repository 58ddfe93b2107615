package org.agentcommerce.events.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.agentcommerce.events.application.WebhookService;
import org.agentcommerce.events.infrastructure.WebhookStore;
import org.agentcommerce.platform.api.ApiException;
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

/**
 * An agent's webhook endpoint: configuration, secret rotation, test delivery, delivery history and
 * redelivery. Only the agent itself: another agent's id is 404. The signing secret appears in clear
 * only in the answer that created it (first configuration, rotation).
 */
@RequestScoped
@Path("/agents/{agent_id}/webhooks")
@Authenticated
@Tag(name = "Order events", description = "The order event timeline and webhooks")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class WebhooksResource {

  @Inject WebhookService webhooks;
  @Inject Caller caller;

  @PathParam("agent_id")
  @Size(max = 40)
  String agentId;

  @Schema(name = "WebhookConfigRequest")
  public record ConfigRequest(
      @Schema(description = "Deliver or not; true when absent") Boolean enabled,
      @Schema(
              description = "https URL of the receiver; must resolve to public addresses only",
              maxLength = 2000)
          String destinationUrl,
      @Schema(
              type = SchemaType.ARRAY,
              implementation = String.class,
              description = "Event types to deliver; empty or absent for all")
          List<String> subscribedEvents,
      @Schema(
              enumeration = {"standard", "acp"},
              description =
                  "standard: our signed order events (docs/events.md); acp: the Agentic Commerce"
                      + " Protocol's order webhooks, order_create / order_update with the full"
                      + " Order, signed with Merchant-Signature (docs/acp.md). Absent keeps the"
                      + " endpoint's (standard for a new one)")
          String format) {}

  @Schema(name = "WebhookDeliverySummary")
  public record Summary(
      @Schema(required = true) long total,
      @Schema(required = true) long succeeded,
      @Schema(required = true) long failed,
      @Schema(required = true) long retrying,
      @Schema(description = "succeeded / (succeeded + failed); null before any outcome")
          Double successRate,
      Instant lastDeliveryAt) {}

  @Schema(name = "WebhookConfig")
  public record Config(
      @Schema(required = true) boolean enabled,
      String destinationUrl,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = String.class)
          List<String> subscribedEvents,
      String signingSecretLast4,
      Instant lastTestAt,
      @Schema(description = "succeeded | failed | pending") String lastTestStatus,
      @Schema(description = "Why the endpoint was turned off (a 410 from the receiver)")
          String disabledReason,
      @Schema(name = "delivery_summary_24h", required = true) @JsonbProperty("delivery_summary_24h")
          Summary deliverySummary24h,
      @Schema(
              required = true,
              enumeration = {"standard", "acp"})
          String format) {}

  @Schema(name = "WebhookConfigResponse")
  public record ConfigResponse(
      @Schema(required = true) String status,
      @Schema(required = true) Config config,
      @Schema(
              description =
                  "whsec_… signing secret, only in the answer that created the endpoint; store it"
                      + " now, it is never shown again")
          String signingSecret) {}

  @Schema(name = "WebhookSecretRotation")
  public record RotationResponse(
      @Schema(required = true) String status,
      @Schema(required = true, description = "The new whsec_… secret, shown this once")
          String signingSecret,
      @Schema(required = true) String signingSecretLast4,
      @Schema(
              required = true,
              description = "Until then deliveries carry signatures with both secrets")
          Instant previousSecretExpiresAt) {}

  @Schema(name = "WebhookAttempt")
  public record Attempt(
      @Schema(required = true) int attempt,
      @Schema(required = true) Instant attemptedAt,
      String destinationHost,
      @Schema(description = "The receiver's HTTP status; null when none came") Integer httpStatus,
      Integer latencyMs,
      String error) {}

  @Schema(name = "WebhookDelivery")
  public record Delivery(
      @Schema(required = true) String deliveryId,
      @Schema(required = true, description = "The webhook-id header: the same on every attempt")
          String eventId,
      @Schema(required = true) String eventType,
      @Schema(required = true, description = "pending | delivering | succeeded | failed")
          String status,
      @Schema(required = true) int attempts,
      Instant nextAttemptAt,
      Instant lastAttemptAt,
      Integer lastStatusCode,
      String lastError,
      Instant deliveredAt,
      @Schema(required = true) Instant createdAt,
      @Schema(
              type = SchemaType.ARRAY,
              implementation = Attempt.class,
              description = "Every attempt (in the single read only)")
          List<Attempt> attemptLog) {}

  @Schema(name = "WebhookDeliveryResponse")
  public record DeliveryResponse(
      @Schema(required = true) String status, @Schema(required = true) Delivery delivery) {}

  @Schema(name = "WebhookDeliveryListResponse")
  public record DeliveryListResponse(
      @Schema(required = true) String status,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Delivery.class)
          List<Delivery> deliveries,
      @Schema(description = "Pass as cursor for the next page; null at the end") String nextCursor,
      @Schema(
              required = true,
              description = "The last 24 hours' deliveries (the origin service's summary_24h)")
          // Named with the underscore so that the JSON name and the document agree.
          Summary summary_24h) {}

  @Schema(name = "WebhookEventCatalogEntry")
  public record CatalogEntry(
      @Schema(required = true, example = "order.payment_succeeded") String eventType,
      @Schema(required = true, description = "What happened") String description) {}

  @Schema(name = "WebhookEventCatalogResponse")
  public record CatalogResponse(
      @Schema(required = true) String status,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = CatalogEntry.class)
          List<CatalogEntry> events) {}

  private String self() {
    if (!caller.agentId().equals(agentId)) {
      throw new ApiException(404, "NOT_FOUND", "Agent " + agentId + " was not found.");
    }
    return agentId;
  }

  @GET
  @Path("/config")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getWebhookConfig",
      summary = "Read the webhook configuration",
      description =
          "The agent's endpoint, the last four characters of its secret, the last test and the"
              + " deliveries of the last 24 hours (counted, not stored). Another agent's is 404.")
  @APIResponse(
      responseCode = "200",
      description = "The configuration",
      content = @Content(schema = @Schema(implementation = ConfigResponse.class)))
  public ConfigResponse config() {
    return response(webhooks.config(self()));
  }

  @PUT
  @Path("/config")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "putWebhookConfig",
      summary = "Set the webhook configuration",
      description =
          "Sets the destination (https, public addresses only: private, loopback, link-local and"
              + " metadata addresses are refused with 422) and the event types. The first time, a"
              + " signing secret is made and shown once in signing_secret.")
  @APIResponse(
      responseCode = "200",
      description = "The configuration",
      content = @Content(schema = @Schema(implementation = ConfigResponse.class)))
  @APIResponse(
      responseCode = "409",
      description =
          "WEBHOOK_CONFIG_BUSY: other requests kept changing the configuration; retry (Retry-After)")
  @APIResponse(
      responseCode = "503",
      description = "WEBHOOKS_NOT_CONFIGURED: the server has no webhook encryption key")
  public ConfigResponse put(ConfigRequest body) {
    String agent = self();
    if (body == null) {
      return response(webhooks.put(agent, null, null, null, null));
    }
    return response(
        webhooks.put(
            agent, body.enabled(), body.destinationUrl(), body.subscribedEvents(), body.format()));
  }

  @POST
  @Path("/secret/rotate")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "rotateWebhookSecret",
      summary = "Rotate the webhook signing secret",
      description =
          "Makes a new secret, shown once. During the grace period deliveries carry two"
              + " signatures, with the new and the previous secret.")
  @APIResponse(
      responseCode = "200",
      description = "The new secret",
      content = @Content(schema = @Schema(implementation = RotationResponse.class)))
  @APIResponse(
      responseCode = "409",
      description =
          "WEBHOOK_NOT_CONFIGURED; or WEBHOOK_CONFIG_BUSY: other requests kept changing the"
              + " configuration, retry (Retry-After)")
  @APIResponse(
      responseCode = "503",
      description = "WEBHOOKS_NOT_CONFIGURED: the server has no webhook encryption key")
  public RotationResponse rotate() {
    WebhookService.Rotation r = webhooks.rotate(self());
    return new RotationResponse(
        "success", r.signingSecret(), r.signingSecretLast4(), r.previousUntil());
  }

  @POST
  @Path("/test")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "testWebhook",
      summary = "Send a test delivery",
      description =
          "Delivers a webhook.test event now, signed like every delivery, and answers the"
              + " delivery with its first attempt (retried on the usual schedule if it failed"
              + " retryably).")
  @APIResponse(
      responseCode = "200",
      description = "The test delivery",
      content = @Content(schema = @Schema(implementation = DeliveryResponse.class)))
  @APIResponse(responseCode = "409", description = "WEBHOOK_NOT_CONFIGURED")
  public DeliveryResponse test() {
    String agent = self();
    WebhookStore.Delivery d = webhooks.test(agent);
    return new DeliveryResponse("success", delivery(d, webhooks.attempts(d.id())));
  }

  @GET
  @Path("/deliveries")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listWebhookDeliveries",
      summary = "List webhook deliveries",
      description = "Newest first. Never a secret or a signature.")
  @APIResponse(
      responseCode = "200",
      description = "A page of deliveries",
      content = @Content(schema = @Schema(implementation = DeliveryListResponse.class)))
  public DeliveryListResponse deliveries(
      @Parameter(
              description = "Only deliveries in this state",
              schema =
                  @Schema(
                      type = SchemaType.STRING,
                      enumeration = {"pending", "delivering", "succeeded", "failed", "retrying"}))
          @QueryParam("status")
          @Pattern(
              regexp = "pending|delivering|succeeded|failed|retrying",
              message =
                  "Input should be 'pending', 'delivering', 'succeeded', 'failed' or 'retrying'")
          String status,
      @Parameter(
              description = "Page size",
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "200",
                      defaultValue = "50"))
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit,
      @Parameter(
              description = "next_cursor of the previous page",
              schema = @Schema(type = SchemaType.STRING, maxLength = 200))
          @QueryParam("cursor")
          @Size(max = 200)
          String cursor) {
    WebhookService.DeliveryPage page = webhooks.deliveries(self(), status, limit, cursor);
    return new DeliveryListResponse(
        "success",
        page.deliveries().stream().map(d -> delivery(d, null)).toList(),
        page.nextCursor(),
        summary(webhooks.summary24h(self())));
  }

  @GET
  @Path("/events/catalog")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listWebhookEventTypes",
      summary = "The event types a webhook can subscribe to",
      description =
          "Every order event type (subscribed_events names these) and webhook.test, with what"
              + " each means; their data is in docs/events.md.")
  @APIResponse(
      responseCode = "200",
      description = "The catalog",
      content = @Content(schema = @Schema(implementation = CatalogResponse.class)))
  public CatalogResponse catalog() {
    self();
    List<CatalogEntry> events = new java.util.ArrayList<>();
    for (org.agentcommerce.events.api.OrderEventType t :
        org.agentcommerce.events.api.OrderEventType.values()) {
      events.add(new CatalogEntry(t.wireName(), t.description()));
    }
    events.add(
        new CatalogEntry(
            WebhookService.TEST_EVENT, "A test delivery sent with POST …/webhooks/test"));
    return new CatalogResponse("success", events);
  }

  @POST
  @Path("/signing-secret/rotate")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "rotateWebhookSigningSecret",
      summary = "Rotate the webhook signing secret (the origin service's route)",
      description = "The same as POST …/webhooks/secret/rotate.")
  @APIResponse(
      responseCode = "200",
      description = "The new secret",
      content = @Content(schema = @Schema(implementation = RotationResponse.class)))
  @APIResponse(responseCode = "409", description = "WEBHOOK_NOT_CONFIGURED, WEBHOOK_CONFIG_BUSY")
  @APIResponse(responseCode = "503", description = "WEBHOOKS_NOT_CONFIGURED")
  public RotationResponse rotateSigningSecret() {
    return rotate();
  }

  @POST
  @Path("/deliveries/{delivery_id}/retry")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "retryWebhookDelivery",
      summary = "Deliver again (the origin service's route)",
      description = "The same as POST …/deliveries/{delivery_id}/redeliver.")
  @APIResponse(
      responseCode = "200",
      description = "The delivery, queued",
      content = @Content(schema = @Schema(implementation = DeliveryResponse.class)))
  @APIResponse(responseCode = "409", description = "DELIVERY_IN_PROGRESS")
  public DeliveryResponse retry(@PathParam("delivery_id") @Size(max = 40) String deliveryId) {
    return redeliver(deliveryId);
  }

  @GET
  @Path("/deliveries/{delivery_id}")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getWebhookDelivery",
      summary = "Read a webhook delivery",
      description =
          "The delivery and every attempt: time, HTTP status, latency, error. Never the secret or"
              + " the signature.")
  @APIResponse(
      responseCode = "200",
      description = "The delivery",
      content = @Content(schema = @Schema(implementation = DeliveryResponse.class)))
  public DeliveryResponse delivery(@PathParam("delivery_id") @Size(max = 40) String deliveryId) {
    WebhookStore.Delivery d = webhooks.delivery(self(), deliveryId);
    return new DeliveryResponse("success", delivery(d, webhooks.attempts(d.id())));
  }

  @POST
  @Path("/deliveries/{delivery_id}/redeliver")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "redeliverWebhook",
      summary = "Deliver again",
      description =
          "Queues the delivery again, due now, with its retry schedule started again and the same"
              + " webhook-id.")
  @APIResponse(
      responseCode = "200",
      description = "The delivery, queued",
      content = @Content(schema = @Schema(implementation = DeliveryResponse.class)))
  @APIResponse(responseCode = "409", description = "DELIVERY_IN_PROGRESS")
  public DeliveryResponse redeliver(@PathParam("delivery_id") @Size(max = 40) String deliveryId) {
    WebhookStore.Delivery d = webhooks.redeliver(self(), deliveryId);
    return new DeliveryResponse("success", delivery(d, null));
  }

  private static ConfigResponse response(WebhookService.ConfigView v) {
    WebhookStore.Summary s = v.summary();
    return new ConfigResponse(
        "success",
        new Config(
            v.enabled(),
            v.destinationUrl(),
            v.subscribedEvents(),
            v.signingSecretLast4(),
            v.lastTestAt(),
            v.lastTestStatus(),
            v.disabledReason(),
            summary(s),
            v.format()),
        v.signingSecret());
  }

  private static Summary summary(WebhookStore.Summary s) {
    long outcomes = s.succeeded() + s.failed();
    return new Summary(
        s.total(),
        s.succeeded(),
        s.failed(),
        s.retrying(),
        outcomes == 0 ? null : (double) s.succeeded() / outcomes,
        s.lastDeliveryAt());
  }

  private static Delivery delivery(WebhookStore.Delivery d, List<WebhookStore.Attempt> attempts) {
    boolean open = d.status().equals("pending");
    return new Delivery(
        d.id(),
        d.messageId(),
        d.eventType(),
        d.status(),
        d.attempts(),
        open ? d.nextAttemptAt() : null,
        d.lastAttemptAt(),
        d.lastStatusCode(),
        d.lastError(),
        d.deliveredAt(),
        d.createdAt(),
        attempts == null
            ? null
            : attempts.stream()
                .map(
                    a ->
                        new Attempt(
                            a.attempt(),
                            a.attemptedAt(),
                            a.destinationHost(),
                            a.httpStatus(),
                            a.latencyMs(),
                            a.error()))
                .toList());
  }
}
