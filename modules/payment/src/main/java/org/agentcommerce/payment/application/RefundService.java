package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.payment.api.PaymentStatus;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.payment.domain.PaymentStore;
import org.agentcommerce.payment.domain.RefundRecord;
import org.agentcommerce.payment.domain.RefundStore;
import org.agentcommerce.payment.infrastructure.psp.PspRegistry;
import org.agentcommerce.payment.spi.GuardedPsp;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.Money;
import org.agentcommerce.platform.api.security.IdempotentRequest;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Traced;
import org.agentcommerce.platform.api.tracing.Tracing;
import org.eclipse.microprofile.config.Config;

/**
 * Refunds of succeeded payments, full or partial, never more than was captured: the refund row
 * (with the PSP idempotency key) is written under the payment's row lock and committed before the
 * PSP is called; a succeeded refund moves the order to partially_refunded or refunded with its
 * {@code order.refunded} event in one transaction. Used by the REST endpoint, and by the v2
 * checkout refunds and the tool door's after-sales. A refund left pending or unknown (its node
 * died, or the PSP's answer was lost or is pending) is due for the {@link RefundReconciler}, which
 * settles it through {@link #settle} too.
 */
@ApplicationScoped
public class RefundService {

  private static final Logger LOG = Logger.getLogger(RefundService.class.getName());

  @Inject PaymentStore payments;
  @Inject PaymentFigures figures;
  @Inject RefundStore refundStore;
  @Inject PspRegistry registry;
  @Inject OrderBook orders;
  @Inject Tracing tracing;
  @Inject jakarta.enterprise.inject.Instance<RefundService> self;
  @Inject IdempotentRequest request;
  @Inject Config config;

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** A refund as stored. */
  public record Refund(
      String refundId,
      String paymentId,
      String orderId,
      Money amount,
      String status,
      String reason,
      String failureReason,
      Instant createdAt) {}

  /** Gives back {@code amount} (null: what is left) of the agent's payment. */
  public Refund refund(String agentId, String paymentId, BigDecimal amount, String reason) {
    Refund pending = self.get().prepare(agentId, paymentId, amount, reason);
    PaymentRecord p = payments.find(paymentId).orElseThrow();
    GuardedPsp psp = registry.psp(p.psp()).orElseThrow();
    String account = payments.accountFor(p.merchantId(), p.psp());
    PspRefundResult r;
    try (TraceSpan span =
        tracing
            .startClient("psp.refund " + psp.name())
            .attribute("ac.psp", psp.name())
            .attribute("ac.payment_id", paymentId)
            .attribute("ac.refund_id", pending.refundId())) {
      r =
          psp.refund(
              new PspRefund(
                  "ac-" + pending.refundId(),
                  pending.refundId(),
                  p.pspPaymentId(),
                  pending.amount(),
                  registry.credentials(account)));
      span.attribute("ac.psp.refund_status", r.status());
    } catch (Exception e) {
      LOG.warning(
          "Refund " + pending.refundId() + " at " + p.psp() + ": " + e.getClass().getSimpleName());
      r =
          new PspRefundResult(
              e instanceof org.agentcommerce.payment.spi.PspNotAcceptedException n
                      && n.failoverSafe()
                  ? "failed"
                  : "unknown",
              null,
              "the payment provider did not take the refund");
    }
    return self.get().settle(pending.refundId(), p.orderId(), r);
  }

