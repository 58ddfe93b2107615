package org.agentcommerce.platform.infrastructure.logging;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One JSON object a line ({@code ac.log.format=json}): {@code timestamp}, {@code level}, {@code
 * logger}, {@code thread}, {@code trace_id} and {@code agent_id} (when the line was written while
 * serving a request or in a traced run), {@code message}, {@code exception} (the stack trace, when
 * there is one).
 */
public final class JsonLogFormatter extends Formatter {

  private static final Pattern STAMP =
      Pattern.compile("^\\[trace_id=([0-9a-f]{32}) agent_id=(\\S+)\\] ", Pattern.DOTALL);

  @Override
  public String format(LogRecord record) {
    String message = formatMessage(record);
    String traceId = null;
    String agentId = null;
    Matcher m = STAMP.matcher(message == null ? "" : message);
    if (m.find()) {
      traceId = m.group(1);
      agentId = "-".equals(m.group(2)) ? null : m.group(2);
      message = message.substring(m.end());
    }
    StringBuilder out = new StringBuilder(256).append('{');
    field(out, "timestamp", Instant.ofEpochMilli(record.getMillis()).toString()).append(',');
    field(out, "level", record.getLevel().getName()).append(',');
    field(out, "logger", record.getLoggerName()).append(',');
    field(out, "thread", Thread.currentThread().getName());
    if (traceId != null) {
      field(out.append(','), "trace_id", traceId);
    }
    if (agentId != null) {
      field(out.append(','), "agent_id", agentId);
    }
    field(out.append(','), "message", message);
    if (record.getThrown() != null) {
      StringWriter trace = new StringWriter();
      record.getThrown().printStackTrace(new PrintWriter(trace));
      field(out.append(','), "exception", trace.toString());
    }
    return out.append("}\n").toString();
  }

  private static StringBuilder field(StringBuilder out, String name, String value) {
    out.append('"').append(name).append("\":");
    if (value == null) {
      return out.append("null");
    }
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x2028 || c == 0x2029) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"');
  }
}
