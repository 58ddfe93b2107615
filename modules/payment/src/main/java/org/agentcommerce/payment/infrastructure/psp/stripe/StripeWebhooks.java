package org.agentcommerce.payment.infrastructure.psp.stripe;

import static org.agentcommerce.payment.infrastructure.psp.stripe.StripePspAdapter.REFERENCE_KEY;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripePspAdapter.WEBHOOK_TOLERANCE;

import com.stripe.exception.SignatureVerificationException;
import com.stripe.exception.StripeException;
import com.stripe.model.Dispute;
import com.stripe.model.Event;
import com.stripe.model.EventDataObjectDeserializer;
import com.stripe.model.PaymentIntent;
import com.stripe.model.StripeError;
import com.stripe.model.StripeObject;
import com.stripe.net.Webhook;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;

/**
 * Stripe's webhooks: the {@code Stripe-Signature} verified by stripe-java against the webhook
 * secret and the tolerance, then the event read as a payment outcome ({@code payment_intent.*}), a
 * dispute ({@code charge.dispute.*}) or an event of no concern. No error names the secret or the
 * signature.
 */
final class StripeWebhooks {

  private StripeWebhooks() {}

  /**
   * The event of a webhook whose {@code Stripe-Signature} verifies under {@code
   * credentials.webhookSecret()} with a timestamp within {@link StripePspAdapter#WEBHOOK_TOLERANCE}
   * of {@code clock}.
   */
  static PspWebhookEvent verify(PspWebhookRequest request, PspCredentials credentials, Clock clock)
      throws PspWebhookException {
    String signature = request.header("Stripe-Signature");
    if (signature == null || signature.isBlank()) {
      throw new PspWebhookException("missing Stripe-Signature header");
    }
    if (credentials.webhookSecret() == null || credentials.webhookSecret().isBlank()) {
      throw new PspWebhookException("no Stripe webhook secret configured");
    }
    String payload = new String(request.body(), StandardCharsets.UTF_8);
    Event event;
    try {
      event =
          Webhook.constructEvent(
              payload,
              signature,
              credentials.webhookSecret(),
              WEBHOOK_TOLERANCE.toSeconds(),
              clock);
    } catch (SignatureVerificationException e) {
      throw new PspWebhookException("Stripe signature invalid or stale");
    } catch (RuntimeException e) {
      throw new PspWebhookException("Stripe webhook is not a readable event");
    }
    return readEvent(event);
  }

  private static PspWebhookEvent readEvent(Event event) throws PspWebhookException {
    String type = event.getType();
    if (type == null || event.getId() == null) {
      throw new PspWebhookException("Stripe webhook without id or type");
    }
    if (type.startsWith("payment_intent.")) {
      PaymentIntent intent = dataObject(event, PaymentIntent.class);
      String reference =
          intent.getMetadata() == null ? null : intent.getMetadata().get(REFERENCE_KEY);
      StripeError error = intent.getLastPaymentError();
      PspOutcome outcome =
          switch (type) {
            case "payment_intent.succeeded" -> PspOutcome.SUCCEEDED;
            case "payment_intent.payment_failed" -> PspOutcome.DECLINED;
            case "payment_intent.processing" -> PspOutcome.PROCESSING;
            case "payment_intent.requires_action" -> PspOutcome.REQUIRES_ACTION;
            default -> null;
          };
      String declineCode =
          outcome == PspOutcome.DECLINED && error != null
              ? firstNonNull(error.getDeclineCode(), error.getCode())
              : null;
      return new PspWebhookEvent(
          event.getId(), type, intent.getId(), reference, outcome, declineCode, false);
    }
    if (type.startsWith("charge.dispute.")) {
      Dispute dispute = dataObject(event, Dispute.class);
      return new PspWebhookEvent(
          event.getId(), type, dispute.getPaymentIntent(), null, null, null, true);
    }
    return new PspWebhookEvent(event.getId(), type, null, null, null, null, false);
  }

  private static <T extends StripeObject> T dataObject(Event event, Class<T> type)
      throws PspWebhookException {
    EventDataObjectDeserializer data = event.getDataObjectDeserializer();
    StripeObject object;
    try {
      // getObject() is empty when the event's API version differs from stripe-java's; the fields
      // read here are stable across versions, so read it anyway.
      object = data.getObject().isPresent() ? data.getObject().get() : data.deserializeUnsafe();
    } catch (StripeException | RuntimeException e) {
      throw new PspWebhookException("Stripe webhook data is not readable");
    }
    if (!type.isInstance(object)) {
      throw new PspWebhookException("Stripe webhook data is not a " + type.getSimpleName());
    }
    return type.cast(object);
  }

  private static String firstNonNull(String first, String second) {
    return first != null ? first : second;
  }
}
