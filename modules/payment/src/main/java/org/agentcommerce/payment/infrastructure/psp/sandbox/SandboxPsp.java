package org.agentcommerce.payment.infrastructure.psp.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.UncheckedIOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.payment.spi.PspAdapter;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspFence;
import org.agentcommerce.payment.spi.PspLookup;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundLookup;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;
import org.agentcommerce.platform.api.Ids;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The built-in sandbox PSP: a PSP with books of its own (table sandbox_psp_charges) and
 * deterministic test tokens, reached through the same SPI, fault-tolerance guard, attempts and
 * reconciliation as a real one. Idempotent by key like Stripe: the same key answers the same
 * charge. Test tokens (docs/payments.md):
 *
 * <ul>
 *   <li>{@code tok_visa}, {@code tok_mastercard}, {@code pm_card_visa}: succeeds;
 *   <li>{@code tok_chargeDeclined}: declined, card_declined / generic_decline; {@code
 *       tok_chargeDeclinedInsufficientFunds}: insufficient_funds;
 *   <li>{@code tok_threeDSecure2Required}: requires_action, the buyer answers on the local
 *       challenge page {@code /sandbox/psp/challenge/{id}}, with the secret its link carries
 *       (handed out once, in the answer to the charge: {@link SandboxChallenges}); Off-session (a
 *       mandate, an ACP complete) it is declined {@code authentication_required} instead: the buyer
 *       is not there to answer a challenge;
 *   <li>{@code tok_processing}: processing, succeeds {@code SETTLE_MILLIS} later;
 *   <li>{@code tok_timeout}: the charge succeeds at the PSP but the answer never comes: the call
 *       waits {@code ac.payments.sandbox.answer-timeout} (3 s) and ends as a real adapter's read
 *       timeout does ({@link HttpTimeoutException}): reconciliation must find it;
 *   <li>{@code tok_unavailable}: the PSP refuses the request before creating anything (as a refused
 *       connection would): failover-safe;
 *   <li>anything else: declined, invalid_payment_method.
 * </ul>
 */
@ApplicationScoped
public class SandboxPsp implements PspAdapter {

  public static final String NAME = "sandbox";
  static final long SETTLE_MILLIS = 3000;

  /** What the sandbox does with a test token: its status, decline code, and later status. */
  private record Behaviour(String status, String declineCode, String settleTo) {}

  private static final Behaviour SUCCEEDS = new Behaviour("succeeded", null, null);
  private static final Behaviour UNRECOGNISED =
      new Behaviour("failed", "invalid_payment_method", null);
  private static final Map<String, Behaviour> BEHAVIOURS =
      Map.of(
          "tok_visa",
          SUCCEEDS,
          "tok_mastercard",
          SUCCEEDS,
          "pm_card_visa",
          SUCCEEDS,
          "tok_timeout",
          SUCCEEDS,
          "tok_chargeDeclined",
          new Behaviour("failed", "generic_decline", null),
          "tok_chargeDeclinedInsufficientFunds",
          new Behaviour("failed", "insufficient_funds", null),
          "tok_threeDSecure2Required",
          new Behaviour("requires_action", null, null),
          "tok_processing",
          new Behaviour("processing", null, "succeeded"));

  /**
   * The sandbox card form's test cards (the numbers Stripe documents for the same behaviours) and
   * the tokens they stand for. Any other number, even a valid one, is no card of the sandbox.
   */
  public static final Map<String, String> TEST_CARDS =
      Map.of(
          "4242424242424242", "tok_visa",
          "5555555555554444", "tok_mastercard",
          "4000000000000002", "tok_chargeDeclined",
          "4000000000009995", "tok_chargeDeclinedInsufficientFunds",
          "4000002760003184", "tok_threeDSecure2Required");

  @Inject SandboxLedger ledger;
  @Inject SandboxChallenges challenges;
  @Inject SandboxRefunds refunds;

  /**
   * How long the sandbox takes before it handles a refund, as a slow PSP would (zero by default):
   * lets a test find refunds in flight that the PSP has not received yet.
   */
  @Inject
  @ConfigProperty(name = "ac.payments.sandbox.refund-delay", defaultValue = "PT0S")
  Duration refundDelay;

