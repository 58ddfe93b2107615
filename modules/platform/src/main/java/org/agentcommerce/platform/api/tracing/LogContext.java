package org.agentcommerce.platform.api.tracing;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * What every log line written while serving a request carries: the request's trace id and the
 * authenticated agent's id. The trace id is the current span's while tracing is on; while it is
 * off, the incoming {@code traceparent}'s trace id, else one made up for the request, so the lines
 * of one request still share an id. Filled in by the request filters and the authentication filter
 * on the request's thread; cleared when the request ends.
 */
public final class LogContext {

  private static final ThreadLocal<String[]> CURRENT = new ThreadLocal<>();
  private static final SecureRandom RANDOM = new SecureRandom();

  private LogContext() {}

  /** A request begins on this thread: forget the last one's ids, take or make a trace id. */
  public static void begin(String incomingTraceparent) {
    String traceId = Tracing.traceIdOf(incomingTraceparent);
    if (traceId == null) {
      byte[] id = new byte[16];
      RANDOM.nextBytes(id);
      traceId = HexFormat.of().formatHex(id);
    }
    CURRENT.set(new String[] {traceId, null});
  }

  /** The request's agent is known (authenticated). */
  public static void agent(String agentId) {
    String[] c = CURRENT.get();
    if (c != null) {
      c[1] = agentId;
    }
  }

  /** The request ended. */
  public static void clear() {
    CURRENT.remove();
    Tracing.forgetRequestSpan();
  }

  /** The current trace id: the recording span's, else the request's; null outside either. */
  public static String traceId() {
    String recorded = Tracing.traceId();
    if (recorded != null) {
      return recorded;
    }
    String[] c = CURRENT.get();
    return c == null ? null : c[0];
  }

  /** The current request's agent id; null before authentication or outside a request. */
  public static String agentId() {
    String[] c = CURRENT.get();
    return c == null ? null : c[1];
  }
}
