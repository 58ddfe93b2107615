package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.platform.api.Counted;
import org.agentcommerce.platform.api.SqlGauges;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The money path on /metrics (scope application; docs/operations.md, "Metrics"): payments by
 * outcome and PSP, charge latency per PSP, gate refusals, HIL approvals, refunds, and gauges of
 * what waits (attempts awaiting reconciliation, open refunds, unrefunded late captures) read by SQL
 * at most once per {@code ac.metrics.cache-ttl}. Labels are PSP names, outcomes, gates: never an
 * agent, an order, an amount or a key. Counters count once the transaction commits ({@link
 * Counted}).
 */
@ApplicationScoped
public class PaymentFigures {

  static final String SETTLED = "payments_settled";
  static final String CHARGE_DURATION = "payments_charge_duration";
  static final String GATE_REFUSALS = "payments_gate_refusals";
  static final String HIL = "payments_hil_approvals";
  static final String REFUNDS = "refunds_settled";

  @Inject MetricRegistry metrics;
  @Inject Event<Counted> counted;
  @Inject SqlGauges gauges;

  void register(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
    gauges.register(
        SqlGauges.backlog(
            "payment_attempts", "created_at", "status IN ('sent', 'unknown', 'processing')"),
        "payments_awaiting_reconciliation",
        "Payment attempts whose outcome is not known yet (sent, unknown, processing)",
        "payments_awaiting_reconciliation_oldest_seconds",
        "Age in seconds of the oldest attempt awaiting reconciliation (0 when none)");
    gauges.register(
        SqlGauges.backlog("payment_refunds", "created_at", "status IN ('pending', 'unknown')"),
        "refunds_pending",
        "Refunds not settled yet (pending, unknown)",
        "refunds_pending_oldest_seconds",
        "Age in seconds of the oldest refund not settled yet (0 when none)");
    gauges.register(
        "SELECT COUNT(*) FROM late_captures WHERE status = 'refund_pending'",
        "payments_late_captures_unrefunded",
        "Late captures whose refund has not succeeded yet");
  }

  /**
   * A payment moved to another status by a PSP's answer (counted once its transaction commits; a
   * re-check that leaves it where it was is not counted).
   */
  void settled(String psp, PspOutcome outcome) {
    counted.fire(
        new Counted(
            SETTLED,
            "Payments moved by a PSP's answer, by PSP and outcome",
            "psp",
            psp,
            "outcome",
            outcome(outcome)));
  }

  static String outcome(PspOutcome outcome) {
    return switch (outcome) {
      case SUCCEEDED -> "succeeded";
      case DECLINED, NOT_FOUND -> "failed";
      case REQUIRES_ACTION -> "requires_action";
      case PROCESSING, UNKNOWN -> "processing";
    };
  }

  /** How long a PSP took to answer a charge (the call as the payment sent it). */
  void charged(String psp, Duration took) {
    metrics
        .timer(
            Metadata.builder()
                .withName(CHARGE_DURATION)
                .withDescription("Time a PSP took to answer a charge, by PSP")
                .withUnit(MetricUnits.SECONDS)
                .build(),
            new Tag("psp", psp))
        .update(took);
  }

  /** A charge a payment gate refused; {@code gate} is one of a fixed set. */
  void gateRefused(String gate) {
    metrics
        .counter(
            Metadata.builder()
                .withName(GATE_REFUSALS)
                .withDescription("Charges refused by a payment gate, by gate")
                .build(),
            new Tag("gate", gate))
        .inc();
  }

  /** An approval asked for, approved, rejected or used (counted once its transaction commits). */
  void hil(String outcome) {
    counted.fire(
        new Counted(
            HIL, "Human-in-the-loop approvals, by what became of them", "outcome", outcome));
  }

  /** A refund that reached a final state (counted once its transaction commits). */
  void refundSettled(String outcome) {
    counted.fire(new Counted(REFUNDS, "Refunds settled, by outcome", "outcome", outcome));
  }
}
