package org.agentcommerce.checkout.application.placement;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

  final Backoff backoff = new Backoff(Duration.ofSeconds(2), Duration.ofMinutes(10));

  @Test
  void doublesFromTheBaseWithinTwentyPercentJitter() {
    for (int attempt = 1; attempt <= 6; attempt++) {
      long nominal = 2000L << (attempt - 1);
      long d = backoff.delayMillis(attempt, null);
      assertTrue(d >= nominal * 0.8 - 1 && d <= nominal * 1.2 + 1, attempt + ": " + d);
    }
  }

  @Test
  void neverMoreThanTheMaximumEvenAfterManyAttempts() {
    for (int attempt = 10; attempt <= 200; attempt += 10) {
      assertTrue(backoff.delayMillis(attempt, null) <= 600_000 * 1.2 + 1);
    }
  }

  @Test
  void neverSoonerThanThePlatformAsked() {
    assertTrue(backoff.delayMillis(1, 30L) >= 30_000);
  }

  @Test
  void aRetryAfterBeyondTheMaximumIsTheMaximum() {
    assertTrue(backoff.delayMillis(1, 400_000_000L) <= 600_000);
    assertTrue(backoff.delayMillis(1, 400_000_000L) >= 600_000);
    assertTrue(backoff.delayMillis(1, Long.MAX_VALUE) == 600_000);
  }
}
