package org.agentcommerce.payment.spi;

/**
 * A PSP adapter behind its own fault-tolerance guard (timeout, retry of certainly-not-accepted
 * calls with the same idempotency key, circuit breaker and bulkhead of its own): what the payment
 * service calls. A guard lets MicroProfile Fault Tolerance's runtime exceptions through: a timeout
 * means the outcome is unknown; an open circuit or a full bulkhead means nothing was sent.
 */
public interface GuardedPsp {

  String name();

  PspResult charge(PspCharge charge) throws PspNotAcceptedException;

  PspResult retrieve(PspLookup lookup) throws PspNotAcceptedException;

  /** See {@link PspAdapter#cancel}. */
  PspResult cancel(PspLookup lookup) throws PspNotAcceptedException;

  /** See {@link PspAdapter#fence}. */
  PspResult fence(PspFence fence) throws PspNotAcceptedException;

  PspRefundResult refund(PspRefund refund) throws PspNotAcceptedException;

  PspRefundResult retrieveRefund(PspRefundLookup lookup) throws PspNotAcceptedException;

  /** The adapter's {@link PspAdapter#idempotencyWindow()}. */
  java.time.Duration idempotencyWindow();

  PspWebhookEvent verifyWebhook(PspWebhookRequest request, PspCredentials credentials)
      throws PspWebhookException;
}
