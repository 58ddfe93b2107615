package org.agentcommerce.checkout.infrastructure.placement;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.placement.PlacementStore;
import org.agentcommerce.platform.api.Database;

/**
 * Placement jobs in SQL. Claims, renewals and put-backs run on their own autocommitted connections
 * (the worker holds no transaction while it calls a platform); creating a job and finishing one run
 * through the persistence context, in the caller's transaction.
 */
@ApplicationScoped
public class JdbcPlacementStore implements PlacementStore {

  private static final String NOW = "CURRENT_TIMESTAMP(6)";

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  private volatile DataSource dataSource;

  @Override
  public PlacementRequest.Channel channel(String merchantId) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT connector, base_url, credential_key FROM merchant_order_channels"
                    + " WHERE merchant_id = ?")) {
      ps.setString(1, merchantId);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next()
            ? new PlacementRequest.Channel(rs.getString(1), rs.getString(2), rs.getString(3))
            : new PlacementRequest.Channel("sandbox", null, null);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the order channel of " + merchantId + " failed", e);
    }
  }

  @Override
  public Optional<String> connector(String orderId) {
    return em.createNativeQuery("SELECT connector FROM merchant_placements WHERE order_id = ?")
        .setParameter(1, orderId)
        .getResultStream()
        .findFirst()
        .map(String::valueOf);
  }

  @Override
  public boolean create(String orderId, String merchantId, String connector) {
    Number existing =
        (Number)
            em.createNativeQuery("SELECT COUNT(*) FROM merchant_placements WHERE order_id = ?")
                .setParameter(1, orderId)
                .getSingleResult();
    if (existing.intValue() > 0) {
      return false;
    }
    em.createNativeQuery(
            "INSERT INTO merchant_placements (order_id, merchant_id, connector, traceparent,"
                + " status, attempts, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?,"
                + " 'pending', 0, "
                + NOW
                + ", "
                + NOW
                + ", "
                + NOW
                + ")")
        .setParameter(1, orderId)
        .setParameter(2, merchantId)
        .setParameter(3, connector)
        .setParameter(4, org.agentcommerce.platform.api.tracing.Tracing.traceparent())
        .executeUpdate();
    return true;
  }

  @Override
  public java.util.Optional<String> traceparent(String orderId) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement("SELECT traceparent FROM merchant_placements WHERE order_id = ?")) {
      ps.setString(1, orderId);
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        return rs.next()
            ? java.util.Optional.ofNullable(rs.getString(1))
            : java.util.Optional.empty();
      }
    } catch (java.sql.SQLException e) {
      return java.util.Optional.empty(); // a trace without its link, never a failed placement
    }
  }

  @Override
  public List<String> due(int limit) {
    List<String> ids = new ArrayList<>();
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT order_id FROM merchant_placements WHERE (status = 'pending' AND"
                    + " next_attempt_at <= "
                    + NOW
                    + ") OR (status = 'running' AND lease_until < "
                    + NOW
                    + ") ORDER BY next_attempt_at")) {
      ps.setMaxRows(limit);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getString(1));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading due placements failed", e);
    }
    return ids;
  }

  /** A job another session holds locked (a node frozen mid-change) is not waited for. */
  @Override
  public Optional<Job> claim(String orderId, String holder, long leaseMillis) {
    int changed =
        updateIfFree(
            "SELECT order_id FROM merchant_placements WHERE order_id = ? AND ((status = 'pending'"
                + " AND next_attempt_at <= "
                + NOW
                + ") OR (status = 'running' AND lease_until < "
                + NOW
                + ")) FOR UPDATE SKIP LOCKED",
            orderId,
            "UPDATE merchant_placements SET status = 'running', lease_holder = ?, lease_until ="
                + " TIMESTAMPADD(MICROSECOND, ?, "
                + NOW
                + "), attempts = attempts + 1, updated_at = "
                + NOW
                + " WHERE order_id = ? AND ((status = 'pending' AND next_attempt_at <= "
                + NOW
                + ") OR (status = 'running' AND lease_until < "
                + NOW
                + "))",
            holder,
            leaseMillis * 1000,
            orderId);
    if (changed == 0) {
      return Optional.empty();
    }
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT order_id, merchant_id, connector, attempts FROM merchant_placements"
                    + " WHERE order_id = ? AND lease_holder = ?")) {
      ps.setString(1, orderId);
      ps.setString(2, holder);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next()
            ? Optional.of(new Job(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4)))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading placement " + orderId + " failed", e);
    }
  }

  @Override
  public boolean renew(String orderId, String holder, long leaseMillis) {
    return update(
            "UPDATE merchant_placements SET lease_until = TIMESTAMPADD(MICROSECOND, ?, "
                + NOW
                + ") WHERE order_id = ? AND lease_holder = ? AND status = 'running'",
            leaseMillis * 1000,
            orderId,
            holder)
        == 1;
  }

  @Override
  public boolean placed(String orderId, String holder, String platformOrderId, String number) {
    return em.createNativeQuery(
                "UPDATE merchant_placements SET status = 'placed', lease_holder = NULL, lease_until"
                    + " = NULL, platform_order_id = ?, platform_order_number = ?, last_error = NULL,"
                    + " updated_at = "
                    + NOW
                    + " WHERE order_id = ? AND lease_holder = ? AND status = 'running'")
            .setParameter(1, platformOrderId)
            .setParameter(2, number)
            .setParameter(3, orderId)
            .setParameter(4, holder)
            .executeUpdate()
        == 1;
  }

  @Override
  public boolean retryLater(String orderId, String holder, long delayMillis, String error) {
    return update(
            "UPDATE merchant_placements SET status = 'pending', lease_holder = NULL, lease_until ="
                + " NULL, next_attempt_at = TIMESTAMPADD(MICROSECOND, ?, "
                + NOW
                + "), last_error = ?, updated_at = "
                + NOW
                + " WHERE order_id = ? AND lease_holder = ? AND status = 'running'",
            delayMillis * 1000,
            truncate(error),
            orderId,
            holder)
        == 1;
  }

  @Override
  public boolean failed(String orderId, String holder, String error) {
    return em.createNativeQuery(
                "UPDATE merchant_placements SET status = 'failed', lease_holder = NULL, lease_until"
                    + " = NULL, last_error = ?, updated_at = "
                    + NOW
                    + " WHERE order_id = ? AND lease_holder = ? AND status = 'running'")
            .setParameter(1, truncate(error))
            .setParameter(2, orderId)
            .setParameter(3, holder)
            .executeUpdate()
        == 1;
  }

  private static String truncate(String s) {
    return s == null || s.length() <= 500 ? s : s.substring(0, 500);
  }

  private int update(String sql, Object... args) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      return ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Updating a placement failed", e);
    }
  }

  /**
   * In one short transaction (read committed): {@code lock}, a {@code SELECT ... FOR UPDATE SKIP
   * LOCKED} of the job's row, then {@code update} when it found it; answers the rows updated.
   */
  private int updateIfFree(String lock, String orderId, String update, Object... args) {
    try (Connection c = dataSource().getConnection()) {
      int isolation = c.getTransactionIsolation();
      c.setAutoCommit(false);
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      try {
        int changed = 0;
        boolean free;
        try (PreparedStatement ps = c.prepareStatement(lock)) {
          ps.setString(1, orderId);
          try (ResultSet rs = ps.executeQuery()) {
            free = rs.next();
          }
        }
        if (free) {
          try (PreparedStatement ps = c.prepareStatement(update)) {
            for (int i = 0; i < args.length; i++) {
              ps.setObject(i + 1, args[i]);
            }
            changed = ps.executeUpdate();
          }
        }
        c.commit();
        return changed;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setTransactionIsolation(isolation);
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Claiming placement " + orderId + " failed", e);
    }
  }

  private DataSource dataSource() {
    DataSource ds = dataSource;
    if (ds == null) {
      ds = Database.lookupDataSource();
      dataSource = ds;
    }
    return ds;
  }
}
