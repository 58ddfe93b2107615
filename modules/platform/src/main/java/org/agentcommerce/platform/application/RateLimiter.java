package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.agentcommerce.platform.infrastructure.grid.DataGrid;
import org.agentcommerce.platform.infrastructure.grid.SharedCounters;
import org.eclipse.microprofile.config.Config;

/**
 * Requests per minute per bucket (an agent, or a client address for unkeyed doors), in fixed
 * calendar-minute windows. Limits come from the agent's tier ({@code ac.rate-limit.tier.<tier>}).
 *
 * <p>When the nodes share a data grid, every request is counted in the grid ({@link
 * SharedCounters}): the limit holds across all nodes however the balancer spreads the traffic, and
 * the answer says {@code scope: fleet}. Without a grid, or for a request the grid did not count in
 * time, this node counts alone and allows its share of the limit: the limit divided by the grid's
 * member count, or without a grid by {@code ac.rate-limit.nodes}; the answer then says {@code
 * scope: node} and gives this node's share as the limit, which is what the client can rely on.
 *
 * <p>This node's memory is bounded: at most {@code ac.rate-limit.tracked-buckets} buckets are
 * counted exactly per minute, and all of them are dropped together when the minute turns. Nothing
 * is evicted within a minute, because a bucket evicted early would start again from zero and escape
 * its limit. Buckets first seen once the table is full are counted in a fixed count-min sketch
 * instead, whose counters they share with other late buckets: a shared counter can only over-count,
 * so a flood of new buckets can make late clients be refused early, but never lets any client
 * exceed its limit.
 */
@ApplicationScoped
public class RateLimiter {

  private static final Map<String, Integer> DEFAULT_LIMITS =
      Map.of("free", 60, "standard", 600, "enterprise", 6000);
  private static final int FALLBACK_LIMIT = 60;
  private static final int DEFAULT_TRACKED_BUCKETS = 100_000;
  private static final int SKETCH_ROWS = 4;
  private static final int SKETCH_WIDTH = 1 << 14;
  private static final SecureRandom SEEDS = new SecureRandom();

  /** The scope of a limit counted across every node of the grid. */
  public static final String FLEET = "fleet";

  /** The scope of a limit counted by this node alone (its share of the limit). */
  public static final String NODE = "node";

  @Inject Config config;
  @Inject Clock clock;
  @Inject DataGrid grid;
  @Inject SharedCounters shared;

  /** Hash seeds chosen per node, so that no client can aim its bucket at another's counters. */
  private final long[] seeds = SEEDS.longs(SKETCH_ROWS).toArray();

  private final AtomicReference<Minute> minute = new AtomicReference<>();

  /**
   * The outcome of one request against the limit; {@code scope} says who counted it: {@link #FLEET}
   * or {@link #NODE}.
   */
  public record Decision(
      boolean allowed, int limit, int remaining, long resetEpochSecond, String scope) {

    /** Seconds a refused client should wait. */
    public long retryAfterSeconds(long nowEpochSecond) {
      return Math.max(1, resetEpochSecond - nowEpochSecond);
    }
  }

  /** The advertised requests per minute of a tier. */
  public int limitFor(String tier) {
    return config
        .getOptionalValue("ac.rate-limit.tier." + tier, Integer.class)
        .orElse(DEFAULT_LIMITS.getOrDefault(tier, FALLBACK_LIMIT));
  }

  /** Counts one request of an agent (all its keys share the bucket) against its tier's limit. */
  public Decision acquire(String agentId, String tier) {
    return acquireWithin(agentId, limitFor(tier));
  }

