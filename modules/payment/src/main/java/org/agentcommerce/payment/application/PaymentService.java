package org.agentcommerce.payment.application;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.payment.domain.AttemptRecord;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.payment.domain.PaymentStore;
import org.agentcommerce.payment.domain.PaymentStore.PspAccount;
import org.agentcommerce.payment.infrastructure.psp.PspRegistry;
import org.agentcommerce.payment.spi.GuardedPsp;
import org.agentcommerce.payment.spi.PspCallTrace;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.TransientFailures;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Tracing;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

/**
 * Pays orders. The order of things is what makes a charge happen at most once: every check and the
 * attempt with its PSP idempotency key are committed first ({@link PaymentSteps#prepare}); then the
 * PSP is called outside any transaction; then the outcome is recorded with the order's move and
 * event ({@link PaymentSteps#settle}). A PSP that certainly created nothing may be followed by the
 * next PSP of the merchant's route; any other failure leaves the payment processing for the
 * reconciler, which only asks the PSP and never charges again.
 */
@ApplicationScoped
public class PaymentService implements OrderPayments {

  private static final Logger LOG = Logger.getLogger(PaymentService.class.getName());

  @Inject PaymentSteps steps;
  @Inject PaymentStore store;
  @Inject PspRegistry registry;
  @Inject HilApprovals hil;
  @Inject BuyerPages pages;
  @Inject Config config;
  @Inject Tracing tracing;
  @Inject PaymentFigures figures;
  @Inject org.agentcommerce.platform.api.security.IdempotentRequest request;

  private Duration unknownRecheck;
  private Duration sendDeadline;

  @PostConstruct
  void init() {
    // A request not on its way to the PSP within half the reconciler's grace is not sent at all:
    // the reconciler may soon fence and close its attempt (docs/payments.md, "A node that pauses").
    sendDeadline =
        config
            .getOptionalValue("ac.payments.sent-grace", Duration.class)
            .orElse(Duration.ofSeconds(60))
            .dividedBy(2);
    unknownRecheck =
        config
            .getOptionalValue("ac.payments.unknown-recheck", Duration.class)
            .orElse(Duration.ofSeconds(2));
  }

  /** Pays the order once; answers the payment as it stands when this request is done. */
  /**
   * A payment as this request leaves it. {@code oneTimeActionUrl}: a PSP's 3-D Secure address that
   * carries a client secret; it is handed to the caller once and never stored (the payment keeps
   * only addresses without secrets).
   */
  public record Outcome(PaymentRecord payment, String oneTimeActionUrl) {}

  public Outcome pay(PayCommand cmd) {
    return pay(cmd, null);
  }

  /**
   * Pays the order once. {@code publicBase}: the address the buyer's approval page is linked on
   * when the payment needs one (null: a path on this server).
   */
  public Outcome pay(PayCommand cmd, java.net.URI publicBase) {
    // Measured from before the attempt is written: a pause anywhere after its commit counts.
    long preparedNanos = System.nanoTime();
    java.time.Instant preparedAt = java.time.Instant.now();
    PaymentSteps.Prepared prepared;
    try {
      prepared = steps.prepare(cmd);
    } catch (PaymentSteps.HilRequired e) {
      HilApprovals.Approval a =
          hil.request(
              cmd.agentId(),
              e.order.orderId(),
              e.order.total(),
              cmd.buyerIssuer(),
              cmd.buyerSubject());
      Map<String, Object> approval = new LinkedHashMap<>();
      approval.put("approval_id", a.approvalId());
      // The buyer's page; its token (in the fragment) decides this approval only.
      String base = publicBase == null ? "" : publicBase.toString().replaceAll("/$", "");
      approval.put(
          "approve_url",
          base
              + "/checkout/approvals/"
              + a.approvalId()
              + "#token="
              + pages.issue(BuyerPages.APPROVAL, a.approvalId()));
      approval.put("approve_api", "/agent/v1/payments/approvals/" + a.approvalId() + "/approve");
      approval.put("expires_at", a.expiresAt().toString());
      approval.put("amount", a.amount().amount().toPlainString());
      approval.put("currency", a.amount().currencyCode());
      approval.put("order_id", a.orderId());
      Map<String, Object> ctx = new LinkedHashMap<>();
      ctx.put("approval", approval);
      ctx.put("threshold", hil.threshold(a.amount().currencyCode()).toPlainString());
      throw new ApiException(
          409,
          "HIL_REQUIRED",
          "This payment is above the agent's approval threshold: the buyer approves it at"
              + " approve_url, then retry with X-HIL-Approval: "
              + a.approvalId()
              + " (and a new idempotency key).",
          ctx,
          Map.of());
    }
    return drive(
        prepared,
        prepared.mandateMethod() != null ? prepared.mandateMethod() : cmd.methodToken(),
        preparedNanos,
        preparedAt);
  }

