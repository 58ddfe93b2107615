package org.agentcommerce.platform.infrastructure.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Counting across nodes on a real data grid: two Hazelcast members (the version Payara Micro
 * carries) clustered over 127.0.0.1, each with its own {@link SharedCounters}, as two nodes have.
 */
public class SharedCountersTest {

  private static HazelcastInstance one;
  private static HazelcastInstance two;

  @BeforeAll
  static void cluster() {
    String name = "ac-test-" + UUID.randomUUID();
    one = Hazelcast.newHazelcastInstance(config(name, 5891));
    two = Hazelcast.newHazelcastInstance(config(name, 5891));
  }

  @AfterAll
  static void stop() {
    two.shutdown();
    one.shutdown();
  }

  public static Config config(String cluster, int port) {
    Config c = new Config();
    c.setClusterName(cluster);
    c.setProperty("hazelcast.phone.home.enabled", "false");
    c.setProperty("hazelcast.socket.bind.any", "false");
    c.setProperty("hazelcast.logging.type", "jdk");
    // Members join at once: no five-second wait for others before joining (Hazelcast's default).
    c.setProperty("hazelcast.wait.seconds.before.join", "0");
    NetworkConfig network = c.getNetworkConfig();
    network.setPort(port).setPortAutoIncrement(true);
    network.getInterfaces().setEnabled(true).addInterface("127.0.0.1");
    JoinConfig join = network.getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    join.getTcpIpConfig()
        .setEnabled(true)
        .addMember("127.0.0.1:" + port)
        .addMember("127.0.0.1:" + (port + 1));
    return c;
  }

  private static SharedCounters on(HazelcastInstance member, Duration timeout) {
    return SharedCounters.through(DataGrid.of(HazelcastMember.of(member)), timeout);
  }

  @Test
  void twoNodesCountingAtOnceAllowExactlyTheLimitBetweenThem() throws Exception {
    SharedCounters a = on(one, Duration.ofSeconds(5));
    SharedCounters b = on(two, Duration.ofSeconds(5));
    String key = "agent_x@" + UUID.randomUUID();
    int limit = 30;
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<OptionalLong>> counted = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        SharedCounters node = i % 3 == 0 ? a : b; // an uneven spread
        counted.add(pool.submit(() -> node.increment(key, limit)));
      }
      int allowed = 0;
      List<Long> counts = new ArrayList<>();
      for (Future<OptionalLong> f : counted) {
        long c = f.get(30, TimeUnit.SECONDS).orElseThrow();
        counts.add(c);
        if (c <= limit) {
          allowed++;
        }
      }
      assertEquals(limit, allowed);
      for (long c = 1; c <= limit; c++) {
        assertTrue(counts.contains(c), "every count up to the limit is handed out once: " + c);
      }
      assertEquals(0, a.fallbacks() + b.fallbacks());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void allTrafficToOneNodeIsCountedTheSame() {
    SharedCounters a = on(one, Duration.ofSeconds(5));
    String key = "agent_y@" + UUID.randomUUID();
    for (int i = 1; i <= 5; i++) {
      assertEquals(i, a.increment(key, 5).orElseThrow());
    }
    assertEquals(6, a.increment(key, 5).orElseThrow());
    assertEquals(7, on(two, Duration.ofSeconds(5)).increment(key, 5).orElseThrow());
    assertEquals(7, a.increment(key, 5).orElseThrow(), "refused requests stop writing");
  }

  @Test
  void countersLiveTwoMinutesAfterTheirLastWrite() {
    on(one, Duration.ofSeconds(5)).increment("ttl@" + UUID.randomUUID(), 1);
    assertEquals(120, one.getConfig().getMapConfig(SharedCounters.MAP).getTimeToLiveSeconds());
    assertEquals(120, two.getConfig().getMapConfig(SharedCounters.MAP).getTimeToLiveSeconds());
  }

  @Test
  void aGridThatDoesNotAnswerInTimeFallsBackAtOnce() {
    SharedCounters a = on(one, Duration.ofMillis(50));
    BlockingQueue<String> stuck = new LinkedBlockingQueue<>();
    a.map =
        new ConcurrentHashMap<>() {
          @Override
          public Long putIfAbsent(String key, Long value) {
            try {
              stuck.take(); // a grid that never answers
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return null;
          }
        };
    long start = System.nanoTime();
    OptionalLong counted = a.increment("slow@" + UUID.randomUUID(), 10);
    long waitedMillis = (System.nanoTime() - start) / 1_000_000;

    assertFalse(counted.isPresent());
    assertTrue(waitedMillis < 1_000, "waited " + waitedMillis + " ms");
    assertEquals(1, a.fallbacks());
  }

  @Test
  void aCounterOnlyThisNodeRaisesCostsOneTripAndARefusalNone() {
    SharedCounters a = on(one, Duration.ofSeconds(5));
    java.util.concurrent.atomic.AtomicInteger trips =
        new java.util.concurrent.atomic.AtomicInteger();
    a.map =
        new ConcurrentHashMap<>() {
          @Override
          public Long putIfAbsent(String key, Long value) {
            trips.incrementAndGet();
            return super.putIfAbsent(key, value);
          }

          @Override
          public boolean replace(String key, Long oldValue, Long newValue) {
            trips.incrementAndGet();
            return super.replace(key, oldValue, newValue);
          }

          @Override
          public Long get(Object key) {
            trips.incrementAndGet();
            return super.get(key);
          }
        };
    String key = "one-node@" + UUID.randomUUID();
    for (int i = 1; i <= 3; i++) {
      assertEquals(i, a.increment(key, 3).orElseThrow());
    }
    assertEquals(3, trips.get(), "one trip per counted request");
    assertEquals(4, a.increment(key, 3).orElseThrow());
    assertEquals(4, trips.get(), "the request that goes over the cap writes once");
    assertTrue(a.increment(key, 3).orElseThrow() > 3);
    assertEquals(4, trips.get(), "later refusals need no trip");
    a.map.put(
        key, 10L); // another node counted too: the stale guess costs a read, never a wrong count
    SharedCounters b = on(one, Duration.ofSeconds(5));
    b.map = a.map;
    String other = "two-nodes@" + UUID.randomUUID();
    assertEquals(1, a.increment(other, 100).orElseThrow());
    assertEquals(2, b.increment(other, 100).orElseThrow());
    assertEquals(3, a.increment(other, 100).orElseThrow());
  }

  @Test
  void withoutAGridNothingIsCounted() {
    SharedCounters alone = SharedCounters.through(DataGrid.none(), Duration.ofSeconds(1));
    assertFalse(alone.increment("k", 1).isPresent());
    assertEquals(0, alone.fallbacks(), "no grid is not a fallback");
  }
}
