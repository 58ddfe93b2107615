package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agentcommerce.platform.api.security.RateLimits;
import org.agentcommerce.platform.testing.MapConfig;
import org.agentcommerce.platform.testing.MutableClock;
import org.junit.jupiter.api.Test;

class PlatformRateLimitsTest {

  private final MutableClock clock = MutableClock.at("2025-03-01T12:00:30Z");

  /** The refusals counted on /metrics, by limit. */
  private final java.util.List<String> refusals = new java.util.ArrayList<>();

  private PlatformRateLimits limits(String... config) {
    RateLimiter limiter = new RateLimiter();
    limiter.grid = org.agentcommerce.platform.infrastructure.grid.DataGrid.none();
    limiter.shared =
        org.agentcommerce.platform.infrastructure.grid.SharedCounters.through(
            limiter.grid, java.time.Duration.ofMillis(100));
    limiter.config = MapConfig.of(config);
    limiter.clock = clock;
    PlatformRateLimits limits = new PlatformRateLimits();
    limits.limiter = limiter;
    limits.figures =
        new PlatformFigures() {
          @Override
          public void rateLimited(String limit) {
            refusals.add(limit);
          }
        };
    return limits;
  }

  @Test
  void aBucketIsLimitedToTheRequestsPerMinuteItAsksFor() {
    PlatformRateLimits limits = limits();

    RateLimits.Decision first = limits.acquire("mcp-open:203.0.113.9", 2);
    RateLimits.Decision second = limits.acquire("mcp-open:203.0.113.9", 2);
    RateLimits.Decision third = limits.acquire("mcp-open:203.0.113.9", 2);

    assertTrue(first.allowed());
    assertEquals(1, first.remaining());
    assertTrue(second.allowed());
    assertFalse(third.allowed());
    assertEquals(2, third.limit());
    assertEquals(0, third.remaining());
    assertEquals(30, third.retryAfterSeconds(clock.instant().getEpochSecond()));
    assertEquals(java.util.List.of("open_door_address"), refusals, "one refusal counted");
  }

  @Test
  void bucketsAreCountedSeparately() {
    PlatformRateLimits limits = limits();

    assertTrue(limits.acquire("mcp-open:203.0.113.9", 1).allowed());
    assertFalse(limits.acquire("mcp-open:203.0.113.9", 1).allowed());
    assertTrue(limits.acquire("mcp-open:198.51.100.7", 1).allowed());
  }

  @Test
  void nodesShareTheLimitLikeKeysDo() {
    PlatformRateLimits limits = limits("ac.rate-limit.nodes", "2");

    assertTrue(limits.acquire("b", 4).allowed());
    assertTrue(limits.acquire("b", 4).allowed());
    RateLimits.Decision refused = limits.acquire("b", 4);

    assertFalse(refused.allowed());
    assertEquals(2, refused.limit());
    assertEquals("node", refused.scope());
  }
}
