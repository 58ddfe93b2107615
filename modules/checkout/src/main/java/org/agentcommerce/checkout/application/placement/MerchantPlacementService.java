package org.agentcommerce.checkout.application.placement;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.checkout.domain.placement.MerchantOrderConnector;
import org.agentcommerce.checkout.domain.placement.PlacementException;
import org.agentcommerce.checkout.domain.placement.PlacementJobs;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.placement.PlacementResult;
import org.agentcommerce.checkout.domain.placement.PlacementStore;
import org.agentcommerce.platform.api.SchemaReady;
import org.agentcommerce.platform.api.tracing.TraceSpan;
import org.agentcommerce.platform.api.tracing.Tracing;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Places paid orders on their merchants' platforms, reliably: a durable job per order written in
 * the transaction that moved the order to merchant_confirming, then a worker on any node claims it
 * with a lease, calls the platform outside any transaction, and finishes it (job placed and order
 * confirmed) in one transaction that only the lease holder can commit. Failures retry with backoff;
 * a node that dies mid-call leaves a lease that expires, and the next attempt asks the platform
 * again with the same reference — connectors find the order the lost call created, so an order is
 * never placed twice.
 */
@ApplicationScoped
public class MerchantPlacementService implements PlacementJobs {

  private static final Logger LOG = Logger.getLogger(MerchantPlacementService.class.getName());

  @Inject PlacementStore store;
  @Inject Tracing tracing;
  @Inject PlacementCompletion completion;
  @Inject @Any Instance<MerchantOrderConnector> connectors;
  @Inject Event<Started> started;

  @Inject
  @ConfigProperty(name = "ac.placement.enabled", defaultValue = "true")
  boolean enabled;

  @Inject
  @ConfigProperty(name = "ac.placement.poll-interval", defaultValue = "PT1S")
  Duration pollInterval;

  @Inject
  @ConfigProperty(name = "ac.placement.lease", defaultValue = "PT30S")
  Duration lease;

  @Inject
  @ConfigProperty(name = "ac.placement.max-attempts", defaultValue = "8")
  int maxAttempts;

  @Inject
  @ConfigProperty(name = "ac.placement.backoff-base", defaultValue = "PT2S")
  Duration backoffBase;

  @Inject
  @ConfigProperty(name = "ac.placement.backoff-max", defaultValue = "PT10M")
  Duration backoffMax;

  @Inject
  @ConfigProperty(name = "ac.placement.concurrency", defaultValue = "4")
  int concurrency;

  @Resource ManagedScheduledExecutorService scheduler;

  private volatile java.util.concurrent.Semaphore slots;

  /** This node's identity as a lease holder. */
  private final String node = "node-" + org.agentcommerce.platform.api.Ids.randomHex(12);

  private final AtomicBoolean running = new AtomicBoolean();
  private volatile ScheduledFuture<?> poller;

  /** Fired in the starting transaction; heard after it commits, to start at once. */
  public record Started(String orderId) {}

  @Override
  @Transactional(Transactional.TxType.MANDATORY)
  public String start(String orderId, String merchantId) {
    PlacementRequest.Channel channel = store.channel(merchantId);
    connector(channel.connector()); // an unknown connector refuses here, before anything commits
    if (store.create(orderId, merchantId, channel.connector())) {
      started.fire(new Started(orderId));
    }
    return channel.connector();
  }

  @Override
  public Optional<String> connectorOf(String orderId) {
    return store.connector(orderId);
  }

  void onStarted(@Observes(during = TransactionPhase.AFTER_SUCCESS) Started s) {
    if (enabled && scheduler != null) {
      scheduler.execute(this::drain);
    }
  }

