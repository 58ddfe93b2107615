package org.agentcommerce.checkout.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import org.agentcommerce.checkout.domain.quote.Quote;
import org.agentcommerce.checkout.domain.quote.QuoteRepository;
import org.agentcommerce.platform.api.Database;

/** Quotes in JPA. */
@ApplicationScoped
public class JpaQuoteRepository implements QuoteRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public void add(Quote quote) {
    em.persist(quote);
  }

  @Override
  public Optional<Quote> lockForAgent(String agentId, String quoteId) {
    Quote q = em.find(Quote.class, quoteId, LockModeType.PESSIMISTIC_WRITE);
    return Optional.ofNullable(q).filter(x -> x.agentId().equals(agentId));
  }

  @Override
  public Optional<Quote> findForAgent(String agentId, String quoteId) {
    return Optional.ofNullable(em.find(Quote.class, quoteId))
        .filter(x -> x.agentId().equals(agentId));
  }
}
