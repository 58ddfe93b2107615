package org.agentcommerce.payment.domain;

import java.util.List;
import java.util.Optional;
import org.agentcommerce.payment.api.PaymentStatus;

/**
 * Payments and their attempts. Writes run in the caller's transaction; {@link #insert} fails with
 * {@link PaymentConflict} when the order already has a live payment (the database's unique
 * constraint decides, not a read before the write).
 */
public interface PaymentStore {

  void insert(PaymentRecord payment) throws PaymentConflict;

  Optional<PaymentRecord> find(String paymentId);

  /** The payment, its row locked until the transaction ends. */
  Optional<PaymentRecord> lock(String paymentId);

  Optional<PaymentRecord> latestForOrder(String orderId);

  /** The order's payment that is not failed (at most one exists), if any. */
  Optional<PaymentRecord> liveForOrder(String orderId);

  /**
   * Moves the payment to {@code status} with what the PSP said; a failed payment frees its order
   * (live_order_id NULL), a succeeded one takes the order's one succeeded slot.
   */
  void update(
      String paymentId,
      PaymentStatus status,
      String psp,
      String pspPaymentId,
      String actionUrl,
      String errorCode,
      String declineCode,
      String errorMessage);

  void insertAttempt(
      AttemptRecord attempt, java.time.Duration checkAfter, java.time.Duration expiresAfter);

  /**
   * Records an attempt's outcome if it is still open ({@code sent}, {@code unknown}, {@code
   * processing} or {@code requires_action}); answers whether this call changed it.
   */
  boolean finishAttempt(
      String attemptId,
      String status,
      String pspPaymentId,
      String errorCode,
      String declineCode,
      String message,
      Long latencyMs,
      java.time.Duration checkAfter);

  List<AttemptRecord> attempts(String paymentId);

  Optional<AttemptRecord> attempt(String attemptId);

  /**
   * The W3C {@code traceparent} of the request that wrote the attempt (null column: tracing was
   * off), read outside any transaction: its reconciliation's span links to that trace.
   */
  default Optional<String> traceparentOfAttempt(String attemptId) {
    return Optional.empty();
  }

  /** The attempt at this PSP that the PSP knows by this payment id. */
  Optional<AttemptRecord> attemptByPspPaymentId(String psp, String pspPaymentId);

  /**
   * Claims up to {@code limit} open attempts whose check is due, for {@code lease} (database
   * clock), on a connection of its own; answers their ids.
   */
  List<String> claimDue(String holder, java.time.Duration lease, int limit);

  /**
   * Makes the payment's open attempts due for their next check now (the reconciler asks the PSP on
   * its next round; a leased attempt keeps its lease). Only for the first ten checks of an attempt:
   * after those its backoff holds, however often a page asks.
   */
  void checkSoon(String paymentId);

  /** Puts a claimed attempt back for a later check, counting the check. */
  void release(String attemptId, String holder, java.time.Duration checkAfter);

  /** A merchant's PSP accounts in order of priority (enabled ones only). */
  List<PspAccount> pspAccounts(String merchantId);

  record PspAccount(String psp, String account) {}

  /**
   * The configured account through which the merchant's payments go to {@code psp}; a merchant
   * without a row for it uses the account named like the PSP.
   */
  default String accountFor(String merchantId, String psp) {
    return pspAccounts(merchantId).stream()
        .filter(a -> a.psp().equals(psp))
        .map(PspAccount::account)
        .findFirst()
        .orElse(psp);
  }

  /** Names the idempotency record of the request that started the payment (null: none). */
  void linkRequest(String paymentId, String recordId);

  /** The payment the request holding idempotency record {@code recordId} started, if any. */
  Optional<PaymentRecord> byRequest(String recordId);

  /** The order already has a live payment. */
  class PaymentConflict extends Exception {
    private static final long serialVersionUID = 1L;

    public PaymentConflict(String message) {
      super(message);
    }
  }

  /** Whether a payment status value counts as live (holding the order). */
  static boolean live(PaymentStatus s) {
    return s != PaymentStatus.FAILED;
  }
}
