package org.agentcommerce.payment.spi;

/**
 * Whether a charge call may have reached its PSP, across the retries of its guard (which run on the
 * caller's thread). A retry that ends in an open circuit, a full bulkhead or a failover-safe
 * refusal does not make an earlier try that may have charged safe to fail over: the payment service
 * asks {@link #mayHaveSent()} before it treats a failure as "nothing created".
 */
public final class PspCallTrace {

  private static final ThreadLocal<boolean[]> SENT = ThreadLocal.withInitial(() -> new boolean[1]);

  private PspCallTrace() {}

  /** A new charge call begins on this thread. */
  public static void begin() {
    SENT.get()[0] = false;
  }

  /** A try is about to go out: from here the PSP may have it. */
  public static boolean markSending() {
    boolean before = SENT.get()[0];
    SENT.get()[0] = true;
    return before;
  }

  /** The try that was marked certainly sent nothing: back to what was known before it. */
  public static void notSent(boolean before) {
    SENT.get()[0] = before;
  }

  public static boolean mayHaveSent() {
    return SENT.get()[0];
  }
}
