package org.agentcommerce.payment.application;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.payment.domain.RefundRecord;
import org.agentcommerce.payment.domain.RefundStore;
import org.agentcommerce.payment.infrastructure.psp.PspRegistry;
import org.agentcommerce.payment.spi.GuardedPsp;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundLookup;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.SchemaReady;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Tracing;
import org.eclipse.microprofile.config.Config;

/**
 * Settles refunds whose outcome we do not know: left {@code pending} by a node that died or stopped
 * before the PSP answered, {@code unknown} (the answer was lost), or {@code pending} at the PSP.
 * Each is claimed with a lease (database clock, skipping rows other nodes hold), then:
 *
 * <ol>
 *   <li>the PSP is asked about it ({@link GuardedPsp#retrieveRefund}, by its refund id or our
 *       reference); a final answer settles it;
 *   <li>when the PSP does not know it (or cannot look refunds up) and the PSP still keeps the
 *       refund's idempotency key ({@link GuardedPsp#idempotencyWindow()}), the <b>same refund
 *       request</b> is sent again with the <b>same key</b>: the PSP answers the first request's
 *       outcome if it ever arrived, or performs the refund now (once: a late send by the stopped
 *       node carries the same key and gets this answer). Its answer settles the refund.
 * </ol>
 *
 * <p>It never concludes "never refunded" from a lookup alone: a paused node may still send. A
 * failed refund gives its amount back to what may be refunded. Settling goes through {@link
 * RefundService#settle}, as the request does. A refund the PSP cannot tell about yet is checked
 * again with backoff up to {@code ac.payments.reconcile-max-backoff}; one refund's failure never
 * ends a round.
 */
@ApplicationScoped
public class RefundReconciler {

  private static final Logger LOG = Logger.getLogger(RefundReconciler.class.getName());
  private static final int BATCH = 20;

  @Inject RefundStore store;
  @Inject RefundService refunds;
  @Inject PspRegistry registry;
  @Inject Config config;
  @Inject Tracing tracing;

  private ManagedScheduledExecutorService scheduler;

  private final String holder = Ids.newId("rrc", 8);
  private volatile ScheduledFuture<?> task;
  private Duration lease;
  private Duration maxBackoff;

