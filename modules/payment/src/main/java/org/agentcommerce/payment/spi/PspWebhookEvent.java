package org.agentcommerce.payment.spi;

/**
 * An authentic webhook, read: the PSP's event id (for at-most-once handling), its type, the PSP
 * payment id and our reference it concerns, and what it says of the payment ({@code outcome}
 * SUCCEEDED, DECLINED, PROCESSING…, or null for events that do not settle a payment; {@code
 * dispute} true for a dispute/chargeback).
 */
public record PspWebhookEvent(
    String eventId,
    String type,
    String pspPaymentId,
    String reference,
    PspOutcome outcome,
    String declineCode,
    boolean dispute) {}
