package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.agentcommerce.platform.api.CallCounts.HourlyCount;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.domain.usage.CallCountStore;
import org.agentcommerce.platform.testing.MutableClock;
import org.junit.jupiter.api.Test;

class CallCountersTest {

  /** A store in a list; can be made to fail. */
  static final class ListStore implements CallCountStore {
    final List<Increment> rows = new ArrayList<>();
    boolean failing;
    int batches;

    @Override
    public synchronized void add(List<Increment> increments) {
      if (failing) {
        throw new IllegalStateException("database down");
      }
      batches++;
      rows.addAll(increments);
    }

    @Override
    public synchronized List<HourlyCount> read(String agentId, Instant fromHour) {
      return rows.stream()
          .filter(i -> i.agentId().equals(agentId) && !i.count().hour().isBefore(fromHour))
          .map(Increment::count)
          .toList();
    }

    @Override
    public int purgeBefore(Instant hour) {
      return 0;
    }
  }

  private final ListStore store = new ListStore();
  private final MutableClock clock = MutableClock.at("2026-11-24T10:15:00Z");

  private CallCounters counters() {
    CallCounters c = new CallCounters();
    c.store = store;
    c.clock = clock;
    c.interval = Duration.ofSeconds(10);
    return c;
  }

  private static long total(List<HourlyCount> counts, CountedCall call) {
    return counts.stream().filter(h -> h.call() == call).mapToLong(HourlyCount::count).sum();
  }

  @Test
  void callsAreCountedPerHourAndWrittenInOneBatch() {
    CallCounters c = counters();
    c.record("agent_a", CountedCall.CATALOG_SEARCH);
    c.record("agent_a", CountedCall.CATALOG_SEARCH);
    clock.advance(Duration.ofHours(1));
    c.record("agent_a", CountedCall.CATALOG_SEARCH);
    c.record("agent_b", CountedCall.QUOTE);

    assertEquals(0, store.rows.size(), "nothing is written on the request");
    assertEquals(3, total(c.since("agent_a", Instant.EPOCH), CountedCall.CATALOG_SEARCH));

    c.flush();
    assertEquals(1, store.batches);
    assertEquals(3, store.rows.size(), "one row per agent, kind and hour");
    assertEquals(3, total(c.since("agent_a", Instant.EPOCH), CountedCall.CATALOG_SEARCH));
    assertEquals(0, total(c.since("agent_a", Instant.EPOCH), CountedCall.QUOTE));
    assertEquals(1, total(c.since("agent_b", Instant.EPOCH), CountedCall.QUOTE));
  }

  @Test
  void aFailedWriteKeepsTheCountsForTheNextFlush() {
    CallCounters c = counters();
    c.record("agent_a", CountedCall.PRODUCT_READ);
    store.failing = true;
    assertThrows(IllegalStateException.class, c::flush);
    c.record("agent_a", CountedCall.PRODUCT_READ);
    assertEquals(2, total(c.since("agent_a", Instant.EPOCH), CountedCall.PRODUCT_READ));

    store.failing = false;
    c.flush();
    assertEquals(2, total(store.read("agent_a", Instant.EPOCH), CountedCall.PRODUCT_READ));
    assertEquals(2, total(c.since("agent_a", Instant.EPOCH), CountedCall.PRODUCT_READ));
  }

  @Test
  void countsRecordedWhileFlushingAreNeitherLostNorCountedTwice() throws Exception {
    CallCounters c = counters();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    for (int t = 0; t < 4; t++) {
      pool.submit(
          () -> {
            for (int i = 0; i < 10_000; i++) {
              c.record("agent_a", CountedCall.CART_VALIDATION);
            }
          });
    }
    for (int i = 0; i < 20; i++) {
      c.flush();
    }
    pool.shutdown();
    pool.awaitTermination(30, TimeUnit.SECONDS);
    c.flush();
    assertEquals(40_000, total(store.read("agent_a", Instant.EPOCH), CountedCall.CART_VALIDATION));
    assertEquals(40_000, total(c.since("agent_a", Instant.EPOCH), CountedCall.CART_VALIDATION));
  }
}
