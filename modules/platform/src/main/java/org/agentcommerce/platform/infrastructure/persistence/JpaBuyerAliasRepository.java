package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.domain.buyer.BuyerAlias;
import org.agentcommerce.platform.domain.buyer.BuyerAliasRepository;

/** Buyer aliases in JPA. */
@ApplicationScoped
public class JpaBuyerAliasRepository implements BuyerAliasRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public Optional<BuyerAlias> find(String agentId, String sourceRef) {
    return Optional.ofNullable(em.find(BuyerAlias.class, new BuyerAlias.Key(agentId, sourceRef)));
  }

  @Override
  public List<BuyerAlias> findByTarget(String agentId, String targetRef) {
    return em.createNamedQuery("BuyerAlias.findByTarget", BuyerAlias.class)
        .setParameter("agentId", agentId)
        .setParameter("target", targetRef)
        .getResultList();
  }

  @Override
  public void add(BuyerAlias alias) {
    em.persist(alias);
  }
}
