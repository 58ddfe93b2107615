package org.agentcommerce.events.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.agentcommerce.platform.api.SqlGauges;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Events on /metrics (scope application; docs/operations.md, "Metrics"): the outbox's lag, the
 * webhook backlog and its attempts, long-poll waiters. The backlog figures are gauges read by SQL
 * at most once per {@code ac.metrics.cache-ttl}; failing destinations are a count, never a label
 * per agent or URL. ({@code events_grid_wakeups} is counted by the event pump.)
 */
@ApplicationScoped
public class EventFigures {

  static final String WEBHOOK_ATTEMPTS = "webhook_attempts";

  @Inject MetricRegistry metrics;
  @Inject LongPollWaiters waiters;
  @Inject SqlGauges gauges;

  void register(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
    gauges.register(
        SqlGauges.backlog("domain_events", "created_at", "timeline_id IS NULL"),
        "outbox_unnumbered",
        "Outbox rows (domain events) not yet numbered onto the timeline",
        "outbox_oldest_unnumbered_seconds",
        "Age in seconds of the oldest outbox row not yet numbered (0 when none)");
    gauges.register(
        "SELECT COUNT(*), COALESCE(TIMESTAMPDIFF(SECOND, MIN(CASE WHEN status = 'pending' AND"
            + " next_attempt_at <= CURRENT_TIMESTAMP(6) THEN next_attempt_at END),"
            + " CURRENT_TIMESTAMP(6)), 0), COUNT(DISTINCT CASE WHEN attempts > 0 THEN agent_id END)"
            + " FROM webhook_deliveries WHERE status IN ('pending', 'delivering')",
        "webhook_deliveries_queued",
        "Webhook deliveries not finished yet (pending, delivering)",
        "webhook_oldest_due_seconds",
        "Seconds the most overdue pending delivery has been due (0 when none is due)",
        "webhook_destinations_failing",
        "Destinations (agents' endpoints) with an unfinished delivery whose last attempt failed");
    metrics.gauge(
        Metadata.builder()
            .withName("events_long_poll_waiters")
            .withDescription("Long-poll readers waiting on this node")
            .build(),
        () -> (double) waiters.waiting());
  }

  /**
   * One recorded webhook attempt: {@code delivered}, {@code retry} (failed, sent again later) or
   * {@code failed} (given up), with the class of the receiver's answer ({@code 2xx} … {@code 5xx},
   * {@code none} when nothing came back: a timeout, a refused connection or destination).
   */
  void webhookAttempt(String status, Integer httpStatus) {
    metrics
        .counter(
            Metadata.builder()
                .withName(WEBHOOK_ATTEMPTS)
                .withDescription("Webhook attempts, by outcome and class of the receiver's answer")
                .build(),
            new Tag("outcome", outcome(status)),
            new Tag("answer", answer(httpStatus)))
        .inc();
  }

  static String outcome(String status) {
    return switch (status) {
      case "succeeded" -> "delivered";
      case "pending" -> "retry";
      default -> "failed";
    };
  }

  static String answer(Integer httpStatus) {
    return httpStatus == null || httpStatus < 100 || httpStatus > 599
        ? "none"
        : httpStatus / 100 + "xx";
  }
}
