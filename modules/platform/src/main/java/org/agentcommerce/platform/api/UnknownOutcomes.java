package org.agentcommerce.platform.api;

import java.util.Optional;

/**
 * Decides the idempotency keys of requests that reached an outside system (a PSP) and never
 * answered: their node died or stopped, so a retry finds the key's outcome unknown. A module whose
 * reconciliation settles such work implements this for its operations; the idempotency service asks
 * it whenever a retry meets an unknown key, and stores what it answers as the key's answer, so that
 * the retry (and every later one) gets what is true instead of {@code idempotency_outcome_unknown}.
 */
public interface UnknownOutcomes {

  /**
   * What became of the request that held the key's record {@code recordId} for {@code operation}
   * (e.g. {@code POST /agent/v1/payments/{payment_id}/refunds}): empty when this implementation
   * does not own the operation or the outcome is still not known.
   */
  Optional<Outcome> decide(String operation, String recordId);

  /** A decided outcome. */
  sealed interface Outcome permits Answered, NothingHappened {}

  /**
   * The answer the request would have given: its status and body (serialized as the REST layer
   * does).
   */
  record Answered(int status, Object body) implements Outcome {}

  /**
   * The request certainly changed nothing and never will (it wrote nothing before it lost its key):
   * the key is released and the retry runs as a first request.
   */
  record NothingHappened() implements Outcome {}
}
