package org.agentcommerce.payment.spi;

/**
 * A refund's outcome: {@code status} succeeded | pending | failed | unknown, the PSP's refund id,
 * and a reason when it failed. From {@link PspAdapter#retrieveRefund} also {@code not_found}: the
 * PSP certainly has no such refund (yet).
 */
public record PspRefundResult(String status, String pspRefundId, String failureReason) {

  public static final String NOT_FOUND = "not_found";

  public static PspRefundResult notFound() {
    return new PspRefundResult(NOT_FOUND, null, null);
  }

  public static PspRefundResult unknown(String pspRefundId, String reason) {
    return new PspRefundResult("unknown", pspRefundId, reason);
  }
}
