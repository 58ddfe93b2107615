package org.agentcommerce.checkout.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import org.agentcommerce.checkout.domain.acp.AcpSession;
import org.agentcommerce.checkout.domain.acp.AcpSessionRepository;
import org.agentcommerce.platform.api.Database;

/** ACP checkout sessions in JPA. */
@ApplicationScoped
public class JpaAcpSessionRepository implements AcpSessionRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public void add(AcpSession session) {
    em.persist(session);
  }

  @Override
  public Optional<AcpSession> lockForAgent(String agentId, String sessionId) {
    return Optional.ofNullable(em.find(AcpSession.class, sessionId, LockModeType.PESSIMISTIC_WRITE))
        .filter(s -> s.agentId().equals(agentId));
  }

  @Override
  public Optional<AcpSession> findForAgent(String agentId, String sessionId) {
    return Optional.ofNullable(em.find(AcpSession.class, sessionId))
        .filter(s -> s.agentId().equals(agentId));
  }

  @Override
  public Optional<AcpSession> findByOrder(String agentId, String orderId) {
    return em.createQuery(
            "SELECT s FROM AcpSession s WHERE s.orderId = :order AND s.agentId = :agent",
            AcpSession.class)
        .setParameter("order", orderId)
        .setParameter("agent", agentId)
        .getResultStream()
        .findFirst();
  }
}