  /**
   * Counts one request against a bucket with the given requests per minute. Bucket names share one
   * namespace with agent ids, so callers other than the key filter prefix theirs.
   */
  public Decision acquireWithin(String bucket, int limit) {
    long nowMillis = clock.millis();
    long windowStart = nowMillis - nowMillis % 60_000;
    long reset = (windowStart + 60_000) / 1000;
    // This node's own count of the bucket, kept also while the grid counts: a fallback then
    // allows only what is left of this node's share, not a fresh share on top.
    int seenHere = current(windowStart).count(bucket);
    String key = bucket + "@" + windowStart;
    OptionalLong counted = shared.increment(key, Math.max(0, limit));
    if (counted.isPresent()) {
      long used = counted.getAsLong();
      return new Decision(used <= limit, limit, (int) Math.max(0, limit - used), reset, FLEET);
    }
    int nodes =
        grid.member().isPresent()
            ? grid.members()
            : config.getOptionalValue("ac.rate-limit.nodes", Integer.class).orElse(1);
    nodes = Math.max(1, nodes);
    int perNode = limit <= 0 ? 0 : Math.max(1, (limit + nodes - 1) / nodes);
    // What the grid last said about this bucket still holds: a spent limit stays spent.
    boolean spentInGrid = shared.known(key).orElse(0) >= limit;
    boolean allowed = seenHere <= perNode && !spentInGrid;
    if (allowed) {
      shared.addLater(key); // so that the fleet's count includes it once the grid answers
    }
    return new Decision(
        allowed, perNode, spentInGrid ? 0 : Math.max(0, perNode - seenHere), reset, NODE);
  }

  /** Buckets counted exactly in the current minute; never more than the configured maximum. */
  int trackedBuckets() {
    Minute m = minute.get();
    return m == null ? 0 : m.size.get();
  }

  /** This minute's counters; the first request of a new minute replaces last minute's at once. */
  private Minute current(long windowStart) {
    while (true) {
      Minute m = minute.get();
      if (m != null && m.start >= windowStart) {
        return m; // a request that read the clock just before the turn counts in the new minute
      }
      Minute fresh = new Minute(windowStart, trackedBucketsLimit());
      if (minute.compareAndSet(m, fresh)) {
        return fresh;
      }
    }
  }

  private int trackedBucketsLimit() {
    return Math.max(
        0,
        config
            .getOptionalValue("ac.rate-limit.tracked-buckets", Integer.class)
            .orElse(DEFAULT_TRACKED_BUCKETS));
  }

  /** One minute's counters: an exact table of bounded size and the sketch for the rest. */
  private final class Minute {
    final long start;
    final int capacity;
    final AtomicInteger size = new AtomicInteger();
    final ConcurrentHashMap<String, AtomicInteger> exact = new ConcurrentHashMap<>();
    final AtomicIntegerArray sketch = new AtomicIntegerArray(SKETCH_ROWS * SKETCH_WIDTH);

    Minute(long start, int capacity) {
      this.start = start;
      this.capacity = capacity;
    }

    /** Counts one request and returns the bucket's count this minute (never an undercount). */
    int count(String bucket) {
      AtomicInteger counter = exact.get(bucket);
      if (counter == null) {
        counter = exact.computeIfAbsent(bucket, b -> reserveSlot() ? new AtomicInteger() : null);
      }
      return counter != null ? counter.incrementAndGet() : countInSketch(bucket);
    }

    private boolean reserveSlot() {
      int s;
      do {
        s = size.get();
        if (s >= capacity) {
          return false;
        }
      } while (!size.compareAndSet(s, s + 1));
      return true;
    }

    /** Count-min: every row's counter goes up; the smallest is the estimate. */
    private int countInSketch(String bucket) {
      int estimate = Integer.MAX_VALUE;
      for (int row = 0; row < SKETCH_ROWS; row++) {
        int index = row * SKETCH_WIDTH + slot(bucket, seeds[row]);
        estimate = Math.min(estimate, sketch.incrementAndGet(index));
      }
      return estimate;
    }
  }

  /** A seeded hash of the whole name (not {@code String.hashCode}, whose collisions are known). */
  private static int slot(String bucket, long seed) {
    long h = seed;
    for (int i = 0; i < bucket.length(); i++) {
      h = (h ^ bucket.charAt(i)) * 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return (int) (h & (SKETCH_WIDTH - 1));
  }
}
