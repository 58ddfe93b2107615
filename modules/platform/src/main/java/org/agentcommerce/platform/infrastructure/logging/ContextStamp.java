package org.agentcommerce.platform.infrastructure.logging;

import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.agentcommerce.platform.api.tracing.LogContext;

/**
 * A handler on the application's {@code org.agentcommerce} logger that writes nothing: it runs on
 * the logging thread before the runtime's own handlers (JUL hands a record to the logger's
 * handlers, then to its parents') and prefixes the record's message with the request's trace id and
 * agent id, so the runtime's format (or {@link JsonLogFormatter}) shows them on every line.
 */
final class ContextStamp extends Handler {

  static final String PREFIX = "[trace_id=";

  @Override
  public void publish(LogRecord record) {
    String traceId = LogContext.traceId();
    if (traceId == null) {
      return;
    }
    String message = record.getMessage();
    if (message != null && message.startsWith(PREFIX)) {
      return;
    }
    String agentId = LogContext.agentId();
    record.setMessage(
        PREFIX
            + traceId
            + " agent_id="
            + (agentId == null ? "-" : agentId)
            + "] "
            + (message == null ? "" : message));
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}
}