  void onSchemaReady(@Observes SchemaReady ready) {
    if (!enabled) {
      LOG.info("Merchant placement is off on this node (ac.placement.enabled=false)");
      return;
    }
    poller =
        scheduler.scheduleWithFixedDelay(
            this::drain, pollInterval.toMillis(), pollInterval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @PreDestroy
  void stop() {
    ScheduledFuture<?> p = poller;
    if (p != null) {
      p.cancel(false);
    }
  }

  /**
   * Claims due jobs while this node has free slots and runs each attempt as its own task, so a slow
   * platform holds one slot, not the node's placements.
   */
  void drain() {
    if (!running.compareAndSet(false, true)) {
      return;
    }
    try {
      java.util.concurrent.Semaphore free = slots();
      for (String orderId : store.due(concurrency * 2)) {
        if (!free.tryAcquire()) {
          return;
        }
        Optional<PlacementStore.Job> job = store.claim(orderId, node, lease.toMillis());
        if (job.isEmpty()) {
          free.release();
          continue;
        }
        scheduler.execute(() -> runHolding(job.get(), free));
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Merchant placement poll failed; will retry", e);
    } finally {
      running.set(false);
    }
  }

  private java.util.concurrent.Semaphore slots() {
    java.util.concurrent.Semaphore s = slots;
    if (s == null) {
      synchronized (this) {
        if (slots == null) {
          slots = new java.util.concurrent.Semaphore(Math.max(1, concurrency));
        }
        s = slots;
      }
    }
    return s;
  }

  /** One attempt, its lease renewed every third of the lease while the platform call runs. */
  private void runHolding(PlacementStore.Job job, java.util.concurrent.Semaphore free) {
    long every = Math.max(100, lease.toMillis() / 3);
    ScheduledFuture<?> renewal =
        scheduler.scheduleWithFixedDelay(
            () -> quietlyRenew(job.orderId()), every, every, TimeUnit.MILLISECONDS);
    try {
      try (TraceSpan span =
          tracing
              .startLinked(
                  "merchant.place " + job.connector(),
                  tracing.enabled() ? store.traceparent(job.orderId()).orElse(null) : null)
              .attribute("ac.order_id", job.orderId())
              .attribute("ac.merchant_id", job.merchantId())
              .attribute("ac.placement.attempt", job.attempts() + 1L)) {
        attempt(job);
      }
    } finally {
      renewal.cancel(false);
      free.release();
      scheduler.execute(this::drain); // more may be due
    }
  }

  private void quietlyRenew(String orderId) {
    try {
      store.renew(orderId, node, lease.toMillis());
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "Renewing the placement lease of " + orderId + " failed", e);
    }
  }

  private void attempt(PlacementStore.Job job) {
    PlacementRequest request;
    PlacementResult result;
    try {
      request = completion.request(job.orderId(), store.channel(job.merchantId()));
      MerchantOrderConnector connector = connector(job.connector());
      result = connector.place(request);
    } catch (PlacementException e) {
      settleFailure(job, e.getMessage(), e.retryable(), e.retryAfterSeconds());
      return;
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Placing " + job.orderId() + " failed unexpectedly", e);
      settleFailure(job, "internal error: " + e.getClass().getSimpleName(), true, null);
      return;
    }
    if (!completion.placed(job.orderId(), node, result)) {
      LOG.warning(
          () -> "Placement of " + job.orderId() + " finished after its lease was lost; left as is");
    }
  }

  private void settleFailure(PlacementStore.Job job, String error, boolean retryable, Long after) {
    if (retryable && job.attempts() < maxAttempts) {
      long delay = new Backoff(backoffBase, backoffMax).delayMillis(job.attempts(), after);
      store.retryLater(job.orderId(), node, delay, error);
      LOG.info(
          () ->
              "Placement of "
                  + job.orderId()
                  + " attempt "
                  + job.attempts()
                  + " failed ("
                  + error
                  + "); retrying in "
                  + delay
                  + " ms");
    } else {
      completion.failed(job.orderId(), node, error, job.attempts());
    }
  }

  MerchantOrderConnector connector(String kind) {
    for (MerchantOrderConnector c : connectors) {
      if (c.kind().equals(kind)) {
        return c;
      }
    }
    throw new IllegalStateException("No merchant order connector " + kind);
  }

  /** For tests and operations: the kinds this node can place through. */
  public Optional<String> nodeId() {
    return Optional.of(node);
  }
}
