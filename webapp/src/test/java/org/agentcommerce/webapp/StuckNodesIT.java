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
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.TestDatabase;
import org.agentcommerce.webapp.support.TestIssuer;
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
 * of ours within seconds; the sequencer's lock it held is then the next node's; due work it holds
 * is skipped by the other nodes' claims, never waited for. Asserted on what a client sees: the
 * timeline and the payments.
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
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;
  private String buyer;

  @BeforeEach
  void agent() {
    http = new Http(base);
    long deadline = System.currentTimeMillis() + 60_000;
    while (http.get("/health/ready").status() != 200) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("never ready");
      }
      sleep(200);
    }
    agent = Agents.register(http);
    buyer = TestIssuer.token("stuck-" + System.nanoTime());
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

  /**
   * A node froze holding the sequencer's row (in the middle of numbering): an order made now on a
   * working node is on the timeline within 5 s, numbered once, after every id already given.
   */
  @Test
  void aNodeFrozenWhileNumberingHoldsUpOthersEventsForSecondsOnly() {
    String before = order();
    JsonObject first = awaitEvent(before, 15_000);
    long firstId = first.getJsonNumber("id").longValue();
    String held = holdSequencer();
    long t0 = System.nanoTime();
    JsonObject event;
    long seen;
    try {
      event = awaitEvent(order(), 5_000);
      seen = ms(t0);
    } finally {
      release(held);
    }
    assertTrue(event != null, "no event of an order made on a working node within 5 s");
    assertTrue(seen < 5_000, "the order's event appeared " + seen + " ms after the freeze");
    assertTrue(event.getJsonNumber("id").longValue() > firstId);
    assertEquals("order.created", event.getString("event_type"));
    // Contiguous from 1, each outbox row once: the frozen numbering left neither gap nor twin.
    assertEquals(
        String.valueOf(Agents.query("SELECT COUNT(*) FROM order_events")),
        String.valueOf(Agents.query("SELECT MAX(id) FROM order_events")));
    assertEquals(
        String.valueOf(Agents.query("SELECT COUNT(DISTINCT event_id) FROM order_events")),
        String.valueOf(Agents.query("SELECT COUNT(*) FROM order_events")));
  }

  /**
   * The oldest due attempt's row is held by a session that never commits (a node frozen while
   * settling it): every reconciliation round still settles the others, and the held one is taken up
   * once its session ends.
   */
  @Test
  void aReconciliationRoundSettlesTheOtherAttemptsWhileOneIsHeld() throws Exception {
    String stuckOrder = order();
    String stuckPayment = "pay_stuck" + Long.toHexString(System.nanoTime());
    String stuckAttempt = "att_stuck" + Long.toHexString(System.nanoTime());
    Agents.sql(
        "UPDATE orders SET status = 'payment_processing', payment_status = 'processing'"
            + " WHERE id = ?",
        stuckOrder);
    Agents.sql(
        "INSERT INTO payments (id, agent_id, order_id, merchant_id, status, amount_minor,"
            + " currency, psp, method_type, off_session, live_mode, protocol, live_order_id, version,"
            + " created_at, updated_at) SELECT ?, agent_id, id, merchant_id, 'processing',"
            + " total_minor, currency, 'sandbox', 'card', FALSE, FALSE, 'rest', id, 0,"
            + " TIMESTAMPADD(HOUR, -1, CURRENT_TIMESTAMP(6)), CURRENT_TIMESTAMP(6) FROM orders"
            + " WHERE id = ?",
        stuckPayment,
        stuckOrder);
    // Due for an hour (the first one every round reads), claimed by a node whose lease ends in
    // two seconds: it froze while settling it, holding its row.
    Agents.sql(
        "INSERT INTO payment_attempts (id, payment_id, seq, psp, idempotency_key, status,"
            + " reconcile_count, next_check_at, lease_holder, lease_until, created_at) VALUES (?,"
            + " ?, 1, 'sandbox', ?, 'sent', 0, TIMESTAMPADD(HOUR, -1, CURRENT_TIMESTAMP(6)),"
            + " 'frozen-node', TIMESTAMPADD(SECOND, 2, CURRENT_TIMESTAMP(6)), TIMESTAMPADD(HOUR,"
            + " -1, CURRENT_TIMESTAMP(6)))",
        stuckAttempt,
        stuckPayment,
        "ac-" + stuckAttempt);
    List<String> payments = new ArrayList<>();
    try (Connection stuck = connection()) {
      stuck.setAutoCommit(false);
      try (PreparedStatement ps =
          stuck.prepareStatement("SELECT id FROM payment_attempts WHERE id = ? FOR UPDATE")) {
        ps.setString(1, stuckAttempt);
        ps.executeQuery().close();
      }
      sleep(2500); // the lease is over: the attempt is due for every node, its row still held
      long t0 = System.nanoTime();
      for (String token : List.of("tok_timeout", "tok_processing")) {
        JsonObject p = pay(order(), token);
        assertEquals("processing", p.getString("status"), p::toString);
        payments.add(p.getString("payment_id"));
      }
      for (String paymentId : payments) {
        assertEquals(
            "succeeded",
            awaitPayment(paymentId, "succeeded", t0, 20_000),
            () -> paymentId + " after " + ms(t0) + " ms");
      }
      stuck.rollback();
    }
    // Let go of, the held attempt is reconciled like any other.
    long deadline = System.currentTimeMillis() + 20_000;
    while (((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM payment_attempts WHERE id = ? AND status = 'sent' AND"
                        + " reconcile_count = 0",
                    stuckAttempt))
            .intValue()
        == 1) {
      assertTrue(System.currentTimeMillis() < deadline, "the held attempt was never taken up");
      sleep(250);
    }
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

  private String order() {
    Http.Answer a =
        http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
                + "\"currency\":\"USD\"}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer);
    assertEquals(200, a.status(), a::toString);
    return a.json().getString("order_id");
  }

  private JsonObject pay(String orderId, String token) {
    Http.Answer a =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\""
                + token
                + "\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer);
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  /** The payment's status once it is {@code status} or {@code withinMs} after t0 passed. */
  private String awaitPayment(String paymentId, String status, long t0, long withinMs) {
    while (true) {
      Http.Answer a = http.get("/agent/v1/payments/" + paymentId, "X-API-Key", agent.apiKey());
      assertEquals(200, a.status(), a::toString);
      String now = a.json().getString("status");
      if (status.equals(now) || ms(t0) > withinMs) {
        return now;
      }
      sleep(250);
    }
  }

  /** The order's first timeline event, long-polling until {@code withinMs}; null if none. */
  private JsonObject awaitEvent(String orderId, long withinMs) {
    long t0 = System.nanoTime();
    while (true) {
      long left = withinMs - ms(t0);
      if (left <= 0) {
        return null;
      }
      Http.Answer a =
          http.get(
              "/agent/v1/orders/events?after_id=0&order_id="
                  + orderId
                  + "&wait_ms="
                  + Math.min(1000, Math.max(1, left)),
              "X-API-Key",
              agent.apiKey());
      assertEquals(200, a.status(), a::toString);
      if (!a.json().getJsonArray("events").isEmpty()) {
        return a.json().getJsonArray("events").getJsonObject(0);
      }
    }
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
