package org.agentcommerce.checkout.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.checkout.domain.order.OrderTransition;
import org.agentcommerce.platform.api.Database;

/** Orders in JPA; lists are JPQL built from the filter's present members. */
@ApplicationScoped
public class JpaOrderRepository implements OrderRepository {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Override
  public void add(Order order) {
    em.persist(order);
  }

  @Override
  public Optional<Order> find(String orderId) {
    return Optional.ofNullable(em.find(Order.class, orderId));
  }

  @Override
  public Optional<Order> findForAgent(String agentId, String orderId) {
    return find(orderId).filter(o -> o.agentId().equals(agentId));
  }

  @Override
  public Optional<Order> lock(String orderId) {
    return Optional.ofNullable(em.find(Order.class, orderId, LockModeType.PESSIMISTIC_WRITE));
  }

  @Override
  public Optional<Order> lockForAgent(String agentId, String orderId) {
    return Optional.ofNullable(em.find(Order.class, orderId, LockModeType.PESSIMISTIC_WRITE))
        .filter(o -> o.agentId().equals(agentId));
  }

  @Override
  public void addTransition(OrderTransition transition) {
    em.persist(transition);
  }

  @Override
  public List<OrderTransition> transitions(String orderId) {
    return em.createQuery(
            "SELECT t FROM OrderTransition t WHERE t.orderId = :id ORDER BY t.seq",
            OrderTransition.class)
        .setParameter("id", orderId)
        .getResultList();
  }

  @Override
  public List<Order> list(Filter filter, int offset, int limit) {
    Map<String, Object> params = new LinkedHashMap<>();
    String where = where(filter, params);
    TypedQuery<Order> q =
        em.createQuery(
            "SELECT o FROM CheckoutOrder o WHERE "
                + where
                + " ORDER BY o.createdAt DESC, o.id DESC",
            Order.class);
    params.forEach(q::setParameter);
    return q.setFirstResult(offset).setMaxResults(limit).getResultList();
  }

  @Override
  public long count(Filter filter) {
    Map<String, Object> params = new LinkedHashMap<>();
    TypedQuery<Long> q =
        em.createQuery(
            "SELECT COUNT(o) FROM CheckoutOrder o WHERE " + where(filter, params), Long.class);
    params.forEach(q::setParameter);
    return q.getSingleResult();
  }

  private static String where(Filter f, Map<String, Object> params) {
    List<String> clauses = new ArrayList<>();
    clauses.add("o.agentId = :agentId");
    params.put("agentId", f.agentId());
    if (f.merchantScope() != null && !f.merchantScope().isEmpty()) {
      clauses.add("o.merchantId IN :merchantScope");
      params.put("merchantScope", f.merchantScope());
    }
    if (f.merchantId() != null) {
      clauses.add("o.merchantId = :merchantId");
      params.put("merchantId", f.merchantId());
    }
    if (f.status() != null) {
      clauses.add("o.status = :status");
      params.put("status", f.status());
    }
    if (f.buyerRefs() != null) {
      clauses.add("o.buyerRef IN :buyerRefs");
      params.put("buyerRefs", f.buyerRefs());
    }
    if (f.buyerSubject() != null) {
      clauses.add("o.buyerIssuer = :issuer AND o.buyerSubject = :subject");
      params.put("issuer", f.buyerIssuer());
      params.put("subject", f.buyerSubject());
    }
    if (f.createdAfter() != null) {
      clauses.add("o.createdAt > :after");
      params.put("after", f.createdAfter());
    }
    if (f.createdBefore() != null) {
      clauses.add("o.createdAt < :before");
      params.put("before", f.createdBefore());
    }
    return String.join(" AND ", clauses);
  }

  @Override
  public long spentSince(String agentId, String currency, Instant since) {
    Long sum =
        em.createQuery(
                "SELECT SUM(o.totalMinor - o.refundedMinor) FROM CheckoutOrder o WHERE o.agentId = :a"
                    + " AND o.currency = :c AND o.createdAt >= :since AND o.status NOT IN"
                    + " ('cancelled', 'payment_failed', 'refunded')",
                Long.class)
            .setParameter("a", agentId)
            .setParameter("c", currency)
            .setParameter("since", since)
            .getSingleResult();
    return sum == null ? 0 : sum;
  }

  @Override
  public void lockAgent(String agentId) {
    em.createNativeQuery("SELECT id FROM agents WHERE id = ? FOR UPDATE")
        .setParameter(1, agentId)
        .getResultList();
  }
}