  /**
   * How long a caller waits for an answer that never comes ({@code tok_timeout}) before its read
   * times out. The sandbox is called in-process, so this is the only hang it has: its guard needs
   * no fault-tolerance timeout (Payara schedules one task per guarded call for that, with a
   * ServiceLoader scan each time: about a tenth of a payment's CPU in a profile).
   */
  @Inject
  @ConfigProperty(name = "ac.payments.sandbox.answer-timeout", defaultValue = "PT3S")
  Duration answerTimeout;

  @Override
  public String name() {
    return NAME;
  }

  /**
   * How long a request takes to reach the sandbox's books (0 by default): the network between a
   * node and its PSP. While it lasts the request is in flight — the moment a node may pause in
   * without having charged yet, which the fault tests use (docs/payments.md, failure model).
   */
  @Inject
  @ConfigProperty(name = "ac.payments.sandbox.request-delay", defaultValue = "PT0S")
  Duration requestDelay;

  @Override
  public PspResult charge(PspCharge c) throws PspNotAcceptedException {
    String token = c.paymentMethodToken() == null ? "" : c.paymentMethodToken();
    if ("tok_unavailable".equals(token)) {
      throw new PspNotAcceptedException(
          NAME, "psp_unavailable", "the sandbox refuses this token", false, true, null, null);
    }
    inFlight();
    String id = Ids.newId("spch", 16);
    long minor = c.amount().minorUnits();
    String currency = c.amount().currencyCode();
    Behaviour b = BEHAVIOURS.getOrDefault(token, UNRECOGNISED);
    if (c.offSession() && "requires_action".equals(b.status())) {
      // The buyer is not there to authenticate: declined, as a card network does off-session.
      b = new Behaviour("failed", "authentication_required", null);
    }
    SandboxLedger.Charge charge;
    try {
      charge =
          ledger.record(
              fingerprint(c),
              id,
              c.idempotencyKey(),
              c.reference(),
              c.amount().minorUnits(),
              c.amount().currencyCode(),
              b == UNRECOGNISED ? "unrecognised" : token,
              b.status(),
              b.declineCode(),
              b.settleTo() == null ? 0 : SETTLE_MILLIS,
              b.settleTo(),
              c.returnUrl());
    } catch (SandboxLedger.KeyReused e) {
      // Stripe answers 400 idempotency_error here, Adyen 422: the request is refused, nothing is
      // charged, and an earlier request under the key may have created something (not failover
      // safe, not retriable).
      throw new PspNotAcceptedException(
          NAME,
          "idempotency_key_reused",
          e.first.fenced()
              ? "the key was fenced: this attempt was closed before the charge arrived"
              : "the key was used with another request",
          false,
          false,
          null,
          null);
    }
    if ("tok_timeout".equals(token)) {
      hang();
    }
    if (charge.id().equals(id) && "requires_action".equals(charge.status())) {
      // This charge was made now: its challenge link, with the secret, goes out in this answer.
      return PspResult.requiresAction(id, challenges.link(id));
    }
    return result(charge);
  }

  @Override
  public PspResult retrieve(PspLookup lookup) throws PspNotAcceptedException {
    return (lookup.pspPaymentId() != null
            ? ledger.byId(lookup.pspPaymentId())
            : ledger.byKey(lookup.idempotencyKey()))
        .map(SandboxPsp::result)
        .orElse(PspResult.notFound());
  }

  /** Cancels a charge that waits for the buyer's challenge or settles later. */
  @Override
  public PspResult cancel(PspLookup lookup) {
    Optional<SandboxLedger.Charge> c =
        lookup.pspPaymentId() != null
            ? ledger.byId(lookup.pspPaymentId())
            : ledger.byKey(lookup.idempotencyKey());
    return c.flatMap(charge -> ledger.cancel(charge.id()))
        .map(SandboxPsp::result)
        .orElse(PspResult.notFound());
  }

  /**
   * Records a fence under the attempt's key unless a charge is there first: a charge sent later
   * under the key is refused ({@link SandboxLedger#record}). NOT_FOUND: fenced; else the charge's
   * outcome.
   */
  @Override
  public PspResult fence(PspFence f) {
    SandboxLedger.Charge c;
    try {
      c =
          ledger.fence(
              Ids.newId("spch", 16), f.idempotencyKey(), f.reference(), f.amount().currencyCode());
    } catch (RuntimeException raced) {
      // A charge or another fence inserted the key at the same moment: read what won.
      c =
          ledger
              .byKey(f.idempotencyKey())
              .orElseThrow(() -> new IllegalStateException("fence failed", raced));
    }
    return result(c);
  }

