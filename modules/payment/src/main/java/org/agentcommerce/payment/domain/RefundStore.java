package org.agentcommerce.payment.domain;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The reconciler's view of refunds: which are due for a check, leases on them (the database's
 * clock, so one node works on a refund at a time), and what each refunds. A refund's own writes
 * (its row, its settlement with the order's move) stay with {@code RefundService}.
 */
public interface RefundStore {

  /**
   * Claims up to {@code limit} pending or unknown refunds whose check is due and that no node
   * holds, for {@code lease}, in a transaction of its own; rows another transaction has locked are
   * skipped, never waited for. Answers their ids.
   */
  List<String> claimDue(String holder, Duration lease, int limit);

  /** Puts a claimed refund back for a later check, counting the check. */
  void release(String refundId, String holder, Duration checkAfter);

  Optional<RefundRecord> find(String refundId);

  /** The W3C {@code traceparent} of the request that asked for the refund (none: tracing off). */
  default java.util.Optional<String> traceparent(String refundId) {
    return java.util.Optional.empty();
  }
}
