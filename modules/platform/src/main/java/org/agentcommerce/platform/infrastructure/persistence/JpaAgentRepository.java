package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.domain.agent.Agent;
import org.agentcommerce.platform.domain.agent.AgentRepository;
import org.agentcommerce.platform.domain.agent.ApiKey;

/** Agents and keys in JPA. */
@ApplicationScoped
public class JpaAgentRepository implements AgentRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public Optional<Agent> findById(String agentId) {
    return Optional.ofNullable(em.find(Agent.class, agentId));
  }

  @Override
  public Optional<Agent> findByEmail(String email) {
    return em.createNamedQuery("Agent.findByEmail", Agent.class)
        .setParameter("email", email)
        .getResultStream()
        .findFirst();
  }

  @Override
  public Optional<Agent> lockById(String agentId) {
    return Optional.ofNullable(em.find(Agent.class, agentId, LockModeType.PESSIMISTIC_WRITE));
  }

  @Override
  public Optional<ApiKey> findKeyByHash(String keyHash) {
    return em.createNamedQuery("ApiKey.findByHash", ApiKey.class)
        .setParameter("hash", keyHash)
        .getResultStream()
        .findFirst();
  }

  @Override
  public List<ApiKey> findUsableKeys(String agentId, Instant now) {
    return em.createNamedQuery("ApiKey.findUsableByAgent", ApiKey.class)
        .setParameter("agentId", agentId)
        .setParameter("now", now)
        .getResultList();
  }

  @Override
  public Optional<ApiKey> findKey(String agentId, String keyId) {
    return Optional.ofNullable(em.find(ApiKey.class, keyId))
        .filter(k -> k.agentId().equals(agentId));
  }

  @Override
  public List<ApiKey> findKeys(String agentId, int max) {
    return em.createNamedQuery("ApiKey.findByAgent", ApiKey.class)
        .setParameter("agentId", agentId)
        .setMaxResults(max)
        .getResultList();
  }

  @Override
  public void add(Agent agent) {
    em.persist(agent);
  }

  @Override
  public void add(ApiKey key) {
    em.persist(key);
  }
}
