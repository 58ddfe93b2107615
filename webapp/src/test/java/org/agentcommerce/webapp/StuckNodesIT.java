package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.StuckSessionResource;
import org.agentcommerce.webapp.support.TestDatabase;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One stuck node cannot stall the fleet: a session that holds rows and goes quiet, as a node does
 * that froze or lost its network in the middle of a transaction. The database ends such a session
 * of ours within seconds.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StuckNodesIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41";

  /** The documented default of ac.db.idle-write-transaction-timeout, which the tests keep. */
  static final long IDLE_WRITE_SECONDS = 3;

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.realWar().addClass(StuckSessionResource.class);
  }

  @ArquillianResource URL base;

  private Http http;

  @BeforeEach
  void ready() {
    http = new Http(base);
    long deadline = System.currentTimeMillis() + 60_000;
    while (http.get("/health/ready").status() != 200) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("never ready");
      }
      sleep(200);
    }
  }

  @Test
  void everyConnectionOfTheApplicationEndsQuietTransactionsAndBoundsItsLockWaits() {
    JsonObject s = http.unguarded().get("/agent/v1/test/stuck-session/settings").json();
    assertEquals(IDLE_WRITE_SECONDS, s.getJsonNumber("idle_write_transaction_timeout").longValue());
    assertEquals(60, s.getJsonNumber("idle_readonly_transaction_timeout").longValue());
    assertEquals(10, s.getJsonNumber("innodb_lock_wait_timeout").longValue());
  }

  @Test
  void anIdleWriteTransactionIsEndedByTheDatabaseWithinItsTimeout() throws Exception {
    String held = holdSequencer();
    long t0 = System.nanoTime();
    long freed = -1;
    try (Connection probe = connection()) {
      probe.setAutoCommit(false);
      while (freed < 0 && ms(t0) < 15_000) {
        try (PreparedStatement ps =
                probe.prepareStatement(
                    "SELECT next_id FROM event_sequencer WHERE name = 'order_events'"
                        + " FOR UPDATE NOWAIT");
            ResultSet rs = ps.executeQuery()) {
          rs.next();
          freed = ms(t0);
        } catch (SQLException stillHeld) {
          sleep(100);
        } finally {
          probe.rollback();
        }
      }
    } finally {
      JsonObject released = release(held);
      assertTrue(released.getBoolean("ended_by_database"), released::toString);
    }
    assertTrue(freed >= 0, "the quiet session still held the row after 15 s");
    assertTrue(
        freed >= (IDLE_WRITE_SECONDS - 1) * 1000 && freed <= (IDLE_WRITE_SECONDS + 3) * 1000,
        "ended after " + freed + " ms, configured " + IDLE_WRITE_SECONDS + " s");
  }

  // ----- helpers

  private String holdSequencer() {
    Http.Answer a = http.unguarded().post("/agent/v1/test/stuck-session/sequencer", "{}");
    assertEquals(200, a.status(), a::toString);
    return a.json().getString("id");
  }

  private JsonObject release(String id) {
    Http.Answer a = http.unguarded().send("DELETE", "/agent/v1/test/stuck-session/" + id, null);
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private static Connection connection() throws SQLException {
    return DriverManager.getConnection(
        TestDatabase.url(), TestDatabase.user(), TestDatabase.password());
  }

  private static long ms(long t0) {
    return (System.nanoTime() - t0) / 1_000_000;
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
