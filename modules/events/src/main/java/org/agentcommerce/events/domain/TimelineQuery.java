package org.agentcommerce.events.domain;

import java.util.Set;

/**
 * What one reader may see and asked for: the agent's events after {@code afterId}, at most {@code
 * limit}, optionally of one merchant or order, kept to the key's merchant scope (empty: every
 * merchant) and, with a buyer token, to that buyer's orders. {@code buyerRefs}: only events of
 * orders made for one of these buyer references (a buyer and every reference merged into it); null
 * for every buyer.
 */
public record TimelineQuery(
    String agentId,
    long afterId,
    int limit,
    String merchantId,
    String orderId,
    Set<String> merchantScope,
    String buyerIssuer,
    String buyerSubject,
    Set<String> buyerRefs) {

  public TimelineQuery {
    merchantScope = merchantScope == null ? Set.of() : Set.copyOf(merchantScope);
    buyerRefs = buyerRefs == null ? null : Set.copyOf(buyerRefs);
  }
}
