package org.agentcommerce.events.application;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.events.domain.NodeSignals;
import org.agentcommerce.events.domain.Timeline;
import org.agentcommerce.events.infrastructure.OutboxSequencer;
import org.agentcommerce.platform.api.SchemaReady;
import org.agentcommerce.platform.api.events.DomainEvents;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Drives the outbox onto the timeline and wakes long-poll readers. A commit that published events
 * on this node kicks it at once (a CDI observer of {@link DomainEvents.Published} after success); a
 * fixed-delay poll ({@code ac.events.poll-interval}) is the fallback that also picks up commits and
 * timeline events of other nodes. Runs never overlap on a node; across nodes the sequencer's row
 * lock serialises them.
 */
@ApplicationScoped
public class EventPump {

  private static final Logger LOG = Logger.getLogger(EventPump.class.getName());
  private static final int BATCH = 200;
  private static final int BUYER_CACHE = 10_000;

  @Inject OutboxSequencer sequencer;
  @Inject Timeline timeline;
  @Inject OrderBook orderBook;
  @Inject LongPollWaiters waiters;
  @Inject @Any Instance<TimelineFanOut> fanOuts;
  @Inject Instance<RequestContextController> requestContexts;

  @Inject
  @ConfigProperty(name = "ac.events.poll-interval", defaultValue = "PT0.25S")
  Duration pollInterval;

  @Inject
  @ConfigProperty(name = "ac.events.grid-topic", defaultValue = "agentcommerce.order-events")
  String gridTopic;

  @Resource ManagedThreadFactory threads;

  @Inject NodeSignals signals;
  @Inject org.eclipse.microprofile.metrics.MetricRegistry metrics;

  /** The channel to the other nodes, when they share one. */
  private volatile NodeSignals.Channel grid;

  private final String node = "node-" + org.agentcommerce.platform.api.Ids.randomHex(12);

  /** The pump's own thread: sequencing never queues behind other background work. */
  private volatile java.util.concurrent.ScheduledExecutorService scheduler;

  private final AtomicBoolean running = new AtomicBoolean();
  private final AtomicBoolean again = new AtomicBoolean();
  private volatile long lastSeen = -1;
  private volatile ScheduledFuture<?> poller;

