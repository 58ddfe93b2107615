package org.agentcommerce.payment.interfaces.rest;

import org.agentcommerce.platform.api.security.BuyerIdentity;

/**
 * What a request may see of payments, their refunds and approvals, as of orders (docs/orders.md):
 * with a verified buyer token only that buyer's (another buyer's is not there, 404, like another
 * agent's; one made without a verified buyer is no buyer's); without one, all of the agent's.
 */
final class BuyerScope {

  private BuyerScope() {}

  /** Whether this request may see what was made for the buyer {@code issuer}/{@code subject}. */
  static boolean sees(BuyerIdentity buyer, String issuer, String subject) {
    return buyer
        .token()
        .map(
            t ->
                issuer != null
                    && subject != null
                    && issuer.equals(t.getIssuer())
                    && subject.equals(t.getSubject()))
        .orElse(true);
  }
}
