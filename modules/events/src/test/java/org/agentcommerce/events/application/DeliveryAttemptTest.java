package org.agentcommerce.events.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.events.domain.webhook.DestinationGuard;
import org.agentcommerce.events.domain.webhook.MerchantSignature;
import org.agentcommerce.events.domain.webhook.RetrySchedule;
import org.agentcommerce.events.domain.webhook.StandardWebhookSignature;
import org.agentcommerce.events.domain.webhook.WebhookTransport;
import org.agentcommerce.events.infrastructure.WebhookStore;
import org.agentcommerce.platform.api.tracing.Tracing;
import org.junit.jupiter.api.Test;

/** One attempt: what is sent to the receiver, and what each answer or failure is recorded as. */
class DeliveryAttemptTest {

  private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
  private static final String PAYLOAD = "{\"type\":\"order.created\"}";

  private final WebhookSecrets secrets = new WebhookSecrets();
  private final List<List<String[]>> sent = new ArrayList<>();
  private final List<byte[]> bodies = new ArrayList<>();
  private Object answer = new WebhookTransport.Answer(200, null);
  private String secret;

  DeliveryAttemptTest() {
    secrets.encryptionKey = Optional.of(Base64.getEncoder().encodeToString(new byte[32]));
    secret = secrets.generate();
  }

  private final WebhookTransport transport =
      (to, headers, body, timeout) -> {
        sent.add(headers);
        bodies.add(body);
        if (answer instanceof IOException e) {
          throw e;
        }
        return (WebhookTransport.Answer) answer;
      };

  private DeliveryAttempt attempt(String schedule) {
    DestinationGuard guard =
        new DestinationGuard(
            host -> new InetAddress[] {InetAddress.getByAddress(host, new byte[] {93, 100, 1, 2})},
            false);
    return new DeliveryAttempt(
        null, // read only when tracing is on
        secrets,
        transport,
        Clock.fixed(NOW, ZoneOffset.UTC),
        new Tracing(), // off: no span, no traceparent
        Duration.ofSeconds(10),
        () -> guard,
        () -> RetrySchedule.parse(schedule));
  }

  private WebhookStore.Endpoint endpoint(boolean enabled, String url, String format) {
    return new WebhookStore.Endpoint(
        "agent_a",
        enabled,
        url,
        List.of(),
        secrets.encrypt("agent_a", secret),
        "last",
        null,
        null,
        null,
        null,
        null,
        format);
  }

  private static WebhookStore.Delivery delivery(int attempts, int step) {
    return new WebhookStore.Delivery(
        "whd_1",
        "agent_a",
        "msg_1",
        "order.created",
        null,
        PAYLOAD,
        "delivering",
        attempts,
        step,
        NOW,
        null,
        null,
        null,
        null,
        NOW);
  }

  private WebhookStore.Finished send(WebhookStore.Endpoint endpoint) {
    return attempt("PT0S,PT5S,PT5M").run(delivery(2, 1), "holder-1", Optional.of(endpoint));
  }

  private static Map<String, String> headers(List<String[]> pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    pairs.forEach(p -> m.put(p[0], p[1]));
    return m;
  }

  @Test
  void aTwoHundredIsSucceededAndTheRequestIsSignedPerStandardWebhooks() {
    WebhookStore.Finished done = send(endpoint(true, "https://example.com/hook", "standard"));
    assertEquals("succeeded", done.status());
    assertTrue(done.delivered());
    assertEquals(0, done.retryInMillis());
    assertEquals("whd_1", done.deliveryId());
    assertEquals("agent_a", done.agentId());
    assertEquals("holder-1", done.holder());
    assertEquals(2, done.attempt().attempt());
    assertEquals(NOW, done.attempt().attemptedAt());
    assertEquals("example.com", done.attempt().destinationHost());
    assertEquals(200, done.attempt().httpStatus());
    assertNull(done.attempt().error());

    Map<String, String> h = headers(sent.get(0));
    assertEquals(
        List.of(
            "Content-Type", "User-Agent", "webhook-id", "webhook-timestamp", "webhook-signature"),
        List.copyOf(h.keySet()));
    assertEquals("application/json", h.get("Content-Type"));
    assertEquals("AgentCommerce-Webhooks/1.0", h.get("User-Agent"));
    assertEquals("msg_1", h.get("webhook-id"));
    assertEquals(Long.toString(NOW.getEpochSecond()), h.get("webhook-timestamp"));
    assertEquals(
        StandardWebhookSignature.header(List.of(secret), "msg_1", NOW.getEpochSecond(), PAYLOAD),
        h.get("webhook-signature"));
    assertEquals(PAYLOAD, new String(bodies.get(0), StandardCharsets.UTF_8));
    assertFalse(h.values().stream().anyMatch(v -> v.contains(secret)), "never the secret itself");
  }

