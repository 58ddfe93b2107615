package org.agentcommerce.payment.spi;

import org.agentcommerce.platform.api.Money;

/** A refund of {@code amount} of the PSP payment {@code pspPaymentId}, idempotent by key. */
public record PspRefund(
    String idempotencyKey,
    String reference,
    String pspPaymentId,
    Money amount,
    PspCredentials credentials) {}
