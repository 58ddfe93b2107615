package org.agentcommerce.payment.spi;

import java.time.Duration;

/**
 * The PSP certainly did not create a charge for this request: the connection was refused, it
 * answered 429, it refused the request itself (4xx other than a decline), or it answered a 5xx it
 * marks as safe to retry. {@code retriable}: the same request with the same idempotency key may
 * succeed later ({@code retryAfter} when the PSP said when). {@code failoverSafe}: another PSP may
 * be tried, because this one created nothing.
 */
public class PspNotAcceptedException extends Exception {

  private static final long serialVersionUID = 1L;

  private final String psp;
  private final String code;
  private final boolean retriable;
  private final boolean failoverSafe;
  private final Duration retryAfter;

  public PspNotAcceptedException(
      String psp,
      String code,
      String message,
      boolean retriable,
      boolean failoverSafe,
      Duration retryAfter,
      Throwable cause) {
    super(psp + ": " + code + (message == null ? "" : " (" + message + ")"), cause);
    this.psp = psp;
    this.code = code;
    this.retriable = retriable;
    this.failoverSafe = failoverSafe;
    this.retryAfter = retryAfter;
  }

  public String psp() {
    return psp;
  }

  /** connection_refused, rate_limited, invalid_request, authentication_failed, psp_unavailable… */
  public String code() {
    return code;
  }

  public boolean retriable() {
    return retriable;
  }

  public boolean failoverSafe() {
    return failoverSafe;
  }

  public Duration retryAfter() {
    return retryAfter;
  }
}
