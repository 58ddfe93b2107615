package org.agentcommerce.webapp.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;

/** Registers agents through the API and reaches into the test database where a test must. */
public final class Agents {

  private Agents() {}

  /** A registered agent and its key. */
  public record Registered(String agentId, String email, String apiKey) {}

  public static Registered register(Http http) {
    return register(http, null);
  }

  /** Registers a fresh agent, its key limited to {@code merchants} when given. */
  public static Registered register(Http http, String[] merchants) {
    String email = "agent-" + UUID.randomUUID() + "@agents.test";
    var body = Json.createObjectBuilder().add("agent_name", "Test agent").add("agent_email", email);
    if (merchants != null) {
      var list = Json.createArrayBuilder();
      for (String m : merchants) {
        list.add(m);
      }
      body.add("allowed_merchant_ids", list);
    }
    // From an address of its own (test servers trust X-Forwarded-For): the classes share one
    // server, and registrations from 127.0.0.1 are limited per minute; tests of that limit send
    // their own addresses.
    Http.Answer answer =
        http.post("/agent/v1/auth", body.build().toString(), "X-Forwarded-For", freshAddress());
    assertEquals(200, answer.status(), answer::toString);
    return new Registered(
        answer.json().getString("agent_id"), email, answer.json().getString("api_key"));
  }

  /** A documentation address (RFC 3849) no other registration of this run used. */
  private static String freshAddress() {
    return "2001:db8:a::" + Integer.toHexString(ADDRESSES.incrementAndGet());
  }

  private static final java.util.concurrent.atomic.AtomicInteger ADDRESSES =
      new java.util.concurrent.atomic.AtomicInteger();

  /** Runs one SQL update against the test database; returns the rows changed. */
  public static int sql(String statement, Object... parameters) {
    return update(TestDatabase.url(), statement, parameters);
  }

  /** Runs one SQL update against another database on the test server ({@code database}). */
  public static int sqlOn(String database, String statement, Object... parameters) {
    return update(TestDatabase.otherDatabase(database), statement, parameters);
  }

  /** The first column of the first row of a query, or null. */
  public static Object query(String statement, Object... parameters) {
    return first(TestDatabase.url(), statement, parameters);
  }

  /** The first column of the first row of a query of another database on the test server. */
  public static Object queryOn(String database, String statement, Object... parameters) {
    return first(TestDatabase.otherDatabase(database), statement, parameters);
  }

  private static int update(String url, String statement, Object... parameters) {
    try (Connection c =
            DriverManager.getConnection(url, TestDatabase.user(), TestDatabase.password());
        PreparedStatement ps = c.prepareStatement(statement)) {
      for (int i = 0; i < parameters.length; i++) {
        ps.setObject(i + 1, parameters[i]);
      }
      return ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Object first(String url, String statement, Object... parameters) {
    try (Connection c =
            DriverManager.getConnection(url, TestDatabase.user(), TestDatabase.password());
        PreparedStatement ps = c.prepareStatement(statement)) {
      for (int i = 0; i < parameters.length; i++) {
        ps.setObject(i + 1, parameters[i]);
      }
      try (var rs = ps.executeQuery()) {
        return rs.next() ? rs.getObject(1) : null;
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
