package org.agentcommerce.platform.api;

import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Runs an operation once per idempotency key for callers that are not REST resources (the tool
 * door's mutating tools), with the same store and rules as the {@code Idempotent} REST operations:
 * the key is scoped to the agent and the operation; a repeat with the same request hash answers the
 * stored answer; another request hash is 409 {@code idempotency_conflict}; a repeat while the first
 * runs is 409 {@code idempotency_in_flight}. The operation's database work and the stored answer
 * commit in one transaction. A refusal ({@link ApiException}) stores nothing: the key is released
 * and a corrected retry runs.
 */
public interface KeyedOperations {

  /** The answer (JSON) and whether it is a stored one. */
  record Answer(String json, boolean replayed) {}

  /**
   * @param operation names the operation, e.g. {@code mcp:create_checkout_session}
   * @param requestHash a hash of everything that makes the request this request (arguments, buyer)
   * @param outsideEffects the operation reaches a PSP or a merchant: an unexpected failure then
   *     keeps the key claimed (outcome unknown) instead of releasing it
   * @param work the operation
   * @param storedAs what of its answer is stored for replays: a secret shown once (a checkout
   *     token) is left out here
   */
  Answer once(
      String agentId,
      String operation,
      String key,
      String requestHash,
      boolean outsideEffects,
      Supplier<String> work,
      UnaryOperator<String> storedAs);
}
