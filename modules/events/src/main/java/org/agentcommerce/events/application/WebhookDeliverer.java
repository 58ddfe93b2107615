package org.agentcommerce.events.application;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.events.domain.webhook.DestinationGuard;
import org.agentcommerce.events.domain.webhook.MerchantSignature;
import org.agentcommerce.events.domain.webhook.RetrySchedule;
import org.agentcommerce.events.domain.webhook.StandardWebhookSignature;
import org.agentcommerce.events.domain.webhook.WebhookStore;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends webhook deliveries, at least once, from any node. A worker claims a due delivery with a
 * lease (database clock), signs it per Standard Webhooks with the time of this attempt, POSTs it
 * through a real HTTP client (connect and read timeouts, no redirects) after the destination guard
 * passed again, and records the attempt: 2xx succeeded; 410 failed and the endpoint disabled;
 * 429/5xx/timeouts/connection failures pending again per the retry schedule, never sooner than
 * {@code Retry-After}; other answers failed. A node that dies mid-attempt leaves a lease that runs
 * out and the delivery is claimed again (same webhook-id). At most {@code
 * ac.webhooks.per-destination-concurrency} attempts run at once per endpoint and {@code
 * ac.webhooks.concurrency} per node, so one slow receiver holds only its own slots.
 */
@ApplicationScoped
public class WebhookDeliverer {

  private static final Logger LOG = Logger.getLogger(WebhookDeliverer.class.getName());

  @Inject WebhookStore store;
  @Inject WebhookSecrets secrets;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.webhooks.delivery-enabled", defaultValue = "true")
  boolean enabled;

  @Inject
  @ConfigProperty(name = "ac.webhooks.poll-interval", defaultValue = "PT1S")
  Duration pollInterval;

  @Inject
  @ConfigProperty(name = "ac.webhooks.lease", defaultValue = "PT60S")
  Duration lease;

  @Inject
  @ConfigProperty(name = "ac.webhooks.timeout", defaultValue = "PT10S")
  Duration timeout;

  @Inject
  @ConfigProperty(name = "ac.webhooks.concurrency", defaultValue = "16")
  int concurrency;

  @Inject
  @ConfigProperty(name = "ac.webhooks.per-destination-concurrency", defaultValue = "4")
  int perDestination;

  @Inject
  @ConfigProperty(
      name = "ac.webhooks.retry-schedule",
      defaultValue = "PT0S,PT5S,PT5M,PT30M,PT2H,PT5H,PT10H,PT14H,PT20H,PT24H")
  String retrySchedule;

  @Inject
  @ConfigProperty(name = "ac.webhooks.allow-http-loopback", defaultValue = "false")
  boolean allowHttpLoopback;

  @Resource ManagedScheduledExecutorService scheduler;

  /** The attempts' own threads (an attempt blocks up to its timeouts): never the shared pool. */
  @Resource jakarta.enterprise.concurrent.ManagedThreadFactory threads;

  private volatile java.util.concurrent.ExecutorService attempts;

  private final String node = "node-" + Ids.randomHex(12);
  private final AtomicBoolean running = new AtomicBoolean();
  private final AtomicBoolean again = new AtomicBoolean();
  private final Map<String, Semaphore> destinations = new ConcurrentHashMap<>();
  private volatile Semaphore slots;
  private volatile HttpClient client;
  private volatile ScheduledFuture<?> poller;

