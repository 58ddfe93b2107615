package org.agentcommerce.payment.infrastructure.psp.stripe;

import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.DISPUTE;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.INSUFFICIENT_FUNDS_ERROR;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.PI;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.event;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.intent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.stripe.Stripe;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;
import org.junit.jupiter.api.Test;

/**
 * Stripe webhook verification: {@code Stripe-Signature: t=…,v1=…}, v1 being HMAC-SHA256 of "t.body"
 * under the endpoint's whsec_ secret, t at most 300 s old. Signatures are computed here from that
 * documented scheme, not with stripe-java, so the test checks the adapter against the scheme rather
 * than against itself.
 */
class StripeWebhookTest {

  static final String SECRET = "whsec_5f0e1a9c2b7d4e8f6a3c1b9d7e5f2a4c";
  static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

  final StripePspAdapter adapter =
      new StripePspAdapter(
          Duration.ofSeconds(2),
          Duration.ofSeconds(10),
          StripePspAdapter.DEFAULT_SEARCH_SETTLED_AFTER,
          Clock.fixed(NOW, ZoneOffset.UTC));
  final PspCredentials credentials =
      new PspCredentials(URI.create("https://api.stripe.com"), "sk_test_x", null, SECRET, false);

  static String sign(String body, long timestamp, String secret) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    byte[] digest = mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
    return "t=" + timestamp + ",v1=" + HexFormat.of().formatHex(digest);
  }

  static PspWebhookRequest request(String body, String signature) {
    Map<String, List<String>> headers =
        signature == null ? Map.of() : Map.of("stripe-signature", List.of(signature));
    return new PspWebhookRequest(headers, body.getBytes(StandardCharsets.UTF_8));
  }

  PspWebhookEvent verify(String body) throws Exception {
    return adapter.verifyWebhook(
        request(body, sign(body, NOW.getEpochSecond(), SECRET)), credentials);
  }

  @Test
  void signedPaymentSucceededIsReadWithOurReference() throws Exception {
    String body =
        event("evt_1", "payment_intent.succeeded", Stripe.API_VERSION, intent("succeeded"));

    PspWebhookEvent event = verify(body);

    assertEquals("evt_1", event.eventId());
    assertEquals("payment_intent.succeeded", event.type());
    assertEquals(PI, event.pspPaymentId());
    assertEquals("att_1", event.reference());
    assertEquals(PspOutcome.SUCCEEDED, event.outcome());
    assertFalse(event.dispute());
  }

  @Test
  void paymentFailedIsDeclinedWithTheDeclineCode() throws Exception {
    String body =
        event(
            "evt_2",
            "payment_intent.payment_failed",
            Stripe.API_VERSION,
            intent("requires_payment_method", "null", INSUFFICIENT_FUNDS_ERROR));

    PspWebhookEvent event = verify(body);

    assertEquals(PspOutcome.DECLINED, event.outcome());
    assertEquals("insufficient_funds", event.declineCode());
  }

  @Test
  void processingIsProcessingEvenFromAnOlderApiVersion() throws Exception {
    String body = event("evt_3", "payment_intent.processing", "2024-06-20", intent("processing"));

    PspWebhookEvent event = verify(body);

    assertEquals(PspOutcome.PROCESSING, event.outcome());
    assertEquals("att_1", event.reference());
  }

  @Test
  void disputeCreatedIsADisputeOfThePaymentIntent() throws Exception {
    String body = event("evt_4", "charge.dispute.created", Stripe.API_VERSION, DISPUTE);

    PspWebhookEvent event = verify(body);

    assertTrue(event.dispute());
    assertEquals(PI, event.pspPaymentId());
    assertNull(event.outcome());
  }

  @Test
  void otherEventsAreReadButSettleNothing() throws Exception {
    String body = event("evt_5", "customer.created", Stripe.API_VERSION, "{\"id\":\"cus_1\"}");

    PspWebhookEvent event = verify(body);

    assertEquals("customer.created", event.type());
    assertNull(event.outcome());
    assertFalse(event.dispute());
  }

  @Test
  void alteredBodyIsRefused() throws Exception {
    String body =
        event("evt_1", "payment_intent.succeeded", Stripe.API_VERSION, intent("succeeded"));
    String signature = sign(body, NOW.getEpochSecond(), SECRET);
    String altered = body.replace("1234", "1");

    PspWebhookException e =
        assertThrows(
            PspWebhookException.class,
            () -> adapter.verifyWebhook(request(altered, signature), credentials));
    assertFalse(e.getMessage().contains(SECRET));
    assertFalse(e.getMessage().contains(signature));
  }

  @Test
  void signatureUnderAnotherSecretIsRefused() throws Exception {
    String body =
        event("evt_1", "payment_intent.succeeded", Stripe.API_VERSION, intent("succeeded"));
    String signature = sign(body, NOW.getEpochSecond(), "whsec_someone_else");

    assertThrows(
        PspWebhookException.class,
        () -> adapter.verifyWebhook(request(body, signature), credentials));
  }

  @Test
  void signatureOlderThanFiveMinutesIsRefused() throws Exception {
    String body =
        event("evt_1", "payment_intent.succeeded", Stripe.API_VERSION, intent("succeeded"));
    String stale = sign(body, NOW.getEpochSecond() - 301, SECRET);
    String recent = sign(body, NOW.getEpochSecond() - 299, SECRET);

    assertThrows(
        PspWebhookException.class, () -> adapter.verifyWebhook(request(body, stale), credentials));
    assertEquals("evt_1", adapter.verifyWebhook(request(body, recent), credentials).eventId());
  }

  @Test
  void missingSignatureIsRefused() {
    String body = event("evt_1", "payment_intent.succeeded", Stripe.API_VERSION, "{}");

    assertThrows(
        PspWebhookException.class, () -> adapter.verifyWebhook(request(body, null), credentials));
  }

  @Test
  void signedButUnreadableBodyIsRefused() {
    assertThrows(PspWebhookException.class, () -> verify("not json"));
  }
}
