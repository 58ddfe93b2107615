package org.agentcommerce.platform.infrastructure.grid;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Counters every node of the grid adds to: one grid map entry per counter (dropped two minutes
 * after its last write), raised by compare-and-set so that no increment is lost between nodes. A
 * caller never waits longer than {@code ac.rate-limit.grid-timeout} for the grid: a grid that does
 * not answer in time (or a saturated counting pool) gives no count, and the caller counts on its
 * own node instead; each such fallback is counted ({@link #fallbacks()}) and logged at most once a
 * minute.
 */
@ApplicationScoped
public class SharedCounters {

  private static final Logger LOG = Logger.getLogger(SharedCounters.class.getName());
  static final String MAP = "agentcommerce.rate-limits";
  private static final int TTL_SECONDS = 120;
  private static final long LOG_EVERY_NANOS = 60_000_000_000L;

  @Inject DataGrid grid;

  /** {@code rate_limit_grid_fallbacks_total} on /metrics; none outside a container. */
  @Inject MetricRegistry metrics;

  @Inject
  @ConfigProperty(name = "ac.rate-limit.grid-timeout", defaultValue = "PT0.1S")
  Duration timeout;

  private static final int MAX_REMEMBERED = 100_000;

  private final AtomicLong fallbacks = new AtomicLong();
  private final java.util.concurrent.locks.ReentrantLock[] stripes = newStripes();
  private final ConcurrentMap<String, Long> lastSeen =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final AtomicLong lastLogged = new AtomicLong(System.nanoTime() - LOG_EVERY_NANOS);
  private final ThreadPoolExecutor pool = newPool();
  volatile ConcurrentMap<String, Long> map;

  /**
   * Opens the grid map at start, so that no request pays for its creation (a cluster-wide
   * configuration change, slower than the time a request may wait).
   */
  void atStart(@Observes SchemaReady ready) {
    warmUp();
  }

  /** Opens the grid map now (start-up, or a test), if there is a grid. */
  public void warmUp() {
    try {
      if (grid.member().isPresent()) {
        counters().get("warm-up");
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "The data grid's rate-limit map could not be opened at start", e);
    }
  }

  /** Counters in {@code grid}, waited for at most {@code timeout} (outside a container). */
  public static SharedCounters through(DataGrid grid, Duration timeout) {
    SharedCounters counters = new SharedCounters();
    counters.grid = grid;
    counters.timeout = timeout;
    return counters;
  }

  /**
   * Adds one to {@code key} unless it already exceeds {@code cap} (a refused request need not be
   * written) and returns the count including this one; empty without a grid or when the grid did
   * not answer in time.
   */
  public OptionalLong increment(String key, long cap) {
    if (grid.member().isEmpty()) {
      return OptionalLong.empty();
    }
    Long over = lastSeen.get(key);
    if (over != null && over > cap) {
      return OptionalLong.of(over + 1); // spent: no trip, no thread
    }
    Future<Long> counted;
    try {
      counted = pool.submit(() -> incrementAlone(key, cap));
    } catch (RejectedExecutionException busy) {
      return fellBack("every grid counting thread is busy", null);
    }
    try {
      return OptionalLong.of(counted.get(timeout.toNanos(), TimeUnit.NANOSECONDS));
    } catch (TimeoutException slow) {
      counted.cancel(true);
      return fellBack("the data grid did not answer within " + timeout, null);
    } catch (ExecutionException failed) {
      return fellBack("the data grid failed", failed.getCause());
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return fellBack("interrupted", null);
    }
  }

  /**
   * Adds one to {@code key} in the grid without waiting: a request this node allowed on its own (a
   * fallback) is then counted against the limit too once the grid answers. Dropped when every
   * counting thread is busy.
   */
  public void addLater(String key) {
    if (grid.member().isEmpty()) {
      return;
    }
    try {
      pool.execute(
          () -> {
            try {
              incrementAlone(key, Long.MAX_VALUE - 1);
            } catch (InterruptedException | RuntimeException e) {
              // best effort: the fallback already counted it on this node
            }
          });
    } catch (RejectedExecutionException busy) {
      // best effort, as above
    }
  }

  /** The count the grid last gave this node for {@code key} in this window, if any. */
  public OptionalLong known(String key) {
    Long seen = lastSeen.get(key);
    return seen == null ? OptionalLong.empty() : OptionalLong.of(seen);
  }

  /**
   * One thread of this node at a time per key (striped): concurrent requests of one agent wait here
   * for their turn instead of failing each other's compare-and-set at the grid.
   */
  private long incrementAlone(String key, long cap) throws InterruptedException {
    java.util.concurrent.locks.ReentrantLock lock =
        stripes[(key.hashCode() & 0x7fffffff) % stripes.length];
    lock.lockInterruptibly();
    try {
      return increment(counters(), key, cap);
    } finally {
      lock.unlock();
    }
  }

  /** How many counts fell back to this node's own counter since it started. */
  public long fallbacks() {
    return fallbacks.get();
  }

  /**
   * The compare-and-set loop: the count after this one, or more than {@code cap} once over it. It
   * starts from the value this node saw last for the key, so that a counter only this node raises
   * costs one trip to the grid (a compare-and-set) instead of two, and a counter this node saw over
   * the cap costs none (within a window a counter only grows).
   */
  long increment(ConcurrentMap<String, Long> counters, String key, long cap) {
    Long seen = lastSeen.get(key);
    while (true) {
      if (seen == null) {
        seen = counters.putIfAbsent(key, 1L);
        if (seen == null) {
          return remember(key, 1); // this request created the counter
        }
      } else if (seen > cap) {
        remember(key, seen);
        return seen + 1; // already refused: no need to write
      } else if (counters.replace(key, seen, seen + 1)) {
        return remember(key, seen + 1);
      } else {
        seen = counters.get(key);
      }
    }
  }

  private long remember(String key, long value) {
    if (lastSeen.size() >= MAX_REMEMBERED) {
      lastSeen.clear(); // only a hint: forgetting costs one more trip
    }
    lastSeen.put(key, value);
    return value;
  }

  private ConcurrentMap<String, Long> counters() {
    ConcurrentMap<String, Long> m = map;
    if (m == null) {
      m = grid.member().orElseThrow().counters(MAP, TTL_SECONDS);
      map = m;
    }
    return m;
  }

  private OptionalLong fellBack(String why, Throwable cause) {
    fallbacks.incrementAndGet();
    if (metrics != null) {
      metrics.counter("rate_limit_grid_fallbacks").inc();
    }
    long now = System.nanoTime();
    long last = lastLogged.get();
    if (now - last >= LOG_EVERY_NANOS && lastLogged.compareAndSet(last, now)) {
      LOG.log(
          Level.WARNING,
          "Rate limits: "
              + why
              + "; counting on this node alone for now ("
              + fallbacks.get()
              + " such requests since start)",
          cause);
    }
    return OptionalLong.empty();
  }

  private static java.util.concurrent.locks.ReentrantLock[] newStripes() {
    java.util.concurrent.locks.ReentrantLock[] locks =
        new java.util.concurrent.locks.ReentrantLock[64];
    for (int i = 0; i < locks.length; i++) {
      locks[i] = new java.util.concurrent.locks.ReentrantLock();
    }
    return locks;
  }

  /**
   * Sixteen counting threads and a queue: a burst waits its turn (each request at most the grid
   * timeout, then it falls back); a task whose request gave up is cancelled and skipped.
   */
  private static ThreadPoolExecutor newPool() {
    AtomicInteger n = new AtomicInteger();
    ThreadPoolExecutor p =
        new ThreadPoolExecutor(
            16,
            16,
            30,
            TimeUnit.SECONDS,
            new java.util.concurrent.ArrayBlockingQueue<>(4096),
            r -> {
              Thread t = new Thread(r, "ac-grid-count-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    p.allowCoreThreadTimeOut(true);
    return p;
  }

  @PreDestroy
  void stop() {
    pool.shutdownNow();
  }
}
