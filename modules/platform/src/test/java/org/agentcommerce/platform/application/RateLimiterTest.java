package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.agentcommerce.platform.testing.MapConfig;
import org.agentcommerce.platform.testing.MutableClock;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

  private final MutableClock clock = MutableClock.at("2025-03-01T12:00:30Z");

  private RateLimiter limiter(String... config) {
    RateLimiter limiter = new RateLimiter();
    limiter.grid = org.agentcommerce.platform.infrastructure.grid.DataGrid.none();
    limiter.shared =
        org.agentcommerce.platform.infrastructure.grid.SharedCounters.through(
            limiter.grid, java.time.Duration.ofMillis(100));
    limiter.config = MapConfig.of(config);
    limiter.clock = clock;
    return limiter;
  }

  @Test
  void tiersHaveDefaultLimits() {
    RateLimiter limiter = limiter();

    assertEquals(60, limiter.limitFor("free"));
    assertEquals(600, limiter.limitFor("standard"));
    assertEquals(6000, limiter.limitFor("enterprise"));
  }

  @Test
  void unknownTierFallsBackToSixty() {
    assertEquals(60, limiter().limitFor("platinum"));
  }

  @Test
  void configuredTierLimitOverridesTheDefault() {
    RateLimiter limiter =
        limiter("ac.rate-limit.tier.standard", "1000", "ac.rate-limit.tier.platinum", "5");

    assertEquals(1000, limiter.limitFor("standard"));
    assertEquals(5, limiter.limitFor("platinum"));
    assertEquals(60, limiter.limitFor("free"));
  }

  @Test
  void requestsWithinTheLimitAreAllowedAndCountDown() {
    RateLimiter limiter = limiter("ac.rate-limit.tier.free", "3");

    for (int remaining = 2; remaining >= 0; remaining--) {
      RateLimiter.Decision d = limiter.acquire("key_a", "free");
      assertTrue(d.allowed());
      assertEquals(3, d.limit());
      assertEquals(remaining, d.remaining());
    }
  }

  @Test
  void requestOverTheLimitIsRefusedWithNothingRemaining() {
    RateLimiter limiter = limiter("ac.rate-limit.tier.free", "3");
    for (int i = 0; i < 3; i++) {
      limiter.acquire("key_a", "free");
    }

    RateLimiter.Decision refused = limiter.acquire("key_a", "free");
    RateLimiter.Decision again = limiter.acquire("key_a", "free");

    assertFalse(refused.allowed());
    assertEquals(0, refused.remaining());
    assertEquals(3, refused.limit());
    assertFalse(again.allowed());
    assertEquals(0, again.remaining());
  }

  @Test
  void defaultFreeLimitAllowsSixtyPerMinute() {
    RateLimiter limiter = limiter();
    for (int i = 0; i < 60; i++) {
      assertTrue(limiter.acquire("key_a", "free").allowed(), "request " + (i + 1));
    }

    assertFalse(limiter.acquire("key_a", "free").allowed());
  }

  @Test
  void bucketsAreCountedSeparately() {
    RateLimiter limiter = limiter("ac.rate-limit.tier.free", "1");

    assertTrue(limiter.acquire("key_a", "free").allowed());
    assertFalse(limiter.acquire("key_a", "free").allowed());
    assertTrue(limiter.acquire("key_b", "free").allowed());
  }

  @Test
  void aNewMinuteResetsTheCount() {
    RateLimiter limiter = limiter("ac.rate-limit.tier.free", "2");
    limiter.acquire("key_a", "free");
    limiter.acquire("key_a", "free");
    assertFalse(limiter.acquire("key_a", "free").allowed());

    clock.set(Instant.parse("2025-03-01T12:01:00Z"));
    RateLimiter.Decision d = limiter.acquire("key_a", "free");

    assertTrue(d.allowed());
    assertEquals(1, d.remaining());
  }

  @Test
  void theWindowIsTheCalendarMinuteNotTheLastSixtySeconds() {
    RateLimiter limiter = limiter("ac.rate-limit.tier.free", "1");
    assertTrue(limiter.acquire("key_a", "free").allowed());

    clock.set(Instant.parse("2025-03-01T12:00:59.999Z"));
    assertFalse(limiter.acquire("key_a", "free").allowed());

    clock.advance(Duration.ofMillis(1));
    assertTrue(limiter.acquire("key_a", "free").allowed());
  }

  @Test
  void resetIsTheStartOfTheNextMinute() {
    RateLimiter.Decision d = limiter().acquire("key_a", "free");

    long nextMinute = Instant.parse("2025-03-01T12:01:00Z").getEpochSecond();
    assertEquals(nextMinute, d.resetEpochSecond());
    assertEquals(30, d.retryAfterSeconds(clock.instant().getEpochSecond()));
  }

  @Test
  void retryAfterIsAtLeastOneSecond() {
    RateLimiter.Decision d = new RateLimiter.Decision(false, 1, 0, 100, RateLimiter.NODE);

    assertEquals(1, d.retryAfterSeconds(100));
    assertEquals(1, d.retryAfterSeconds(130));
    assertEquals(40, d.retryAfterSeconds(60));
  }

  @Test
  void withoutAGridEachOfTwoNodesAllowsAndReportsItsHalf() {
    RateLimiter limiter = limiter("ac.rate-limit.tier.free", "10", "ac.rate-limit.nodes", "2");

    for (int i = 0; i < 5; i++) {
      RateLimiter.Decision d = limiter.acquire("key_a", "free");
      assertTrue(d.allowed(), "request " + (i + 1));
      assertEquals(5, d.limit());
      assertEquals(4 - i, d.remaining());
      assertEquals(RateLimiter.NODE, d.scope());
    }
    RateLimiter.Decision refused = limiter.acquire("key_a", "free");

    assertFalse(refused.allowed());
    assertEquals(5, refused.limit());
    assertEquals(0, refused.remaining());
  }

  @Test
  void nodeShareRoundsUpSoASmallLimitStillAllowsRequests() {
    RateLimiter limiter = limiter("ac.rate-limit.tier.free", "10", "ac.rate-limit.nodes", "3");
    for (int i = 0; i < 4; i++) {
      assertTrue(limiter.acquire("key_a", "free").allowed());
    }

    assertFalse(limiter.acquire("key_a", "free").allowed());
  }

  @Test
  void nonPositiveNodeCountIsTreatedAsOne() {
    RateLimiter limiter = limiter("ac.rate-limit.tier.free", "2", "ac.rate-limit.nodes", "0");

    assertTrue(limiter.acquire("key_a", "free").allowed());
    assertTrue(limiter.acquire("key_a", "free").allowed());
    assertFalse(limiter.acquire("key_a", "free").allowed());
  }

  @Test
  void aFloodOfNewBucketsNeverGrowsTheTableBeyondItsMaximum() {
    RateLimiter limiter = limiter("ac.rate-limit.tracked-buckets", "100");

    for (int i = 0; i < 20_000; i++) {
      limiter.acquireWithin("mcp-open:10.0." + i, 5);
    }

    assertEquals(100, limiter.trackedBuckets());
  }

  @Test
  void aClientCountedBeforeTheFloodKeepsItsCountThroughIt() {
    RateLimiter limiter = limiter("ac.rate-limit.tracked-buckets", "100");
    assertTrue(limiter.acquireWithin("victim", 3).allowed());
    assertTrue(limiter.acquireWithin("victim", 3).allowed());

    for (int i = 0; i < 20_000; i++) {
      limiter.acquireWithin("flood-" + i, 3);
    }

    assertTrue(limiter.acquireWithin("victim", 3).allowed());
    assertFalse(limiter.acquireWithin("victim", 3).allowed());
  }

  @Test
  void aClientFirstSeenWhenTheTableIsFullStillCannotExceedItsLimit() {
    RateLimiter limiter = limiter("ac.rate-limit.tracked-buckets", "10");
    for (int i = 0; i < 200; i++) {
      limiter.acquireWithin("flood-" + i, 5);
    }

    int allowed = 0;
    for (int i = 0; i < 50; i++) {
      if (limiter.acquireWithin("late", 5).allowed()) {
        allowed++;
      }
    }

    assertEquals(10, limiter.trackedBuckets());
    assertEquals(5, allowed);
  }

  @Test
  void floodingWithAttackerBucketsNeverGivesAnyOfThemMoreThanTheLimit() {
    RateLimiter limiter = limiter("ac.rate-limit.tracked-buckets", "50");

    for (int round = 0; round < 10; round++) {
      for (int i = 0; i < 5_000; i++) {
        RateLimiter.Decision d = limiter.acquireWithin("attacker-" + i, 3);
        assertTrue(round < 3 || !d.allowed(), () -> "a bucket was allowed a fourth request");
      }
    }
  }

  @Test
  void aNewMinuteDropsEveryBucketAtOnce() {
    RateLimiter limiter = limiter("ac.rate-limit.tracked-buckets", "10");
    for (int i = 0; i < 1_000; i++) {
      limiter.acquireWithin("flood-" + i, 1);
    }
    limiter.acquireWithin("late", 1);
    assertFalse(limiter.acquireWithin("late", 1).allowed());

    clock.set(Instant.parse("2025-03-01T12:01:00Z"));

    assertTrue(limiter.acquireWithin("late", 1).allowed());
    assertEquals(1, limiter.trackedBuckets());
  }

  @Test
  void concurrentRequestsOfOneBucketAreCountedExactly() throws Exception {
    RateLimiter limiter = limiter();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        results.add(
            pool.submit(
                () -> {
                  int allowed = 0;
                  for (int i = 0; i < 1_000; i++) {
                    if (limiter.acquireWithin("agent_busy", 4_000).allowed()) {
                      allowed++;
                    }
                  }
                  return allowed;
                }));
      }
      int allowed = 0;
      for (Future<Integer> f : results) {
        allowed += f.get();
      }
      assertEquals(4_000, allowed);
    } finally {
      pool.shutdownNow();
    }
  }
}
