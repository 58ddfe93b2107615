package org.agentcommerce.platform.api.security;

import java.util.Optional;

/**
 * The idempotency key that the request being served holds, for {@link Idempotent} operations with
 * outside effects: what such an operation writes before its outside call can name the key's record,
 * so that a retry of the request can later be answered with what reconciliation found ({@link
 * org.agentcommerce.platform.api.UnknownOutcomes}).
 */
public interface IdempotentRequest {

  /** The id of the key's record this request holds; empty without a key or outside a request. */
  Optional<String> recordId();

  /**
   * Confirms, in the caller's transaction, that this request still holds its key, and keeps the key
   * from being declared unknown by a retry until that transaction ends (the record stays locked).
   * False when the key was taken from this request (its node stopped renewing the lease, a retry
   * found it, and may have decided it): the caller must then write nothing. True without a key.
   */
  boolean stillHeld();

  /**
   * This request answers before its outcome is recorded (the PSP answered, but recording the answer
   * failed): its key is kept for reconciliation, as after a server error, instead of being
   * completed with this answer, so that a retry under the key is answered with what reconciliation
   * finds, not with this answer for ever. Nothing without a key.
   */
  void leaveOutcomeUnknown();
}
