package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.payment.domain.AttemptRecord;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Money;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Captures found for attempts that had already been closed: a late answer, a PSP webhook or a
 * reconciliation says money was taken for an attempt we had settled otherwise (a paused node's
 * charge at a PSP that cannot be fenced, a charge that beat its fence's cleanup, a second PSP's
 * surplus). Such a capture is never dropped: it is recorded once per attempt (the table's primary
 * key) on its payment, logged at WARNING with the order and the attempt, counted ({@code
 * payments_late_captures_found} on /metrics; the table is the fleet's durable count), announced on
 * the order's timeline ({@code order.payment_late_captured}) in the transaction that records it,
 * and given back in full: the reconciler sends the refund under a key stored with the record and
 * announces the result ({@code order.payment_late_capture_refunded} or {@code
 * order.payment_late_capture_refund_failed}). The order itself does not move: the agent was told
 * the attempt failed (or the order is paid by another payment), so the money goes back.
 */
@ApplicationScoped
public class LateCaptures {

  private static final Logger LOG = Logger.getLogger(LateCaptures.class.getName());
  private static final String NOW = "CURRENT_TIMESTAMP(6)";

  public static final String FOUND = "order.payment_late_captured";
  public static final String REFUNDED = "order.payment_late_capture_refunded";
  public static final String REFUND_FAILED = "order.payment_late_capture_refund_failed";

  /** Counters on /metrics (scope application), by PSP: captures found late, and their refunds. */
  static final String FOUND_METRIC = "payments_late_captures_found";

  static final String REFUND_METRIC = "payments_late_capture_refunds";

  @Inject OrderBook orders;
  @Inject org.agentcommerce.payment.domain.PaymentStore payments;
  @Inject MetricRegistry metrics;

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** A late capture as stored. */
  public record LateCapture(
      String attemptId,
      String paymentId,
      String orderId,
      String psp,
      String pspPaymentId,
      Money amount,
      String attemptStatus,
      String status,
      String refundKey,
      String pspRefundId,
      String failureReason,
      int tries,
      Instant createdAt,
      Instant updatedAt) {}

  /**
   * Records a capture of {@code a} (closed as {@code a.status()}) under the payment's row lock, in
   * the caller's transaction; false when this attempt's late capture was recorded already.
   */
  public boolean record(PaymentRecord p, AttemptRecord a, String pspPaymentId, String foundVia) {
    if (find(a.id()).isPresent()) {
      return false;
    }
    em.createNativeQuery(
            "INSERT INTO late_captures (attempt_id, payment_id, order_id, agent_id, psp,"
                + " psp_payment_id, amount_minor, currency, attempt_status, status, refund_key,"
                + " tries, next_try_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
                + " 'refund_pending', ?, 0, "
                + NOW
                + ", "
                + NOW
                + ", "
                + NOW
                + ")")
        .setParameter(1, a.id())
        .setParameter(2, p.id())
        .setParameter(3, p.orderId())
        .setParameter(4, p.agentId())
        .setParameter(5, a.psp())
        .setParameter(6, pspPaymentId)
        .setParameter(7, p.amount().minorUnits())
        .setParameter(8, p.amount().currencyCode())
        .setParameter(9, a.status())
        .setParameter(10, "ac-lcr-" + a.id())
        .executeUpdate();
    if (pspPaymentId != null) {
      em.createNativeQuery(
              "UPDATE payment_attempts SET psp_payment_id = COALESCE(psp_payment_id, ?) WHERE id = ?")
          .setParameter(1, pspPaymentId)
          .setParameter(2, a.id())
          .executeUpdate();
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("payment_id", p.id());
    data.put("attempt_id", a.id());
    data.put("psp", a.psp());
    data.put("amount", p.amount().amount().toPlainString());
    data.put("attempt_status", a.status());
    data.put("payment_status", p.status().wireName());
    data.put("found_via", foundVia);
    data.put("action", "refund");
    orders.lateCapture(p.orderId(), FOUND, data);
    metrics
        .counter(
            Metadata.builder()
                .withName(FOUND_METRIC)
                .withDescription("Captures found for payment attempts that had been closed")
                .build(),
            new Tag("psp", a.psp()))
        .inc();
    LOG.warning(
        "Late capture: order "
            + p.orderId()
            + ", payment "
            + p.id()
            + " ("
            + p.status().wireName()
            + "), attempt "
            + a.id()
            + " closed as "
            + a.status()
            + ", captured at "
            + a.psp()
            + " as "
            + pspPaymentId
            + " (found via "
            + foundVia
            + "); refunding it in full");
    return true;
  }

  public Optional<LateCapture> find(String attemptId) {
    return rows("WHERE attempt_id = ?", attemptId).stream().findFirst();
  }

  public List<LateCapture> ofPayment(String paymentId) {
    return rows("WHERE payment_id = ? ORDER BY created_at", paymentId);
  }

  /** Late captures whose refund is due and not leased, claimed for {@code holder}. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public List<String> due(int limit) {
    @SuppressWarnings("unchecked")
    List<Object> ids =
        em.createNativeQuery(
                "SELECT attempt_id FROM late_captures WHERE status = 'refund_pending' AND"
                    + " next_try_at <= "
                    + NOW
                    + " AND (lease_until IS NULL OR lease_until < "
                    + NOW
                    + ") ORDER BY next_try_at")
            .setMaxResults(limit)
            .getResultList();
    return ids.stream().map(String.class::cast).toList();
  }

  /** Takes the refund of one late capture for {@code lease}; false when another holder has it. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public boolean claim(String attemptId, String holder, Duration lease) {
    return em.createNativeQuery(
                "UPDATE late_captures SET lease_holder = ?, lease_until = "
                    + plus(lease)
                    + ", tries = tries + 1 WHERE attempt_id = ? AND status = 'refund_pending' AND"
                    + " (lease_until IS NULL OR lease_until < "
                    + NOW
                    + ")")
            .setParameter(1, holder)
            .setParameter(2, attemptId)
            .executeUpdate()
        == 1;
  }

  /** A claimed late capture and the PSP account its payment was charged through. */
  public record Refundable(LateCapture capture, String account) {}

  /** Reads a claimed late capture in a transaction of its own. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<Refundable> read(String attemptId) {
    return find(attemptId)
        .map(
            c ->
                new Refundable(
                    c,
                    payments.accountFor(
                        payments.find(c.paymentId()).orElseThrow().merchantId(), c.psp())));
  }

  /** The refund's outcome, the capture's new status and the order's event, in one transaction. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void refundFinished(
      String attemptId, String holder, boolean succeeded, String pspRefundId, String reason) {
    LateCapture c = find(attemptId).orElseThrow();
    int n =
        em.createNativeQuery(
                "UPDATE late_captures SET status = ?, psp_refund_id = ?, failure_reason = ?,"
                    + " lease_holder = NULL, lease_until = NULL, updated_at = "
                    + NOW
                    + " WHERE attempt_id = ? AND status = 'refund_pending' AND lease_holder = ?")
            .setParameter(1, succeeded ? "refunded" : "refund_failed")
            .setParameter(2, pspRefundId)
            .setParameter(
                3, reason == null ? null : reason.substring(0, Math.min(500, reason.length())))
            .setParameter(4, attemptId)
            .setParameter(5, holder)
            .executeUpdate();
    if (n != 1) {
      return; // the lease ran out and another node settled it
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("payment_id", c.paymentId());
    data.put("attempt_id", attemptId);
    data.put("psp", c.psp());
    data.put("amount", c.amount().amount().toPlainString());
    data.put("psp_refund_id", pspRefundId);
    data.put("reason", succeeded ? null : reason);
    orders.lateCapture(c.orderId(), succeeded ? REFUNDED : REFUND_FAILED, data);
    metrics
        .counter(
            Metadata.builder()
                .withName(REFUND_METRIC)
                .withDescription("Refunds of late captures, by outcome")
                .build(),
            new Tag("psp", c.psp()),
            new Tag("outcome", succeeded ? "refunded" : "failed"))
        .inc();
    if (succeeded) {
      LOG.warning(
          "Late capture of attempt "
              + attemptId
              + " (order "
              + c.orderId()
              + ", payment "
              + c.paymentId()
              + ") refunded in full at "
              + c.psp());
    } else {
      LOG.severe(
          "Late capture of attempt "
              + attemptId
              + " (order "
              + c.orderId()
              + ", payment "
              + c.paymentId()
              + ") could not be refunded at "
              + c.psp()
              + ": "
              + reason
              + "; an operator must return it");
    }
  }

  /** Gives the claim back, to be tried again after {@code after}. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void retryLater(String attemptId, String holder, Duration after) {
    em.createNativeQuery(
            "UPDATE late_captures SET lease_holder = NULL, lease_until = NULL, next_try_at = "
                + plus(after)
                + " WHERE attempt_id = ? AND lease_holder = ?")
        .setParameter(1, attemptId)
        .setParameter(2, holder)
        .executeUpdate();
  }

  /** Every late capture the fleet recorded, by status (durable: from the database). */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Map<String, Long> countsByStatus() {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery("SELECT status, COUNT(*) FROM late_captures GROUP BY status")
            .getResultList();
    Map<String, Long> m = new LinkedHashMap<>();
    for (Object[] r : rows) {
      m.put((String) r[0], ((Number) r[1]).longValue());
    }
    return m;
  }

  private List<LateCapture> rows(String where, String value) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT attempt_id, payment_id, order_id, psp, psp_payment_id, amount_minor,"
                    + " currency, attempt_status, status, refund_key, psp_refund_id,"
                    + " failure_reason, tries, created_at, updated_at FROM late_captures "
                    + where)
            .setParameter(1, value)
            .getResultList();
    return rows.stream()
        .map(
            r ->
                new LateCapture(
                    (String) r[0],
                    (String) r[1],
                    (String) r[2],
                    (String) r[3],
                    (String) r[4],
                    Money.ofMinor(((Number) r[5]).longValue(), ((String) r[6]).trim()),
                    (String) r[7],
                    (String) r[8],
                    (String) r[9],
                    (String) r[10],
                    (String) r[11],
                    ((Number) r[12]).intValue(),
                    Rows.instant(r[13]),
                    Rows.instant(r[14])))
        .toList();
  }

  private static String plus(Duration d) {
    long micros = Math.max(0, d.toNanos() / 1000);
    return "TIMESTAMPADD(MICROSECOND, " + micros + ", " + NOW + ")";
  }
}
