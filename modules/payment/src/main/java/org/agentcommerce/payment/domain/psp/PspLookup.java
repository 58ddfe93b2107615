package org.agentcommerce.payment.domain.psp;

/**
 * Which earlier charge to look up: {@code pspPaymentId} when the PSP answered with one, else our
 * {@code reference} (the attempt id sent with the charge) and {@code idempotencyKey}.
 */
public record PspLookup(
    String pspPaymentId, String reference, String idempotencyKey, PspCredentials credentials) {}
