package org.agentcommerce.payment.spi;

/**
 * A payment service provider as the payment service sees it. Implementations are HTTP clients of a
 * PSP's API (the sandbox PSP, Stripe, Adyen); they hold no state of their own and never log or
 * return a credential.
 *
 * <p>The contract that makes "charge once" true: every {@link #charge} carries the caller's
 * idempotency key, stored by the caller before the call, and the adapter sends it to the PSP as the
 * PSP's own idempotency key. An adapter classifies what happened:
 *
 * <ul>
 *   <li>it returns a {@link PspResult} whose outcome it knows (succeeded, requires_action,
 *       processing, declined);
 *   <li>it throws {@link PspNotAcceptedException} only when the PSP certainly did not create a
 *       charge (the connection was refused before a byte was sent, 429, a 4xx refusal of the
 *       request itself, or a 5xx the PSP marks as safe to retry): the caller may retry with the
 *       same key, or fail over to another PSP when {@code failoverSafe};
 *   <li>it returns {@link PspResult#unknown} for everything else (a timeout after the request was
 *       sent, a reset connection, a 5xx, an answer it cannot read): the caller then never retries
 *       elsewhere and reconciles through {@link #retrieve}.
 * </ul>
 */
public interface PspAdapter {

  /** The PSP's name as it appears on the wire ({@code psp_used}): sandbox, stripe, adyen. */
  String name();

  /** Creates and confirms a payment of {@code charge.amount()} with the buyer's payment method. */
  PspResult charge(PspCharge charge) throws PspNotAcceptedException;

  /**
   * What became of an earlier charge, looked up without creating anything: by the PSP's payment id
   * when the caller has one, otherwise by our reference / idempotency key. {@link
   * PspResult#unknown} when the PSP still cannot tell; {@link PspOutcome#NOT_FOUND} when the PSP
   * certainly has no such payment.
   */
  PspResult retrieve(PspLookup lookup) throws PspNotAcceptedException;

  /**
   * Makes the attempt's idempotency key unusable for a charge, without charging: what the
   * reconciler does before it closes an attempt the PSP does not know, so that a charge sent late
   * under the key (by a node that paused between committing the attempt and calling the PSP) is
   * refused by the PSP instead of taking money. Answers {@link PspOutcome#NOT_FOUND} when the key
   * is fenced (no charge exists under it and none can be made with it), the charge's outcome when a
   * charge got there first, and {@link PspResult#unknown} when it cannot tell or cannot fence: the
   * caller then must not close the attempt. The default fences nothing.
   */
  default PspResult fence(PspFence fence) throws PspNotAcceptedException {
    return PspResult.unknown(null, name() + " cannot fence an idempotency key");
  }

  /**
   * Cancels a payment that waits for the buyer (3-D Secure, a redirect) or for the PSP
   * (processing), so that it can never capture later, and answers where it ended: {@link
   * PspOutcome#DECLINED} when it is cancelled, its real outcome when it finished first (a capture
   * is {@link PspOutcome#SUCCEEDED} and must be recorded), {@link PspResult#unknown} when the PSP
   * cannot cancel it or cannot tell (the caller keeps waiting). The default cancels nothing.
   */
  default PspResult cancel(PspLookup lookup) throws PspNotAcceptedException {
    return PspResult.unknown(lookup.pspPaymentId(), name() + " cannot cancel a payment here");
  }

  /**
   * Gives money back for a succeeded payment, idempotent by {@code refund.idempotencyKey()}: within
   * {@link #idempotencyWindow()} of its first send, the same request again answers the first one's
   * outcome and never refunds twice.
   */
  PspRefundResult refund(PspRefund refund) throws PspNotAcceptedException;

  /**
   * What became of an earlier refund, looked up without creating anything: by the PSP's refund id
   * when the caller has one, otherwise by our reference among the payment's refunds. {@link
   * PspRefundResult#NOT_FOUND} only when the PSP certainly has no such refund <em>now</em> (a
   * request still on its way may create it later); {@code unknown} when the PSP cannot tell or has
   * no way to look refunds up.
   */
  PspRefundResult retrieveRefund(PspRefundLookup lookup) throws PspNotAcceptedException;

  /**
   * How long after its first send the PSP answers a repeat of a request with the same idempotency
   * key from its idempotency store instead of acting again (with a margin below what the PSP
   * documents). Sending a request again is safe only within it.
   */
  java.time.Duration idempotencyWindow();

  /**
   * Verifies a webhook the PSP sent (signature over the raw body with the configured secret,
   * timestamp tolerance) and reads it; throws {@link PspWebhookException} when it is not authentic
   * or not readable.
   */
  PspWebhookEvent verifyWebhook(PspWebhookRequest request, PspCredentials credentials)
      throws PspWebhookException;
}