  /** The buyer's method token travels with the call only: it is never stored or logged. */
  private Outcome drive(
      PaymentSteps.Prepared prepared,
      String methodToken,
      long preparedNanos,
      java.time.Instant preparedAt) {
    PaymentRecord p = prepared.payment();
    List<PspAccount> route = prepared.route();
    AttemptRecord attempt = prepared.attempt();
    for (int i = 0; ; i++) {
      PspAccount account = route.get(i);
      String nextPsp = i + 1 < route.size() ? route.get(i + 1).psp() : null;
      GuardedPsp psp = registry.psp(account.psp()).orElseThrow();
      PspCharge charge =
          new PspCharge(
              attempt.idempotencyKey(),
              attempt.id(),
              p.amount(),
              p.methodType(),
              methodToken,
              p.offSession(),
              p.returnUrl(),
              null,
              "Order " + p.orderId(),
              Map.of("order_id", p.orderId(), "payment_id", p.id(), "merchant_id", p.merchantId()),
              registry.credentials(account.account()));
      if (late(preparedNanos, preparedAt)) {
        // This node was held up (a pause, a long GC) between committing the attempt and sending
        // it: it may have been fenced and closed meanwhile, so it is not sent; the attempt ends
        // here if nothing else closed it.
        LOG.warning(
            "Payment "
                + p.id()
                + " attempt "
                + attempt.id()
                + " was not sent: more than "
                + sendDeadline
                + " passed since it was prepared");
        return new Outcome(
            recorded(
                p.id(),
                attempt.id(),
                account.psp(),
                PspResult.declined(
                    null,
                    "payment_not_sent",
                    null,
                    "The payment was held up before it reached the payment provider; nothing"
                        + " was charged. Pay again."),
                null),
            null);
      }
      long t0 = System.nanoTime();
      PspResult result;
      PspCallTrace.begin();
      try {
        result = charge(psp, charge, p, attempt);
      } catch (PspNotAcceptedException e) {
        long ms = (System.nanoTime() - t0) / 1_000_000;
        // Safe only if no try of this call may have reached the PSP (an earlier retry may have).
        boolean nothingCreated = e.failoverSafe() && !PspCallTrace.mayHaveSent();
        if (nothingCreated && i + 1 < route.size()) {
          LOG.info(
              () ->
                  "Payment "
                      + p.id()
                      + ": "
                      + account.psp()
                      + " did not accept ("
                      + e.code()
                      + "), failing over to "
                      + nextPsp);
          attempt = steps.failover(attempt, e.code(), e.getMessage(), ms, route.get(i + 1).psp());
          continue;
        }
        result =
            nothingCreated
                ? PspResult.declined(
                    null,
                    "psp_unavailable",
                    null,
                    "No payment provider accepted the payment (" + e.code() + ").")
                : PspResult.unknown(null, e.code());
        return new Outcome(recorded(p.id(), attempt.id(), account.psp(), result, ms), null);
      } catch (CircuitBreakerOpenException | BulkheadException e) {
        long ms = (System.nanoTime() - t0) / 1_000_000;
        String code = e instanceof BulkheadException ? "psp_busy" : "psp_circuit_open";
        if (PspCallTrace.mayHaveSent()) {
          // An earlier try of this call may have charged: never elsewhere, reconcile.
          return new Outcome(
              recorded(p.id(), attempt.id(), account.psp(), PspResult.unknown(null, code), ms),
              null);
        }
        if (i + 1 < route.size()) {
          attempt = steps.failover(attempt, code, null, ms, route.get(i + 1).psp());
          continue;
        }
        return new Outcome(
            recorded(
                p.id(),
                attempt.id(),
                account.psp(),
                PspResult.declined(
                    null,
                    code,
                    null,
                    "The payment provider is not taking payments now; nothing was charged."),
                ms),
            null);
      } catch (RuntimeException e) {
        // A timeout after the request went out, or anything unexpected: we cannot tell.
        long ms = (System.nanoTime() - t0) / 1_000_000;
        LOG.warning(
            "Payment "
                + p.id()
                + " attempt "
                + attempt.id()
                + " at "
                + account.psp()
                + ": outcome unknown ("
                + e.getClass().getSimpleName()
                + "); reconciling");
        return new Outcome(
            recorded(
                p.id(),
                attempt.id(),
                account.psp(),
                PspResult.unknown(null, "outcome_unknown"),
                ms),
            null);
      }
      long ms = (System.nanoTime() - t0) / 1_000_000;
      PaymentRecord settled = recorded(p.id(), attempt.id(), account.psp(), result, ms);
      return new Outcome(
          settled,
          result.outcome() == PspOutcome.REQUIRES_ACTION && settled.actionUrl() == null
              ? result.actionUrl()
              : null);
    }
  }

