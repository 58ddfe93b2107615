package org.agentcommerce.payment.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.agentcommerce.payment.application.Rows;
import org.agentcommerce.payment.domain.RefundRecord;
import org.agentcommerce.payment.domain.RefundStore;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Money;

/**
 * Refund leases in SQL, with the database's clock. A claim is one short transaction: a locking read
 * of the due rows that skips rows other transactions hold ({@code FOR UPDATE SKIP LOCKED} on
 * MariaDB 10.6+, MySQL 8 and H2), then the lease on those rows. A node stuck with a refund row
 * locked therefore delays neither the claim nor the other refunds of a round.
 */
@ApplicationScoped
public class JdbcRefundStore implements RefundStore {

  private static final String NOW = "CURRENT_TIMESTAMP(6)";
  private static final String DUE =
      "status IN ('pending', 'unknown') AND next_check_at <= "
          + NOW
          + " AND (lease_until IS NULL OR lease_until < "
          + NOW
          + ")";

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  private volatile String skipLocked;

  @Override
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public List<String> claimDue(String holder, Duration lease, int limit) {
    @SuppressWarnings("unchecked")
    List<Object> due =
        em.createNativeQuery(
                "SELECT id FROM payment_refunds WHERE "
                    + DUE
                    + " ORDER BY next_check_at LIMIT "
                    + Math.max(1, limit)
                    + " FOR UPDATE"
                    + skipLocked())
            .getResultList();
    if (due.isEmpty()) {
      return List.of();
    }
    List<String> ids = new ArrayList<>();
    due.forEach(id -> ids.add((String) id));
    var update =
        em.createNativeQuery(
            "UPDATE payment_refunds SET lease_holder = ?, lease_until = "
                + JdbcPaymentStore.plus(lease)
                + " WHERE id IN ("
                + String.join(", ", Collections.nCopies(ids.size(), "?"))
                + ") AND "
                + DUE);
    update.setParameter(1, holder);
    for (int i = 0; i < ids.size(); i++) {
      update.setParameter(i + 2, ids.get(i));
    }
    update.executeUpdate();
    return ids;
  }

  @Override
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void release(String refundId, String holder, Duration checkAfter) {
    em.createNativeQuery(
            "UPDATE payment_refunds SET lease_holder = NULL, lease_until = NULL, reconcile_count ="
                + " reconcile_count + 1, next_check_at = "
                + JdbcPaymentStore.plus(checkAfter)
                + " WHERE id = ? AND lease_holder = ?")
        .setParameter(1, refundId)
        .setParameter(2, holder)
        .executeUpdate();
  }

  @Override
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<String> traceparent(String refundId) {
    @SuppressWarnings("unchecked")
    List<Object> rows =
        em.createNativeQuery("SELECT traceparent FROM payment_refunds WHERE id = ?")
            .setParameter(1, refundId)
            .getResultList();
    return rows.stream().filter(java.util.Objects::nonNull).map(Object::toString).findFirst();
  }

  @Override
  @Transactional
  public Optional<RefundRecord> find(String refundId) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT r.id, r.payment_id, p.order_id, p.merchant_id, p.psp, p.psp_payment_id,"
                    + " r.amount_minor, r.currency, r.status, r.idempotency_key, r.psp_refund_id,"
                    + " r.reconcile_count, r.created_at FROM payment_refunds r JOIN payments p ON"
                    + " p.id = r.payment_id WHERE r.id = ?")
            .setParameter(1, refundId)
            .getResultList();
    return rows.stream()
        .findFirst()
        .map(
            r ->
                new RefundRecord(
                    (String) r[0],
                    (String) r[1],
                    (String) r[2],
                    (String) r[3],
                    (String) r[4],
                    (String) r[5],
                    Money.ofMinor(((Number) r[6]).longValue(), ((String) r[7]).trim()),
                    (String) r[8],
                    (String) r[9],
                    (String) r[10],
                    ((Number) r[11]).intValue(),
                    Rows.instant(r[12])));
  }

  /** " SKIP LOCKED" where the database has it, else nothing (the claim may then wait). */
  private String skipLocked() {
    String s = skipLocked;
    if (s == null) {
      try {
        // The transaction's own connection: the claim runs inside one.
        s = supportsSkipLocked(em.unwrap(Connection.class).getMetaData()) ? " SKIP LOCKED" : "";
      } catch (SQLException | RuntimeException e) {
        s = "";
      }
      skipLocked = s;
    }
    return s;
  }

  static boolean supportsSkipLocked(DatabaseMetaData meta) throws SQLException {
    String product = meta.getDatabaseProductName().toLowerCase(Locale.ROOT);
    String version = meta.getDatabaseProductVersion().toLowerCase(Locale.ROOT);
    int major = meta.getDatabaseMajorVersion();
    int minor = meta.getDatabaseMinorVersion();
    if (product.contains("mariadb") || version.contains("mariadb")) {
      return major > 10 || (major == 10 && minor >= 6);
    }
    if (product.contains("mysql")) {
      return major >= 8;
    }
    return product.contains("h2") && (major > 2 || (major == 2 && minor >= 2));
  }
}
