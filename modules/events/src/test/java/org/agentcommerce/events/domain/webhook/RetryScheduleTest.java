package org.agentcommerce.events.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

  /**
   * A receiver that always fails, on a fake clock: the attempts happen at 0, 5 s, 5 min 5 s, ... as
   * WIRE.md lists, ten in all, then the delivery has failed.
   */
  @Test
  void aReceiverThatAlwaysFailsIsTriedOnWireMdsScheduleThenGivenUp() {
    Instant clock = Instant.parse("2026-01-01T00:00:00Z");
    List<Duration> offsets = new ArrayList<>();
    Instant start = clock;
    int attempts = 0;
    Optional<Duration> wait = Optional.of(Duration.ZERO);
    while (wait.isPresent()) {
      clock = clock.plus(wait.get());
      attempts++;
      offsets.add(Duration.between(start, clock));
      wait = RetrySchedule.STANDARD.next(attempts, null);
    }
    assertEquals(10, attempts);
    assertEquals(
        List.of(
            Duration.ZERO,
            Duration.ofSeconds(5),
            Duration.ofSeconds(5).plusMinutes(5),
            Duration.ofSeconds(5).plusMinutes(35),
            Duration.ofSeconds(5).plusMinutes(155),
            Duration.ofSeconds(5).plusMinutes(455),
            Duration.ofSeconds(5).plusMinutes(1055),
            Duration.ofSeconds(5).plusMinutes(1895),
            Duration.ofSeconds(5).plusMinutes(3095),
            Duration.ofSeconds(5).plusMinutes(4535)),
        offsets);
  }

  @Test
  void retryAfterLengthensAWaitButNeverShortensItAndIsCapped() {
    assertEquals(
        Duration.ofSeconds(120),
        RetrySchedule.STANDARD.next(1, Duration.ofSeconds(120)).orElseThrow());
    assertEquals(
        Duration.ofMinutes(5), RetrySchedule.STANDARD.next(2, Duration.ofSeconds(1)).orElseThrow());
    assertEquals(
        Duration.ofHours(24), RetrySchedule.STANDARD.next(1, Duration.ofDays(30)).orElseThrow());
    assertTrue(RetrySchedule.STANDARD.next(10, Duration.ofSeconds(1)).isEmpty());
  }

  @Test
  void aConfiguredScheduleParses() {
    RetrySchedule s = RetrySchedule.parse("PT0S, PT1S,PT2S");
    assertEquals(3, s.attempts());
    assertEquals(Duration.ofSeconds(2), s.next(2, null).orElseThrow());
  }
}
