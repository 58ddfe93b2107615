package org.agentcommerce.payment.domain;

import java.time.Instant;

/**
 * One call of a payment to one PSP. {@code status}: sent (written before the call; the outcome is
 * not known yet), succeeded, requires_action, processing, declined, not_accepted (the PSP certainly
 * created nothing), unknown (reconciliation decides). {@code expiresAt}: when a payment still
 * waiting for the buyer or the PSP is cancelled, fixed when the attempt is written (by the
 * configuration of the node that wrote it: every node of a fleet honours the same deadline); null
 * on attempts written before V76.
 */
public record AttemptRecord(
    String id,
    String paymentId,
    int seq,
    String psp,
    String idempotencyKey,
    String status,
    String pspPaymentId,
    String errorCode,
    String declineCode,
    String message,
    Long latencyMs,
    int reconcileCount,
    Instant createdAt,
    Instant finishedAt,
    Instant expiresAt) {

  public boolean open() {
    return "sent".equals(status)
        || "unknown".equals(status)
        || "processing".equals(status)
        || "requires_action".equals(status);
  }
}
