package org.agentcommerce.events.application;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.net.InetAddress;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.events.domain.webhook.DestinationGuard;
import org.agentcommerce.events.domain.webhook.MerchantSignature;
import org.agentcommerce.events.domain.webhook.RetrySchedule;
import org.agentcommerce.events.domain.webhook.StandardWebhookSignature;
import org.agentcommerce.events.domain.webhook.WebhookTransport;
import org.agentcommerce.events.infrastructure.WebhookStore;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.SchemaReady;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Tracing;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends webhook deliveries, at least once, from any node. A worker claims a due delivery with a
 * lease (database clock), signs it per Standard Webhooks with the time of this attempt, POSTs it
 * through the {@link WebhookTransport} (one deadline for the whole exchange, no redirects) to an
 * address the destination guard checked again for this attempt, and records the attempt: 2xx
 * succeeded; 410 failed and the endpoint disabled; 429/5xx/timeouts/connection failures pending
 * again per the retry schedule, never sooner than {@code Retry-After}; other answers failed. A node
 * that dies mid-attempt leaves a lease that runs out and the delivery is claimed again (same
 * webhook-id). At most {@code ac.webhooks.per-destination-concurrency} attempts run at once per
 * endpoint and {@code ac.webhooks.concurrency} per node, so one slow receiver holds only its own
 * slots.
 */
@ApplicationScoped
public class WebhookDeliverer {

  private static final Logger LOG = Logger.getLogger(WebhookDeliverer.class.getName());

  @Inject WebhookStore store;
  @Inject EventFigures figures;
  @Inject WebhookSecrets secrets;
  @Inject WebhookTransport transport;
  @Inject Clock clock;
  @Inject Tracing tracing;

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

  /** The attempts' own threads (an attempt blocks up to its timeouts): never the shared pool. */
  @Resource jakarta.enterprise.concurrent.ManagedThreadFactory threads;

  private volatile java.util.concurrent.ExecutorService attempts;

  /**
   * The poll and the kicks run on a thread of their own: a task given to the container's managed
   * executor captures the caller's context each time (a class-path scan per kick, one per attempt).
   */
  private volatile java.util.concurrent.ScheduledExecutorService scheduler;

  private final java.util.concurrent.atomic.AtomicLong claims =
      new java.util.concurrent.atomic.AtomicLong();

  private final String node = "node-" + Ids.randomHex(12);
  private final AtomicBoolean running = new AtomicBoolean();
  private final AtomicBoolean again = new AtomicBoolean();
  private final Map<String, Destination> destinations = new ConcurrentHashMap<>();

  /** Attempt threads at work on this node. */
  private final java.util.concurrent.atomic.AtomicInteger busy =
      new java.util.concurrent.atomic.AtomicInteger();

  /** Deliveries claimed by this node and not yet sent. */
  private final java.util.concurrent.atomic.AtomicInteger inHand =
      new java.util.concurrent.atomic.AtomicInteger();

  private volatile ScheduledFuture<?> poller;

