package org.agentcommerce.catalog.spi;

import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** A merchant platform could not be read; {@link #kind()} says why and whether to try again. */
public class ConnectorException extends Exception {

  private static final long serialVersionUID = 1L;

  /** Why a read failed. */
  public enum Kind {
    /** The platform says the resource does not exist. */
    NOT_FOUND(false),
    /** The platform could not be reached or failed: 5xx, timeout, refused connection, DNS. */
    UNAVAILABLE(true),
    /** The platform throttled us (429); {@link #retryAfterSeconds()} says when to come back. */
    RATE_LIMITED(true),
    /** The platform answered something we cannot read: bad JSON, an unexpected shape or status. */
    INVALID_RESPONSE(false);

    private final boolean retriable;

    Kind(boolean retriable) {
      this.retriable = retriable;
    }

    public boolean retriable() {
      return retriable;
    }
  }

  private final Kind kind;
  private final int httpStatus;
  private final long retryAfterSeconds;

  public ConnectorException(Kind kind, String message) {
    this(kind, message, null, -1, -1);
  }

  public ConnectorException(Kind kind, String message, Throwable cause) {
    this(kind, message, cause, -1, -1);
  }

  /**
   * @param httpStatus the HTTP status the platform answered, or -1
   * @param retryAfterSeconds the platform's Retry-After in seconds, or -1 when it gave none
   */
  public ConnectorException(
      Kind kind, String message, Throwable cause, int httpStatus, long retryAfterSeconds) {
    super(message, cause);
    this.kind = Objects.requireNonNull(kind, "kind");
    this.httpStatus = httpStatus;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public static ConnectorException rateLimited(String message, int httpStatus, Long retryAfter) {
    return new ConnectorException(
        Kind.RATE_LIMITED, message, null, httpStatus, retryAfter == null ? -1 : retryAfter);
  }

  public Kind kind() {
    return kind;
  }

  /** Whether the same call may succeed later: true for UNAVAILABLE and RATE_LIMITED. */
  public boolean retriable() {
    return kind.retriable();
  }

  /** The HTTP status the platform answered, when the failure came with one. */
  public OptionalInt httpStatus() {
    return httpStatus < 0 ? OptionalInt.empty() : OptionalInt.of(httpStatus);
  }

  /** For RATE_LIMITED, the seconds the platform asked us to wait, when it said. */
  public OptionalLong retryAfterSeconds() {
    return retryAfterSeconds < 0 ? OptionalLong.empty() : OptionalLong.of(retryAfterSeconds);
  }
}
