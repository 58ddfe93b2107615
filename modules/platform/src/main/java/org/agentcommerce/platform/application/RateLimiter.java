package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.Config;

/**
 * Requests per minute per key, in fixed one-minute windows. Limits come from the agent's tier
 * ({@code ac.rate-limit.tier.<tier>}). Counters live in this node's memory: with N nodes behind a
 * load balancer set {@code ac.rate-limit.nodes=N} so that each node allows its share of the limit.
 */
@ApplicationScoped
public class RateLimiter {

  private static final Map<String, Integer> DEFAULT_LIMITS =
      Map.of("free", 60, "standard", 600, "enterprise", 6000);
  private static final int FALLBACK_LIMIT = 60;
  private static final int MAX_TRACKED_KEYS = 100_000;

  @Inject Config config;
  @Inject Clock clock;

  private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

  /** The outcome of one request against the limit. */
  public record Decision(boolean allowed, int limit, int remaining, long resetEpochSecond) {

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

  /** Counts one request of the key and says whether it is within the limit. */
  public Decision acquire(String keyId, String tier) {
    return acquireWithin(keyId, limitFor(tier));
  }

  /**
   * Counts one request against a bucket with the given requests per minute. Bucket names share one
   * namespace with key ids, so callers other than the key filter prefix theirs.
   */
  public Decision acquireWithin(String bucket, int limit) {
    int nodes =
        Math.max(1, config.getOptionalValue("ac.rate-limit.nodes", Integer.class).orElse(1));
    int perNode = limit <= 0 ? 0 : Math.max(1, (limit + nodes - 1) / nodes);
    long nowMillis = clock.millis();
    long windowStart = nowMillis - nowMillis % 60_000;
    long reset = (windowStart + 60_000) / 1000;
    if (windows.size() > MAX_TRACKED_KEYS) {
      windows.values().removeIf(w -> w.start < windowStart);
    }
    Window window =
        windows.compute(
            bucket, (k, w) -> w == null || w.start != windowStart ? new Window(windowStart) : w);
    int used;
    synchronized (window) {
      used = ++window.count;
    }
    boolean allowed = used <= perNode;
    int remaining = Math.max(0, perNode - used);
    // Scale what this node saw back to the whole-service numbers the client was promised.
    return new Decision(allowed, limit, Math.min(limit, remaining * nodes), reset);
  }

  private static final class Window {
    final long start;
    int count;

    Window(long start) {
      this.start = start;
    }
  }
}
