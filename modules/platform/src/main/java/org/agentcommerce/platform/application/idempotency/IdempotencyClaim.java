package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.context.RequestScoped;

/**
 * The idempotency claim the current request holds, handed from the JAX-RS filter that took it to
 * the interceptor that completes it with the operation's work, and back to the response filter.
 */
@RequestScoped
public class IdempotencyClaim {

  private IdempotencyService.Proceed held;
  private boolean outsideEffects;
  private boolean settled;
  private boolean outcomeLeftUnknown;

  public void hold(IdempotencyService.Proceed claim, boolean outsideEffects) {
    this.held = claim;
    this.outsideEffects = outsideEffects;
    this.settled = false;
    this.outcomeLeftUnknown = false;
  }

  /** The operation answered before its outcome was recorded: keep the key for reconciliation. */
  void leaveOutcomeUnknown() {
    this.outcomeLeftUnknown = true;
  }

  boolean outcomeLeftUnknown() {
    return outcomeLeftUnknown;
  }

  /** The claim, or null when the request carries no key. */
  public IdempotencyService.Proceed held() {
    return held;
  }

  public boolean outsideEffects() {
    return outsideEffects;
  }

  /** Whether the claim was completed (or lost) with the operation's transaction. */
  public boolean settled() {
    return settled;
  }

  void settle() {
    this.settled = true;
  }
}
