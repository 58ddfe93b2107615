package org.agentcommerce.checkout.domain.placement;

/** A platform refused the order or could not be reached. */
public class PlacementException extends Exception {

  private static final long serialVersionUID = 1L;

  private final boolean retryable;
  private final Long retryAfterSeconds;

  public PlacementException(String message, boolean retryable, Long retryAfterSeconds) {
    super(message);
    this.retryable = retryable;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public PlacementException(String message, boolean retryable, Throwable cause) {
    super(message, cause);
    this.retryable = retryable;
    this.retryAfterSeconds = null;
  }

  /** Whether trying again later may succeed (throttling, 5xx, network), or never will (4xx). */
  public boolean retryable() {
    return retryable;
  }

  /** The platform's own Retry-After, when it sent one. */
  public Long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
