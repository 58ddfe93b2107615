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

  /** Whether the database is MariaDB/MySQL (an upsert of its own) or H2 (standard MERGE). */
  private static volatile Boolean mariaDb;

  @Override
  public void add(Order order) {
    em.persist(order);
    addSpend(order.agentId(), order.currency(), order.createdAt(), order.spendCounted());
  }

  @Override
  public void spendChanged(Order order, long before) {
    addSpend(order.agentId(), order.currency(), order.createdAt(), order.spendCounted() - before);
  }

  /**
   * Adds to the agent's spend in the hour the order was created (table agent_spend_hours, V51), in
   * the caller's transaction: the book and the orders cannot disagree. One atomic upsert, so
   * concurrent changes of one hour add up.
   */
  private void addSpend(String agentId, String currency, Instant createdAt, long delta) {
    if (delta == 0) {
      return;
    }
    String sql =
        isMariaDb()
            ? "INSERT INTO agent_spend_hours (agent_id, currency, epoch_hour, counted_minor)"
                + " VALUES (?1, ?2, ?3, ?4)"
                + " ON DUPLICATE KEY UPDATE counted_minor = counted_minor + VALUES(counted_minor)"
            : "MERGE INTO agent_spend_hours h USING (VALUES (CAST(?1 AS VARCHAR(40)),"
                + " CAST(?2 AS CHAR(3)), CAST(?3 AS BIGINT), CAST(?4 AS BIGINT)))"
                + " AS n(agent_id, currency, epoch_hour, delta) ON h.agent_id = n.agent_id"
                + " AND h.currency = n.currency AND h.epoch_hour = n.epoch_hour"
                + " WHEN MATCHED THEN UPDATE SET counted_minor = h.counted_minor + n.delta"
                + " WHEN NOT MATCHED THEN INSERT (agent_id, currency, epoch_hour, counted_minor)"
                + " VALUES (n.agent_id, n.currency, n.epoch_hour, n.delta)";
    em.createNativeQuery(sql)
        .setParameter(1, agentId)
        .setParameter(2, currency)
        .setParameter(3, epochHour(createdAt))
        .setParameter(4, delta)
        .executeUpdate();
  }

  private static long epochHour(Instant t) {
    return Math.floorDiv(t.getEpochSecond(), 3600);
  }

  private static boolean isMariaDb() {
    Boolean known = mariaDb;
    if (known == null) {
      try (java.sql.Connection c = Database.connection()) {
        String product =
            c.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT);
        known = product.contains("mariadb") || product.contains("mysql");
      } catch (java.sql.SQLException e) {
        throw new IllegalStateException("Could not ask the database what it is", e);
      }
      mariaDb = known;
    }
    return known;
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
  public java.util.Map<String, org.agentcommerce.checkout.api.OrderBook.OrderBuyer> buyers(
      java.util.Collection<String> orderIds) {
    java.util.Map<String, org.agentcommerce.checkout.api.OrderBook.OrderBuyer> out =
        new java.util.HashMap<>();
    if (orderIds.isEmpty()) {
      return out;
    }
    List<Object[]> rows =
        em.createQuery(
                "SELECT o.id, o.agentId, o.buyerIssuer, o.buyerSubject FROM CheckoutOrder o"
                    + " WHERE o.id IN :ids AND o.buyerIssuer IS NOT NULL AND o.buyerSubject IS"
                    + " NOT NULL",
                Object[].class)
            .setParameter("ids", List.copyOf(orderIds))
            .getResultList();
    for (Object[] r : rows) {
      out.put(
          (String) r[0],
          new org.agentcommerce.checkout.api.OrderBook.OrderBuyer(
              (String) r[1], (String) r[2], (String) r[3]));
    }
    return out;
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
    if (f.statuses() != null) {
      clauses.add("o.status IN :statuses");
      params.put("statuses", f.statuses());
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

  /**
   * The whole hours from the first hour boundary at or after {@code since} come from the spend book
   * (at most 25 rows however busy the agent is); the part of an hour before that boundary is summed
   * from the orders themselves (a covering index range of at most one hour).
   */
  @Override
  public long spentSince(String agentId, String currency, Instant since) {
    long hour = epochHour(since);
    boolean onBoundary = since.getEpochSecond() == hour * 3600 && since.getNano() == 0;
    long firstWholeHour = onBoundary ? hour : hour + 1;
    Instant boundary = Instant.ofEpochSecond(firstWholeHour * 3600);
    Number hours =
        (Number)
            em.createNativeQuery(
                    "SELECT COALESCE(SUM(counted_minor), 0) FROM agent_spend_hours"
                        + " WHERE agent_id = ?1 AND currency = ?2 AND epoch_hour >= ?3")
                .setParameter(1, agentId)
                .setParameter(2, currency)
                .setParameter(3, firstWholeHour)
                .getSingleResult();
    return hours.longValue() + spentBetween(agentId, currency, since, boundary);
  }

  private long spentBetween(String agentId, String currency, Instant since, Instant before) {
    if (!since.isBefore(before)) {
      return 0;
    }
    Long sum =
        em.createQuery(
                "SELECT SUM(o.totalMinor - o.refundedMinor) FROM CheckoutOrder o WHERE o.agentId = :a"
                    + " AND o.currency = :c AND o.createdAt >= :since AND o.createdAt < :before"
                    + " AND o.status NOT IN ('cancelled', 'payment_failed', 'refunded')",
                Long.class)
            .setParameter("a", agentId)
            .setParameter("c", currency)
            .setParameter("since", since)
            .setParameter("before", before)
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
