package org.agentcommerce.payment.spi;

/**
 * A {@link PspNotAcceptedException} the guard may retry with the same idempotency key (the only
 * exception its {@code @Retry} retries on).
 */
public class PspRetriableException extends PspNotAcceptedException {

  private static final long serialVersionUID = 1L;

  public PspRetriableException(PspNotAcceptedException e) {
    super(e.psp(), e.code(), null, true, e.failoverSafe(), e.retryAfter(), e);
  }

  /** Rethrows {@code e} as retriable when the PSP said a retry with the same key may succeed. */
  public static PspNotAcceptedException classify(PspNotAcceptedException e) {
    return e.retriable() && !(e instanceof PspRetriableException)
        ? new PspRetriableException(e)
        : e;
  }
}
