package org.agentcommerce.checkout.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import org.agentcommerce.checkout.domain.intent.CheckoutIntent;
import org.agentcommerce.checkout.domain.intent.CheckoutIntentRepository;
import org.agentcommerce.platform.api.Database;

/** Checkout intents in JPA. */
@ApplicationScoped
public class JpaCheckoutIntentRepository implements CheckoutIntentRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public void add(CheckoutIntent intent) {
    em.persist(intent);
  }

  @Override
  public Optional<CheckoutIntent> lockByTokenHash(String tokenHash) {
    return em.createQuery(
            "SELECT i FROM CheckoutIntent i WHERE i.tokenHash = :h", CheckoutIntent.class)
        .setParameter("h", tokenHash)
        .setLockMode(LockModeType.PESSIMISTIC_WRITE)
        .getResultStream()
        .findFirst();
  }

  @Override
  public Optional<CheckoutIntent> findForAgent(String agentId, String intentId) {
    return Optional.ofNullable(em.find(CheckoutIntent.class, intentId))
        .filter(i -> i.binding().agentId().equals(agentId));
  }

  @Override
  public int markUsed(String orderId, String quoteId, java.time.Instant now) {
    var q =
        em.createQuery(
                "UPDATE CheckoutIntent i SET i.status = :used, i.usedAt = :now WHERE i.status ="
                    + " :open AND (i.orderId = :order"
                    + (quoteId == null ? ")" : " OR i.quoteId = :quote)"))
            .setParameter("used", CheckoutIntent.USED)
            .setParameter("open", CheckoutIntent.OPEN)
            .setParameter("now", now)
            .setParameter("order", orderId);
    if (quoteId != null) {
      q.setParameter("quote", quoteId);
    }
    return q.executeUpdate();
  }
}
