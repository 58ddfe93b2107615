package org.agentcommerce.events.application;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.agentcommerce.events.domain.webhook.WebhookTransport;

/**
 * The outcome of one attempt, not yet recorded: {@code succeeded}, {@code failed}, or {@code retry}
 * (which the retry schedule turns into pending or failed), with the receiver's status, the error as
 * recorded, and how long the receiver asked us to wait. A receiver's answer means: 2xx succeeded;
 * 410 failed (the endpoint is then disabled); 429 and 5xx retry, never sooner than {@code
 * Retry-After}; anything else failed.
 */
record AttemptOutcome(String status, Integer httpStatus, String error, Duration retryAfter) {

  /** What the receiver's answer means. */
  static AttemptOutcome of(WebhookTransport.Answer answer, Instant now) {
    int code = answer.status();
    if (code >= 200 && code < 300) {
      return new AttemptOutcome("succeeded", code, null, null);
    }
    if (code == 410) {
      return new AttemptOutcome("failed", code, "410 Gone: endpoint disabled", null);
    }
    if (code == 429 || code >= 500) {
      return new AttemptOutcome(
          "retry", code, "HTTP " + code, retryAfter(answer.retryAfter(), now));
    }
    return new AttemptOutcome("failed", code, "HTTP " + code, null);
  }

  /** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
  static Duration retryAfter(String value, Instant now) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Duration.ofSeconds(Math.max(0, Long.parseLong(value.trim())));
    } catch (NumberFormatException e) {
      try {
        Instant at =
            ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
      } catch (RuntimeException e2) {
        return null;
      }
    }
  }
}
