package org.agentcommerce.payment.domain;

import java.time.Instant;
import org.agentcommerce.platform.api.Money;

/**
 * A refund as the reconciler needs it: the refund row with what it refunds (the payment, its order,
 * merchant, PSP and the PSP's payment id). {@code status}: pending (written before the PSP call, or
 * the PSP said pending), succeeded, failed, unknown (the call's answer was lost).
 */
public record RefundRecord(
    String id,
    String paymentId,
    String orderId,
    String merchantId,
    String psp,
    String pspPaymentId,
    Money amount,
    String status,
    String idempotencyKey,
    String pspRefundId,
    int reconcileCount,
    Instant createdAt) {

  public boolean open() {
    return "pending".equals(status) || "unknown".equals(status);
  }
}
