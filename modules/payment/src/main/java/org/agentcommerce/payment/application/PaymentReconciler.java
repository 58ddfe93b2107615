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
import org.agentcommerce.payment.domain.AttemptRecord;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.payment.domain.PaymentStore;
import org.agentcommerce.payment.infrastructure.psp.PspRegistry;
import org.agentcommerce.payment.spi.GuardedPsp;
import org.agentcommerce.payment.spi.PspFence;
import org.agentcommerce.payment.spi.PspLookup;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Tracing;
import org.eclipse.microprofile.config.Config;

/**
 * Settles payments whose outcome we do not know yet: attempts left {@code sent} (the node died or
 * the request never recorded an answer), {@code unknown} (a timeout after sending), {@code
 * processing} (asynchronous methods) and {@code requires_action} (3-D Secure under way). Each is
 * claimed with a lease (database clock, so one node at a time), the PSP is <b>asked</b> about it by
 * its id or our reference, and the answer is recorded through {@link PaymentSteps#settle}. It never
 * sends a charge. An attempt the PSP still cannot tell about is checked again later, with backoff
 * up to {@code ac.payments.reconcile-max-backoff}.
 */
@ApplicationScoped
public class PaymentReconciler {

  private static final Logger LOG = Logger.getLogger(PaymentReconciler.class.getName());

  @Inject PaymentStore store;
  @Inject PaymentSteps steps;
  @Inject PspRegistry registry;
  @Inject Config config;
  @Inject GateSettings gates;
  @Inject LateCaptures lateCaptures;
  @Inject Tracing tracing;

  private ManagedScheduledExecutorService scheduler;

  private final String holder = Ids.newId("rec", 8);
  private volatile ScheduledFuture<?> task;
  private Duration lease;
  private Duration sentGrace;
  private Duration maxBackoff;
  private Duration buyerActionTtl;