  @Traced("refund.prepare")
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Refund prepare(String agentId, String paymentId, BigDecimal amount, String reason) {
    if (!request.stillHeld()) {
      // A retry found this request's key abandoned (its node stopped) and may have decided it:
      // writing a refund now could refund twice.
      throw new ApiException(
          409,
          "idempotency_in_flight",
          "Another request took over this Idempotency-Key while this one waited; nothing was"
              + " refunded by this one. Retry to get the answer.",
          java.util.Map.of(),
          java.util.Map.of("Retry-After", "1"));
    }
    PaymentRecord p =
        payments
            .lock(paymentId)
            .filter(x -> x.agentId().equals(agentId))
            .orElseThrow(
                () ->
                    new ApiException(
                        404, "PAYMENT_NOT_FOUND", "No payment " + paymentId + " of this agent."));
    if (p.status() != PaymentStatus.SUCCEEDED) {
      throw new ApiException(
          409,
          "PAYMENT_NOT_SUCCEEDED",
          "Only a succeeded payment can be refunded; this one is " + p.status().wireName() + ".");
    }
    Number refunded =
        (Number)
            em.createNativeQuery(
                    "SELECT COALESCE(SUM(amount_minor), 0) FROM payment_refunds WHERE payment_id = ? AND"
                        + " status <> 'failed'")
                .setParameter(1, paymentId)
                .getSingleResult();
    long left = p.amount().minorUnits() - refunded.longValue();
    // What is left of the order counts too: the merchant's platform may have refunded some of it
    // (storefront refunds/create), and a refund of this payment still open is not in it yet.
    Number open =
        (Number)
            em.createNativeQuery(
                    "SELECT COALESCE(SUM(amount_minor), 0) FROM payment_refunds WHERE payment_id = ? AND"
                        + " status IN ('pending', 'unknown')")
                .setParameter(1, paymentId)
                .getSingleResult();
    long orderLeft = orders.refundable(p.orderId()).minorUnits() - open.longValue();
    left = Math.max(0, Math.min(left, orderLeft));
    Money money;
    try {
      money =
          amount == null
              ? Money.ofMinor(left, p.amount().currencyCode())
              : new Money(amount, p.amount().currency());
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "amount"),
              "Too many decimals for " + p.amount().currencyCode(),
              "value_error"));
    }
    long asked;
    try {
      asked = money.minorUnits();
    } catch (ArithmeticException tooLarge) {
      asked = Long.MAX_VALUE;
    }
    if (asked <= 0) {
      throw amount == null
          ? new ApiException(409, "REFUND_EXCEEDS_PAYMENT", "Nothing is left to refund.")
          : new InvalidInputException(
              new InvalidInputException.Violation(
                  List.of("body", "amount"), "Input should be greater than 0", "greater_than"));
    }
    if (asked > left) {
      throw new ApiException(
          409,
          "REFUND_EXCEEDS_PAYMENT",
          "A refund of "
              + money.amount().toPlainString()
              + " "
              + money.currencyCode()
              + " is more than the "
              + Money.ofMinor(left, money.currencyCode()).amount().toPlainString()
              + " left of payment "
              + paymentId
              + ".");
    }
    String id = Ids.newId("rfd", 12);
    em.createNativeQuery(
            "INSERT INTO payment_refunds (id, payment_id, agent_id, amount_minor, currency, status,"
                + " reason, idempotency_key, request_record_id, traceparent, reconcile_count,"
                + " next_check_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?,"
                + " ?, ?, 0, "
                + later(duration("ac.payments.refunds.sent-grace", Duration.ofSeconds(60)))
                + ", CURRENT_TIMESTAMP(6), CURRENT_TIMESTAMP(6))")
        .setParameter(1, id)
        .setParameter(2, paymentId)
        .setParameter(3, agentId)
        .setParameter(4, money.minorUnits())
        .setParameter(5, money.currencyCode())
        .setParameter(6, reason)
        .setParameter(7, "ac-" + id)
        .setParameter(8, request.recordId().orElse(null))
        .setParameter(9, Tracing.traceparent())
        .executeUpdate();
    return find(id).orElseThrow();
  }

  /**
   * Records what the request's PSP call answered: a pending refund is asked about again after
   * {@code ac.payments.poll-interval}, an unknown one after {@code ac.payments.unknown-recheck}.
   */
  @Traced("refund.settle")
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Refund settle(String refundId, String orderId, PspRefundResult r) {
    Duration checkAfter =
        "pending".equals(r.status())
            ? duration("ac.payments.poll-interval", Duration.ofSeconds(2))
            : duration("ac.payments.unknown-recheck", Duration.ofSeconds(2));
    return settle(refundId, orderId, r, checkAfter);
  }

  /**
   * Records a PSP's answer about an open refund (pending or unknown), once: a compare-and-set on
   * the open states, whether the request, the reconciler or a later check comes first. Succeeded
   * moves the order with {@code order.refunded} in this transaction; failed gives its amount back
   * to what may still be refunded; pending and unknown stay open and are checked again after {@code
   * checkAfter}. Any lease on the refund ends.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Refund settle(String refundId, String orderId, PspRefundResult r, Duration checkAfter) {
    String status =
        switch (r.status() == null ? "unknown" : r.status()) {
          case "succeeded" -> "succeeded";
          case "pending" -> "pending";
          case "failed" -> "failed";
          default -> "unknown";
        };
    boolean open = "pending".equals(status) || "unknown".equals(status);
    int changed =
        em.createNativeQuery(
                "UPDATE payment_refunds SET status = ?, psp_refund_id = COALESCE(?, psp_refund_id),"
                    + " failure_reason = ?, next_check_at = "
                    + (open ? later(checkAfter) : "NULL")
                    + ", lease_holder = NULL, lease_until = NULL, updated_at ="
                    + " CURRENT_TIMESTAMP(6) WHERE id = ? AND status IN ('pending', 'unknown')")
            .setParameter(1, status)
            .setParameter(2, r.pspRefundId())
            .setParameter(3, "failed".equals(status) ? r.failureReason() : null)
            .setParameter(4, refundId)
            .executeUpdate();
    Refund refund = find(refundId).orElseThrow();
    if (changed == 1 && "succeeded".equals(status)) {
      // the PSP has refunded: recorded whatever is left of the order (never refused here, or the
      // refund would stay open for ever while the money is gone)
      orders.refundMade(orderId, refundId, refund.amount());
    }
    if (changed == 1 && !open) {
      figures.refundSettled(status);
    }
    return refund;
  }

  /** What the reconciler needs of a claimed refund: the refund and the PSP account it went to. */
  public record Reconcilable(RefundRecord refund, String account) {}

  /**
   * Reads a claimed refund and the merchant's account at its PSP in a transaction of its own
   * (background threads never use the EntityManager outside one); empty once it is settled.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<Reconcilable> reconcilable(String refundId) {
    return refundStore
        .find(refundId)
        .filter(RefundRecord::open)
        .map(r -> new Reconcilable(r, payments.accountFor(r.merchantId(), r.psp())));
  }

  /** The refund that the request holding idempotency record {@code recordId} wrote, if any. */
  @Transactional
  public Optional<Refund> byRequest(String recordId) {
    return rows(
            "SELECT r.id, r.payment_id, p.order_id, r.amount_minor, r.currency, r.status,"
                + " r.reason, r.failure_reason, r.created_at FROM payment_refunds r JOIN payments p ON"
                + " p.id = r.payment_id WHERE r.request_record_id = ?",
            recordId)
        .stream()
        .findFirst();
  }

  private Duration duration(String key, Duration fallback) {
    return config.getOptionalValue(key, Duration.class).orElse(fallback);
  }

  /** The database's clock plus {@code d}, in SQL that MariaDB and H2 (LEGACY) both read. */
  private static String later(Duration d) {
    return "TIMESTAMPADD(MICROSECOND, "
        + Math.max(0, d.toNanos() / 1000)
        + ", CURRENT_TIMESTAMP(6))";
  }

  public Optional<Refund> find(String refundId) {
    return rows(
            "SELECT r.id, r.payment_id, p.order_id, r.amount_minor, r.currency, r.status,"
                + " r.reason, r.failure_reason, r.created_at FROM payment_refunds r JOIN payments p ON"
                + " p.id = r.payment_id WHERE r.id = ?",
            refundId)
        .stream()
        .findFirst();
  }

  public List<Refund> forPayment(String paymentId) {
    return rows(
        "SELECT r.id, r.payment_id, p.order_id, r.amount_minor, r.currency, r.status,"
            + " r.reason, r.failure_reason, r.created_at FROM payment_refunds r JOIN payments p ON"
            + " p.id = r.payment_id WHERE r.payment_id = ? ORDER BY r.created_at, r.id",
        paymentId);
  }

  private List<Refund> rows(String sql, String param) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows = em.createNativeQuery(sql).setParameter(1, param).getResultList();
    return rows.stream()
        .map(
            r ->
                new Refund(
                    (String) r[0],
                    (String) r[1],
                    (String) r[2],
                    Money.ofMinor(((Number) r[3]).longValue(), ((String) r[4]).trim()),
                    (String) r[5],
                    (String) r[6],
                    (String) r[7],
                    Rows.instant(r[8])))
        .toList();
  }
}
