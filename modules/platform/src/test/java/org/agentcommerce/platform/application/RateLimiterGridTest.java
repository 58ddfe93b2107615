package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.agentcommerce.platform.infrastructure.grid.DataGrid;
import org.agentcommerce.platform.infrastructure.grid.HazelcastMember;
import org.agentcommerce.platform.infrastructure.grid.SharedCounters;
import org.agentcommerce.platform.infrastructure.grid.SharedCountersTest;
import org.agentcommerce.platform.testing.MapConfig;
import org.agentcommerce.platform.testing.MutableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two nodes' rate limiters on a real two-member grid, with the default grid timeout (100 ms), under
 * a burst far beyond what the grid can count in time: the requests the grid did not count fall back
 * to each node's share, and what the nodes already counted (or the grid said was spent) holds, so
 * the burst gets the limit and not a share per node on top (adversary review of issue 37).
 */
class RateLimiterGridTest {

  private static HazelcastInstance one;
  private static HazelcastInstance two;
  private final MutableClock clock = MutableClock.at("2025-03-01T12:00:01Z");

  @BeforeAll
  static void cluster() {
    String name = "ac-test-" + UUID.randomUUID();
    one = Hazelcast.newHazelcastInstance(SharedCountersTest.config(name, 5901));
    two = Hazelcast.newHazelcastInstance(SharedCountersTest.config(name, 5901));
  }

  @AfterAll
  static void stop() {
    two.shutdown();
    one.shutdown();
  }

  private RateLimiter node(HazelcastInstance member) {
    RateLimiter limiter = new RateLimiter();
    limiter.config = MapConfig.of("ac.rate-limit.tier.standard", "30");
    limiter.clock = clock;
    limiter.grid = DataGrid.of(HazelcastMember.of(member));
    limiter.shared = SharedCounters.through(limiter.grid, Duration.ofMillis(100));
    return limiter;
  }

  @Test
  void aBurstAcrossTwoNodesGetsTheLimitNotAShareOnTop() throws Exception {
    RateLimiter a = node(one);
    RateLimiter b = node(two);
    a.shared.warmUp(); // as a node does at start
    b.shared.warmUp();
    ExecutorService clients = Executors.newFixedThreadPool(128);
    List<Integer> allowedPerRound = new ArrayList<>();
    try {
      for (int round = 0; round < 3; round++) {
        String agent = "agent_burst_" + round + "_" + UUID.randomUUID();
        List<Future<RateLimiter.Decision>> answers = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
          RateLimiter node = i % 2 == 0 ? a : b;
          answers.add(clients.submit(() -> node.acquire(agent, "standard")));
        }
        int allowed = 0;
        for (Future<RateLimiter.Decision> f : answers) {
          if (f.get(30, TimeUnit.SECONDS).allowed()) {
            allowed++;
          }
        }
        System.out.println("burst of 400 over two nodes, limit 30: " + allowed + " allowed");
        allowedPerRound.add(allowed);
        assertTrue(allowed >= 15, "allowed " + allowed);
      }
    } finally {
      clients.shutdownNow();
    }
    // The first burst meets a cold JVM (nothing compiled, the counting threads not yet made):
    // requests the grid does not count in time are allowed on each node's share and added to the
    // grid's count afterwards, so more get through (34-35 of 30 measured on a quiet machine, up to
    // 50 with other builds running). The documented bound of a grid that answers too late is the
    // limit plus each node's share: 30 + 2 x 15. Warm, the limit.
    assertTrue(allowedPerRound.get(0) <= 30 + 2 * 15, "allowed per burst: " + allowedPerRound);
    for (int round = 1; round < allowedPerRound.size(); round++) {
      assertTrue(allowedPerRound.get(round) <= 30 + 1, "allowed per burst: " + allowedPerRound);
    }
  }

  @Test
  void calmTrafficAcrossTwoNodesGetsExactlyTheLimit() {
    RateLimiter a = node(one);
    RateLimiter b = node(two);
    String agent = "agent_calm_" + UUID.randomUUID();
    int allowed = 0;
    for (int i = 0; i < 40; i++) {
      RateLimiter.Decision d = (i % 3 == 0 ? a : b).acquire(agent, "standard");
      allowed += d.allowed() ? 1 : 0;
      assertEquals(RateLimiter.FLEET, d.scope());
    }
    assertEquals(30, allowed);
  }
}
