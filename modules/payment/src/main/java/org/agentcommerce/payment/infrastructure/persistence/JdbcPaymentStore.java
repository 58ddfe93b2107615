package org.agentcommerce.payment.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.Query;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;
import org.agentcommerce.payment.api.PaymentStatus;
import org.agentcommerce.payment.application.Rows;
import org.agentcommerce.payment.domain.AttemptRecord;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.payment.domain.PaymentStore;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Money;
import org.agentcommerce.platform.api.tracing.Tracing;

/**
 * Payments in SQL. Everything that belongs to a payment's state runs through the persistence
 * context in the caller's transaction (so that the order's move and its event commit with it); the
 * reconciler's claims run on connections of their own. Times that decide who may act (checks due,
 * leases) are the database's clock.
 */
@ApplicationScoped
public class JdbcPaymentStore implements PaymentStore {

  private static final String NOW = "CURRENT_TIMESTAMP(6)";
  private static final String COLUMNS =
      "id, agent_id, order_id, merchant_id, status, amount_minor, currency, psp, psp_payment_id,"
          + " method_type, off_session, live_mode, protocol, return_url, action_url, error_code,"
          + " decline_code, error_message, buyer_issuer, buyer_subject, hil_approval_id,"
          + " mandate_id, created_at, updated_at";
  private static final String ATTEMPT_COLUMNS =
      "id, payment_id, seq, psp, idempotency_key, status, psp_payment_id, error_code,"
          + " decline_code, message, latency_ms, reconcile_count, created_at, finished_at, expires_at";

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  private volatile DataSource dataSource;

  @Override
  public void insert(PaymentRecord p) throws PaymentConflict {
    Query q =
        em.createNativeQuery(
            "INSERT INTO payments ("
                + COLUMNS
                + ", live_order_id, succeeded_order_id, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                + " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                + NOW
                + ", "
                + NOW
                + ", ?, NULL, 0)");
    int i = 1;
    q.setParameter(i++, p.id());
    q.setParameter(i++, p.agentId());
    q.setParameter(i++, p.orderId());
    q.setParameter(i++, p.merchantId());
    q.setParameter(i++, p.status().wireName());
    q.setParameter(i++, p.amount().minorUnits());
    q.setParameter(i++, p.amount().currencyCode());
    q.setParameter(i++, p.psp());
    q.setParameter(i++, p.pspPaymentId());
    q.setParameter(i++, p.methodType());
    q.setParameter(i++, p.offSession());
    q.setParameter(i++, p.live());
    q.setParameter(i++, p.protocol());
    q.setParameter(i++, p.returnUrl());
    q.setParameter(i++, p.actionUrl());
    q.setParameter(i++, p.errorCode());
    q.setParameter(i++, p.declineCode());
    q.setParameter(i++, p.errorMessage());
    q.setParameter(i++, p.buyerIssuer());
    q.setParameter(i++, p.buyerSubject());
    q.setParameter(i++, p.hilApprovalId());
    q.setParameter(i++, p.mandateId());
    q.setParameter(i, p.orderId());
    try {
      q.executeUpdate();
    } catch (PersistenceException e) {
      if (isConstraintViolation(e)) {
        throw new PaymentConflict("order " + p.orderId() + " already has a live payment");
      }
      throw e;
    }
  }

  @Override
  public void linkRequest(String paymentId, String recordId) {
    em.createNativeQuery("UPDATE payments SET request_record_id = ? WHERE id = ?")
        .setParameter(1, recordId)
        .setParameter(2, paymentId)
        .executeUpdate();
  }

  @Override
  public Optional<PaymentRecord> byRequest(String recordId) {
    return one("SELECT " + COLUMNS + " FROM payments WHERE request_record_id = ?", recordId);
  }

  @Override
  public Optional<PaymentRecord> find(String paymentId) {
    return one("SELECT " + COLUMNS + " FROM payments WHERE id = ?", paymentId);
  }

  @Override
  public Optional<PaymentRecord> lock(String paymentId) {
    return one("SELECT " + COLUMNS + " FROM payments WHERE id = ? FOR UPDATE", paymentId);
  }

  @Override
  public Optional<PaymentRecord> latestForOrder(String orderId) {
    List<PaymentRecord> all =
        many(
            "SELECT " + COLUMNS + " FROM payments WHERE order_id = ? ORDER BY created_at DESC, id",
            orderId);
    return all.stream().findFirst();
  }

  @Override
  public Optional<PaymentRecord> liveForOrder(String orderId) {
    return one("SELECT " + COLUMNS + " FROM payments WHERE live_order_id = ?", orderId);
  }

