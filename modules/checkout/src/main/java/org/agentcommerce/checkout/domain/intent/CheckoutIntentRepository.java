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
}
