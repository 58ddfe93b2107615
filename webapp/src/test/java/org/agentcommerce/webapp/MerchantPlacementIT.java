package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
import java.util.function.Predicate;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
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
 * Placing paid orders on the merchant's platform (the built-in sandbox): started by
 * confirm-payment, run in the background, retried, never placed twice, surviving a crash.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class MerchantPlacementIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String HARBOR = "merch_4b0e8c2d6a1f9357";
  static final String SUNLINE = "merch_1e5c9b3a7d0f2486";
  static final String LUMEN_PRODUCT = "prod_aecc96e30d0fbb41";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;

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
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  /** An order of one in-stock product of the merchant, paid through the test payment port. */
  private static String paidOrder(Http http, Agents.Registered agent, String merchant) {
    String product = merchant.equals(LUMEN) ? LUMEN_PRODUCT : inStock(http, agent, merchant);
    String id =
        ok(http.post(
                "/agent/v1/orders/create",
                "{\"merchant_id\":\""
                    + merchant
                    + "\",\"items\":[{\"product_id\":\""
                    + product
                    + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\"}",
                "X-API-Key",
                agent.apiKey()))
            .getString("order_id");
    TestPayments.pay(http, agent.apiKey(), id);
    return id;
  }

  private static String inStock(Http http, Agents.Registered agent, String merchant) {
    JsonObject page =
        ok(
            http.get(
                "/agent/v1/products/search?merchant_id="
                    + merchant
                    + "&in_stock_only=true&limit=50",
                "X-API-Key",
                agent.apiKey()));
    for (var v : page.getJsonArray("products")) {
      JsonObject p = v.asJsonObject();
      if (p.getJsonArray("variants").size() == 1 && p.getInt("inventory_quantity") > 5) {
        return p.getString("id");
      }
    }
    throw new AssertionError("no single-variant product at " + merchant);
  }

  private static JsonObject awaitOrder(
      Http http, Agents.Registered agent, String id, Predicate<JsonObject> done) {
    long deadline = System.currentTimeMillis() + 30_000;
    while (true) {
      JsonObject o =
          ok(http.get("/agent/v1/orders/" + id, "X-API-Key", agent.apiKey()))
              .getJsonObject("order");
      if (done.test(o)) {
        return o;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("order never got there: " + o);
      }
      sleep(200);
    }
  }

  private static long count(String sql, Object... args) {
    return ((Number) Agents.query(sql, args)).longValue();
  }

  @Test
  void confirmPaymentPlacesThePaidOrderOnceAndTheMerchantShipsIt() {
    String id = paidOrder(http, agent, LUMEN);
    JsonObject confirm =
        ok(
            http.post(
                "/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
    assertEquals("merchant_confirming", confirm.getString("order_status"));
    assertEquals("started", confirm.getJsonObject("merchant_sync").getString("status"));
    assertEquals("sandbox", confirm.getJsonObject("merchant_sync").getString("connector"));

    JsonObject placed = awaitOrder(http, agent, id, o -> o.getString("status").equals("confirmed"));
    String number = placed.getJsonObject("tracking").getString("merchant_order_number");
    assertTrue(number.startsWith("#"), placed::toString);
    JsonObject again =
        ok(
            http.post(
                "/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
    assertEquals("placed", again.getJsonObject("merchant_sync").getString("status"));
    assertEquals(1, count("SELECT COUNT(*) FROM sandbox_merchant_orders WHERE reference = ?", id));
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM domain_events WHERE aggregate_id = ? AND event_type = 'order.confirmed'",
            id));

    String merchantOrder = placed.getJsonObject("tracking").getString("merchant_order_id");
    Agents.Registered stranger = Agents.register(http);
    assertEquals(
        404,
        http.post(
                "/sandbox/merchant-platform/orders/" + merchantOrder + "/fulfill",
                "{}",
                "X-API-Key",
                stranger.apiKey())
            .status());
    JsonObject shipped =
        ok(
            http.post(
                "/sandbox/merchant-platform/orders/" + merchantOrder + "/fulfill",
                "{\"tracking_number\":\"1Z999\"}",
                "X-API-Key",
                agent.apiKey()));
    assertEquals("fulfilled", shipped.getString("order_status"));
    JsonObject v2 =
        ok(http.get("/agent/v2/orders/" + id, "X-API-Key", agent.apiKey())).getJsonObject("order");
    assertEquals("fulfilled", v2.getString("state"));
    assertEquals("1Z999", v2.getJsonObject("fulfillment_summary").getString("tracking_number"));
    assertEquals(
        409,
        http.post(
                "/sandbox/merchant-platform/orders/" + merchantOrder + "/fulfill",
                "{}",
                "X-API-Key",
                agent.apiKey())
            .status());
  }

  @Test
  void aPlatformFailingTwiceThenLosingAnAnswerStillGetsTheOrderOnce() {
    Agents.sql(
        "UPDATE merchant_order_channels SET base_url = 'sandbox:fail-first=2,lose-answer-first=3' WHERE merchant_id = ?",
        HARBOR);
    try {
      String id = paidOrder(http, agent, HARBOR);
      ok(http.post("/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
      JsonObject placed =
          awaitOrder(http, agent, id, o -> o.getString("status").equals("confirmed"));
      assertNotNull(placed.getJsonObject("tracking").getString("merchant_order_number"));
      assertEquals(4, count("SELECT attempts FROM merchant_placements WHERE order_id = ?", id));
      assertEquals(
          1, count("SELECT COUNT(*) FROM sandbox_merchant_orders WHERE reference = ?", id));
      assertEquals(
          1,
          count(
              "SELECT COUNT(*) FROM domain_events WHERE aggregate_id = ? AND event_type = 'order.confirmed'",
              id));
    } finally {
      Agents.sql(
          "UPDATE merchant_order_channels SET base_url = NULL WHERE merchant_id = ?", HARBOR);
    }
  }

  @Test
  void aRefusalFailsThePlacementAndSaysSoInAnEvent() {
    Agents.sql(
        "UPDATE merchant_order_channels SET base_url = 'sandbox:refuse' WHERE merchant_id = ?",
        SUNLINE);
    try {
      String id = paidOrder(http, agent, SUNLINE);
      ok(http.post("/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
      long deadline = System.currentTimeMillis() + 20_000;
      while (count(
              "SELECT COUNT(*) FROM merchant_placements WHERE order_id = ? AND status = 'failed'",
              id)
          == 0) {
        assertTrue(System.currentTimeMillis() < deadline, "placement never failed");
        sleep(200);
      }
      assertEquals(
          1,
          count(
              "SELECT COUNT(*) FROM domain_events WHERE aggregate_id = ? AND event_type = 'order.merchant_placement_failed'",
              id));
      assertEquals(
          "merchant_confirming",
          ok(http.get("/agent/v1/orders/" + id, "X-API-Key", agent.apiKey()))
              .getJsonObject("order")
              .getString("status"));
      assertEquals(
          0, count("SELECT COUNT(*) FROM sandbox_merchant_orders WHERE reference = ?", id));
    } finally {
      Agents.sql(
          "UPDATE merchant_order_channels SET base_url = NULL WHERE merchant_id = ?", SUNLINE);
    }
  }

  @Test
  void concurrentFulfilmentShipsOnceAndRepeatedConfirmationNamesTheConnector() throws Exception {
    String id = paidOrder(http, agent, LUMEN);
    ok(http.post("/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
    JsonObject placed = awaitOrder(http, agent, id, o -> o.getString("status").equals("confirmed"));
    JsonObject again =
        ok(
            http.post(
                "/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
    assertEquals("placed", again.getJsonObject("merchant_sync").getString("status"));
    assertEquals("sandbox", again.getJsonObject("merchant_sync").getString("connector"));

    String merchantOrder = placed.getJsonObject("tracking").getString("merchant_order_id");
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(6);
    try {
      java.util.List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
      for (int i = 0; i < 6; i++) {
        answers.add(
            pool.submit(
                () ->
                    http.post(
                            "/sandbox/merchant-platform/orders/" + merchantOrder + "/fulfill",
                            "{}",
                            "X-API-Key",
                            agent.apiKey())
                        .status()));
      }
      java.util.List<Integer> statuses = new java.util.ArrayList<>();
      for (var f : answers) {
        statuses.add(f.get());
      }
      assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses::toString);
      assertEquals(5, statuses.stream().filter(s -> s == 409).count(), statuses::toString);
    } finally {
      pool.shutdownNow();
    }
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM domain_events WHERE aggregate_id = ? AND event_type = 'order.fulfilled'",
            id));
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