  @Override
  public void update(
      String paymentId,
      PaymentStatus status,
      String psp,
      String pspPaymentId,
      String actionUrl,
      String errorCode,
      String declineCode,
      String errorMessage) {
    String live =
        status == PaymentStatus.FAILED ? "live_order_id = NULL" : "live_order_id = order_id";
    String succeeded =
        status == PaymentStatus.SUCCEEDED
            ? ", succeeded_order_id = order_id"
            : ", succeeded_order_id = NULL";
    em.createNativeQuery(
            "UPDATE payments SET status = ?, psp = ?, psp_payment_id = COALESCE(?, psp_payment_id),"
                + " action_url = ?, error_code = ?, decline_code = ?, error_message = ?, "
                + live
                + succeeded
                + ", version = version + 1, updated_at = "
                + NOW
                + " WHERE id = ?")
        .setParameter(1, status.wireName())
        .setParameter(2, psp)
        .setParameter(3, pspPaymentId)
        .setParameter(4, actionUrl)
        .setParameter(5, errorCode)
        .setParameter(6, declineCode)
        .setParameter(7, truncate(errorMessage, 500))
        .setParameter(8, paymentId)
        .executeUpdate();
  }

  @Override
  public void insertAttempt(AttemptRecord a, Duration checkAfter, Duration expiresAfter) {
    em.createNativeQuery(
            "INSERT INTO payment_attempts (id, payment_id, seq, psp, idempotency_key, status,"
                + " traceparent, reconcile_count, next_check_at, created_at, expires_at) VALUES"
                + " (?, ?, ?, ?, ?, ?, ?, 0, "
                + plus(checkAfter)
                + ", "
                + NOW
                + ", "
                + plus(expiresAfter)
                + ")")
        .setParameter(1, a.id())
        .setParameter(2, a.paymentId())
        .setParameter(3, a.seq())
        .setParameter(4, a.psp())
        .setParameter(5, a.idempotencyKey())
        .setParameter(6, a.status())
        .setParameter(7, Tracing.traceparent())
        .executeUpdate();
  }