  void onSchemaReady(@Observes SchemaReady ready) {
    if (!enabled) {
      LOG.info("Webhook delivery is off on this node (ac.webhooks.delivery-enabled=false)");
      return;
    }
    attempts = java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, concurrency), threads);
    long every = Math.max(50, pollInterval.toMillis());
    poller = scheduler.scheduleWithFixedDelay(this::drain, every, every, TimeUnit.MILLISECONDS);
  }

  @PreDestroy
  void stop() {
    ScheduledFuture<?> p = poller;
    if (p != null) {
      p.cancel(false);
    }
    if (attempts != null) {
      attempts.shutdownNow(); // an attempt cut short is claimed again after its lease
    }
  }

  /** The guard as configured, resolving with the JVM's resolver. */
  public DestinationGuard guard() {
    return new DestinationGuard(InetAddress::getAllByName, allowHttpLoopback);
  }

  /** Looks for due deliveries soon (a commit queued some). */
  public void kick() {
    if (enabled && scheduler != null) {
      try {
        scheduler.execute(this::drain);
      } catch (RuntimeException e) {
        LOG.log(Level.FINE, "Could not schedule webhook delivery; the poll will", e);
      }
    }
  }

  void drain() {
    if (!running.compareAndSet(false, true)) {
      again.set(true);
      return;
    }
    try {
      if (paused()) {
        return; // queued deliveries wait for the resume; nothing is claimed or lost
      }
      do {
        again.set(false);
        Semaphore free = slots();
        for (WebhookStore.Due due : store.due(Math.max(1, concurrency) * 4)) {
          Semaphore dest =
              destinations.computeIfAbsent(
                  due.agentId(), a -> new Semaphore(Math.max(1, perDestination)));
          if (!dest.tryAcquire()) {
            continue; // this receiver is busy: the others go first
          }
          if (!free.tryAcquire()) {
            dest.release();
            return;
          }
          Optional<WebhookStore.Delivery> claimed =
              store.claim(due.deliveryId(), node, lease.toMillis());
          if (claimed.isEmpty()) {
            free.release();
            dest.release();
            continue;
          }
          attempts.execute(
              () -> {
                try {
                  attempt(claimed.get());
                } catch (RuntimeException e) {
                  LOG.log(Level.WARNING, "A webhook attempt failed unexpectedly", e);
                } finally {
                  dest.release();
                  free.release();
                  again.set(true);
                  kick();
                }
              });
        }
      } while (again.get());
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Webhook delivery poll failed; will retry", e);
    } finally {
      running.set(false);
    }
  }

  private volatile long pauseReadAt;
  private volatile boolean pausedSeen;

  /** The operators' pause switch, read from the database at most once a second per node. */
  private boolean paused() {
    long now = System.nanoTime();
    if (now - pauseReadAt > 1_000_000_000L || pauseReadAt == 0) {
      pausedSeen = store.deliveryPaused();
      pauseReadAt = now;
    }
    return pausedSeen;
  }

  /** Whether delivery is paused (read now). */
  public boolean isPaused() {
    return store.deliveryPaused();
  }

  /** Pauses or resumes every delivery on every node (within a second); resuming sends at once. */
  public void pause(boolean pause, String who) {
    store.pauseDelivery(pause, who);
    pauseReadAt = 0;
    LOG.info("Webhook delivery " + (pause ? "paused" : "resumed") + " by " + who);
    if (!pause) {
      kick();
    }
  }

  private Semaphore slots() {
    Semaphore s = slots;
    if (s == null) {
      synchronized (this) {
        if (slots == null) {
          slots = new Semaphore(Math.max(1, concurrency));
        }
        s = slots;
      }
    }
    return s;
  }

  /** Claims one delivery now and attempts it on this thread (a test delivery). */
  public Optional<WebhookStore.Delivery> deliverNow(String agentId, String deliveryId) {
    Optional<WebhookStore.Delivery> claimed = store.claim(deliveryId, node, lease.toMillis());
    claimed.ifPresent(this::attempt);
    return store.delivery(agentId, deliveryId);
  }

  /** The outcome of one attempt. */
  private record Outcome(String status, Integer httpStatus, String error, Duration retryAfter) {}

  void attempt(WebhookStore.Delivery d) {
    Instant started = clock.instant();
    long t0 = System.nanoTime();
    String host = null;
    Outcome outcome;
    Optional<WebhookStore.Endpoint> endpoint = store.endpoint(d.agentId());
    if (endpoint.isEmpty() || !endpoint.get().enabled()) {
      outcome = new Outcome("failed", null, "endpoint disabled", null);
    } else if (endpoint.get().destinationUrl() == null) {
      outcome = new Outcome("failed", null, "no destination_url", null);
    } else {
      try {
        URI uri = guard().check(endpoint.get().destinationUrl());
        host = uri.getHost();
        outcome = send(uri, d, endpoint.get(), started);
      } catch (DestinationGuard.Refused e) {
        outcome = new Outcome("failed", null, "destination refused: " + e.getMessage(), null);
      }
    }
    int latency = (int) ((System.nanoTime() - t0) / 1_000_000);
    String status = outcome.status();
    long retryIn = 0;
    if (status.equals("retry")) {
      Optional<Duration> next = schedule().next(d.step(), outcome.retryAfter());
      if (next.isPresent()) {
        status = "pending";
        retryIn = next.get().toMillis();
      } else {
        status = "failed";
      }
    }
    boolean recorded =
        store.finish(
            d.id(),
            node,
            new WebhookStore.Attempt(
                d.attempts(), started, host, outcome.httpStatus(), latency, outcome.error()),
            status,
            retryIn,
            status.equals("succeeded"));
    if (!recorded) {
      LOG.info("Webhook delivery " + d.id() + " lost its lease before the attempt was recorded");
    }
    if (outcome.httpStatus() != null && outcome.httpStatus() == 410) {
      store.disable(d.agentId(), "The receiver answered 410 Gone");
    }
  }

  private Outcome send(
      URI uri, WebhookStore.Delivery d, WebhookStore.Endpoint endpoint, Instant now) {
    long timestamp = now.getEpochSecond();
    List<String> keys = new ArrayList<>();
    keys.add(secrets.decrypt(d.agentId(), endpoint.secretCiphertext()));
    if (endpoint.previousSecretCiphertext() != null
        && endpoint.previousSecretExpiresAt() != null
        && endpoint.previousSecretExpiresAt().isAfter(now)) {
      keys.add(secrets.decrypt(d.agentId(), endpoint.previousSecretCiphertext()));
    }
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("User-Agent", "AgentCommerce-Webhooks/1.0")
            .header("webhook-id", d.messageId());
    if (endpoint.acp()) {
      // The protocol's header, one signature with the current secret (its pattern allows one).
      builder
          .header(
              MerchantSignature.HEADER,
              MerchantSignature.header(keys.get(0), timestamp, d.payload()))
          .header("Timestamp", Instant.ofEpochSecond(timestamp).toString())
          .header("Request-Id", d.messageId());
    } else {
      builder
          .header("webhook-timestamp", Long.toString(timestamp))
          .header(
              "webhook-signature",
              StandardWebhookSignature.header(keys, d.messageId(), timestamp, d.payload()));
    }
    HttpRequest request = builder.POST(HttpRequest.BodyPublishers.ofString(d.payload())).build();
    try {
      HttpResponse<Void> response = client().send(request, HttpResponse.BodyHandlers.discarding());
      int code = response.statusCode();
      if (code >= 200 && code < 300) {
        return new Outcome("succeeded", code, null, null);
      }
      if (code == 410) {
        return new Outcome("failed", code, "410 Gone: endpoint disabled", null);
      }
      if (code == 429 || code >= 500) {
        return new Outcome(
            "retry",
            code,
            "HTTP " + code,
            retryAfter(response.headers().firstValue("Retry-After").orElse(null), now));
      }
      return new Outcome("failed", code, "HTTP " + code, null);
    } catch (HttpTimeoutException e) {
      return new Outcome("retry", null, "timeout", null);
    } catch (IOException e) {
      return new Outcome("retry", null, "connection failed: " + e.getClass().getSimpleName(), null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome("retry", null, "interrupted", null);
    }
  }

  /** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
  static Duration retryAfter(String value, Instant now) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Duration.ofSeconds(Math.max(0, Long.parseLong(value.trim())));
    } catch (NumberFormatException e) {
      try {
        Instant at =
            ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
      } catch (RuntimeException e2) {
        return null;
      }
    }
  }

  RetrySchedule schedule() {
    return RetrySchedule.parse(retrySchedule);
  }

  private HttpClient client() {
    HttpClient c = client;
    if (c == null) {
      synchronized (this) {
        if (client == null) {
          client =
              HttpClient.newBuilder()
                  .connectTimeout(timeout)
                  .followRedirects(HttpClient.Redirect.NEVER)
                  .build();
        }
        c = client;
      }
    }
    return c;
  }
}
