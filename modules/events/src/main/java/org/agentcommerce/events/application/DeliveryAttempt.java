package org.agentcommerce.events.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.events.domain.webhook.DestinationGuard;
import org.agentcommerce.events.domain.webhook.MerchantSignature;
import org.agentcommerce.events.domain.webhook.RetrySchedule;
import org.agentcommerce.events.domain.webhook.StandardWebhookSignature;
import org.agentcommerce.events.domain.webhook.WebhookTransport;
import org.agentcommerce.events.infrastructure.WebhookStore;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Tracing;

/**
 * One attempt of one claimed delivery, on the calling thread: the destination checked again by the
 * guard, the payload signed with the time of this attempt (Standard Webhooks, or the ACP merchant
 * signature), POSTed through the {@link WebhookTransport} within what is left of the timeout, as a
 * client span; its outcome ({@link AttemptOutcome}) settled by the retry schedule. Built by {@link
 * WebhookDeliverer} for each attempt from its own collaborators and configuration; it keeps no
 * state between attempts and logs under the deliverer's logger.
 */
final class DeliveryAttempt {

  private static final Logger LOG = Logger.getLogger(WebhookDeliverer.class.getName());

  private final WebhookStore store;
  private final WebhookSecrets secrets;
  private final WebhookTransport transport;
  private final Clock clock;
  private final Tracing tracing;
  private final Duration timeout;
  private final Supplier<DestinationGuard> guard;
  private final Supplier<RetrySchedule> schedule;

  DeliveryAttempt(
      WebhookStore store,
      WebhookSecrets secrets,
      WebhookTransport transport,
      Clock clock,
      Tracing tracing,
      Duration timeout,
      Supplier<DestinationGuard> guard,
      Supplier<RetrySchedule> schedule) {
    this.store = store;
    this.secrets = secrets;
    this.transport = transport;
    this.clock = clock;
    this.tracing = tracing;
    this.timeout = timeout;
    this.guard = guard;
    this.schedule = schedule;
  }

  /** Sends the attempt and answers its outcome, not yet recorded. */
  WebhookStore.Finished run(
      WebhookStore.Delivery d, String holder, Optional<WebhookStore.Endpoint> endpoint) {
    Instant started = clock.instant();
    long t0 = System.nanoTime();
    String host = null;
    AttemptOutcome outcome;
    if (endpoint.isEmpty() || !endpoint.get().enabled()) {
      outcome = new AttemptOutcome("failed", null, "endpoint disabled", null);
    } else if (endpoint.get().destinationUrl() == null) {
      outcome = new AttemptOutcome("failed", null, "no destination_url", null);
    } else {
      try {
        DestinationGuard.Checked to = guard.get().resolve(endpoint.get().destinationUrl());
        host = to.uri().getHost();
        // The name's lookup counts in the attempt's time: nothing is sent once the timeout has
        // passed, so an attempt started within 80 % of its lease never outlives the lease.
        Duration left = timeout.minusNanos(System.nanoTime() - t0);
        outcome =
            left.isNegative() || left.isZero()
                ? new AttemptOutcome("retry", null, "timeout (resolving the host)", null)
                : traced(to, d, endpoint.get(), started, left);
      } catch (DestinationGuard.Refused e) {
        outcome =
            new AttemptOutcome("failed", null, "destination refused: " + e.getMessage(), null);
      } catch (RuntimeException e) {
        // Recorded like any failed attempt, so that the retry schedule ends it.
        LOG.log(Level.WARNING, "A webhook attempt failed unexpectedly", e);
        outcome =
            new AttemptOutcome("retry", null, "failed: " + e.getClass().getSimpleName(), null);
      }
    }
    int latency = (int) ((System.nanoTime() - t0) / 1_000_000);
    String status = outcome.status();
    long retryIn = 0;
    if (status.equals("retry")) {
      Optional<Duration> next = schedule.get().next(d.step(), outcome.retryAfter());
      if (next.isPresent()) {
        status = "pending";
        retryIn = next.get().toMillis();
      } else {
        status = "failed";
      }
    }
    return new WebhookStore.Finished(
        d.id(),
        d.agentId(),
        holder,
        new WebhookStore.Attempt(
            d.attempts(), started, host, outcome.httpStatus(), latency, outcome.error()),
        status,
        retryIn,
        status.equals("succeeded"));
  }

  /**
   * The delivery as a client span continuing the trace of the request that caused the event (its
   * {@code traceparent}, which the receiver gets too): the delivery, the event type, the attempt,
   * the receiver's host and status; never the URL's path or query, the secret or the signature.
   */
  private AttemptOutcome traced(
      DestinationGuard.Checked to,
      WebhookStore.Delivery d,
      WebhookStore.Endpoint endpoint,
      Instant now,
      Duration left) {
    try (TraceSpan span =
        tracing
            .startChildOf(
                "webhook.deliver", tracing.enabled() ? store.traceparentOf(d).orElse(null) : null)
            .attribute("ac.delivery_id", d.id())
            .attribute("ac.event_type", d.eventType())
            .attribute("ac.webhook.attempt", d.attempts())
            .attribute("server.address", to.uri().getHost())) {
      AttemptOutcome o = send(to, d, endpoint, now, left);
      if (o.httpStatus() != null) {
        span.attribute("http.status_code", o.httpStatus());
      }
      span.attribute("ac.webhook.outcome", o.status());
      if (!"succeeded".equals(o.status())) {
        span.failed(o.status());
      }
      return o;
    }
  }

  private AttemptOutcome send(
      DestinationGuard.Checked to,
      WebhookStore.Delivery d,
      WebhookStore.Endpoint endpoint,
      Instant now,
      Duration left) {
    long timestamp = now.getEpochSecond();
    List<String> keys = new ArrayList<>();
    keys.add(secrets.decrypt(d.agentId(), endpoint.secretCiphertext()));
    if (endpoint.previousSecretCiphertext() != null
        && endpoint.previousSecretExpiresAt() != null
        && endpoint.previousSecretExpiresAt().isAfter(now)) {
      keys.add(secrets.decrypt(d.agentId(), endpoint.previousSecretCiphertext()));
    }
    List<String[]> headers = new ArrayList<>(7);
    headers.add(new String[] {"Content-Type", "application/json"});
    headers.add(new String[] {"User-Agent", "AgentCommerce-Webhooks/1.0"});
    headers.add(new String[] {"webhook-id", d.messageId()});
    if (endpoint.acp()) {
      // The protocol's header, one signature with the current secret (its pattern allows one).
      headers.add(
          new String[] {
            MerchantSignature.HEADER, MerchantSignature.header(keys.get(0), timestamp, d.payload())
          });
      headers.add(new String[] {"Timestamp", Instant.ofEpochSecond(timestamp).toString()});
      headers.add(new String[] {"Request-Id", d.messageId()});
    } else {
      headers.add(new String[] {"webhook-timestamp", Long.toString(timestamp)});
      headers.add(
          new String[] {
            "webhook-signature",
            StandardWebhookSignature.header(keys, d.messageId(), timestamp, d.payload())
          });
    }
    tracing.inject((name, value) -> headers.add(new String[] {name, value}));
    try {
      WebhookTransport.Answer answer =
          transport.post(
              to, headers, d.payload().getBytes(java.nio.charset.StandardCharsets.UTF_8), left);
      return AttemptOutcome.of(answer, now);
    } catch (WebhookTransport.TimedOut e) {
      return new AttemptOutcome("retry", null, "timeout", null);
    } catch (java.io.IOException e) {
      return new AttemptOutcome(
          "retry", null, "connection failed: " + e.getClass().getSimpleName(), null);
    }
  }
}