  /** Starts once the schema is migrated (its columns exist before the first claim). */
  void start(@Observes SchemaReady ready) {
    Duration interval = duration("ac.payments.refunds.reconcile-interval", Duration.ofSeconds(1));
    lease = duration("ac.payments.reconcile-lease", Duration.ofSeconds(30));
    maxBackoff = duration("ac.payments.reconcile-max-backoff", Duration.ofMinutes(5));
    if (interval.isZero() || interval.isNegative()) {
      LOG.info(
          "Refund reconciliation is off on this node (ac.payments.refunds.reconcile-interval)");
      return;
    }
    try {
      scheduler =
          javax.naming.InitialContext.doLookup("java:comp/DefaultManagedScheduledExecutorService");
    } catch (javax.naming.NamingException e) {
      throw new IllegalStateException("No managed scheduled executor for refund reconciliation", e);
    }
    task =
        scheduler.scheduleWithFixedDelay(
            this::tick, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @PreDestroy
  void stop() {
    ScheduledFuture<?> t = task;
    if (t != null) {
      t.cancel(false);
    }
  }

  void tick() {
    List<String> due;
    try {
      due = store.claimDue(holder, lease, BATCH);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Claiming refunds to reconcile failed; trying again next round", e);
      return;
    }
    for (String id : due) {
      try (TraceSpan span =
          tracing
              .startLinked(
                  "refund.reconcile", tracing.enabled() ? store.traceparent(id).orElse(null) : null)
              .attribute("ac.refund_id", id)) {
        reconcile(id);
      } catch (RuntimeException e) {
        // One refund's failure must not hold the others of this round until their leases end.
        LOG.log(Level.WARNING, "Reconciling refund " + id + " failed; checking again later", e);
        try {
          store.release(id, holder, backoff(0));
        } catch (RuntimeException again) {
          LOG.log(Level.WARNING, "Releasing refund " + id + " failed; its lease ends it", again);
        }
      }
    }
  }

  /** Asks the PSP about one claimed refund, or sends it again under its key, and records it. */
  void reconcile(String refundId) {
    RefundService.Reconcilable found = refunds.reconcilable(refundId).orElse(null);
    if (found == null) {
      return; // settled meanwhile
    }
    RefundRecord r = found.refund();
    GuardedPsp psp = registry.psp(r.psp()).orElse(null);
    if (psp == null) {
      LOG.warning(
          "Refund "
              + refundId
              + " was made at "
              + r.psp()
              + ", which this node does not know; left for another node");
      store.release(refundId, holder, maxBackoff);
      return;
    }
    String account = found.account();
    PspRefundResult answer;
    try {
      answer =
          psp.retrieveRefund(
              new PspRefundLookup(
                  r.pspRefundId(),
                  r.pspPaymentId(),
                  r.id(),
                  r.idempotencyKey(),
                  r.amount(),
                  registry.credentials(account),
                  r.createdAt()));
      if (!isFinal(answer) && r.pspRefundId() == null) {
        if (mayResend(psp, r)) {
          answer = resend(psp, r, account);
        } else {
          LOG.warning(
              "Refund "
                  + r.id()
                  + " of order "
                  + r.orderId()
                  + " is not known to "
                  + r.psp()
                  + ", which may have forgotten its idempotency key: not sent again; it stays"
                  + " open, its amount reserved, until an operator settles it");
        }
      }
    } catch (PspNotAcceptedException | RuntimeException e) {
      LOG.info(
          () ->
              "Reconciling refund "
                  + refundId
                  + ": "
                  + r.psp()
                  + " did not answer ("
                  + e
                  + "); checking again later");
      store.release(refundId, holder, backoff(r.reconcileCount()));
      return;
    }
    boolean learnt =
        isFinal(answer)
            || ("pending".equals(answer.status())
                && answer.pspRefundId() != null
                && !answer.pspRefundId().equals(r.pspRefundId()));
    if (!learnt) {
      // Still unknown, or pending as it was: ask again later, counting the check.
      store.release(refundId, holder, backoff(r.reconcileCount()));
      return;
    }
    PspRefundResult known = answer;
    RefundService.Refund after =
        refunds.settle(r.id(), r.orderId(), known, backoff(r.reconcileCount()));
    if (isFinal(known)) {
      LOG.info(
          () ->
              "Reconciled refund "
                  + r.id()
                  + " of payment "
                  + r.paymentId()
                  + " (order "
                  + r.orderId()
                  + ", "
                  + r.psp()
                  + "): "
                  + after.status());
    }
  }

  /**
   * The refund's own request again, with its own idempotency key. A refusal of the request itself
   * ({@code invalid_request}, not retriable: e.g. the payment has nothing left to refund) fails the
   * refund, since the same request sent late is refused the same way; anything else that is not an
   * answer (credentials refused, rate limits, the key in use) is left for a later check.
   */
  private PspRefundResult resend(GuardedPsp psp, RefundRecord r, String account)
      throws PspNotAcceptedException {
    LOG.info(
        () ->
            "Refund "
                + r.id()
                + " is not known to "
                + r.psp()
                + "; sending it again under its idempotency key");
    try {
      return psp.refund(
          new PspRefund(
              r.idempotencyKey(),
              r.id(),
              r.pspPaymentId(),
              r.amount(),
              registry.credentials(account)));
    } catch (PspNotAcceptedException e) {
      if (!e.retriable() && "invalid_request".equals(e.code())) {
        return new PspRefundResult("failed", null, "the payment provider refused the refund");
      }
      throw e;
    }
  }

  /** Whether the PSP still answers a repeat of the refund's request from its idempotency store. */
  private static boolean mayResend(GuardedPsp psp, RefundRecord r) {
    return r.createdAt() != null
        && r.createdAt().plus(psp.idempotencyWindow()).isAfter(Instant.now());
  }

  private static boolean isFinal(PspRefundResult r) {
    return "succeeded".equals(r.status()) || "failed".equals(r.status());
  }

  private Duration backoff(int checks) {
    long seconds = Math.min(maxBackoff.toSeconds(), 1L << Math.min(16, checks + 1));
    return Duration.ofSeconds(Math.max(1, seconds));
  }

  private Duration duration(String key, Duration fallback) {
    return config.getOptionalValue(key, Duration.class).orElse(fallback);
  }
}
