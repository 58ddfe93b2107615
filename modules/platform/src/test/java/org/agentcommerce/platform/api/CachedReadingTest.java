package org.agentcommerce.platform.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CachedReadingTest {

  private final AtomicLong nanos = new AtomicLong(1_000);
  private final AtomicInteger reads = new AtomicInteger();

  @Test
  void readsOncePerPeriodHoweverOftenAsked() {
    CachedReading<Integer> r =
        new CachedReading<>(reads::incrementAndGet, Duration.ofSeconds(5), nanos::get);
    assertEquals(1.0, r.number(Integer::doubleValue));
    nanos.addAndGet(Duration.ofMillis(4_999).toNanos());
    for (int i = 0; i < 100; i++) {
      assertEquals(1.0, r.number(Integer::doubleValue));
    }
    assertEquals(1, reads.get());
    nanos.addAndGet(Duration.ofMillis(1).toNanos());
    assertEquals(2.0, r.number(Integer::doubleValue));
    assertEquals(2, reads.get());
  }

  @Test
  void aFailedReadIsNaNForThePeriodAndNeverThrows() {
    boolean[] down = {false};
    CachedReading<Integer> r =
        new CachedReading<>(
            () -> {
              reads.incrementAndGet();
              if (down[0]) {
                throw new IllegalStateException("database down");
              }
              return 7;
            },
            Duration.ofSeconds(5),
            nanos::get);
    assertEquals(7.0, r.number(Integer::doubleValue));
    down[0] = true;
    nanos.addAndGet(Duration.ofSeconds(5).toNanos());
    assertTrue(Double.isNaN(r.number(Integer::doubleValue)), "no stale value while it is down");
    assertTrue(Double.isNaN(r.number(Integer::doubleValue)));
    assertEquals(2, reads.get(), "a failing database is not asked again within the period");
    down[0] = false;
    nanos.addAndGet(Duration.ofSeconds(5).toNanos());
    assertEquals(7.0, r.number(Integer::doubleValue));
  }
}