  void onSchemaReady(@Observes SchemaReady ready) {
    if (!enabled) {
      LOG.info("Webhook delivery is off on this node (ac.webhooks.delivery-enabled=false)");
      return;
    }
    attempts = java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, concurrency), threads);
    scheduler = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(threads);
    long every = Math.max(50, pollInterval.toMillis());
    poller = scheduler.scheduleWithFixedDelay(this::drain, every, every, TimeUnit.MILLISECONDS);
  }

  @PreDestroy
  void stop() {
    ScheduledFuture<?> p = poller;
    if (p != null) {
      p.cancel(false);
    }
    if (scheduler != null) {
      scheduler.shutdownNow();
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
    java.util.concurrent.ScheduledExecutorService s = scheduler;
    if (enabled && s != null) {
      try {
        s.execute(this::drain);
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
        claimAndSend();
      } while (again.get());
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Webhook delivery poll failed; will retry", e);
    } finally {
      running.set(false);
    }
  }

  /** A destination's claimed deliveries waiting to be sent, and how many of its attempts run. */
  private static final class Destination {
    final java.util.ArrayDeque<Job> backlog = new java.util.ArrayDeque<>();
    int running;
  }

  /** A claimed delivery, the holder token it was claimed under and when (System.nanoTime). */
  private record Job(WebhookStore.Delivery delivery, String holder, long claimedAt) {}

  /** Deliveries this node holds (claimed, outcome not yet recorded): never claimed again here. */
  private final java.util.Set<String> held = ConcurrentHashMap.newKeySet();

  /**
   * Endpoints as read at most {@link #ENDPOINT_TTL_NANOS} ago (dropped at once on a change here).
   */
  private final Map<String, Cached> endpoints = new ConcurrentHashMap<>();

  private static final long ENDPOINT_TTL_NANOS = 1_000_000_000L;

  private record Cached(Optional<WebhookStore.Endpoint> endpoint, long readAt) {}

  /**
   * How many deliveries a destination may have claimed on this node (sending or waiting): up to
   * four rounds of its slots, and never more than its slots can send, each taking its whole
   * timeout, within half the lease (the defaults: 60 s lease, 10 s timeout, 4 slots: 12).
   */
  private int destinationLimit() {
    long rounds = lease.toMillis() / Math.max(1, 2 * timeout.toMillis());
    return Math.max(1, perDestination) * (int) Math.max(1, Math.min(4, rounds));
  }

  /**
   * One round: due deliveries are claimed together in one transaction under a holder token of their
   * own, at most {@link #destinationLimit} in hand per destination and four times {@code
   * ac.webhooks.concurrency} per node; each destination's endpoint is read once; they wait in their
   * destination's backlog for one of its {@code per-destination-concurrency} slots. A backlog is
   * short enough to be sent well within the lease (which is what makes a claimed delivery this
   * node's alone); a node that dies leaves its claims to run out and be claimed again.
   */
  private void claimAndSend() {
    destinations.values().forEach(this::start); // backlogs that waited for a free thread
    int room = Math.max(1, concurrency) * 4 - inHand.get();
    if (room <= 0) {
      return;
    }
    // Destinations with enough in hand are left out of the read, so that one receiver's backlog
    // never hides other agents' deliveries behind it.
    List<String> full = new ArrayList<>();
    destinations.forEach(
        (agent, dest) -> {
          synchronized (dest) {
            if (dest.backlog.size() + dest.running >= destinationLimit()) {
              full.add(agent);
            }
          }
        });
    Map<String, Integer> planned = new java.util.HashMap<>();
    List<String> picked = new ArrayList<>();
    for (WebhookStore.Due due : store.due(room, full)) {
      if (held.contains(due.deliveryId())) {
        continue; // this node's own, waiting in a backlog or being recorded
      }
      Destination dest = destination(due.agentId());
      int already;
      synchronized (dest) {
        already = dest.backlog.size() + dest.running;
      }
      if (already + planned.merge(due.agentId(), 1, Integer::sum) <= destinationLimit()) {
        picked.add(due.deliveryId()); // else this receiver has enough in hand: others go first
      }
    }
    if (picked.isEmpty()) {
      return;
    }
    String holder = node + "." + claims.incrementAndGet();
    long claimedAt = System.nanoTime();
    List<WebhookStore.Delivery> claimed = store.claimAll(picked, holder, lease.toMillis());
    for (WebhookStore.Delivery d : claimed) {
      Destination dest = destination(d.agentId());
      held.add(d.id());
      inHand.incrementAndGet();
      synchronized (dest) {
        dest.backlog.add(new Job(d, holder, claimedAt));
      }
      start(dest);
    }
  }

  private Destination destination(String agentId) {
    return destinations.computeIfAbsent(agentId, a -> new Destination());
  }

  /**
   * The agent's endpoint as it is now, give or take a second: a change made on this node is seen at
   * once ({@link #endpointChanged}), one made on another node within a second.
   */
  private Optional<WebhookStore.Endpoint> endpoint(String agentId) {
    long now = System.nanoTime();
    Cached c = endpoints.get(agentId);
    if (c == null || now - c.readAt() > ENDPOINT_TTL_NANOS) {
      c = new Cached(store.endpoint(agentId), now);
      endpoints.put(agentId, c);
    }
    return c.endpoint();
  }

  /** The agent's endpoint changed (configured, rotated, disabled): the next attempt reads it. */
  public void endpointChanged(String agentId) {
    endpoints.remove(agentId);
  }

  /**
   * Starts attempts for the destination while it has backlog and a free slot, and the node a
   * thread.
   */
  private void start(Destination dest) {
    while (true) {
      synchronized (dest) {
        if (dest.backlog.isEmpty() || dest.running >= Math.max(1, perDestination)) {
          return;
        }
        if (busy.incrementAndGet() > Math.max(1, concurrency)) {
          busy.decrementAndGet();
          return;
        }
        dest.running++;
      }
      try {
        attempts.execute(() -> work(dest));
      } catch (RuntimeException e) {
        synchronized (dest) {
          dest.running--;
        }
        busy.decrementAndGet();
        return; // shutting down: the claims run out and are claimed again
      }
    }
  }

  /** One of the destination's slots: sends its backlog one delivery at a time. */
  private void work(Destination dest) {
    try {
      while (true) {
        Job job;
        int left;
        synchronized (dest) {
          job = dest.backlog.poll();
          if (job == null) {
            dest.running--;
            return;
          }
          left = dest.backlog.size();
        }
        inHand.decrementAndGet();
        if (left <= Math.max(1, perDestination)) {
          again.set(true);
          kick(); // the backlog runs low: claim more while these are sent
        }
        if (System.nanoTime() - job.claimedAt() > lease.toNanos() * 8 / 10) {
          // Its lease is nearly over: another claim (any node's) sends it; sending now could
          // send it twice at once.
          held.remove(job.delivery().id());
          LOG.fine("Webhook delivery " + job.delivery().id() + " left to its lease");
          continue;
        }
        WebhookStore.Finished done = null;
        try {
          done = attempt(job.delivery(), job.holder(), endpoint(job.delivery().agentId()));
        } catch (RuntimeException e) {
          LOG.log(
              Level.WARNING,
              "A webhook attempt failed unexpectedly; sent again after the lease",
              e);
        }
        if (done != null) {
          record(done);
        } else {
          held.remove(job.delivery().id());
        }
      }
    } finally {
      busy.decrementAndGet();
      again.set(true);
      kick(); // a thread came free
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

  /** Claims one delivery now and attempts it on this thread (a test delivery). */
  public Optional<WebhookStore.Delivery> deliverNow(String agentId, String deliveryId) {
    String holder = node + "." + claims.incrementAndGet();
    Optional<WebhookStore.Delivery> claimed = store.claim(deliveryId, holder, lease.toMillis());
    if (claimed.isPresent()) {
      held.add(deliveryId); // this node's poll leaves it alone while it is sent here
      try {
        WebhookStore.Finished done =
            attempt(claimed.get(), holder, store.endpoint(claimed.get().agentId()));
        recorded(done, store.finishAll(List.of(done))[0]);
      } finally {
        held.remove(deliveryId);
      }
    }
    return store.delivery(agentId, deliveryId);
  }

  private final java.util.concurrent.ConcurrentLinkedQueue<WebhookStore.Finished> toRecord =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final AtomicBoolean recording = new AtomicBoolean();

  /**
   * Records an outcome. Outcomes that finish while another thread records are written with the next
   * batch of that thread (one transaction for all of them); until then the delivery stays leased,
   * so a node that dies here sends it again after the lease (at least once).
   */
  private void record(WebhookStore.Finished done) {
    toRecord.add(done);
    while (!toRecord.isEmpty() && recording.compareAndSet(false, true)) {
      try {
        List<WebhookStore.Finished> batch = new ArrayList<>();
        for (WebhookStore.Finished f; batch.size() < 200 && (f = toRecord.poll()) != null; ) {
          batch.add(f);
        }
        boolean[] ok;
        try {
          ok = store.finishAll(batch);
        } catch (RuntimeException e) {
          LOG.log(
              Level.WARNING,
              "Recording " + batch.size() + " webhook attempts failed; sent again after the lease",
              e);
          batch.forEach(f -> held.remove(f.deliveryId()));
          continue;
        }
        for (int i = 0; i < batch.size(); i++) {
          recorded(batch.get(i), ok[i]);
        }
      } finally {
        recording.set(false);
      }
    }
  }

  private void recorded(WebhookStore.Finished done, boolean recorded) {
    held.remove(done.deliveryId());
    if (!recorded) {
      LOG.info(
          "Webhook delivery "
              + done.deliveryId()
              + " lost its lease before the attempt was recorded");
    }
    Integer code = done.attempt().httpStatus();
    if (recorded) {
      figures.webhookAttempt(done.status(), code);
    }
    if (recorded && code != null && code == 410) {
      store.disable(done.agentId(), "The receiver answered 410 Gone");
      endpointChanged(done.agentId()); // what waits in its backlog is not sent
    }
  }

  /** The outcome of one attempt. */
  private record Outcome(String status, Integer httpStatus, String error, Duration retryAfter) {}

  /** Sends one attempt and answers its outcome, not yet recorded. */
  WebhookStore.Finished attempt(
      WebhookStore.Delivery d, String holder, Optional<WebhookStore.Endpoint> endpoint) {
    Instant started = clock.instant();
    long t0 = System.nanoTime();
    String host = null;
    Outcome outcome;
    if (endpoint.isEmpty() || !endpoint.get().enabled()) {
      outcome = new Outcome("failed", null, "endpoint disabled", null);
    } else if (endpoint.get().destinationUrl() == null) {
      outcome = new Outcome("failed", null, "no destination_url", null);
    } else {
      try {
        DestinationGuard.Checked to = guard().resolve(endpoint.get().destinationUrl());
        host = to.uri().getHost();
        // The name's lookup counts in the attempt's time: nothing is sent once the timeout has
        // passed, so an attempt started within 80 % of its lease never outlives the lease.
        Duration left = timeout.minusNanos(System.nanoTime() - t0);
        outcome =
            left.isNegative() || left.isZero()
                ? new Outcome("retry", null, "timeout (resolving the host)", null)
                : traced(to, d, endpoint.get(), started, left);
      } catch (DestinationGuard.Refused e) {
        outcome = new Outcome("failed", null, "destination refused: " + e.getMessage(), null);
      } catch (RuntimeException e) {
        // Recorded like any failed attempt, so that the retry schedule ends it.
        LOG.log(Level.WARNING, "A webhook attempt failed unexpectedly", e);
        outcome = new Outcome("retry", null, "failed: " + e.getClass().getSimpleName(), null);
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
  private Outcome traced(
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
      Outcome o = send(to, d, endpoint, now, left);
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

  private Outcome send(
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
      int code = answer.status();
      if (code >= 200 && code < 300) {
        return new Outcome("succeeded", code, null, null);
      }
      if (code == 410) {
        return new Outcome("failed", code, "410 Gone: endpoint disabled", null);
      }
      if (code == 429 || code >= 500) {
        return new Outcome("retry", code, "HTTP " + code, retryAfter(answer.retryAfter(), now));
      }
      return new Outcome("failed", code, "HTTP " + code, null);
    } catch (WebhookTransport.TimedOut e) {
      return new Outcome("retry", null, "timeout", null);
    } catch (java.io.IOException e) {
      return new Outcome("retry", null, "connection failed: " + e.getClass().getSimpleName(), null);
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
}
