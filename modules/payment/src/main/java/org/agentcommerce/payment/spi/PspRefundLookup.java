package org.agentcommerce.payment.spi;

import java.time.Instant;
import org.agentcommerce.platform.api.Money;

/**
 * Which earlier refund to look up: {@code pspRefundId} when the PSP answered with one, else our
 * {@code reference} (the refund id sent with it) and {@code idempotencyKey} among the refunds of
 * the PSP payment {@code pspPaymentId}. {@code amount}: what was asked (a PSP that keeps several
 * refunds per payment tells them apart by reference, never by amount). {@code requestedAt}: when
 * the refund was written, before its first send.
 */
public record PspRefundLookup(
    String pspRefundId,
    String pspPaymentId,
    String reference,
    String idempotencyKey,
    Money amount,
    PspCredentials credentials,
    Instant requestedAt) {}
