package org.agentcommerce.events.application;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
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
import org.agentcommerce.events.domain.webhook.RetrySchedule;
import org.agentcommerce.events.domain.webhook.WebhookTransport;
import org.agentcommerce.events.infrastructure.WebhookStore;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.SchemaReady;
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
 *
 * <p>This class runs the poll and the worker threads: claiming, the destinations' backlogs and
 * slots, the endpoint cache, the pause switch. One attempt (guard, sign, send, classify, settle) is
 * {@link DeliveryAttempt} with {@link AttemptOutcome}; writing the outcomes is {@link
 * AttemptRecorder}. Neither is a CDI bean: both are called directly, as this class called itself.
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

  /** Writes outcomes in batches, letting go of {@link #held} (declared first: it is shared). */
  private final AttemptRecorder recorder =
      new AttemptRecorder(held, () -> store, () -> figures, this::endpointChanged);

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
          recorder.record(done);
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

  /**
   * Stores a new delivery already claimed by this node and attempts it on this thread (a test
   * delivery): no poll can take it first, so what it answers is its first attempt's outcome.
   */
  public WebhookStore.Delivery deliverNew(WebhookStore.Queued delivery) {
    String agentId = delivery.agentId();
    String holder = node + "." + claims.incrementAndGet();
    WebhookStore.Delivery claimed = store.enqueueClaimed(delivery, holder, lease.toMillis());
    held.add(claimed.id()); // this node's poll leaves it alone while it is sent here
    try {
      WebhookStore.Finished done = attempt(claimed, holder, store.endpoint(agentId));
      recorder.recorded(done, store.finishAll(List.of(done))[0]);
    } finally {
      held.remove(claimed.id());
    }
    return store.delivery(agentId, claimed.id()).orElseThrow();
  }

  /** Sends one attempt and answers its outcome, not yet recorded ({@link DeliveryAttempt}). */
  WebhookStore.Finished attempt(
      WebhookStore.Delivery d, String holder, Optional<WebhookStore.Endpoint> endpoint) {
    return new DeliveryAttempt(
            store, secrets, transport, clock, tracing, timeout, this::guard, this::schedule)
        .run(d, holder, endpoint);
  }

  RetrySchedule schedule() {
    return RetrySchedule.parse(retrySchedule);
  }
}
