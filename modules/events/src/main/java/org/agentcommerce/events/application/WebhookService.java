package org.agentcommerce.events.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.events.api.OrderEventType;
import org.agentcommerce.events.domain.webhook.DestinationGuard;
import org.agentcommerce.events.infrastructure.WebhookStore;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.Jsonp;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * An agent's webhook endpoint: configuration (checked by the destination guard), its secret (made
 * here, shown once, rotated with a grace period), test deliveries, the delivery history and
 * redelivery. Secrets leave this service in clear only in the answer that created them.
 */
@ApplicationScoped
public class WebhookService {

  public static final String TEST_EVENT = "webhook.test";

  @Inject WebhookStore store;
  @Inject WebhookSecrets secrets;
  @Inject WebhookDeliverer deliverer;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.webhooks.rotation-grace", defaultValue = "PT24H")
  Duration rotationGrace;

  /** The endpoint as an agent sees it; {@code signingSecret} only in the answer that made it. */
  public record ConfigView(
      boolean enabled,
      String destinationUrl,
      List<String> subscribedEvents,
      String signingSecretLast4,
      Instant lastTestAt,
      String lastTestStatus,
      String disabledReason,
      WebhookStore.Summary summary,
      String signingSecret,
      String format) {}

  /** The agent's deliveries of the last 24 hours, counted by outcome. */
  public WebhookStore.Summary summary24h(String agentId) {
    return store.summary24h(agentId);
  }

  public ConfigView config(String agentId) {
    Optional<WebhookStore.Endpoint> e = store.endpoint(agentId);
    if (e.isEmpty()) {
      return new ConfigView(
          false,
          null,
          List.of(),
          null,
          null,
          null,
          null,
          store.summary24h(agentId),
          null,
          WebhookStore.Endpoint.STANDARD);
    }
    return view(e.get(), null);
  }

  private ConfigView view(WebhookStore.Endpoint e, String shownSecret) {
    return new ConfigView(
        e.enabled(),
        e.destinationUrl(),
        e.subscribedEvents(),
        e.secretLast4(),
        e.lastTestAt(),
        e.lastTestStatus(),
        e.disabledReason(),
        store.summary24h(e.agentId()),
        shownSecret,
        e.format());
  }

  /**
   * Sets the endpoint; the first time, a secret is made and shown in this answer only. {@code
   * format}: standard or acp; null keeps the endpoint's (standard for a new one).
   */
  public ConfigView put(
      String agentId,
      Boolean enabled,
      String destinationUrl,
      List<String> subscribedEvents,
      String format) {
    if (format != null
        && !format.equals(WebhookStore.Endpoint.STANDARD)
        && !format.equals(WebhookStore.Endpoint.ACP)) {
      throw invalid(List.of("body", "format"), "format is standard or acp", "value_error.format");
    }
    boolean on = enabled == null || enabled;
    String url = destinationUrl == null || destinationUrl.isBlank() ? null : destinationUrl.trim();
    if (on && url == null) {
      throw invalid(
          List.of("body", "destination_url"),
          "destination_url is required to enable webhooks",
          "value_error.missing");
    }
    if (url != null) {
      if (url.length() > 2000) {
        throw invalid(
            List.of("body", "destination_url"),
            "destination_url is longer than 2000 characters",
            "value_error.any_str.max_length");
      }
      try {
        deliverer.guard().check(url);
      } catch (DestinationGuard.Refused r) {
        throw invalid(List.of("body", "destination_url"), r.getMessage(), "value_error.url");
      }
    }
    List<String> events = events(subscribedEvents);
    secrets.requireConfigured();
    for (int round = 0; ; round++) {
      Optional<ConfigView> done = tryPut(agentId, on, url, events, format);
      if (done.isPresent()) {
        return done.get();
      }
      if (round == 4) {
        throw busy();
      }
    }
  }

  /** One read-change-write of the configuration; empty when another change came first. */
  private Optional<ConfigView> tryPut(
      String agentId, boolean on, String url, List<String> events, String format) {
    Optional<WebhookStore.Endpoint> existing = store.endpoint(agentId);
    String shown = null;
    WebhookStore.Endpoint saved;
    if (existing.isPresent()) {
      WebhookStore.Endpoint e = existing.get();
      saved =
          new WebhookStore.Endpoint(
              agentId,
              on,
              url,
              events,
              e.secretCiphertext(),
              e.secretLast4(),
              e.previousSecretCiphertext(),
              e.previousSecretExpiresAt(),
              on ? null : e.disabledReason(),
              e.lastTestAt(),
              e.lastTestStatus(),
              format == null ? e.format() : format);
    } else {
      shown = secrets.generate();
      saved =
          new WebhookStore.Endpoint(
              agentId,
              on,
              url,
              events,
              secrets.encrypt(agentId, shown),
              WebhookSecrets.last4(shown),
              null,
              null,
              null,
              null,
              null,
              format == null ? WebhookStore.Endpoint.STANDARD : format);
    }
    if (!store.save(saved, existing.map(WebhookStore.Endpoint::secretCiphertext).orElse(null))) {
      return Optional.empty();
    }
    deliverer.endpointChanged(agentId);
    return Optional.of(view(store.endpoint(agentId).orElseThrow(), shown));
  }

  /** Five changes in a row lost to others: the caller retries later. */
  private static ApiException busy() {
    return new ApiException(
        409,
        "WEBHOOK_CONFIG_BUSY",
        "The webhook configuration is being changed by another request; retry.",
        Map.of(),
        Map.of("Retry-After", "1"));
  }

