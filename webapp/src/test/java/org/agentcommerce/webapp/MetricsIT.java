package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.Prometheus;
import org.agentcommerce.webapp.support.TestDatabase;
import org.agentcommerce.webapp.support.TestIssuer;
import org.agentcommerce.webapp.support.TestOrders;
import org.agentcommerce.webapp.support.TestPayments;
import org.agentcommerce.webapp.support.WebhookReceiver;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The application's figures on /metrics (docs/operations.md, "Metrics"), scraped as Prometheus does
 * before and after one journey (an order, its payment with the sandbox PSP, its refund, a webhook
 * delivery to a local receiver, a large payment's approval asked for and given, two identical
 * searches, refused credentials, an unmatched path, a spent rate limit): each figure moved by
 * exactly what the journey did, the backlog gauges say what the database says, and no label carries
 * an agent, an order, a payment, a key or a URL.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class MetricsIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private static Prometheus scrape(Http http) {
    Http.Answer a = http.get("/metrics");
    assertEquals(200, a.status(), a::toString);
    return Prometheus.parse(a.body());
  }

  /** How much each figure (a name and label pairs) moved between two scrapes. */
  private static double delta(Prometheus before, Prometheus after, String name, String... labels) {
    return after.sum(name, labels) - before.sum(name, labels);
  }

  /** This run's order and payment, and its agents (background work is the work of others). */
  private String orderId = "";

  private String hilOrderId = "";

  private String paymentId = "";
  private final List<String> agents = new java.util.ArrayList<>();

  /**
   * Other tests share the server, and their background work (reconcilers, placements, webhook
   * retries) may move a figure while the journey runs: a run whose exact checks fail while the
   * database shows such work in its window is run again (at most three times); a run that fails in
   * a quiet window fails the test.
   */
  @Test
  void aJourneyMovesEachFigureByExactlyWhatItDid() throws Exception {
    Http http = new Http(base).awaitReady();
    for (int run = 1; ; run++) {
      Object since = Agents.query("SELECT TIMESTAMPADD(SECOND, -1, CURRENT_TIMESTAMP(6))");
      try {
        journey(http);
        return;
      } catch (AssertionError e) {
        long others = backgroundWork(since);
        if (others == 0 || run == 3) {
          throw e;
        }
        System.err.println(
            "MetricsIT: run " + run + " overlapped " + others + " rows of background work: " + e);
      }
    }
  }

  /**
   * Rows other work wrote since {@code since}: moves, webhook attempts, payment attempts, refunds,
   * late captures, and other agents' payments (a reconciler's re-check touches only those).
   */
  private long backgroundWork(Object since) {
    String mine = String.join(",", agents);
    return ((Number)
            Agents.query(
                "SELECT (SELECT COUNT(*) FROM order_transitions WHERE created_at >= ? AND"
                    + " FIND_IN_SET(order_id, ?) = 0) + (SELECT COUNT(*) FROM webhook_attempts a JOIN webhook_deliveries d"
                    + " ON d.id = a.delivery_id WHERE a.attempted_at >= ? AND FIND_IN_SET(d.agent_id,"
                    + " ?) = 0) + (SELECT COUNT(*) FROM payment_attempts WHERE (created_at >= ? OR"
                    + " finished_at >= ?) AND payment_id <> ?) + (SELECT COUNT(*) FROM"
                    + " payment_refunds WHERE updated_at >= ? AND payment_id <> ?) + (SELECT"
                    + " COUNT(*) FROM late_captures WHERE updated_at >= ?) + (SELECT COUNT(*) FROM"
                    + " payments WHERE updated_at >= ? AND FIND_IN_SET(agent_id, ?) = 0)",
                since,
                orderId + "," + hilOrderId,
                since,
                mine,
                since,
                since,
                paymentId,
                since,
                paymentId,
                since,
                since,
                mine))
        .longValue();
  }

  private void journey(Http http) throws Exception {
    Agents.Registered agent = Agents.register(http);
    agents.add(agent.agentId());
    try (WebhookReceiver receiver = new WebhookReceiver()) {
      Http.Answer configured =
          http.send(
              "PUT",
              "/agents/" + agent.agentId() + "/webhooks/config",
              "{\"enabled\":true,\"destination_url\":\""
                  + receiver.url()
                  + "\",\"subscribed_events\":[\"order.created\"]}",
              "X-API-Key",
              agent.apiKey());
      assertEquals(200, configured.status(), configured::toString);

      Prometheus before = scrape(http);

      // The journey.
      orderId = TestOrders.create(http, agent.apiKey(), LUMEN, SINGLE, 1);
      JsonObject payment = TestPayments.pay(http, agent.apiKey(), orderId);
      paymentId = payment.getString("payment_id");
      Http.Answer refund =
          http.post(
              "/agent/v1/payments/" + paymentId + "/refunds", "{}", "X-API-Key", agent.apiKey());
      assertEquals(200, refund.status(), refund::toString);
      assertEquals("succeeded", refund.json().getString("status"), refund::toString);
      // A payment over the 250 USD approval threshold asks the buyer; the buyer approves.
      hilOrderId = TestOrders.create(http, agent.apiKey(), LUMEN, SINGLE, 13);
      String buyer = TestIssuer.token("metrics-buyer-" + hilOrderId);
      Http.Answer asked =
          http.post(
              "/agent/v1/payments",
              "{\"order_id\":\""
                  + hilOrderId
                  + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
              "X-API-Key",
              agent.apiKey(),
              "X-Agent-User-JWT",
              buyer);
      assertEquals(409, asked.status(), asked::toString);
      String approvalId =
          asked.json().getJsonObject("detail").getJsonObject("approval").getString("approval_id");
      Http.Answer approved =
          http.post(
              "/agent/v1/payments/approvals/" + approvalId + "/approve",
              "",
              "X-API-Key",
              agent.apiKey(),
              "X-Agent-User-JWT",
              buyer);
      assertEquals(200, approved.status(), approved::toString);
      assertEquals(2, receiver.await(2, 20_000).size(), "order.created of each order");
      String query =
          "/agent/v1/products/search?query=serum+" + UUID.randomUUID().toString().substring(0, 8);
      assertEquals(200, http.get(query, "X-API-Key", agent.apiKey()).status());
      assertEquals(200, http.get(query, "X-API-Key", agent.apiKey()).status());
      assertEquals(401, http.get("/agent/v1/orders/" + orderId).status());
      assertEquals(
          401, http.get("/agent/v1/orders/" + orderId, "X-API-Key", "ak_live_nope").status());
      assertEquals(404, http.unguarded().get("/agent/v1/no-such-thing/" + orderId).status());
      // A rate-limit refusal: another agent on the free tier (5 a minute in the tests) runs out.
      Agents.Registered hasty = Agents.register(http);
      agents.add(hasty.agentId());
      Agents.sql("UPDATE agents SET tier = 'free' WHERE id = ?", hasty.agentId());
      int allowed = 0;
      int refused = 0;
      while (refused == 0 && allowed < 20) {
        int status = http.get("/agent/v1/merchants?limit=1", "X-API-Key", hasty.apiKey()).status();
        if (status == 429) {
          refused++;
        } else {
          assertEquals(200, status);
          allowed++;
        }
      }
      assertEquals(1, refused, "the free tier ran out");

      // Counters count once their transaction commits; the delivery is recorded after the answer.
      Prometheus after =
          awaitScrape(
              http,
              p ->
                  delta(before, p, "webhook_attempts_total", "outcome", "delivered") >= 2
                      && delta(before, p, "orders_moved_total")
                          >= transitions(orderId, hilOrderId).size());
      Files.writeString(Path.of("target/metrics-after-journey.txt"), after.text());

      // HTTP: per method, route template and status class; refused credentials by reason.
      String requests = "http_server_requests_seconds_count";
      assertEquals(
          2, delta(before, after, requests, "route", "/agent/v1/orders/create", "status", "2xx"));
      assertEquals(
          2, delta(before, after, requests, "method", "POST", "route", "/agent/v1/orders/create"));
      assertEquals(
          2,
          delta(before, after, requests, "route", "/agent/v1/orders/{order_id}", "status", "4xx"));
      assertEquals(
          2, delta(before, after, requests, "route", "/agent/v1/products/search", "method", "GET"));
      assertEquals(1, delta(before, after, requests, "route", "unmatched", "status", "4xx"));
      assertEquals(1, delta(before, after, "auth_failures_total", "reason", "missing_key"));
      assertEquals(1, delta(before, after, "auth_failures_total", "reason", "invalid_key"));
      assertEquals(2, delta(before, after, "auth_failures_total"));
      assertEquals(1, delta(before, after, "http_rate_limit_refusals_total", "limit", "agent"));
      assertEquals(1, delta(before, after, "http_rate_limit_refusals_total"));
      assertEquals(
          allowed, delta(before, after, requests, "route", "/agent/v1/merchants", "status", "2xx"));
      assertEquals(
          1, delta(before, after, requests, "route", "/agent/v1/merchants", "status", "4xx"));

      // Money: the order, its moves, the payment, the charge, the refund.
      assertEquals(2, delta(before, after, "orders_created_total", "origin", "rest"));
      assertEquals(2, delta(before, after, "orders_created_total"));
      Map<String, Integer> moves = new LinkedHashMap<>();
      for (String to : transitions(orderId, hilOrderId)) {
        moves.merge(to, 1, Integer::sum);
      }
      assertTrue(moves.containsKey("paid") && moves.containsKey("refunded"), moves::toString);
      for (Map.Entry<String, Integer> m : moves.entrySet()) {
        assertEquals(
            m.getValue().doubleValue(),
            delta(before, after, "orders_moved_total", "to", m.getKey()),
            () -> "orders_moved_total{to=" + m.getKey() + "}: " + moves);
      }
      assertEquals(
          moves.values().stream().mapToInt(Integer::intValue).sum(),
          delta(before, after, "orders_moved_total"));
      assertEquals(
          1,
          delta(before, after, "payments_settled_total", "psp", "sandbox", "outcome", "succeeded"));
      assertEquals(1, delta(before, after, "payments_settled_total"));
      assertEquals(
          1, delta(before, after, "payments_charge_duration_seconds_count", "psp", "sandbox"));
      assertTrue(
          delta(before, after, "payments_charge_duration_seconds_sum", "psp", "sandbox") >= 0);
      assertEquals(1, delta(before, after, "refunds_settled_total", "outcome", "succeeded"));
      assertEquals(1, delta(before, after, "refunds_settled_total"));
      assertEquals(0, delta(before, after, "payments_gate_refusals_total"));
      assertEquals(1, delta(before, after, "payments_hil_approvals_total", "outcome", "requested"));
      assertEquals(1, delta(before, after, "payments_hil_approvals_total", "outcome", "approved"));
      assertEquals(2, delta(before, after, "payments_hil_approvals_total"));
      assertEquals(
          1, delta(before, after, requests, "route", "/agent/v1/payments", "status", "4xx"));
      assertEquals(
          1, delta(before, after, requests, "route", "/agent/v1/payments", "status", "2xx"));
      assertEquals(0, delta(before, after, "payments_late_captures_found_total"));

      // Events: two deliveries (order.created of each order), answered 200 at the first attempt.
      assertEquals(
          2,
          delta(before, after, "webhook_attempts_total", "outcome", "delivered", "answer", "2xx"));
      assertEquals(2, delta(before, after, "webhook_attempts_total"));

      // Search: two searches, the second answered from the page cache.
      assertEquals(2, delta(before, after, "search_duration_seconds_count"));
      assertEquals(1, delta(before, after, "search_page_cache_total", "result", "miss"));
      assertEquals(1, delta(before, after, "search_page_cache_total", "result", "hit"));

      // Gauges say what the database says (read at most every 5 s: polled until they agree).
      assertGaugeAgrees(
          http,
          "payments_awaiting_reconciliation",
          "SELECT COUNT(*) FROM payment_attempts WHERE status IN ('sent', 'unknown',"
              + " 'processing')");
      assertGaugeAgrees(
          http,
          "refunds_pending",
          "SELECT COUNT(*) FROM payment_refunds WHERE status IN ('pending', 'unknown')");
      assertGaugeAgrees(
          http,
          "payments_late_captures_unrefunded",
          "SELECT COUNT(*) FROM late_captures WHERE status = 'refund_pending'");
      assertGaugeAgrees(
          http,
          "outbox_unnumbered",
          "SELECT COUNT(*) FROM domain_events WHERE timeline_id IS NULL");
      assertGaugeAgrees(
          http,
          "webhook_deliveries_queued",
          "SELECT COUNT(*) FROM webhook_deliveries WHERE status IN ('pending', 'delivering')");
      for (String gauge :
          List.of(
              "payments_awaiting_reconciliation_oldest_seconds",
              "refunds_pending_oldest_seconds",
              "outbox_oldest_unnumbered_seconds",
              "webhook_oldest_due_seconds",
              "webhook_destinations_failing",
              "events_long_poll_waiters",
              "search_index_age_seconds",
              "search_index_refresh_lag_seconds",
              "data_grid_members")) {
        assertTrue(after.has(gauge, "mp_scope", "application"), gauge + " is on /metrics");
        double v = after.sum(gauge);
        assertTrue(v >= 0 && !Double.isNaN(v), gauge + " = " + v);
      }
      assertTrue(after.sum("search_index_documents") > 0, "the index holds the demo catalog");

      // Bounded labels: nothing of this journey's agent, order, payment, key or receiver.
      for (Prometheus.Sample s : after.samples()) {
        for (String value : s.labels().values()) {
          for (String secretOrId :
              List.of(
                  agent.agentId(),
                  agent.apiKey(),
                  hasty.agentId(),
                  hasty.apiKey(),
                  orderId,
                  hilOrderId,
                  approvalId,
                  paymentId,
                  receiver.url(),
                  "127.0.0.1",
                  "http://",
                  "https://")) {
            assertFalse(value.contains(secretOrId), s + " carries " + secretOrId);
          }
          assertFalse(value.contains("?"), s + " carries a query");
        }
      }
    }
  }

  /** The states the orders moved to after their creation (the audit trail). */
  private static List<String> transitions(String... orderIds) {
    try (Connection c =
            DriverManager.getConnection(
                TestDatabase.url(), TestDatabase.user(), TestDatabase.password());
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT to_status FROM order_transitions WHERE FIND_IN_SET(order_id, ?) > 0 AND seq"
                    + " > 1")) {
      ps.setString(1, String.join(",", orderIds));
      List<String> to = new java.util.ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          to.add(rs.getString(1));
        }
      }
      return to;
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Prometheus awaitScrape(Http http, java.util.function.Predicate<Prometheus> done) {
    long deadline = System.currentTimeMillis() + 20_000;
    Prometheus p = scrape(http);
    while (!done.test(p) && System.currentTimeMillis() < deadline) {
      sleep(200);
      p = scrape(http);
    }
    return p;
  }

  /** Polls until the gauge equals the database's own count (the gauge is cached for 5 s). */
  private static void assertGaugeAgrees(Http http, String gauge, String sql) {
    long deadline = System.currentTimeMillis() + 15_000;
    double shown = Double.NaN;
    long counted = -1;
    while (System.currentTimeMillis() < deadline) {
      shown = scrape(http).sum(gauge);
      counted = ((Number) Agents.query(sql)).longValue();
      if (shown == counted) {
        return;
      }
      sleep(500);
    }
    throw new AssertionError(gauge + " shows " + shown + ", the database counts " + counted);
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