  @Override
  public Optional<String> traceparentOfAttempt(String attemptId) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement("SELECT traceparent FROM payment_attempts WHERE id = ?")) {
      ps.setString(1, attemptId);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      return Optional.empty(); // a trace without its link, never a failed reconciliation
    }
  }

  @Override
  public boolean finishAttempt(
      String attemptId,
      String status,
      String pspPaymentId,
      String errorCode,
      String declineCode,
      String message,
      Long latencyMs,
      Duration checkAfter) {
    boolean open =
        "processing".equals(status) || "requires_action".equals(status) || "unknown".equals(status);
    return em.createNativeQuery(
                "UPDATE payment_attempts SET status = ?, psp_payment_id = COALESCE(?,"
                    + " psp_payment_id), error_code = ?, decline_code = ?, message = ?,"
                    + " latency_ms = COALESCE(latency_ms, ?), next_check_at = "
                    + (open ? plus(checkAfter) : "NULL")
                    + ", lease_holder = NULL, lease_until = NULL, finished_at = "
                    + (open ? "NULL" : NOW)
                    + " WHERE id = ? AND status IN ('sent', 'unknown', 'processing',"
                    + " 'requires_action')")
            .setParameter(1, status)
            .setParameter(2, pspPaymentId)
            .setParameter(3, errorCode)
            .setParameter(4, declineCode)
            .setParameter(5, truncate(message, 500))
            .setParameter(6, latencyMs)
            .setParameter(7, attemptId)
            .executeUpdate()
        == 1;
  }

  @Override
  public List<AttemptRecord> attempts(String paymentId) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT "
                    + ATTEMPT_COLUMNS
                    + " FROM payment_attempts WHERE payment_id = ? ORDER BY seq")
            .setParameter(1, paymentId)
            .getResultList();
    return rows.stream().map(JdbcPaymentStore::attempt).toList();
  }

  @Override
  public Optional<AttemptRecord> attempt(String attemptId) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery("SELECT " + ATTEMPT_COLUMNS + " FROM payment_attempts WHERE id = ?")
            .setParameter(1, attemptId)
            .getResultList();
    return rows.stream().findFirst().map(JdbcPaymentStore::attempt);
  }

  @Override
  public Optional<AttemptRecord> attemptByPspPaymentId(String psp, String pspPaymentId) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT "
                    + ATTEMPT_COLUMNS
                    + " FROM payment_attempts WHERE psp = ? AND psp_payment_id = ?")
            .setParameter(1, psp)
            .setParameter(2, pspPaymentId)
            .getResultList();
    return rows.stream().findFirst().map(JdbcPaymentStore::attempt);
  }

  /**
   * Leases due attempts in one short transaction. A due attempt whose row another session holds (a
   * node that froze in the middle of settling it) is skipped, never waited for: the others are
   * claimed, and the skipped one is due again once that session ends. The lease needs no condition
   * of its own: the rows just read are locked by this transaction until it commits.
   */
  @Override
  public List<String> claimDue(String holder, Duration lease, int limit) {
    List<String> claimed = new ArrayList<>();
    try (Connection c = dataSource().getConnection()) {
      boolean autoCommit = c.getAutoCommit();
      int isolation = c.getTransactionIsolation();
      c.setAutoCommit(false);
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      try {
        try (PreparedStatement ps =
            c.prepareStatement(
                "SELECT id FROM payment_attempts WHERE status IN ('sent', 'unknown', 'processing',"
                    + " 'requires_action') AND next_check_at <= "
                    + NOW
                    + " AND (lease_until IS NULL OR lease_until < "
                    + NOW
                    + ") ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED")) {
          ps.setInt(1, limit);
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              claimed.add(rs.getString(1));
            }
          }
        }
        if (!claimed.isEmpty()) {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "UPDATE payment_attempts SET lease_holder = ?, lease_until = "
                      + plus(lease)
                      + " WHERE id IN ("
                      + String.join(", ", java.util.Collections.nCopies(claimed.size(), "?"))
                      + ")")) {
            ps.setString(1, holder);
            for (int i = 0; i < claimed.size(); i++) {
              ps.setString(i + 2, claimed.get(i));
            }
            ps.executeUpdate();
          }
        }
        c.commit();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setTransactionIsolation(isolation);
        c.setAutoCommit(autoCommit);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Claiming payment attempts to reconcile failed", e);
    }
    return claimed;
  }

  @Override
  public void release(String attemptId, String holder, Duration checkAfter) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "UPDATE payment_attempts SET lease_holder = NULL, lease_until = NULL,"
                    + " reconcile_count = reconcile_count + 1, next_check_at = "
                    + plus(checkAfter)
                    + " WHERE id = ? AND lease_holder = ?")) {
      ps.setString(1, attemptId);
      ps.setString(2, holder);
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Releasing payment attempt " + attemptId + " failed", e);
    }
  }

  @Override
  public void checkSoon(String paymentId) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "UPDATE payment_attempts SET next_check_at = "
                    + NOW
                    + " WHERE payment_id = ? AND status IN ('sent', 'unknown', 'processing',"
                    + " 'requires_action') AND reconcile_count < 10 AND next_check_at > "
                    + NOW)) {
      ps.setString(1, paymentId);
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Expediting payment " + paymentId + " failed", e);
    }
  }

  @Override
  public List<PspAccount> pspAccounts(String merchantId) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT psp, account FROM merchant_psp_accounts WHERE merchant_id = ? AND enabled"
                    + " = TRUE ORDER BY priority, psp")
            .setParameter(1, merchantId)
            .getResultList();
    return rows.stream().map(r -> new PspAccount((String) r[0], (String) r[1])).toList();
  }

  private Optional<PaymentRecord> one(String sql, String param) {
    return many(sql, param).stream().findFirst();
  }

  private List<PaymentRecord> many(String sql, String param) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows = em.createNativeQuery(sql).setParameter(1, param).getResultList();
    return rows.stream().map(JdbcPaymentStore::payment).toList();
  }

  private static PaymentRecord payment(Object[] r) {
    String currency = ((String) r[6]).trim();
    return new PaymentRecord(
        (String) r[0],
        (String) r[1],
        (String) r[2],
        (String) r[3],
        PaymentStatus.valueOf(((String) r[4]).toUpperCase(Locale.ROOT)),
        Money.ofMinor(((Number) r[5]).longValue(), currency),
        (String) r[7],
        (String) r[8],
        (String) r[9],
        Rows.bool(r[10]),
        Rows.bool(r[11]),
        (String) r[12],
        (String) r[13],
        (String) r[14],
        (String) r[15],
        (String) r[16],
        (String) r[17],
        (String) r[18],
        (String) r[19],
        (String) r[20],
        (String) r[21],
        Rows.instant(r[22]),
        Rows.instant(r[23]));
  }

  private static AttemptRecord attempt(Object[] r) {
    return new AttemptRecord(
        (String) r[0],
        (String) r[1],
        ((Number) r[2]).intValue(),
        (String) r[3],
        (String) r[4],
        (String) r[5],
        (String) r[6],
        (String) r[7],
        (String) r[8],
        (String) r[9],
        r[10] == null ? null : ((Number) r[10]).longValue(),
        ((Number) r[11]).intValue(),
        Rows.instant(r[12]),
        Rows.instant(r[13]),
        Rows.instant(r[14]));
  }

  /** The database's clock plus a duration, in SQL both MariaDB and H2 (LEGACY) understand. */
  static String plus(Duration d) {
    long micros = Math.max(0, d.toNanos() / 1000);
    return "TIMESTAMPADD(MICROSECOND, " + micros + ", " + NOW + ")";
  }

  private static String truncate(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max);
  }

  private static boolean isConstraintViolation(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.sql.SQLIntegrityConstraintViolationException) {
        return true;
      }
      if (t instanceof SQLException s
          && s.getSQLState() != null
          && s.getSQLState().startsWith("23")) {
        return true;
      }
    }
    return false;
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
