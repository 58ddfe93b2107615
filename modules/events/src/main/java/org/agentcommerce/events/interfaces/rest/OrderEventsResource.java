package org.agentcommerce.events.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.events.application.LongPollWaiters;
import org.agentcommerce.events.domain.Timeline;
import org.agentcommerce.events.domain.TimelineEvent;
import org.agentcommerce.events.domain.TimelineQuery;
import org.agentcommerce.platform.api.Money;
import org.agentcommerce.platform.api.WireJson;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.BuyerDirectory;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRef;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.jwt.JsonWebToken;
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
 * The order event timeline: the caller's events in commit order after a cursor, answered at once
 * when there are some, otherwise (with {@code wait_ms}) suspended without a thread until a matching
 * event commits or the wait runs out.
 */
@RequestScoped
@Path("/agent/v1/orders/events")
@Authenticated
@Tag(name = "Order events", description = "The order event timeline and webhooks")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class OrderEventsResource {

  @Inject Timeline timeline;
  @Inject LongPollWaiters waiters;
  @Inject Caller caller;
  @Inject BuyerIdentity buyer;
  @Inject BuyerDirectory buyers;

  /**
   * Free a wait as soon as its client leaves (see {@link ClientDisconnects}). Off, a wait whose
   * client left ends at its timeout; on, an HTTP/1.1 request pipelined behind a waiting one on the
   * same connection is not answered (no mainstream client pipelines).
   */
  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(
      name = "ac.events.watch-client-disconnects",
      defaultValue = "true")
  boolean watchDisconnects;

  @Schema(name = "OrderEvent")
  public record OrderEvent(
      @Schema(required = true, description = "Place on the timeline, in commit order: the cursor")
          long id,
      @Schema(
              required = true,
              description = "Stable event id; the webhook-id of its webhook deliveries")
          String eventId,
      @Schema(required = true, example = "order.payment_succeeded") String eventType,
      String merchantId,
      String orderId,
      @Schema(description = "The order's status after the event") String status,
      @Schema(description = "Order total, decimal string in major units") String totalAmount,
      String currency,
      @Schema(required = true) Instant createdAt,
      @Schema(required = true, description = "Type-specific data (docs/events.md)")
          Map<String, Object> data) {}

  @Schema(name = "OrderEventsResponse")
  public record OrderEventsResponse(
      @Schema(required = true) String status,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = OrderEvent.class)
          List<OrderEvent> events,
      @Schema(
              required = true,
              description = "Id of the last event returned; after_id when none: the next cursor")
          long lastId) {}

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listOrderEvents",
      summary = "Read the order event timeline",
      description =
          "This agent's order events after after_id, ascending id. Ids follow commit order, so"
              + " paging with last_id never skips an event. With a buyer token only that buyer's"
              + " orders; a key limited to merchants sees only theirs. With wait_ms the answer"
              + " waits up to that long for a matching event (empty events and last_id = after_id"
              + " when none came).")
  @APIResponse(
      responseCode = "200",
      description = "Events after the cursor",
      content = @Content(schema = @Schema(implementation = OrderEventsResponse.class)))
  public void events(
      @Suspended AsyncResponse response,
      @jakarta.ws.rs.core.Context jakarta.servlet.http.HttpServletRequest http,
      @Parameter(
              description = "Cursor: the last id seen",
              schema = @Schema(type = SchemaType.INTEGER, minimum = "0", defaultValue = "0"))
          @QueryParam("after_id")
          @DefaultValue("0")
          @Min(0)
          long afterId,
      @Parameter(
              description = "Most events in the answer",
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
              description = "Milliseconds to wait for an event when none is there yet",
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "0",
                      maximum = "25000",
                      defaultValue = "0"))
          @QueryParam("wait_ms")
          @DefaultValue("0")
          @Min(0)
          @Max(25000)
          int waitMs,
      @Parameter(
              description = "Only this merchant's events",
              schema = @Schema(type = SchemaType.STRING, maxLength = 64))
          @QueryParam("merchant_id")
          @Size(max = 64)
          String merchantId,
      @Parameter(
              description = "Only this order's events",
              schema = @Schema(type = SchemaType.STRING, maxLength = 40))
          @QueryParam("order_id")
          @Size(max = 40)
          String orderId,
      @Parameter(
              description =
                  "Only events of this buyer's orders (guest:<uuid> or user:<public_id>), including"
                      + " every reference merged into it",
              schema =
                  @Schema(
                      type = SchemaType.STRING,
                      maxLength = 100,
                      pattern = org.agentcommerce.platform.api.security.BuyerRef.WIRE_PATTERN))
          @QueryParam("buyer_ref")
          @Size(max = 100)
          String buyerRef) {
    JsonWebToken token = buyer.token().orElse(null);
    Set<String> buyerRefs = null;
    if (buyerRef != null && !buyerRef.isBlank()) {
      BuyerRef parsed = BuyerRef.require(buyerRef, List.of("query", "buyer_ref"));
      buyerRefs = Set.copyOf(buyers.equivalents(caller.agentId(), parsed));
    }
    TimelineQuery query =
        new TimelineQuery(
            caller.agentId(),
            afterId,
            limit,
            blankToNull(merchantId),
            blankToNull(orderId),
            caller.merchantScope(),
            token == null ? null : token.getIssuer(),
            token == null ? null : token.getSubject(),
            buyerRefs);
    List<TimelineEvent> found = timeline.page(query);
    if (!found.isEmpty() || waitMs == 0) {
      response.resume(answer(afterId, found));
      return;
    }
    waiters.await(caller.keyId(), query, waitMs, response, events -> answer(afterId, events));
    // A client that leaves frees its wait (and its place under the per-key bound) at once: the
    // cancel completes the response, which releases the waiter.
    if (!watchDisconnects) {
      return;
    }
    ClientDisconnects.Watch watch = ClientDisconnects.watch(http, response::cancel);
    response.register((jakarta.ws.rs.container.CompletionCallback) t -> watch.stop());
    if (response.isDone()) {
      watch.stop();
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  static OrderEventsResponse answer(long afterId, List<TimelineEvent> events) {
    List<OrderEvent> dtos = events.stream().map(OrderEventsResource::dto).toList();
    long last = events.isEmpty() ? afterId : events.get(events.size() - 1).id();
    return new OrderEventsResponse("success", dtos, last);
  }

  @SuppressWarnings("unchecked")
  static OrderEvent dto(TimelineEvent e) {
    Map<String, Object> data = WireJson.jsonb().fromJson(e.data(), Map.class);
    String total =
        e.amountMinor() == null || e.currency() == null
            ? null
            : Money.ofMinor(e.amountMinor(), e.currency()).amount().toPlainString();
    return new OrderEvent(
        e.id(),
        e.eventId(),
        e.type(),
        e.merchantId(),
        e.orderId(),
        e.status(),
        total,
        e.currency(),
        e.createdAt(),
        data);
  }
}