  @Test
  void anAcpEndpointGetsTheMerchantSignatureWithTimestampAndRequestId() {
    send(endpoint(true, "https://example.com/hook", "acp"));
    Map<String, String> h = headers(sent.get(0));
    assertEquals(
        MerchantSignature.header(secret, NOW.getEpochSecond(), PAYLOAD),
        h.get(MerchantSignature.HEADER));
    assertEquals(NOW.toString(), h.get("Timestamp"));
    assertEquals("msg_1", h.get("Request-Id"));
    assertFalse(h.containsKey("webhook-signature"));
  }

  @Test
  void answersAreClassifiedAndRetriesSettledByTheSchedule() {
    answer = new WebhookTransport.Answer(410, null);
    WebhookStore.Finished gone = send(endpoint(true, "https://example.com/hook", "standard"));
    assertEquals("failed", gone.status());
    assertEquals("410 Gone: endpoint disabled", gone.attempt().error());

    answer = new WebhookTransport.Answer(400, null);
    WebhookStore.Finished refused = send(endpoint(true, "https://example.com/hook", "standard"));
    assertEquals("failed", refused.status());
    assertEquals("HTTP 400", refused.attempt().error());
    assertEquals(0, refused.retryInMillis());

    answer = new WebhookTransport.Answer(503, "120");
    WebhookStore.Finished busy = send(endpoint(true, "https://example.com/hook", "standard"));
    assertEquals("pending", busy.status());
    assertEquals(503, busy.attempt().httpStatus());
    assertEquals(120_000, busy.retryInMillis(), "Retry-After longer than the 5 s step wins");
    assertFalse(busy.delivered());

    answer = new WebhookTransport.Answer(429, null);
    assertEquals(
        5_000, send(endpoint(true, "https://example.com/hook", "standard")).retryInMillis());

    answer = new WebhookTransport.TimedOut("slow");
    WebhookStore.Finished slow = send(endpoint(true, "https://example.com/hook", "standard"));
    assertEquals("pending", slow.status());
    assertEquals("timeout", slow.attempt().error());
    assertNull(slow.attempt().httpStatus());

    answer = new ConnectException("refused");
    assertEquals(
        "connection failed: ConnectException",
        send(endpoint(true, "https://example.com/hook", "standard")).attempt().error());
  }

  @Test
  void aRetryWithNoStepLeftIsFailed() {
    answer = new WebhookTransport.Answer(500, null);
    WebhookStore.Finished done =
        attempt("PT0S,PT5S")
            .run(
                delivery(3, 2),
                "holder-1",
                Optional.of(endpoint(true, "https://example.com/hook", "standard")));
    assertEquals("failed", done.status());
    assertEquals("HTTP 500", done.attempt().error());
    assertEquals(0, done.retryInMillis());
  }

  @Test
  void nothingIsSentToADisabledEndpointOrARefusedDestination() {
    assertEquals(
        "endpoint disabled",
        send(endpoint(false, "https://example.com/hook", "standard")).attempt().error());
    assertEquals(
        "endpoint disabled",
        attempt("PT0S").run(delivery(1, 0), "h", Optional.empty()).attempt().error());
    assertEquals("no destination_url", send(endpoint(true, null, "standard")).attempt().error());
    WebhookStore.Finished refused = send(endpoint(true, "http://example.com/hook", "standard"));
    assertEquals("failed", refused.status());
    assertTrue(refused.attempt().error().startsWith("destination refused: "));
    assertTrue(sent.isEmpty());
  }

  @Test
  void retryAfterIsReadAsSecondsOrAnHttpDate() {
    assertEquals(Duration.ofSeconds(30), AttemptOutcome.retryAfter(" 30 ", NOW));
    assertEquals(Duration.ZERO, AttemptOutcome.retryAfter("-5", NOW));
    assertEquals(
        Duration.ofMinutes(2), AttemptOutcome.retryAfter("Sun, 1 Mar 2026 10:02:00 GMT", NOW));
    assertEquals(Duration.ZERO, AttemptOutcome.retryAfter("Sun, 1 Mar 2026 09:00:00 GMT", NOW));
    assertNull(AttemptOutcome.retryAfter("soon", NOW));
    assertNull(AttemptOutcome.retryAfter(" ", NOW));
    assertNull(AttemptOutcome.retryAfter(null, NOW));
  }
}
