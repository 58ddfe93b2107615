package org.agentcommerce.checkout.application.placement;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When to try a placement again: exponential from {@code base} (base, 2×, 4×, …) up to {@code max},
 * with ±20 % jitter so that jobs that failed together do not retry together, and never sooner than
 * the platform asked for ({@code Retry-After}), up to {@code max}: a Retry-After beyond it
 * (400000000 seconds) is read as {@code max}, so that no answer can park a job for years or
 * overflow a timestamp.
 */
public record Backoff(Duration base, Duration max) {

  public long delayMillis(int attempt, Long retryAfterSeconds) {
    long exp = base.toMillis() << Math.min(Math.max(attempt - 1, 0), 30);
    long capped = Math.min(exp <= 0 ? max.toMillis() : exp, max.toMillis());
    double jitter = 0.8 + ThreadLocalRandom.current().nextDouble() * 0.4;
    long delay = Math.round(capped * jitter);
    if (retryAfterSeconds != null) {
      long asked = Math.min(Math.max(retryAfterSeconds, 0), max.toSeconds());
      delay = Math.max(delay, asked * 1000);
    }
    return delay;
  }
}