  private static List<String> events(List<String> requested) {
    if (requested == null) {
      return List.of();
    }
    LinkedHashSet<String> out = new LinkedHashSet<>();
    for (int i = 0; i < requested.size(); i++) {
      String type = requested.get(i);
      if (type == null || (!type.equals(TEST_EVENT) && OrderEventType.fromWire(type).isEmpty())) {
        throw invalid(
            List.of("body", "subscribed_events", i),
            "Unknown event type; known: order.* types of docs/events.md and webhook.test",
            "value_error.event_type");
      }
      out.add(type);
    }
    return List.copyOf(out);
  }

  /** The new secret after a rotation; the previous one keeps signing during the grace period. */
  public record Rotation(String signingSecret, String signingSecretLast4, Instant previousUntil) {}

  public Rotation rotate(String agentId) {
    secrets.requireConfigured();
    for (int round = 0; round < 5; round++) {
      Optional<Rotation> done = tryRotate(agentId);
      if (done.isPresent()) {
        return done.get();
      }
    }
    throw busy();
  }

  /**
   * One rotation; empty when another change came first (two rotations at once: the later one
   * rotates from the earlier one's secret, so each secret shown is, or was, the signing one).
   */
  private Optional<Rotation> tryRotate(String agentId) {
    WebhookStore.Endpoint e = require(agentId);
    String secret = secrets.generate();
    Instant until = clock.instant().plus(rotationGrace);
    boolean saved =
        store.save(
            new WebhookStore.Endpoint(
                agentId,
                e.enabled(),
                e.destinationUrl(),
                e.subscribedEvents(),
                secrets.encrypt(agentId, secret),
                WebhookSecrets.last4(secret),
                e.secretCiphertext(),
                until,
                e.disabledReason(),
                e.lastTestAt(),
                e.lastTestStatus(),
                e.format()),
            e.secretCiphertext());
    if (!saved) {
      return Optional.empty();
    }
    deliverer.endpointChanged(agentId); // what waits to be sent is signed with both secrets
    return Optional.of(new Rotation(secret, WebhookSecrets.last4(secret), until));
  }

  /** Sends a webhook.test delivery now and answers it with its first attempt. */
  public WebhookStore.Delivery test(String agentId) {
    WebhookStore.Endpoint e = require(agentId);
    if (e.destinationUrl() == null) {
      throw new ApiException(
          409, "WEBHOOK_NOT_CONFIGURED", "Set a destination_url before sending a test.");
    }
    String messageId = Ids.newId("evt", 12);
    Instant now = clock.instant();
    String data =
        Jsonp.PROVIDER
            .createObjectBuilder(
                Map.of(
                    "agent_id",
                    agentId,
                    "message",
                    "A test delivery from Agent Commerce: verify its signature."))
            .build()
            .toString();
    // Stored already claimed by this request: a poll (this node's or another's) cannot take it
    // between its insert and its first attempt, so the answer is that attempt's outcome.
    WebhookStore.Delivery d =
        deliverer.deliverNew(
            new WebhookStore.Queued(
                agentId, messageId, TEST_EVENT, null, WebhookFanOut.body(TEST_EVENT, now, data)));
    store.recordTest(agentId, d.status());
    return d;
  }

  /** A page of deliveries and the cursor of the next page (null at the end). */
  public record DeliveryPage(List<WebhookStore.Delivery> deliveries, String nextCursor) {}

  public DeliveryPage deliveries(String agentId, String status, int limit, String cursor) {
    List<WebhookStore.Delivery> rows =
        new ArrayList<>(store.deliveries(agentId, status, decode(cursor), limit));
    String next = null;
    if (rows.size() > limit) {
      rows = new ArrayList<>(rows.subList(0, limit));
      WebhookStore.Delivery last = rows.get(limit - 1);
      next = encode(last);
    }
    return new DeliveryPage(rows, next);
  }

  public WebhookStore.Delivery delivery(String agentId, String deliveryId) {
    return store
        .delivery(agentId, deliveryId)
        .orElseThrow(
            () ->
                new ApiException(
                    404,
                    "DELIVERY_NOT_FOUND",
                    "Webhook delivery " + deliveryId + " was not found."));
  }

  public List<WebhookStore.Attempt> attempts(String deliveryId) {
    return store.attempts(deliveryId);
  }

  public WebhookStore.Delivery redeliver(String agentId, String deliveryId) {
    delivery(agentId, deliveryId);
    if (!store.redeliver(agentId, deliveryId)) {
      throw new ApiException(
          409, "DELIVERY_IN_PROGRESS", "The delivery is being attempted; try again shortly.");
    }
    deliverer.kick();
    return delivery(agentId, deliveryId);
  }

  private WebhookStore.Endpoint require(String agentId) {
    return store
        .endpoint(agentId)
        .orElseThrow(
            () ->
                new ApiException(
                    409,
                    "WEBHOOK_NOT_CONFIGURED",
                    "Configure the webhook endpoint first (PUT .../webhooks/config)."));
  }

  private static String encode(WebhookStore.Delivery d) {
    long micros = d.createdAt().getEpochSecond() * 1_000_000L + d.createdAt().getNano() / 1_000;
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString((micros + "|" + d.id()).getBytes(StandardCharsets.UTF_8));
  }

  private static WebhookStore.Cursor decode(String cursor) {
    if (cursor == null || cursor.isBlank()) {
      return null;
    }
    try {
      String s = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
      int bar = s.indexOf('|');
      long micros = Long.parseLong(s.substring(0, bar));
      Instant at =
          Instant.ofEpochSecond(
              Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000);
      return new WebhookStore.Cursor(at, s.substring(bar + 1));
    } catch (RuntimeException e) {
      throw invalid(List.of("query", "cursor"), "Not a cursor this API gave out", "value_error");
    }
  }

  private static InvalidInputException invalid(List<Object> loc, String msg, String type) {
    return new InvalidInputException(new InvalidInputException.Violation(loc, msg, type));
  }
}