  /**
   * A refund, kept per idempotency key ({@link SandboxRefunds}): the same key and request answer
   * the stored refund; the same key with another request is refused as Stripe refuses it (not
   * failover safe: the key's first request may have refunded).
   */
  @Override
  public PspRefundResult refund(PspRefund refund) throws PspNotAcceptedException {
    pause(refundDelay);
    try {
      return result(
          refunds.refund(
              Ids.newId("sprf", 12),
              refund.idempotencyKey(),
              refund.pspPaymentId() == null ? "" : refund.pspPaymentId(),
              refund.reference(),
              refund.amount().minorUnits(),
              refund.amount().currencyCode()));
    } catch (SandboxRefunds.KeyReused e) {
      throw new PspNotAcceptedException(
          NAME, "idempotency_conflict", e.getMessage(), false, false, null, null);
    }
  }

  @Override
  public PspRefundResult retrieveRefund(PspRefundLookup lookup) {
    return (lookup.pspRefundId() != null
            ? refunds.byId(lookup.pspRefundId())
            : refunds.byKey(lookup.idempotencyKey()))
        .map(SandboxPsp::result)
        .orElse(PspRefundResult.notFound());
  }

  /** The sandbox keeps its idempotency keys for ever (a century, for arithmetic's sake). */
  @Override
  public Duration idempotencyWindow() {
    return Duration.ofDays(36_500);
  }

  static PspRefundResult result(SandboxRefunds.Refund r) {
    return "succeeded".equals(r.status())
        ? new PspRefundResult("succeeded", r.id(), null)
        : new PspRefundResult("failed", r.id(), r.failureReason());
  }

  @Override
  public PspWebhookEvent verifyWebhook(PspWebhookRequest request, PspCredentials credentials)
      throws PspWebhookException {
    throw new PspWebhookException("the sandbox PSP sends no webhooks; it is polled");
  }

  static PspResult result(SandboxLedger.Charge c) {
    return switch (c.status()) {
      case SandboxLedger.FENCED -> PspResult.notFound();
      case "canceled" ->
          PspResult.declined(
              c.id(),
              "payment_expired",
              null,
              "The payment was cancelled: the buyer did not complete it in time.");
      case "succeeded" -> PspResult.succeeded(c.id());
      // The challenge's link went out once, with the answer to the charge that made it.
      case "requires_action" -> PspResult.requiresAction(c.id(), null);
      case "processing" -> PspResult.processing(c.id());
      default ->
          PspResult.declined(
              c.id(),
              "invalid_payment_method".equals(c.declineCode())
                  ? "invalid_payment_method"
                  : "card_declined",
              c.declineCode(),
              message(c.declineCode()));
    };
  }

  private static String message(String declineCode) {
    return Map.of(
            "generic_decline", "The card was declined.",
            "insufficient_funds", "The card has insufficient funds.",
            "authentication_failed", "The buyer failed 3-D Secure authentication.",
            "invalid_payment_method", "The sandbox does not know this payment method token.")
        .getOrDefault(declineCode, "The payment was declined.");
  }

  /** The fingerprint of a charge request: what Stripe and Adyen compare a reused key's body by. */
  static String fingerprint(PspCharge c) {
    String canonical =
        String.join(
            "\n",
            c.reference(),
            String.valueOf(c.amount().minorUnits()),
            c.amount().currencyCode(),
            String.valueOf(c.paymentMethodType()),
            String.valueOf(c.paymentMethodToken()),
            String.valueOf(c.offSession()),
            String.valueOf(c.returnUrl()));
    try {
      return java.util.HexFormat.of()
          .formatHex(
              java.security.MessageDigest.getInstance("SHA-256")
                  .digest(canonical.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private void inFlight() {
    pause(requestDelay);
  }

  private static void pause(Duration d) {
    if (d.isZero() || d.isNegative()) {
      return;
    }
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void hang() {
    try {
      Thread.sleep(Math.max(0, answerTimeout.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new UncheckedIOException(
        new HttpTimeoutException("The sandbox PSP did not answer within " + answerTimeout));
  }
}