  private final Map<String, Optional<OutboxSequencer.Buyer>> buyers =
      Collections.synchronizedMap(
          new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(
                Map.Entry<String, Optional<OutboxSequencer.Buyer>> e) {
              return size() > BUYER_CACHE;
            }
          });

  /**
   * Work done for every new timeline event (webhook deliveries): prepared before the numbering,
   * written in its transaction.
   */
  public interface TimelineFanOut extends OutboxSequencer.FanOut {

    /** Told after a sequencing transaction that numbered events committed. */
    default void committed() {}

    /** The fan-out for one sequencing transaction (state it gathers lives as long as that). */
    default OutboxSequencer.FanOut begin() {
      return this;
    }
  }

  void onPublished(@Observes(during = TransactionPhase.AFTER_SUCCESS) DomainEvents.Published p) {
    kick();
  }

  void onSchemaReady(@Observes SchemaReady ready) {
    lastSeen = timeline.lastId();
    scheduler = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(threads);
    long every = Math.max(20, pollInterval.toMillis());
    poller =
        scheduler.scheduleWithFixedDelay(() -> drain(false), every, every, TimeUnit.MILLISECONDS);
    grid = signals.join(gridTopic, node, lastId -> signalled()).orElse(null);
    if (grid != null) {
      LOG.info(
          "Order events: other nodes' new events wake this node's waiters through the data grid"
              + " topic "
              + gridTopic);
    }
  }

  /**
   * Another node numbered events: read the timeline now rather than at the next poll. Counted on
   * /metrics as {@code events_grid_wakeups_total}.
   */
  private void signalled() {
    if (metrics != null) {
      metrics.counter("events_grid_wakeups").inc();
    }
    run(false);
  }

  @PreDestroy
  void stop() {
    NodeSignals.Channel g = grid;
    if (g != null) {
      g.close();
    }
    ScheduledFuture<?> p = poller;
    if (p != null) {
      p.cancel(false);
    }
    if (scheduler != null) {
      scheduler.shutdownNow();
    }
  }

  /** Runs the pump soon on a managed thread. */
  public void kick() {
    run(true);
  }

  private void run(boolean kicked) {
    java.util.concurrent.ScheduledExecutorService s = scheduler;
    if (s != null) {
      try {
        s.execute(() -> drain(kicked));
      } catch (RuntimeException e) {
        LOG.log(Level.FINE, "Could not schedule the event pump; the poll will run it", e);
      }
    }
  }

  /** Sequences what committed, then wakes the waiters of agents with new events. */
  void drain(boolean kicked) {
    if (!running.compareAndSet(false, true)) {
      again.set(true);
      return;
    }
    try {
      boolean mustSequence = kicked;
      do {
        again.set(false);
        if (mustSequence || sequencer.pending()) {
          sequenceAll();
        }
        wakeNew();
        mustSequence = true;
      } while (again.get());
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "The event pump failed; the next poll retries", e);
    } finally {
      running.set(false);
    }
    if (again.getAndSet(false)) {
      kick();
    }
  }

  /**
   * Numbers everything waiting. The order book's port is request-scoped underneath (a request
   * without a key sees every merchant), so a request context is active while it is asked.
   */
  private void sequenceAll() {
    RequestContextController context = requestContexts.get();
    boolean activated = context.activate();
    try {
      sequenceBatches();
    } finally {
      if (activated) {
        context.deactivate();
      }
      requestContexts.destroy(context);
    }
  }

  private void sequenceBatches() {
    List<TimelineFanOut> outs = fanOuts.stream().toList();
    int numbered;
    do {
      List<OutboxSequencer.FanOut> each = outs.stream().map(TimelineFanOut::begin).toList();
      OutboxSequencer.FanOut fanOut =
          new OutboxSequencer.FanOut() {
            @Override
            public void prepare(java.sql.Connection read, OutboxSequencer.Waiting event)
                throws java.sql.SQLException {
              for (OutboxSequencer.FanOut f : each) {
                f.prepare(read, event);
              }
            }

            @Override
            public void accept(java.sql.Connection tx, OutboxSequencer.Sequenced event)
                throws java.sql.SQLException {
              for (OutboxSequencer.FanOut f : each) {
                f.accept(tx, event);
              }
            }

            @Override
            public void flush(java.sql.Connection tx) throws java.sql.SQLException {
              for (OutboxSequencer.FanOut f : each) {
                f.flush(tx);
              }
            }
          };
      List<OutboxSequencer.Sequenced> done = sequencer.sequence(BATCH, buyerOf, fanOut);
      numbered = done.size();
      if (numbered > 0) {
        outs.forEach(TimelineFanOut::committed);
        NodeSignals.Channel g = grid;
        if (g != null) {
          g.publish(done.get(numbered - 1).id());
        }
      }
    } while (numbered == BATCH); // a full batch: more may wait
  }

  /** Buyers from the cache, else from the order book (one read for a batch's new orders). */
  private final OutboxSequencer.BuyerOf buyerOf =
      new OutboxSequencer.BuyerOf() {
        @Override
        public Optional<OutboxSequencer.Buyer> of(String agentId, String orderId) {
          return buyerOf(agentId, orderId);
        }

        @Override
        public Map<String, OutboxSequencer.Buyer> ofAll(Map<String, String> agentByOrder) {
          Map<String, OutboxSequencer.Buyer> out = new java.util.HashMap<>();
          List<String> unknown = new java.util.ArrayList<>();
          agentByOrder.forEach(
              (order, agent) -> {
                Optional<OutboxSequencer.Buyer> known = buyers.get(order);
                if (known == null) {
                  unknown.add(order);
                } else {
                  known.ifPresent(b -> out.put(order, b));
                }
              });
          if (!unknown.isEmpty()) {
            Map<String, OrderBook.OrderBuyer> found = orderBook.buyers(unknown);
            for (String order : unknown) {
              OrderBook.OrderBuyer b = found.get(order);
              // Only the order's own agent's events carry its buyer.
              Optional<OutboxSequencer.Buyer> buyer =
                  b != null && b.agentId().equals(agentByOrder.get(order))
                      ? Optional.of(new OutboxSequencer.Buyer(b.issuer(), b.subject()))
                      : Optional.empty();
              if (b == null || buyer.isPresent()) {
                buyers.put(order, buyer);
              }
              buyer.ifPresent(x -> out.put(order, x));
            }
          }
          return out;
        }
      };

  private Optional<OutboxSequencer.Buyer> buyerOf(String agentId, String orderId) {
    Optional<OutboxSequencer.Buyer> known = buyers.get(orderId);
    if (known != null) {
      return known;
    }
    Optional<OutboxSequencer.Buyer> found =
        orderBook
            .order(agentId, orderId)
            .filter(o -> o.buyerIssuer() != null && o.buyerSubject() != null)
            .map(o -> new OutboxSequencer.Buyer(o.buyerIssuer(), o.buyerSubject()));
    buyers.put(orderId, found);
    return found;
  }

  private void wakeNew() {
    long from = lastSeen;
    if (from < 0) {
      from = timeline.lastId();
      lastSeen = from;
      return;
    }
    List<Timeline.Appended> added = timeline.appendedSince(from, 10_000);
    if (added.isEmpty()) {
      return;
    }
    Set<String> agents = new HashSet<>();
    for (Timeline.Appended a : added) {
      agents.add(a.agentId());
    }
    lastSeen = added.get(added.size() - 1).id();
    waiters.wake(agents);
  }
}
