package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import org.agentcommerce.platform.api.Database;

/** Records when a key was last used: at most once a minute per key, in its own transaction. */
@ApplicationScoped
public class KeyUsage {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void recordUse(String keyId, Instant at) {
    em.createQuery("UPDATE ApiKey k SET k.lastUsedAt = :at WHERE k.id = :id")
        .setParameter("at", at)
        .setParameter("id", keyId)
        .executeUpdate();
  }
}
