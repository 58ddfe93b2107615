package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.TestIssuer;
import org.agentcommerce.webapp.support.TestPayments;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The agent analytics on MariaDB, checked against a known sequence of calls: the funnel is what the
 * orders and payments say, the call counts are the answered calls, and each agent sees only its
 * own.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AnalyticsIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SAKURA = "merch_9a3d5e7b1c2f4068";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;

  @BeforeEach
  void agent() throws InterruptedException {
    // The funnel's windows are UTC days: a test never straddles midnight.
    long toMidnight =
        ChronoUnit.MILLIS.between(
            Instant.now(), LocalDate.now(ZoneOffset.UTC).plusDays(1).atStartOfDay(ZoneOffset.UTC));
    if (toMidnight < 120_000) {
      Thread.sleep(toMidnight + 1_000);
    }
    http = new Http(base).awaitReady();
    agent = Agents.register(http);
  }

  private Http.Answer get(Agents.Registered who, String path) {
    return http.get(path, "X-API-Key", who.apiKey());
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private String order(Agents.Registered who) {
    return ok(http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
                + "\"currency\":\"USD\"}",
            "X-API-Key",
            who.apiKey()))
        .getString("order_id");
  }

  private JsonObject payDeclined(String orderId) {
    JsonObject p =
        ok(
            http.post(
                "/agent/v1/payments",
                "{\"order_id\":\""
                    + orderId
                    + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_chargeDeclined\"}}",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                TestIssuer.token("declined-" + orderId)));
    assertEquals("failed", p.getString("status"), p::toString);
    return p;
  }

  private static void assertFunnel(JsonObject f, long initiated, long attempted, long completed) {
    assertEquals(initiated, f.getJsonNumber("orders_initiated").longValue(), f::toString);
    assertEquals(attempted, f.getJsonNumber("payment_attempted").longValue(), f::toString);
    assertEquals(completed, f.getJsonNumber("orders_completed").longValue(), f::toString);
  }

  @Test
  void theFunnelIsWhatTheOrdersAndPaymentsSay() {
    String paid = order(agent);
    TestPayments.pay(http, agent.apiKey(), paid);
    payDeclined(order(agent));
    order(agent);

    JsonObject week = ok(get(agent, "/agent/v1/analytics/funnel"));
    assertEquals("success", week.getString("status"));
    assertEquals(agent.agentId(), week.getString("agent_id"));
    assertEquals(7, week.getInt("days"));
    assertFunnel(week, 3, 2, 1);
    assertEquals("0.3333", week.getJsonNumber("conversion_rate").bigDecimalValue().toPlainString());
    JsonArray daily = week.getJsonArray("daily");
    assertEquals(7, daily.size());
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    assertEquals(today.minusDays(6).toString(), daily.getJsonObject(0).getString("date"));
    assertEquals(week.getString("to"), daily.getJsonObject(6).getString("date"));
    long sum = 0;
    for (JsonValue d : daily) {
      sum += d.asJsonObject().getJsonNumber("orders_initiated").longValue();
    }
    assertEquals(3, sum);

    JsonObject one = ok(get(agent, "/agent/v1/analytics/funnel?days=1"));
    assertEquals(1, one.getJsonArray("daily").size());
    assertFunnel(one, 3, 2, 1);
    assertEquals(
        90, ok(get(agent, "/agent/v1/analytics/funnel?days=90")).getJsonArray("daily").size());

    // An order of two days ago belongs to a 3-day window, not to a 2-day one.
    Agents.sql(
        "UPDATE orders SET created_at = ? WHERE id = ?",
        Timestamp.from(Instant.now().minus(2, ChronoUnit.DAYS)),
        paid);
    assertFunnel(ok(get(agent, "/agent/v1/analytics/funnel?days=2")), 2, 1, 0);
    assertFunnel(ok(get(agent, "/agent/v1/analytics/funnel?days=3")), 3, 2, 1);
  }

  @Test
  void daysOutsideOneToNinetyAre422() {
    for (String days : new String[] {"0", "91", "-1", "seven", "1.5"}) {
      Http.Answer a = get(agent, "/agent/v1/analytics/funnel?days=" + days);
      assertEquals(422, a.status(), a::toString);
      assertEquals("query", a.at("/detail/0/loc/0").toString().replace("\"", ""), a::toString);
      assertEquals("days", a.at("/detail/0/loc/1").toString().replace("\"", ""), a::toString);
    }
  }

  @Test
  void anotherAgentSeesOnlyItsOwn() {
    String paid = order(agent);
    TestPayments.pay(http, agent.apiKey(), paid);
    ok(get(agent, "/agent/v1/products/search?query=serum"));

    Agents.Registered other = Agents.register(http);
    assertFunnel(ok(get(other, "/agent/v1/analytics/funnel")), 0, 0, 0);
    JsonObject q = ok(get(other, "/agent/v1/analytics/queries"));
    assertEquals(0, q.getJsonObject("last_7d").getJsonObject("total").getInt("count"), q::toString);
    assertEquals(
        0,
        ok(get(other, "/agent/v1/analytics/summary"))
            .getJsonObject("funnel")
            .getJsonNumber("orders_initiated")
            .intValue());
    assertFunnel(ok(get(agent, "/agent/v1/analytics/funnel")), 1, 1, 1);
  }

  @Test
  void aKeyLimitedToMerchantsSeesTheFunnelOfTheirOrdersOnly() {
    Agents.Registered scoped = Agents.register(http, new String[] {LUMEN});
    order(scoped);
    String moved = order(scoped);
    assertFunnel(ok(get(scoped, "/agent/v1/analytics/funnel")), 2, 0, 0);
    // An order of this agent at a merchant the key may not touch is not counted for that key.
    Agents.sql("UPDATE orders SET merchant_id = ? WHERE id = ?", SAKURA, moved);
    assertFunnel(ok(get(scoped, "/agent/v1/analytics/funnel")), 1, 0, 0);
  }

  @Test
  void answeredCatalogAndCheckoutCallsAreCountedOnceEach() {
    for (int i = 0; i < 3; i++) {
      ok(get(agent, "/agent/v1/products/search?query=serum&limit=5"));
    }
    assertEquals(422, get(agent, "/agent/v1/products/search?limit=0").status());
    ok(get(agent, "/agent/v1/products/" + LUMEN + "/" + SINGLE));
    ok(get(agent, "/agent/v1/products/" + LUMEN + "/" + SINGLE));
    assertEquals(404, get(agent, "/agent/v1/products/" + LUMEN + "/prod_nope").status());
    ok(
        http.post(
            "/agent/v1/cart/validate?merchant_id=" + LUMEN + "&shipping_country=US",
            "[{\"product_id\":\"" + SINGLE + "\",\"quantity\":1}]",
            "X-API-Key",
            agent.apiKey()));
    String quote =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"items\":[{\"product_id\":\""
            + SINGLE
            + "\",\"quantity\":1}]}";
    ok(http.post("/agent/v1/quotes/preview", quote, "X-API-Key", agent.apiKey()));
    ok(
        http.post(
            "/agent/v1/quotes/preview",
            quote,
            "X-API-Key",
            agent.apiKey(),
            "Idempotency-Key",
            "q-1"));
    Http.Answer replay =
        http.post(
            "/agent/v1/quotes/preview",
            quote,
            "X-API-Key",
            agent.apiKey(),
            "Idempotency-Key",
            "q-1");
    assertEquals("true", replay.header("Idempotent-Replayed").orElse(""), replay::toString);

    JsonObject q = ok(get(agent, "/agent/v1/analytics/queries"));
    assertEquals(agent.agentId(), q.getString("agent_id"));
    for (String window : new String[] {"last_24h", "last_7d"}) {
      JsonObject w = q.getJsonObject(window);
      assertCount(w, "catalog_searches", 3, 0, "up");
      assertCount(w, "product_reads", 2, 0, "up");
      assertCount(w, "cart_validations", 1, 0, "up");
      assertCount(w, "quotes", 2, 0, "up");
      assertCount(w, "total", 8, 0, "up");
      assertTrue(w.isNull("total") || w.getJsonObject("total").isNull("change_pct"));
    }
    assertEquals(24, q.getJsonObject("last_24h").getInt("hours"));
    assertEquals(168, q.getJsonObject("last_7d").getInt("hours"));
    // The origin's names (issue 38): product searches, inventory checks (cart validations),
    // price queries (quotes), with its trend rule (nothing before: up 100).
    assertEquals(3, q.getInt("product_searches"));
    assertEquals("up", q.getString("product_searches_trend"));
    assertEquals(100, q.getJsonNumber("product_searches_change").intValue());
    assertEquals(1, q.getInt("inventory_checks"));
    assertEquals(2, q.getInt("price_queries"));

    // The counts reach the database in a batch within the flush interval.
    long deadline = System.currentTimeMillis() + 30_000;
    while (stored(agent.agentId()) != 8) {
      assertTrue(System.currentTimeMillis() < deadline, "counts never flushed");
      sleep(250);
    }
    assertCount(
        ok(get(agent, "/agent/v1/analytics/queries")).getJsonObject("last_24h"),
        "total",
        8,
        0,
        "up");
    JsonObject summary = ok(get(agent, "/agent/v1/analytics/summary"));
    assertCount(summary.getJsonObject("last_7d"), "catalog_searches", 3, 0, "up");
    assertEquals(7, summary.getJsonObject("funnel").getInt("days"));
    // The origin's shape and its days parameter (issue 38): never ignored.
    assertEquals(
        summary.getJsonObject("funnel"),
        summary.getJsonObject("analytics").getJsonObject("funnel"));
    assertTrue(summary.containsKey("agent_name"), summary::toString);
    JsonObject month = ok(get(agent, "/agent/v1/analytics/summary?days=30"));
    assertEquals(30, month.getJsonObject("funnel").getInt("days"));
    assertEquals(
        java.time.LocalDate.now(java.time.ZoneOffset.UTC).minusDays(29).toString(),
        month.getJsonObject("analytics").getJsonObject("funnel").getString("from"));
    for (String bad : java.util.List.of("0", "366", "x")) {
      Http.Answer a = get(agent, "/agent/v1/analytics/summary?days=" + bad);
      assertEquals(422, a.status(), bad + " -> " + a);
    }
  }

  private JsonObject keyedTool(String tool, String arguments) {
    Http.Answer a =
        http.post(
            "/commerce/mcp",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\""
                + tool
                + "\",\"arguments\":"
                + arguments
                + "}}",
            "Accept",
            "application/json, text/event-stream",
            "X-API-Key",
            agent.apiKey());
    return ok(a).getJsonObject("result");
  }

  @Test
  void answeredKeyedDoorSearchesAndProductReadsCountToo() {
    assertTrue(!keyedTool("search_catalog", "{\"query\":\"serum\"}").getBoolean("isError", false));
    assertTrue(
        !keyedTool("get_product", "{\"product_id\":\"" + SINGLE + "\"}")
            .getBoolean("isError", false));
    assertTrue(keyedTool("get_product", "{\"product_id\":\"prod_nope\"}").getBoolean("isError"));
    keyedTool("get_intel", "{\"product_id\":\"" + SINGLE + "\"}");

    JsonObject day = ok(get(agent, "/agent/v1/analytics/queries")).getJsonObject("last_24h");
    assertCount(day, "catalog_searches", 1, 0, "up");
    assertCount(day, "product_reads", 1, 0, "up");
    assertCount(day, "total", 2, 0, "up");
  }

  @Test
  void theTrendComparesEachWindowWithTheOneBeforeIt() {
    ok(get(agent, "/agent/v1/products/search?query=serum"));
    ok(get(agent, "/agent/v1/products/search?query=serum"));
    Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);
    storeSearches(hour.minus(30, ChronoUnit.HOURS), 4); // the 24 hours before the last 24
    storeSearches(hour.minus(200, ChronoUnit.HOURS), 6); // the 7 days before the last 7
    storeSearches(hour.minus(400, ChronoUnit.HOURS), 50); // older than both

    JsonObject q = ok(get(agent, "/agent/v1/analytics/queries"));
    JsonObject day = q.getJsonObject("last_24h");
    assertCount(day, "catalog_searches", 2, 4, "down");
    assertEquals("-50.0", pct(day, "catalog_searches"));
    JsonObject week = q.getJsonObject("last_7d");
    assertCount(week, "catalog_searches", 6, 6, "flat");
    assertEquals("0.0", pct(week, "catalog_searches"));
    assertCount(week, "product_reads", 0, 0, "flat");
  }

  private void storeSearches(Instant hour, long n) {
    Agents.sql(
        "INSERT INTO agent_call_counts (agent_id, call_kind, hour_start, call_count)"
            + " VALUES (?, 'catalog_searches', ?, ?)",
        agent.agentId(),
        Timestamp.from(hour),
        n);
  }

  private static String pct(JsonObject window, String name) {
    return window.getJsonObject(name).getJsonNumber("change_pct").bigDecimalValue().toPlainString();
  }

  private static long stored(String agentId) {
    Object n =
        Agents.query("SELECT SUM(call_count) FROM agent_call_counts WHERE agent_id = ?", agentId);
    return n == null ? 0 : ((Number) n).longValue();
  }

  private static void assertCount(
      JsonObject window, String name, long count, long previous, String trend) {
    JsonObject c = window.getJsonObject(name);
    assertEquals(count, c.getJsonNumber("count").longValue(), () -> name + " " + window);
    assertEquals(
        previous, c.getJsonNumber("previous_count").longValue(), () -> name + " " + window);
    assertEquals(trend, c.getString("trend"), () -> name + " " + window);
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
