package org.agentcommerce.payment.spi;

import java.time.Instant;

/**
 * Which earlier charge to look up: {@code pspPaymentId} when the PSP answered with one, else our
 * {@code reference} (the attempt id sent with the charge) and {@code idempotencyKey}. {@code
 * attemptedAt}: when the charge was sent (lets an adapter whose search lags tell "not yet visible"
 * from "never arrived"), null when unknown.
 */
public record PspLookup(
    String pspPaymentId,
    String reference,
    String idempotencyKey,
    PspCredentials credentials,
    Instant attemptedAt) {

  public PspLookup(
      String pspPaymentId, String reference, String idempotencyKey, PspCredentials credentials) {
    this(pspPaymentId, reference, idempotencyKey, credentials, null);
  }
}