  /** Starts once the migrations ran: its first claim must find the tables and columns it reads. */
  void start(@Observes org.agentcommerce.platform.api.SchemaReady ready) {
    Duration interval =
        config
            .getOptionalValue("ac.payments.reconcile-interval", Duration.class)
            .orElse(Duration.ofSeconds(1));
    lease =
        config
            .getOptionalValue("ac.payments.reconcile-lease", Duration.class)
            .orElse(Duration.ofSeconds(30));
    sentGrace =
        config
            .getOptionalValue("ac.payments.sent-grace", Duration.class)
            .orElse(Duration.ofSeconds(60));
    buyerActionTtl = PaymentSteps.buyerActionTtl(config);
    maxBackoff =
        config
            .getOptionalValue("ac.payments.reconcile-max-backoff", Duration.class)
            .orElse(Duration.ofMinutes(5));
    if (interval.isZero() || interval.isNegative()) {
      LOG.info("Payment reconciliation is off on this node (ac.payments.reconcile-interval)");
      return;
    }
    try {
      scheduler =
          javax.naming.InitialContext.doLookup("java:comp/DefaultManagedScheduledExecutorService");
    } catch (javax.naming.NamingException e) {
      throw new IllegalStateException("No managed scheduled executor for reconciliation", e);
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
    try {
      gates.warmUp(); // so that JMX threads find the data source resolved

      List<String> due = store.claimDue(holder, lease, 20);
      for (String id : due) {
        try (TraceSpan span =
            tracing
                .startLinked(
                    "payment.reconcile",
                    tracing.enabled() ? store.traceparentOfAttempt(id).orElse(null) : null)
                .attribute("ac.attempt_id", id)) {
          reconcile(id);
        } catch (RuntimeException e) {
          // One attempt's failure must not hold the others of this round until their leases end.
          LOG.log(Level.WARNING, "Reconciling attempt " + id + " failed; checking again later", e);
          store.release(id, holder, backoff(0));
        }
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Payment reconciliation round failed", e);
    }
    try {
      for (String id : lateCaptures.due(10)) {
        if (!lateCaptures.claim(id, holder, lease)) {
          continue;
        }
        try {
          refundLateCapture(id);
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING, "Refunding the late capture of " + id + " failed; again later", e);
          lateCaptures.retryLater(id, holder, backoff(0));
        }
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Late-capture refund round failed", e);
    }
  }

  /**
   * Gives a late capture back in full, under the refund key stored with it (a refund sent again
   * after a crash is the same refund at the PSP). Pending and unknown answers are asked again later
   * with the same key.
   */
  void refundLateCapture(String attemptId) {
    LateCaptures.Refundable found = lateCaptures.read(attemptId).orElse(null);
    if (found == null || !"refund_pending".equals(found.capture().status())) {
      return;
    }
    LateCaptures.LateCapture c = found.capture();
    GuardedPsp psp = registry.psp(c.psp()).orElse(null);
    if (psp == null) {
      lateCaptures.retryLater(attemptId, holder, maxBackoff);
      return;
    }
    if (c.pspPaymentId() == null) {
      lateCaptures.refundFinished(
          attemptId, holder, false, null, "the PSP named no payment to refund");
      return;
    }
    org.agentcommerce.payment.spi.PspRefundResult r;
    try {
      r =
          psp.refund(
              new org.agentcommerce.payment.spi.PspRefund(
                  c.refundKey(),
                  "lcr_" + attemptId.replaceFirst("^att_", ""),
                  c.pspPaymentId(),
                  c.amount(),
                  registry.credentials(found.account())));
    } catch (PspNotAcceptedException | RuntimeException e) {
      lateCaptures.retryLater(attemptId, holder, backoff(c.tries()));
      return;
    }
    switch (r.status()) {
      case "succeeded" ->
          lateCaptures.refundFinished(attemptId, holder, true, r.pspRefundId(), null);
      case "failed" ->
          lateCaptures.refundFinished(attemptId, holder, false, r.pspRefundId(), r.failureReason());
      default -> lateCaptures.retryLater(attemptId, holder, backoff(c.tries()));
    }
  }

  /** Asks the PSP about one claimed attempt and records what it says. */
  void reconcile(String attemptId) {
    PaymentSteps.Reconcilable found = steps.reconcilable(attemptId).orElse(null);
    if (found == null) {
      return;
    }
    AttemptRecord a = found.attempt();
    PaymentRecord p = found.payment();
    GuardedPsp psp = registry.psp(a.psp()).orElse(null);
    if (psp == null) {
      LOG.warning(
          "Attempt "
              + attemptId
              + " was made at "
              + a.psp()
              + ", which this node does not know; left for another node");
      store.release(attemptId, holder, maxBackoff);
      return;
    }
    String account = found.account();
    PspResult r;
    long t0 = System.nanoTime();
    try {
      r =
          psp.retrieve(
              new PspLookup(
                  a.pspPaymentId(),
                  a.id(),
                  a.idempotencyKey(),
                  registry.credentials(account),
                  a.createdAt()));
    } catch (PspNotAcceptedException | RuntimeException e) {
      LOG.info(
          () ->
              "Reconciling "
                  + attemptId
                  + ": "
                  + a.psp()
                  + " did not answer ("
                  + e
                  + "); checking again later");
      store.release(attemptId, holder, backoff(a.reconcileCount()));
      return;
    }
    long ms = (System.nanoTime() - t0) / 1_000_000;
    if (r.outcome() == PspOutcome.UNKNOWN) {
      store.release(attemptId, holder, backoff(a.reconcileCount()));
      return;
    }
    if (r.outcome() == PspOutcome.NOT_FOUND
        && a.createdAt() != null
        && a.createdAt().plus(sentGrace).isAfter(Instant.now())) {
      // Too early to be sure the PSP never got it (a call may still be under way).
      store.release(attemptId, holder, backoff(a.reconcileCount()));
      return;
    }
    if (r.outcome() == PspOutcome.NOT_FOUND) {
      // "Not found" says nothing of a charge still to come: the node that committed this attempt
      // may be paused with the request in hand. Fence the key at the PSP first; only a fenced key
      // closes the attempt (docs/payments.md, "A node that pauses").
      try {
        r =
            psp.fence(
                new PspFence(
                    a.idempotencyKey(), a.id(), p.amount(), registry.credentials(account)));
      } catch (PspNotAcceptedException | RuntimeException e) {
        LOG.info(() -> "Fencing " + attemptId + " at " + a.psp() + " failed (" + e + "); later");
        store.release(attemptId, holder, backoff(a.reconcileCount()));
        return;
      }
      if (r.outcome() == PspOutcome.UNKNOWN) {
        PspResult unfenced = r;
        LOG.info(
            () ->
                "Attempt "
                    + attemptId
                    + " is not found at "
                    + a.psp()
                    + " and could not be fenced ("
                    + unfenced.message()
                    + "); it stays open");
        store.release(attemptId, holder, backoff(a.reconcileCount()));
        return;
      }
    }
    Duration checkAfter = backoff(a.reconcileCount());
    Instant deadline = deadline(a);
    if ((r.outcome() == PspOutcome.REQUIRES_ACTION || r.outcome() == PspOutcome.PROCESSING)
        && deadline != null) {
      Duration left = Duration.between(Instant.now(), deadline);
      if (left.isNegative()) {
        r = expire(psp, a, r, account);
      } else if (left.compareTo(checkAfter) < 0) {
        // Looked at again when it expires, not a whole back-off later.
        checkAfter = left.plusMillis(100);
      }
    }
    PaymentRecord after =
        steps.settle(
            p.id(),
            a.id(),
            a.psp(),
            r,
            a.latencyMs() == null ? ms : null,
            checkAfter,
            "reconciliation");
    if (after.status().isFinal()) {
      LOG.info(
          () ->
              "Reconciled payment "
                  + p.id()
                  + " (attempt "
                  + attemptId
                  + " at "
                  + a.psp()
                  + "): "
                  + after.status().wireName());
    }
  }

  /**
   * A payment that waited for the buyer (or the PSP) longer than {@code
   * ac.payments.buyer-action-ttl}: cancelled at the PSP so that it can never capture later. Answers
   * what to record: {@code payment_expired} when cancelled, the PSP's own outcome when the payment
   * finished first (a capture is recorded as such), or {@code waiting} unchanged when the PSP
   * cannot cancel it now (asked again later).
   */
  private PspResult expire(GuardedPsp psp, AttemptRecord a, PspResult waiting, String account) {
    PspResult c;
    try {
      c =
          psp.cancel(
              new PspLookup(
                  waiting.pspPaymentId() != null ? waiting.pspPaymentId() : a.pspPaymentId(),
                  a.id(),
                  a.idempotencyKey(),
                  registry.credentials(account),
                  a.createdAt()));
    } catch (PspNotAcceptedException | RuntimeException e) {
      LOG.info(() -> "Cancelling expired attempt " + a.id() + " failed (" + e + "); later");
      return waiting;
    }
    return switch (c.outcome()) {
      case DECLINED, NOT_FOUND -> {
        LOG.info(
            () ->
                "Attempt "
                    + a.id()
                    + " waited past its deadline "
                    + deadline(a)
                    + " for the buyer; cancelled at "
                    + a.psp());
        yield PspResult.declined(
            c.pspPaymentId() != null ? c.pspPaymentId() : waiting.pspPaymentId(),
            "payment_expired",
            null,
            "The payment waited longer than "
                + Duration.between(a.createdAt(), deadline(a))
                + " for the buyer and was cancelled; nothing was charged. Pay again.");
      }
      case SUCCEEDED -> c;
      default -> waiting;
    };
  }

  /**
   * When a waiting attempt expires: the deadline stored with it (every node honours the deadline of
   * the node that wrote the attempt), or, for attempts written before V76, its creation plus this
   * node's {@code ac.payments.buyer-action-ttl}.
   */
  private Instant deadline(AttemptRecord a) {
    if (a.expiresAt() != null) {
      return a.expiresAt();
    }
    return a.createdAt() == null ? null : a.createdAt().plus(buyerActionTtl);
  }

  private Duration backoff(int checks) {
    long seconds = Math.min(maxBackoff.toSeconds(), 1L << Math.min(16, checks + 1));
    return Duration.ofSeconds(Math.max(1, seconds));
  }
}
