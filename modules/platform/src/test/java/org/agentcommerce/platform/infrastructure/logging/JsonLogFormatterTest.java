package org.agentcommerce.platform.infrastructure.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.agentcommerce.platform.api.tracing.LogContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class JsonLogFormatterTest {

  @AfterEach
  void clear() {
    LogContext.clear();
  }

  @Test
  void aStampedRecordIsOneJsonLineWithTheTraceAndTheAgent() {
    String trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    LogContext.begin("00-" + trace + "-00f067aa0ba902b7-01");
    LogContext.agent("agent_1");
    LogRecord r = new LogRecord(Level.WARNING, "Payment {0}: \"unknown\"\nreconciling");
    r.setParameters(new Object[] {"pay_1"});
    r.setLoggerName("org.agentcommerce.x");
    r.setThrown(new IllegalStateException("boom"));
    new ContextStamp().publish(r);
    new ContextStamp().publish(r); // a second handler on the way stamps nothing more
    String line = new JsonLogFormatter().format(r);
    assertTrue(line.endsWith("}\n"), line);
    assertEquals(1, line.split("\n").length, line);
    JsonObject json = Json.createReader(new StringReader(line)).readObject();
    assertEquals(trace, json.getString("trace_id"));
    assertEquals("agent_1", json.getString("agent_id"));
    assertEquals("WARNING", json.getString("level"));
    assertEquals("Payment pay_1: \"unknown\"\nreconciling", json.getString("message"));
    assertTrue(json.getString("exception").contains("IllegalStateException: boom"));
  }

  @Test
  void outsideARequestNothingIsStamped() {
    LogRecord r = new LogRecord(Level.INFO, "started");
    new ContextStamp().publish(r);
    assertEquals("started", r.getMessage());
    JsonObject json =
        Json.createReader(new StringReader(new JsonLogFormatter().format(r))).readObject();
    assertFalse(json.containsKey("trace_id"));
  }

  @Test
  void withoutAnIncomingTraceARequestGetsATraceIdOfItsOwn() {
    LogContext.begin(null);
    assertTrue(LogContext.traceId().matches("[0-9a-f]{32}"), LogContext.traceId());
    LogContext.begin("garbage");
    assertTrue(LogContext.traceId().matches("[0-9a-f]{32}"));
  }
}
