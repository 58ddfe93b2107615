package org.agentcommerce.payment.domain.psp;

/**
 * A refund's outcome: {@code status} succeeded | pending | failed | unknown, the PSP's refund id,
 * and a reason when it failed.
 */
public record PspRefundResult(String status, String pspRefundId, String failureReason) {}
