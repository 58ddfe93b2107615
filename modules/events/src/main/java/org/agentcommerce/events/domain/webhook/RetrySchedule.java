package org.agentcommerce.events.domain.webhook;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * When a delivery that failed in a retryable way (429, 5xx, timeout, no connection) is tried again:
 * the Standard Webhooks schedule of WIRE.md — immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14
 * h, 20 h, 24 h — never sooner than the receiver's {@code Retry-After}, which is capped at 24 h.
 * After the last step the delivery has failed.
 */
public record RetrySchedule(List<Duration> steps) {

  /** The longest {@code Retry-After} honoured. */
  public static final Duration MAX_RETRY_AFTER = Duration.ofHours(24);

  /** WIRE.md's schedule: the delay before attempt n+1, for n = 0 (first attempt) upwards. */
  public static final RetrySchedule STANDARD =
      new RetrySchedule(
          List.of(
              Duration.ZERO,
              Duration.ofSeconds(5),
              Duration.ofMinutes(5),
              Duration.ofMinutes(30),
              Duration.ofHours(2),
              Duration.ofHours(5),
              Duration.ofHours(10),
              Duration.ofHours(14),
              Duration.ofHours(20),
              Duration.ofHours(24)));

  public RetrySchedule {
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("a retry schedule needs at least the first attempt");
    }
    steps = List.copyOf(steps);
  }

  /** A schedule written as ISO-8601 durations separated by commas (configuration). */
  public static RetrySchedule parse(String text) {
    return new RetrySchedule(
        java.util.Arrays.stream(text.split(",")).map(String::trim).map(Duration::parse).toList());
  }

  /** How many attempts the schedule allows in all. */
  public int attempts() {
    return steps.size();
  }

  /**
   * The wait before the next attempt after {@code attemptsMade} attempts of this schedule failed
   * retryably, or empty when none is left. {@code retryAfter} (may be null) lengthens it.
   */
  public Optional<Duration> next(int attemptsMade, Duration retryAfter) {
    if (attemptsMade >= steps.size()) {
      return Optional.empty();
    }
    Duration wait = steps.get(attemptsMade);
    if (retryAfter != null && retryAfter.compareTo(wait) > 0) {
      wait = retryAfter.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : retryAfter;
    }
    return Optional.of(wait);
  }
}
