package org.agentcommerce.events.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertThrows;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Our signatures, checked by the official Standard Webhooks library. */
class StandardWebhookSignatureTest {

  private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  private static final String OTHER = "whsec_dGhlLW90aGVyLXNlY3JldC1vZi10aGUtYWdlbnQ=";
  private static final String BODY =
      "{\"type\":\"order.created\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"data\":{}}";

  private static Map<String, List<String>> headers(String id, long ts, String signature) {
    return Map.of(
        "webhook-id", List.of(id),
        "webhook-timestamp", List.of(Long.toString(ts)),
        "webhook-signature", List.of(signature));
  }

  @Test
  void theOfficialLibraryAcceptsOurSignature() throws Exception {
    long now = Instant.now().getEpochSecond();
    String sig = StandardWebhookSignature.header(List.of(SECRET), "evt_1", now, BODY);
    new Webhook(SECRET).verify(BODY, headers("evt_1", now, sig));
  }

  @Test
  void duringARotationEitherSecretVerifies() throws Exception {
    long now = Instant.now().getEpochSecond();
    String sig = StandardWebhookSignature.header(List.of(OTHER, SECRET), "evt_2", now, BODY);
    new Webhook(SECRET).verify(BODY, headers("evt_2", now, sig));
    new Webhook(OTHER).verify(BODY, headers("evt_2", now, sig));
  }

  @Test
  void aChangedBodyIdOrTimestampDoesNotVerify() {
    long now = Instant.now().getEpochSecond();
    String sig = StandardWebhookSignature.header(List.of(SECRET), "evt_3", now, BODY);
    assertThrows(
        WebhookVerificationException.class,
        () -> new Webhook(SECRET).verify(BODY + " ", headers("evt_3", now, sig)));
    assertThrows(
        WebhookVerificationException.class,
        () -> new Webhook(SECRET).verify(BODY, headers("evt_4", now, sig)));
    assertThrows(
        WebhookVerificationException.class,
        () -> new Webhook(SECRET).verify(BODY, headers("evt_3", now + 1, sig)));
    assertThrows(
        WebhookVerificationException.class,
        () -> new Webhook(OTHER).verify(BODY, headers("evt_3", now, sig)));
  }
}
