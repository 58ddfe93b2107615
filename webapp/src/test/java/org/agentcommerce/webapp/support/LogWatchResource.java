package org.agentcommerce.webapp.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * A test-only window on the server's log, added to the real WAR by the tests that need it: {@code
 * POST /agent/v1/test/log-watch} starts recording what request threads log at WARNING or above
 * (forgetting earlier records), {@code GET} lists it, each with its logger and whether it carries a
 * stack trace. Lets a test prove that hostile requests do not flood the log.
 */
@ApplicationScoped
@Path("/agent/v1/test/log-watch")
public class LogWatchResource {

  private static final List<Map<String, Object>> RECORDS = new ArrayList<>();
  private static Handler handler;

  @POST
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> start() {
    synchronized (RECORDS) {
      RECORDS.clear();
      if (handler == null) {
        handler = new Recorder();
        handler.setLevel(Level.WARNING);
        Logger.getLogger("").addHandler(handler);
      }
    }
    return Map.of("watching", true);
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> records() {
    synchronized (RECORDS) {
      return Map.of("records", List.copyOf(RECORDS));
    }
  }

  /** Keeps WARNING+ records logged on the threads that serve requests. */
  private static final class Recorder extends Handler {
    @Override
    public void publish(LogRecord record) {
      String thread = Thread.currentThread().getName();
      if (record.getLevel().intValue() < Level.WARNING.intValue()
          || !thread.startsWith("http-thread-pool")) {
        return;
      }
      String message = record.getMessage() == null ? "" : record.getMessage();
      synchronized (RECORDS) {
        if (RECORDS.size() < 200) {
          RECORDS.add(
              Map.of(
                  "level",
                  record.getLevel().getName(),
                  "logger",
                  String.valueOf(record.getLoggerName()),
                  "message",
                  message.length() > 300 ? message.substring(0, 300) : message,
                  "stack_trace",
                  record.getThrown() != null));
        }
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
