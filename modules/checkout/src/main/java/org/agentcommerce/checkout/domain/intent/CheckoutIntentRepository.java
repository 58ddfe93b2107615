package org.agentcommerce.checkout.domain.intent;

import java.util.Optional;

/** Where checkout intents are kept. */
public interface CheckoutIntentRepository {

  void add(CheckoutIntent intent);

  /**
   * The intent its token opens (by the token's hash), its row locked until the transaction ends.
   */
  Optional<CheckoutIntent> lockByTokenHash(String tokenHash);

  /** The agent's intent. */
  Optional<CheckoutIntent> findForAgent(String agentId, String intentId);

  /**
   * Closes the open intents of a paid order (those made for the order, or for the quote it was made
   * from): their tokens open nothing any more. In the caller's transaction.
   */
  int markUsed(String orderId, String quoteId, java.time.Instant now);
}
