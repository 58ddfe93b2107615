package org.agentcommerce.payment.spi;

/**
 * A PSP's answer about one charge. {@code pspPaymentId}: the PSP's id (Stripe's {@code pi_…},
 * Adyen's pspReference) when known. {@code actionUrl}: where the buyer goes for {@code
 * REQUIRES_ACTION}. {@code errorCode}/{@code declineCode}/{@code message}: for {@code DECLINED}
 * (e.g. card_declined / insufficient_funds) and, as a diagnostic, for {@code UNKNOWN}. Never a
 * secret: no client secret, no card number, no credential.
 */
public record PspResult(
    PspOutcome outcome,
    String pspPaymentId,
    String actionUrl,
    String errorCode,
    String declineCode,
    String message) {

  public static PspResult succeeded(String pspPaymentId) {
    return new PspResult(PspOutcome.SUCCEEDED, pspPaymentId, null, null, null, null);
  }

  public static PspResult requiresAction(String pspPaymentId, String actionUrl) {
    return new PspResult(PspOutcome.REQUIRES_ACTION, pspPaymentId, actionUrl, null, null, null);
  }

  public static PspResult processing(String pspPaymentId) {
    return new PspResult(PspOutcome.PROCESSING, pspPaymentId, null, null, null, null);
  }

  public static PspResult declined(
      String pspPaymentId, String errorCode, String declineCode, String message) {
    return new PspResult(PspOutcome.DECLINED, pspPaymentId, null, errorCode, declineCode, message);
  }

  public static PspResult notFound() {
    return new PspResult(PspOutcome.NOT_FOUND, null, null, null, null, null);
  }

  public static PspResult unknown(String pspPaymentId, String reason) {
    return new PspResult(PspOutcome.UNKNOWN, pspPaymentId, null, "outcome_unknown", null, reason);
  }
}
