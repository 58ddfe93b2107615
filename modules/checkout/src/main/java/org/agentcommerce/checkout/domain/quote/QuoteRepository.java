package org.agentcommerce.checkout.domain.quote;

import java.util.Optional;

public interface QuoteRepository {

  void add(Quote quote);

  /** The agent's quote, locked for this transaction (an order is about to use it). */
  Optional<Quote> lockForAgent(String agentId, String quoteId);

  Optional<Quote> findForAgent(String agentId, String quoteId);
}