  /** Tries of {@link #recorded} before the attempt is left to the reconciler. */
  private static final int RECORD_TRIES = 2;

  /**
   * Records what became of an attempt ({@link PaymentSteps#settle}). Once the PSP may have been
   * called, the database failing to record its answer is not the caller's error and never a 500
   * after a charge: a transient failure (a row lock held past {@code innodb_lock_wait_timeout}, say
   * by a paused node; a deadlock) is tried again; if recording still fails, the attempt stays open
   * for the reconciler, which asks the PSP and records the outcome, and the request answers the
   * payment as it stands (processing: read it again later) while its idempotency key, if any, is
   * kept for reconciliation (a retry under it hears the outcome, not this answer). A failure of our
   * own code is not hidden: it propagates (500 with an error id; the key is kept likewise).
   */
  private PaymentRecord recorded(
      String paymentId, String attemptId, String psp, PspResult result, Long latencyMs) {
    if (latencyMs != null) {
      try {
        // Counted once per PSP call here, not in the transaction a retry would run again.
        figures.charged(psp, Duration.ofMillis(latencyMs));
      } catch (RuntimeException e) {
        // A figure never keeps the answer from being recorded.
      }
    }
    for (int tries = 1; ; tries++) {
      try {
        return steps.settle(paymentId, attemptId, psp, result, latencyMs, unknownRecheck, "answer");
      } catch (RuntimeException e) {
        if (tries < RECORD_TRIES && TransientFailures.isTransient(e)) {
          continue;
        }
        if (!TransientFailures.isDatabaseFailure(e)) {
          throw e;
        }
        LOG.log(
            Level.WARNING,
            "Payment "
                + paymentId
                + " attempt "
                + attemptId
                + ": the answer of "
                + psp
                + " ("
                + result.outcome()
                + ") could not be recorded; the reconciler will ask "
                + psp
                + " and record it",
            e);
        request.leaveOutcomeUnknown();
        return store.find(paymentId).orElseThrow(() -> e);
      }
    }
  }

  /** Whether more than the send deadline passed since the attempt was prepared, by either clock. */
  private boolean late(long preparedNanos, java.time.Instant preparedAt) {
    long nanos = Math.max(0, System.nanoTime() - preparedNanos);
    Duration wall = Duration.between(preparedAt, java.time.Instant.now());
    return Duration.ofNanos(nanos).compareTo(sendDeadline) > 0 || wall.compareTo(sendDeadline) > 0;
  }

  public Optional<PaymentRecord> find(String agentId, String paymentId) {
    return store.find(paymentId).filter(p -> p.agentId().equals(agentId));
  }

  public List<AttemptRecord> attempts(String paymentId) {
    return store.attempts(paymentId);
  }

  @Override
  public Optional<PaymentView> latest(String orderId) {
    return store
        .latestForOrder(orderId)
        .map(
            p ->
                new PaymentView(
                    p.id(),
                    p.status().wireName(),
                    p.psp(),
                    p.pspPaymentId(),
                    p.actionUrl() == null ? null : "redirect_to_url",
                    p.actionUrl(),
                    p.updatedAt(),
                    p.errorCode(),
                    p.declineCode(),
                    p.errorMessage()));
  }

  /**
   * The PSP call as a client span named for it ({@code psp.charge stripe}): the PSP, the payment,
   * the attempt and the outcome, never the method token, the credentials or the PSP's message.
   */
  private PspResult charge(GuardedPsp psp, PspCharge charge, PaymentRecord p, AttemptRecord a)
      throws PspNotAcceptedException {
    try (TraceSpan span =
        tracing
            .startClient("psp.charge " + psp.name())
            .attribute("ac.psp", psp.name())
            .attribute("ac.payment_id", p.id())
            .attribute("ac.attempt_id", a.id())
            .attribute("ac.amount_minor", p.amount().minorUnits())
            .attribute("ac.currency", p.amount().currencyCode())) {
      try {
        PspResult r = psp.charge(charge);
        span.attribute("ac.psp.outcome", r.outcome().name().toLowerCase(java.util.Locale.ROOT));
        if (r.declineCode() != null) {
          span.attribute("ac.psp.decline_code", r.declineCode());
        }
        return r;
      } catch (PspNotAcceptedException | RuntimeException e) {
        span.failed(e);
        throw e;
      }
    }
  }
}
