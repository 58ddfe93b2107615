package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.management.Attribute;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.Jmx;
import org.agentcommerce.webapp.support.TestIssuer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The checkout lanes on MariaDB with the sandbox PSP: the merchant's own checkout, the lane
 * decision, and the in-chat ACP session completed exactly once (the sandbox PSP's ledger counts the
 * charges that really happened).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CheckoutLanesIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD, one variant
  static final String GATES = "org.agentcommerce:type=PaymentGates";
  static final String ADDRESS =
      "{\"name\":\"Ada\",\"address_line1\":\"1 Main St\",\"city\":\"New York\","
          + "\"state\":\"NY\",\"postal_code\":\"10001\",\"country\":\"US\"}";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;
  private String buyer;

  @BeforeEach
  void agent() throws Exception {
    http = new Http(base);
    long deadline = System.currentTimeMillis() + 60_000;
    while (http.get("/health/ready").status() != 200) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("never ready");
      }
      Thread.sleep(200);
    }
    agent = Agents.register(http);
    buyer = TestIssuer.token("acp-buyer-" + System.nanoTime());
    gates(true, 1_000_000L);
  }

  @AfterEach
  void closeGates() throws Exception {
    gates(false, 500L);
  }

  private void gates(boolean submit, long testCap) throws Exception {
    try (JMXConnector c = Jmx.connect(base)) {
      MBeanServerConnection jmx = c.getMBeanServerConnection();
      ObjectName gates = new ObjectName(GATES);
      jmx.setAttribute(gates, new Attribute("SubmitEnabled", submit));
      jmx.setAttribute(gates, new Attribute("TestCaptureCapMinor", testCap));
    }
  }

  private static String items(int quantity) {
    return "[{\"product_id\":\""
        + SINGLE
        + "\",\"merchant_id\":\""
        + LUMEN
        + "\",\"quantity\":"
        + quantity
        + "}]";
  }

  private Http.Answer start(String body, boolean withBuyer) {
    return withBuyer
        ? http.post(
            "/agent/v1/checkout/acp", body, "X-API-Key", agent.apiKey(), "X-Agent-User-JWT", buyer)
        : http.post("/agent/v1/checkout/acp", body, "X-API-Key", agent.apiKey());
  }

  private String session() {
    JsonObject s =
        ok(
            start(
                "{\"items\":"
                    + items(1)
                    + ",\"shipping_address\":"
                    + ADDRESS
                    + ",\"customer_email\":\"ada@example.com\"}",
                true));
    assertEquals("requires_in_chat_acp_checkout", s.getString("status"), s::toString);
    return s.getString("acp_session_id");
  }

  private Http.Answer complete(String sessionId, String token, String... headers) {
    List<String> h =
        new ArrayList<>(List.of("X-API-Key", agent.apiKey(), "X-Agent-User-JWT", buyer));
    h.addAll(List.of(headers));
    return http.post(
        "/agent/v1/checkout/acp/" + sessionId + "/complete",
        "{\"payment_data\":{\"provider\":\"sandbox\",\"token\":\"" + token + "\"}}",
        h.toArray(String[]::new));
  }

  /** Captures the sandbox PSP really made for the order. */
  private static long captured(String orderId) {
    return ((Number)
            Agents.query(
                "SELECT COUNT(*) FROM sandbox_psp_charges c JOIN payment_attempts a ON"
                    + " a.idempotency_key = c.idempotency_key JOIN payments p ON p.id ="
                    + " a.payment_id WHERE p.order_id = ? AND c.status = 'succeeded'",
                orderId))
        .longValue();
  }

  private static Object sessionColumn(String sessionId, String column) {
    return Agents.query("SELECT " + column + " FROM acp_sessions WHERE id = ?", sessionId);
  }

  @Test
  void theExternalLaneLinksToTheMerchantsOwnCheckoutAndWritesNothing() {
    JsonObject r =
        ok(
            http.post(
                "/agent/v1/checkout/external-platform",
                "{\"items\":" + items(2) + "}",
                "X-API-Key",
                agent.apiKey()));
    assertEquals("requires_external_platform_checkout", r.getString("status"));
    // The origin's names beside ours (issue 38).
    assertEquals(r.getString("platform"), r.getString("checkout_source"));
    assertFalse(r.getBoolean("creates_pivota_order"));
    assertFalse(r.getBoolean("creates_psp_payment"));
    assertEquals(r.getJsonObject("estimate"), r.getJsonObject("pricing"));
    assertFalse(r.getBoolean("creates_order"));
    assertFalse(r.getBoolean("creates_payment"));
    assertEquals("sandbox", r.getString("platform"));
    assertEquals(3, r.getJsonArray("warnings").size());
    String url = r.getString("checkout_url");
    assertTrue(url.contains("/sandbox/storefront/" + LUMEN + "/cart/"), url);
    assertTrue(url.endsWith(":2"), url);
    Http.Answer page = new Http(base).get(URI.create(url).getPath());
    assertEquals(200, page.status(), page::toString);
    assertTrue(page.body().contains("42.00 USD"), page.body());
    assertEquals(
        0L,
        ((Number) Agents.query("SELECT COUNT(*) FROM quotes WHERE agent_id = ?", agent.agentId()))
            .longValue());
    assertEquals(
        0L,
        ((Number) Agents.query("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()))
            .longValue());
  }

  @Test
  void aShopifyMerchantGetsItsCartPermalinkAndAnUnknownPlatformA409() {
    String sunline = "merch_1e5c9b3a7d0f2486";
    String product =
        String.valueOf(
            Agents.query(
                "SELECT p.id FROM products p WHERE p.merchant_id = ? AND p.status = 'active' AND"
                    + " (SELECT COUNT(*) FROM variants v WHERE v.product_id = p.id) = 1 ORDER BY"
                    + " p.id LIMIT 1",
                sunline));
    String variant =
        String.valueOf(
            Agents.query("SELECT platform_variant_id FROM variants WHERE product_id = ?", product));
    String body =
        "{\"merchant_id\":\""
            + sunline
            + "\",\"items\":[{\"product_id\":\""
            + product
            + "\",\"quantity\":3}]}";
    try {
      Agents.sql(
          "UPDATE merchant_order_channels SET connector = 'shopify', base_url ="
              + " 'https://sunline-test.myshopify.com' WHERE merchant_id = ?",
          sunline);
      JsonObject r =
          ok(http.post("/agent/v1/checkout/external-platform", body, "X-API-Key", agent.apiKey()));
      assertEquals("shopify", r.getString("platform"));
      assertEquals(
          "https://sunline-test.myshopify.com/cart/" + variant + ":3", r.getString("checkout_url"));
      Agents.sql(
          "UPDATE merchant_order_channels SET connector = 'bigcommerce' WHERE merchant_id = ?",
          sunline);
      refused(
          http.post("/agent/v1/checkout/external-platform", body, "X-API-Key", agent.apiKey()),
          409,
          "EXTERNAL_CHECKOUT_UNSUPPORTED");
    } finally {
      Agents.sql(
          "UPDATE merchant_order_channels SET connector = 'sandbox', base_url = NULL WHERE"
              + " merchant_id = ?",
          sunline);
    }
  }

  @Test
  void theLaneDecisionFollowsItsTable() throws Exception {
    String body = "{\"items\":" + items(1) + "}";
    // Submission off (the default): the floor for everyone, no buyer needed, nothing written.
    gates(false, 1_000_000L);
    JsonObject floor = ok(start(body, false));
    assertEquals("requires_redirect_floor", floor.getString("status"));
    assertEquals("redirect_floor", floor.getString("lane"));
    assertEquals("payment_submission_disabled", floor.getString("reason"));
    assertTrue(
        floor.getJsonObject("redirect").getString("checkout_url").contains("/sandbox/storefront/"));
    // The origin's top-level names (issue 38).
    assertEquals(
        floor.getJsonObject("redirect").getString("platform"), floor.getString("platform"));
    assertEquals(floor.getString("platform"), floor.getString("checkout_source"));
    assertTrue(
        floor
            .getString("message")
            .contains(floor.getJsonObject("redirect").getString("checkout_url")));
    assertEquals(5, floor.getJsonArray("totals").size(), floor::toString);
    // Over the capture cap: the floor, naming the gate.
    gates(true, 100L);
    assertEquals(
        "tier2_test_capture_over_cap", ok(start(body, false)).getString("reason"), "cap floor");
    // Open: in chat, which needs the buyer first.
    gates(true, 1_000_000L);
    refused(start(body, false), 401, "USER_AUTH_REQUIRED");
    assertEquals(
        0L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM acp_sessions WHERE agent_id = ?", agent.agentId()))
            .longValue());
    JsonObject chat = ok(start(body, true));
    assertEquals("acp_in_chat", chat.getString("lane"));
    assertTrue(chat.getString("acp_session_id").startsWith("csn_"));
    assertEquals("ready_for_payment", chat.getString("session_status"));
    assertEquals(
        chat.getJsonObject("quote").getJsonObject("pricing"), chat.getJsonObject("pricing"));
    // The origin's (and ACP's) totals: minor units, the total equal to amount_cents.
    JsonObject total =
        chat.getJsonArray("totals").getValuesAs(JsonObject.class).stream()
            .filter(t -> t.getString("type").equals("total"))
            .findFirst()
            .orElseThrow();
    assertEquals(
        chat.getJsonNumber("amount_cents").longValue(), total.getJsonNumber("amount").longValue());
    assertEquals(
        new java.math.BigDecimal(chat.getJsonObject("pricing").getString("total"))
            .movePointRight(2)
            .longValueExact(),
        total.getJsonNumber("amount").longValue());
    // Several merchants: refused with the split.
    refused(
        start(
            "{\"items\":[{\"product_id\":\"a\",\"merchant_id\":\"m1\",\"quantity\":1},"
                + "{\"product_id\":\"b\",\"merchant_id\":\"m2\",\"quantity\":1}]}",
            false),
        400,
        "MULTI_MERCHANT_NOT_SUPPORTED");
  }

  @Test
  void aCompleteChargesOnceAndReplaysAfterwards() {
    String id = session();
    Http.Answer first = complete(id, "tok_visa", "Idempotency-Key", "acp-key-1");
    JsonObject done = ok(first);
    assertEquals("completed", done.getString("status"));
    assertEquals("succeeded", done.getString("payment_status"));
    String orderId = done.getString("order_id");
    assertEquals(orderId, done.getJsonObject("order").getString("id"));
    assertEquals(1, captured(orderId));
    assertEquals(
        "paid",
        ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
            .getJsonObject("order")
            .getString("status"));
    // Again, with or without the key: the same answer, never a second charge.
    Http.Answer again = complete(id, "tok_visa", "Idempotency-Key", "acp-key-1");
    assertEquals(done, ok(again));
    assertEquals("true", again.header("Idempotent-Replayed").orElse(null));
    assertEquals(done, ok(complete(id, "tok_visa")));
    // The same key with another payload is a conflict.
    JsonObject conflict =
        refused(
            complete(id, "tok_chargeDeclined", "Idempotency-Key", "acp-key-1"),
            409,
            "idempotency_conflict");
    assertEquals("idempotency_conflict", conflict.getString("code"));
    assertEquals(1, captured(orderId));
    // Another buyer, another agent: not found.
    String other = TestIssuer.token("someone-else-" + System.nanoTime());
    refused(
        http.post(
            "/agent/v1/checkout/acp/" + id + "/complete",
            "{\"payment_data\":{\"token\":\"tok_visa\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            other),
        404,
        "acp_session_not_found");
    Agents.Registered stranger = Agents.register(http);
    refused(
        http.post(
            "/agent/v1/checkout/acp/" + id + "/complete",
            "{\"payment_data\":{\"token\":\"tok_visa\"}}",
            "X-API-Key",
            stranger.apiKey(),
            "X-Agent-User-JWT",
            buyer),
        404,
        "acp_session_not_found");
    // Without a buyer token: refused before anything.
    refused(
        http.post(
            "/agent/v1/checkout/acp/" + id + "/complete",
            "{\"payment_data\":{\"token\":\"tok_visa\"}}",
            "X-API-Key",
            agent.apiKey()),
        401,
        "USER_AUTH_REQUIRED");
    assertEquals(1, captured(orderId));
  }

  @Test
  void sixteenConcurrentCompletesChargeOnce() throws Exception {
    String id = session();
    int n = 16;
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Http.Answer>> answers = new ArrayList<>();
    try {
      for (int i = 0; i < n; i++) {
        answers.add(
            pool.submit(
                () -> {
                  go.await();
                  return new Http(base)
                      .post(
                          "/agent/v1/checkout/acp/" + id + "/complete",
                          "{\"payment_data\":{\"token\":\"tok_visa\"}}",
                          "X-API-Key",
                          agent.apiKey(),
                          "X-Agent-User-JWT",
                          buyer);
                }));
      }
      go.countDown();
      int completed = 0;
      int inProgress = 0;
      for (Future<Http.Answer> f : answers) {
        Http.Answer a = f.get();
        if (a.status() == 200) {
          completed++;
          assertEquals("completed", a.json().getString("status"));
        } else {
          assertEquals(409, a.status(), a::toString);
          assertEquals(
              "completion_in_progress", a.json().getJsonObject("detail").getString("code"));
          inProgress++;
        }
      }
      assertEquals(n, completed + inProgress);
      assertTrue(completed >= 1);
    } finally {
      pool.shutdownNow();
    }
    String orderId = String.valueOf(sessionColumn(id, "order_id"));
    assertEquals(1, captured(orderId));
    assertEquals(
        1L,
        ((Number) Agents.query("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()))
            .longValue());
    assertEquals("completed", ok(complete(id, "tok_visa")).getString("status"));
  }

  @Test
  void closedGatesRefuseTheCompleteWithoutASideEffect() throws Exception {
    String id = session();
    gates(false, 1_000_000L);
    JsonObject d = refused(complete(id, "tok_visa"), 403, "TIER2_CHARGE_DISABLED");
    assertEquals("submit_payment_disabled", d.getString("reason"));
    gates(true, 100L);
    refused(complete(id, "tok_visa"), 403, "TIER2_TEST_CAPTURE_OVER_CAP");
    assertNull(sessionColumn(id, "order_id"));
    assertEquals("ready_for_payment", sessionColumn(id, "status"));
    assertEquals(
        0L,
        ((Number) Agents.query("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()))
            .longValue());
  }

  @Test
  void aDeclineIs502AndTheSessionCanBeCompletedAgain() {
    String id = session();
    JsonObject d = refused(complete(id, "tok_chargeDeclined"), 502, "acp_capture_failed");
    assertEquals("acp_capture_failed", d.getString("code"));
    String orderId = d.getString("order_id");
    assertEquals("ready_for_payment", sessionColumn(id, "status"));
    assertEquals(
        "payment_failed",
        ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
            .getJsonObject("order")
            .getString("status"));
    assertEquals(0, captured(orderId));
    JsonObject done = ok(complete(id, "tok_visa"));
    assertEquals(orderId, done.getString("order_id"), "the same order, paid this time");
    assertEquals(1, captured(orderId));
  }

  @Test
  void aCompleteInterruptedAfterTheChargeIsResolvedWithoutChargingAgain() {
    String id = session();
    JsonObject done = ok(complete(id, "tok_visa"));
    String orderId = done.getString("order_id");
    // As if the node died after the charge, before it recorded the completion.
    Agents.sql(
        "UPDATE acp_sessions SET status = 'completing', result = NULL, lease_until ="
            + " TIMESTAMP '2000-01-01 00:00:00' WHERE id = ?",
        id);
    JsonObject resumed = ok(complete(id, "tok_visa"));
    assertEquals("completed", resumed.getString("status"));
    assertEquals(done.getString("payment_id"), resumed.getString("payment_id"));
    assertEquals(1, captured(orderId));
    // While a claim is held, others wait.
    Agents.sql(
        "UPDATE acp_sessions SET status = 'completing', result = NULL, lease_until ="
            + " TIMESTAMP '2037-01-01 00:00:00' WHERE id = ?",
        id);
    refused(complete(id, "tok_visa"), 409, "completion_in_progress");
    assertEquals(1, captured(orderId));
  }

  @Test
  void anUnknownOutcomeIsPendingAndNeverChargedTwice() {
    String id = session();
    JsonObject d = refused(complete(id, "tok_timeout"), 502, "acp_capture_pending_retry");
    assertEquals(5, d.getInt("retry_after_seconds"));
    String orderId = d.getString("order_id");
    // Each next complete reads the payment: 502 while it is unknown, charging nothing; once
    // reconciliation has the PSP's answer (the sandbox charged it), the session completes.
    long deadline = System.currentTimeMillis() + 30_000;
    Http.Answer next = complete(id, "tok_visa");
    while (next.status() == 502) {
      assertEquals(
          "acp_capture_pending_retry", next.json().getJsonObject("detail").getString("code"));
      assertTrue(System.currentTimeMillis() < deadline, "never reconciled");
      sleep(300);
      next = complete(id, "tok_visa");
    }
    JsonObject done = ok(next);
    assertEquals(orderId, done.getString("order_id"));
    assertEquals(
        d.getString("payment_id", done.getString("payment_id")), done.getString("payment_id"));
    assertEquals(1, captured(orderId));
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void anExpiredSessionIsGone() {
    String id = session();
    Agents.sql(
        "UPDATE acp_sessions SET expires_at = TIMESTAMP '2000-01-01 00:00:00' WHERE id = ?", id);
    refused(complete(id, "tok_visa"), 404, "acp_session_expired");
    refused(complete("csn_nope", "tok_visa"), 404, "acp_session_not_found");
    refused(
        http.post(
            "/agent/v1/checkout/acp/" + id + "/complete",
            "{\"payment_data\":{}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer),
        422,
        null);
  }

  private Http.Answer intent(String body, String buyerToken) {
    return http.post(
        "/agent/v1/checkout/intents",
        body,
        "X-API-Key",
        agent.apiKey(),
        "X-Agent-User-JWT",
        buyerToken);
  }

  private Http.Answer prefill(String token) {
    return new Http(base).get("/agent/v1/checkout/prefill", "X-Checkout-Token", token);
  }

  @Test
  void anIntentOpensItsOrdersHostedCheckoutWithATokenThatOpensNothingElse() {
    refused(intent("{\"items\":" + items(1) + "}", buyer), 409, "QUOTE_REQUIRED_BEFORE_PURCHASE");
    refused(
        http.post(
            "/agent/v1/checkout/intents",
            "{\"items\":" + items(1) + "}",
            "X-API-Key",
            agent.apiKey()),
        401,
        "USER_AUTH_REQUIRED");
    String orderId =
        ok(http.post(
                "/agent/v1/orders/create",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"items\":"
                    + items(1)
                    + ",\"customer_email\":\"ada@example.com\",\"currency\":\"USD\"}",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer))
            .getString("order_id");
    String body =
        "{\"items\":"
            + items(1)
            + ",\"order_id\":\""
            + orderId
            + "\",\"customer_email\":\"ada@example.com\",\"shipping_address\":"
            + ADDRESS
            + ",\"return_url\":\"https://agent.example/back\"}";
    // Another buyer's order is not there.
    refused(intent(body, TestIssuer.token("other-" + System.nanoTime())), 404, "ORDER_NOT_FOUND");
    JsonObject in = ok(intent(body, buyer));
    String token = in.getString("checkout_token");
    String url = in.getString("checkout_url");
    assertTrue(in.getString("intent_id").startsWith("ci_"));
    assertEquals(orderId, in.getString("order_id"));
    assertTrue(url.endsWith("/checkout/" + in.getString("intent_id") + "#token=" + token), url);
    assertFalse(URI.create(url).getRawQuery() != null, "never in the query");
    // Kept as a hash only.
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM checkout_intents WHERE id = ? AND token_hash = ?",
                    in.getString("intent_id"),
                    sha256(token)))
            .longValue());
    // The prefill, three reads, no-store.
    Http.Answer first = prefill(token);
    JsonObject p = ok(first);
    assertEquals("no-store", first.header("Cache-Control").orElse(null));
    assertEquals("ada@example.com", p.getString("email"));
    assertEquals("1 Main St", p.getJsonObject("shipping_address").getString("address_line1"));
    assertEquals(2, p.getInt("reads_left"));
    // The origin's nested shape (issue 38) carries the same.
    assertEquals("ada@example.com", p.getJsonObject("prefill").getString("customer_email"));
    assertEquals(
        p.getJsonObject("shipping_address"),
        p.getJsonObject("prefill").getJsonObject("shipping_address"));
    assertEquals(jakarta.json.JsonValue.NULL, p.get("stripe_config"));
    ok(prefill(token));
    assertEquals(0, ok(prefill(token)).getInt("reads_left"));
    refused(prefill(token), 410, "PREFILL_EXHAUSTED");
    // A forged or altered token opens nothing.
    String altered = token.substring(0, token.length() - 2) + (token.endsWith("A") ? "BB" : "AA");
    refused(prefill(altered), 401, "CHECKOUT_TOKEN_INVALID");
    refused(prefill("ct_" + in.getString("intent_id") + ".1.x.y"), 401, "CHECKOUT_TOKEN_INVALID");
    // Expired.
    String second = ok(intent(body, buyer)).getString("checkout_token");
    Agents.sql(
        "UPDATE checkout_intents SET expires_at = TIMESTAMP '2000-01-01 00:00:00' WHERE"
            + " token_hash = ?",
        sha256(second));
    refused(prefill(second), 410, "CHECKOUT_TOKEN_EXPIRED");
  }

  @Test
  void aHostedAcpSessionPricesTheItemsAndOpensOurPage() {
    String body =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"items\":[{\"id\":\""
            + SINGLE
            + "\",\"quantity\":2}],\"return_url\":\"https://agent.example/done\","
            + "\"buyer_ref\":\"guest:6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f\"}";
    JsonObject s =
        ok(
            http.post(
                "/agent/v1/checkout/acp-session",
                body,
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer));
    assertEquals("created", s.getString("status"));
    assertEquals("42.00", s.getJsonObject("totals").getString("subtotal"));
    assertTrue(s.getString("checkout_url").contains("#token="));
    assertEquals(
        "guest:6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f",
        Agents.query(
            "SELECT buyer_ref FROM checkout_intents WHERE id = ?", s.getString("session_id")));
    assertEquals(
        SINGLE.length() > 0, ok(prefill(s.getString("checkout_token"))).containsKey("quote_id"));
    refused(
        http.post(
            "/agent/v1/checkout/acp-session",
            "{\"merchant_id\":\"" + LUMEN + "\",\"items\":[{\"quantity\":1}]}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer),
        422,
        null);
  }

  @Test
  void aCommerceCheckoutIsAnOrderWithItsPaymentActionStatusAndRefunds() {
    String body =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"interaction_id\":\"conv-42\",\"customer_email\":\"ada@example.com\","
            + "\"shipping_address\":"
            + ADDRESS
            + ",\"items\":"
            + items(2)
            + ",\"currency\":\"USD\",\"preferred_psps\":[\"sandbox\"]}";
    refused(
        http.post("/agent/v2/commerce/checkouts", body, "X-API-Key", agent.apiKey()),
        401,
        "USER_AUTH_REQUIRED");
    JsonObject c =
        ok(
            http.post(
                "/agent/v2/commerce/checkouts",
                body,
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer));
    String id = c.getString("checkout_id");
    assertEquals("awaiting_payment", c.getString("order_status"));
    assertEquals("conv-42", c.getString("interaction_id"));
    assertTrue(c.getString("payment_url").contains("/checkout/ci_"), c::toString);
    // The origin's names: payment_action.type redirect_url, platform, client_secret (never),
    // readiness_state and the order.
    assertEquals("redirect_url", c.getJsonObject("payment_action").getString("type"));
    assertEquals("hosted_page", c.getJsonObject("payment_action").getString("kind"));
    assertEquals("sandbox", c.getString("platform"), c::toString);
    assertTrue(c.isNull("client_secret"), c::toString);
    assertEquals("ready_for_payment", c.getString("readiness_state"));
    assertEquals(id, c.getJsonObject("order").getString("order_id"));
    assertEquals(c.getString("payment_url"), c.getJsonObject("payment_action").getString("url"));
    // The prefill the page reads is the checkout's.
    assertEquals("ada@example.com", ok(prefill(c.getString("checkout_token"))).getString("email"));
    // Only this agent sees it.
    Agents.Registered stranger = Agents.register(http);
    refused(
        http.get("/agent/v2/commerce/checkouts/" + id + "/status", "X-API-Key", stranger.apiKey()),
        404,
        "ORDER_NOT_FOUND");
    // A fresh payment action, the preferred PSP kept.
    JsonObject again =
        ok(
            http.post(
                "/agent/v2/commerce/checkouts/" + id + "/payment-intent",
                "{\"preferred_psps\":[\"sandbox\"]}",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer));
    assertFalse(c.getString("checkout_token").equals(again.getString("checkout_token")));
    assertEquals("sandbox", Agents.query("SELECT preferred_psp FROM orders WHERE id = ?", id));
    // Paid with the payment API, then refunded in two parts, never beyond the capture.
    JsonObject paid =
        ok(
            http.post(
                "/agent/v1/payments",
                "{\"order_id\":\""
                    + id
                    + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer));
    assertEquals("succeeded", paid.getString("status"));
    // Paid: the checkout's tokens open nothing any more.
    refused(prefill(again.getString("checkout_token")), 410, "CHECKOUT_TOKEN_USED");
    refused(
        http.post(
            "/agent/v2/commerce/checkouts/" + id + "/payment-intent",
            "{}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer),
        409,
        "ORDER_ALREADY_PAID");
    JsonObject r =
        ok(
            http.post(
                "/agent/v2/commerce/checkouts/" + id + "/refunds",
                "{\"amount\":\"1.00\",\"reason\":\"scratched\",\"restore_inventory\":true}",
                "X-API-Key",
                agent.apiKey()));
    assertEquals("succeeded", r.getString("refund_status"));
    assertEquals("1.00", r.getString("amount"));
    assertEquals(id, r.getString("order_id"));
    assertEquals(r.getString("refund_id"), r.getJsonObject("refund").getString("refund_id"));
    assertEquals("1.00", r.getJsonObject("refund").getString("amount"));
    refused(
        http.post(
            "/agent/v2/commerce/checkouts/" + id + "/refunds",
            "{\"amount\":\"100000.00\"}",
            "X-API-Key",
            agent.apiKey()),
        409,
        "REFUND_EXCEEDS_PAYMENT");
    JsonObject rest =
        ok(
            http.post(
                "/agent/v2/commerce/checkouts/" + id + "/refunds",
                "{}",
                "X-API-Key",
                agent.apiKey()));
    assertEquals("succeeded", rest.getString("refund_status"));
    assertTrue(rest.getBoolean("restore_inventory"), "restore_inventory defaults to true");
    JsonObject status =
        ok(http.get("/agent/v2/commerce/checkouts/" + id + "/status", "X-API-Key", agent.apiKey()));
    assertEquals("refunded", status.getJsonObject("order").getString("state"));
    assertEquals("refunded", status.getString("order_status"));
    assertEquals("refunded", status.getString("state"));
    assertEquals("conv-42", status.getJsonObject("interaction_trace").getString("interaction"));
    List<String> trace =
        status
            .getJsonObject("interaction_trace")
            .getJsonArray("events")
            .getValuesAs(JsonObject.class)
            .stream()
            .map(e -> e.getString("to_status"))
            .toList();
    assertEquals(
        List.of("awaiting_payment", "payment_processing", "paid", "partially_refunded", "refunded"),
        trace);
  }

  @Test
  void returnsAreSyncedFromTheMerchantsPlatform() throws Exception {
    String body =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"customer_email\":\"ada@example.com\",\"shipping_address\":"
            + ADDRESS
            + ",\"items\":"
            + items(2)
            + "}";
    String id =
        ok(http.post(
                "/agent/v2/commerce/checkouts",
                body,
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer))
            .getString("checkout_id");
    String sync = "/agent/v2/commerce/checkouts/" + id + "/returns";
    assertEquals(
        "pending_merchant_order",
        ok(http.post(sync, "{}", "X-API-Key", agent.apiKey())).getString("status"));
    ok(
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + id
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer));
    ok(http.post("/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
    long deadline = System.currentTimeMillis() + 30_000;
    while (Agents.query("SELECT merchant_order_id FROM orders WHERE id = ?", id) == null) {
      assertTrue(System.currentTimeMillis() < deadline, "never placed");
      sleep(200);
    }
    String merchantOrder =
        String.valueOf(Agents.query("SELECT merchant_order_id FROM orders WHERE id = ?", id));
    JsonObject none = ok(http.post(sync, "{}", "X-API-Key", agent.apiKey()));
    assertEquals("synced", none.getString("status"));
    assertEquals("sandbox", none.getString("platform"));
    assertEquals(0, none.getJsonArray("returns").size());
    // The merchant records a return in its back office; the next sync brings it.
    String variant =
        String.valueOf(
            Agents.query("SELECT platform_variant_id FROM variants WHERE product_id = ?", SINGLE));
    ok(
        http.post(
            "/sandbox/merchant-platform/orders/" + merchantOrder + "/returns",
            "{\"lines\":[{\"variant_id\":\""
                + variant
                + "\",\"quantity\":1,\"reason\":\"damaged\"}]}",
            "X-API-Key",
            agent.apiKey()));
    JsonObject one = ok(http.post(sync, "{}", "X-API-Key", agent.apiKey()));
    assertEquals(1, one.getJsonArray("returns").size());
    JsonObject r = one.getJsonArray("returns").getJsonObject(0);
    assertEquals("requested", r.getString("status"));
    assertEquals(variant, r.getJsonArray("lines").getJsonObject(0).getString("variant_id"));
    assertEquals("damaged", r.getJsonArray("lines").getJsonObject(0).getString("reason"));
    // Synced again: still one.
    assertEquals(
        1, ok(http.post(sync, "{}", "X-API-Key", agent.apiKey())).getJsonArray("returns").size());
    // Another agent cannot sync or record.
    Agents.Registered stranger = Agents.register(http);
    refused(http.post(sync, "{}", "X-API-Key", stranger.apiKey()), 404, "ORDER_NOT_FOUND");
    refused(
        http.post(
            "/sandbox/merchant-platform/orders/" + merchantOrder + "/returns",
            "{\"lines\":[{\"variant_id\":\"x\",\"quantity\":1}]}",
            "X-API-Key",
            stranger.apiKey()),
        404,
        "NOT_FOUND");
    // A platform without a returns connector: pending, what was synced stays visible.
    try {
      Agents.sql(
          "UPDATE merchant_order_channels SET connector = 'bigcommerce' WHERE merchant_id = ?",
          LUMEN);
      JsonObject pending = ok(http.post(sync, "{}", "X-API-Key", agent.apiKey()));
      assertEquals("pending_external_platform", pending.getString("status"));
      assertEquals(1, pending.getJsonArray("returns").size());
    } finally {
      Agents.sql(
          "UPDATE merchant_order_channels SET connector = 'sandbox' WHERE merchant_id = ?", LUMEN);
    }
  }

  @Test
  void theAdversarysFindingsStayFixed() throws Exception {
    // A v2 replay never shows the token again, and the stored answer holds none.
    String body =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"customer_email\":\"ada@example.com\",\"shipping_address\":"
            + ADDRESS
            + ",\"items\":"
            + items(1)
            + "}";
    String key = "v2-replay-" + System.nanoTime();
    JsonObject first =
        ok(
            http.post(
                "/agent/v2/commerce/checkouts",
                body,
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer,
                "Idempotency-Key",
                key));
    String token = first.getString("checkout_token");
    Http.Answer replay =
        http.post(
            "/agent/v2/commerce/checkouts",
            body,
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer,
            "Idempotency-Key",
            key);
    JsonObject again = ok(replay);
    assertEquals("true", replay.header("Idempotent-Replayed").orElse(null));
    assertEquals(first.getString("checkout_id"), again.getString("checkout_id"));
    assertTrue(again.isNull("checkout_token"));
    assertFalse(again.getString("payment_url").contains("#"));
    assertEquals(
        0L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM idempotency_records WHERE response_body LIKE ?",
                    "%" + token.substring(3, 40) + "%"))
            .longValue());
    // The prefill checks a key sent with the token: another agent's, or one that does not verify.
    Agents.Registered stranger = Agents.register(http);
    refused(
        new Http(base)
            .get(
                "/agent/v1/checkout/prefill",
                "X-Checkout-Token",
                token,
                "X-API-Key",
                stranger.apiKey()),
        401,
        "CHECKOUT_TOKEN_INVALID");
    refused(
        new Http(base)
            .get("/agent/v1/checkout/prefill", "X-Checkout-Token", token, "X-API-Key", "ak_live_x"),
        401,
        "INVALID_API_KEY");
    assertEquals(
        "ada@example.com",
        ok(new Http(base)
                .get(
                    "/agent/v1/checkout/prefill",
                    "X-Checkout-Token",
                    token,
                    "X-API-Key",
                    agent.apiKey()))
            .getString("email"));
    // Another buyer of the same agent can neither refund nor sync the checkout.
    String id = first.getString("checkout_id");
    ok(
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + id
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer));
    String bob = TestIssuer.token("bob-" + System.nanoTime());
    refused(
        http.post(
            "/agent/v2/commerce/checkouts/" + id + "/refunds",
            "{\"amount\":\"0.01\"}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            bob),
        404,
        "ORDER_NOT_FOUND");
    refused(
        http.post(
            "/agent/v2/commerce/checkouts/" + id + "/returns",
            "{}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            bob),
        404,
        "ORDER_NOT_FOUND");
    // Off-session, a card that needs 3-D Secure is declined: the buyer is not there to answer.
    String s3 = session();
    JsonObject d = refused(complete(s3, "tok_threeDSecure2Required"), 502, "acp_capture_failed");
    assertEquals("authentication_required", d.getString("decline_code"));
    assertEquals("ready_for_payment", sessionColumn(s3, "status"));
    // A resumed claim whose payment failed does not charge anew after expiry.
    Agents.sql(
        "UPDATE acp_sessions SET status = 'completing', lease_until = TIMESTAMP '2000-01-01"
            + " 00:00:00', expires_at = TIMESTAMP '2000-01-01 00:00:00' WHERE id = ?",
        s3);
    refused(complete(s3, "tok_visa"), 404, "acp_session_expired");
    assertEquals(0, captured(d.getString("order_id")));
    // Over the HIL threshold: chat cannot get the buyer's approval, so the floor.
    JsonObject big = ok(start("{\"items\":" + items(13) + "}", true));
    assertEquals("hil_approval_required", big.getString("reason"));
    // Inputs that were 500s.
    Http.Answer page = new Http(base).get("/sandbox/storefront/" + LUMEN + "/cart/%25zz:1");
    assertEquals(404, page.status(), page::toString);
    refused(
        http.post(
            "/agent/v1/checkout/acp-session",
            "[]",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer),
        422,
        null);
    String longSubject = "s".repeat(280);
    assertEquals(
        "acp_in_chat",
        ok(http.post(
                "/agent/v1/checkout/acp",
                "{\"items\":" + items(1) + "}",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                TestIssuer.token(longSubject)))
            .getString("lane"));
    // A forged Host gets no link built on it.
    assertTrue(
        raw(
                "POST /agent/v1/checkout/external-platform HTTP/1.1\r\nHost: evil.example\r\n"
                    + "X-API-Key: "
                    + agent.apiKey()
                    + "\r\nContent-Type: application/json\r\nConnection: close\r\n",
                "{\"items\":" + items(1) + "}")
            .startsWith("HTTP/1.1 421"));
  }

  /** One raw HTTP/1.1 exchange (headers as given, then the body), the status line and all. */
  private String raw(String head, String body) throws Exception {
    byte[] b = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    try (java.net.Socket s = new java.net.Socket(base.getHost(), base.getPort())) {
      s.setSoTimeout(30_000);
      s.getOutputStream()
          .write(
              (head + "Content-Length: " + b.length + "\r\n\r\n")
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      s.getOutputStream().write(b);
      s.getOutputStream().flush();
      return new String(s.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  private static String sha256(String s) {
    try {
      return java.util.HexFormat.of()
          .formatHex(
              java.security.MessageDigest.getInstance("SHA-256")
                  .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private static JsonObject refused(Http.Answer a, int status, String code) {
    assertEquals(status, a.status(), a::toString);
    if (code == null) {
      return a.json();
    }
    JsonObject detail = a.json().getJsonObject("detail");
    assertEquals(code, detail.getString("error"), a::toString);
    return detail;
  }
}
