package org.agentcommerce.platform.application;

import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.CallCounter;
import org.agentcommerce.platform.api.CallCounts;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.domain.usage.CallCountStore;
import org.agentcommerce.platform.domain.usage.CallCountStore.Increment;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Counts agents' calls per hour in memory (one atomic map merge per call, no database work on the
 * request) and adds them to {@code agent_call_counts} every {@code ac.analytics.flush-interval} in
 * one batch, and once more when the application stops. A failed write keeps the counts for the next
 * flush. Reads see the database plus this node's unwritten counts; other nodes' unwritten counts
 * show within one interval.
 */
@ApplicationScoped
public class CallCounters implements CallCounts, CallCounter {

  private static final Logger LOG = Logger.getLogger(CallCounters.class.getName());

  /** Rows are kept this long: the 7-day window and the 7 days before it that its trend needs. */
  static final Duration RETENTION = Duration.ofDays(15);

  private record Key(String agentId, CountedCall call, Instant hour) {}

  private final Map<Key, Long> pending = new ConcurrentHashMap<>();

  /** Held while a batch is between the map and the database, and by readers. */
  private final ReentrantLock flushing = new ReentrantLock();

  @Inject CallCountStore store;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.analytics.flush-interval", defaultValue = "PT10S")
  Duration interval;

  private ScheduledFuture<?> task;
  private Instant lastPurge = Instant.EPOCH;

  /** Counts one call of the agent now. */
  @Override
  public void record(String agentId, CountedCall call) {
    Instant hour = clock.instant().truncatedTo(ChronoUnit.HOURS);
    pending.merge(new Key(agentId, call, hour), 1L, Long::sum);
  }

  @Override
  public List<HourlyCount> since(String agentId, Instant fromHour) {
    flushing.lock();
    try {
      List<HourlyCount> counts = new ArrayList<>(store.read(agentId, fromHour));
      pending.forEach(
          (k, n) -> {
            if (k.agentId().equals(agentId) && !k.hour().isBefore(fromHour)) {
              counts.add(new HourlyCount(k.call(), k.hour(), n));
            }
          });
      return counts;
    } finally {
      flushing.unlock();
    }
  }

  /** Writes what was counted since the last flush; keeps it for the next one if that fails. */
  public void flush() {
    flushing.lock();
    try {
      List<Increment> batch = new ArrayList<>();
      for (Key k : List.copyOf(pending.keySet())) {
        Long n = pending.remove(k);
        if (n != null) {
          batch.add(new Increment(k.agentId(), new HourlyCount(k.call(), k.hour(), n)));
        }
      }
      if (!batch.isEmpty()) {
        try {
          store.add(batch);
        } catch (RuntimeException e) {
          batch.forEach(
              i ->
                  pending.merge(
                      new Key(i.agentId(), i.count().call(), i.count().hour()),
                      i.count().count(),
                      Long::sum));
          throw e;
        }
      }
      purgeHourly();
    } finally {
      flushing.unlock();
    }
  }

  private void purgeHourly() {
    Instant now = clock.instant();
    if (Duration.between(lastPurge, now).compareTo(Duration.ofHours(1)) >= 0) {
      lastPurge = now;
      store.purgeBefore(now.minus(RETENTION).truncatedTo(ChronoUnit.HOURS));
    }
  }

  public synchronized void start(ManagedScheduledExecutorService executor) {
    if (task == null) {
      long millis = Math.max(100, interval.toMillis());
      task =
          executor.scheduleWithFixedDelay(
              this::flushQuietly, millis, millis, TimeUnit.MILLISECONDS);
    }
  }

  /** Stops the schedule and writes what is left. */
  public synchronized void stop() {
    if (task != null) {
      task.cancel(false);
      task = null;
    }
    flushQuietly();
  }

  private void flushQuietly() {
    try {
      flush();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Writing the call counts failed; kept for the next flush", e);
    }
  }
}
