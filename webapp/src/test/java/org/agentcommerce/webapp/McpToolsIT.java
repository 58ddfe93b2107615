package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Gates;
import org.agentcommerce.webapp.support.Http;
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
 * The keyed door's fourteen tools on MariaDB with the sandbox PSP, called the way an MCP client
 * calls them: the listing, the buyer gate, a locked session, exactly-once completion under
 * concurrent calls (the sandbox PSP's ledger counts the charges), payment links, cancellation, the
 * order read, after-sales, and the boundaries between buyers and agents.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class McpToolsIT {

  static final String KEYED = "/commerce/mcp";
  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SAKURA = "merch_9a3d5e7b1c2f4068";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD, one variant
  static final String MULTI = "prod_17f367542beafd6c"; // two variants
  static final String MULTI_15ML = "44123963639638";
  static final String ADDRESS =
      "{\"name\":\"Ada\",\"address_line1\":\"1 Main St\",\"city\":\"New York\","
          + "\"state\":\"NY\",\"postal_code\":\"10001\",\"country\":\"US\"}";

  static final List<String> FOURTEEN =
      List.of(
          "search_catalog",
          "get_product",
          "get_alternatives",
          "get_offers",
          "get_intel",
          "recommend_products",
          "create_checkout_session",
          "update_checkout_session",
          "get_checkout_session",
          "complete_checkout_session",
          "create_payment_link",
          "cancel_checkout_session",
          "get_order",
          "request_after_sales");

  static final List<String> BUYER_TOOLS = FOURTEEN.subList(6, 14);

  private static final JsonSchema LIST_TOOLS_RESULT =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
          .getSchema(
              SchemaLocation.of("classpath:mcp/schema-2025-11-25.json#/$defs/ListToolsResult"));

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;
  private String buyer;
  private int nextId = 1;

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
    buyer = TestIssuer.token("tool-buyer-" + System.nanoTime());
    gates(false, 500L);
  }

  @AfterEach
  void closeGates() throws Exception {
    gates(false, 500L);
  }

  private void gates(boolean submit, long testCap) throws Exception {
    Gates.set(base, submit, testCap);
  }

  // ---------------------------------------------------------------- JSON-RPC helpers

  private String[] headers(String apiKey, String buyerToken) {
    List<String> h =
        new ArrayList<>(
            List.of("Accept", "application/json, text/event-stream", "X-API-Key", apiKey));
    if (buyerToken != null) {
      h.addAll(List.of("X-Agent-User-JWT", buyerToken));
    }
    return h.toArray(String[]::new);
  }

  private JsonObject rpc(String method, JsonObject params, String apiKey, String buyerToken) {
    int id;
    synchronized (this) {
      id = nextId++;
    }
    var b = Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", id).add("method", method);
    if (params != null) {
      b.add("params", params);
    }
    Http.Answer a = http.post(KEYED, b.build().toString(), headers(apiKey, buyerToken));
    assertEquals(200, a.status(), a::toString);
    JsonObject response = a.json();
    assertNull(response.get("error"), response::toString);
    return response.getJsonObject("result");
  }

  /** A tools/call as this test's agent and buyer; answers the CallToolResult. */
  private JsonObject raw(String tool, String arguments, String apiKey, String buyerToken) {
    return rpc(
        "tools/call",
        Json.createObjectBuilder().add("name", tool).add("arguments", json(arguments)).build(),
        apiKey,
        buyerToken);
  }

  private JsonObject call(String tool, String arguments) {
    return raw(tool, arguments, agent.apiKey(), buyer);
  }

  /** The JSON text of a successful result. */
  private static JsonObject ok(JsonObject result) {
    assertFalse(result.getBoolean("isError", false), result::toString);
    assertNull(result.get("structuredContent"), "text-only results on the keyed door");
    return json(result.getJsonArray("content").getJsonObject(0).getString("text"));
  }

  /** The error object of a failed result, which must carry this code. */
  private static JsonObject refused(JsonObject result, String code) {
    assertTrue(result.getBoolean("isError", false), result::toString);
    JsonObject error =
        json(result.getJsonArray("content").getJsonObject(0).getString("text"))
            .getJsonObject("error");
    assertEquals(code, error.getString("code"), error::toString);
    assertFalse(error.getString("message").isBlank());
    return error;
  }

  private static JsonObject json(String text) {
    return Json.createReader(new StringReader(text)).readObject();
  }

  private static String key() {
    return "key-" + System.nanoTime();
  }

  private static String quote(String items, boolean withAddress) {
    return "{\"merchant_id\":\""
        + LUMEN
        + "\",\"items\":"
        + items
        + (withAddress
            ? ",\"customer_email\":\"ada@example.com\",\"shipping_address\":" + ADDRESS
            : "")
        + "}";
  }

  private static String single(int quantity) {
    return "[{\"product_id\":\"" + SINGLE + "\",\"quantity\":" + quantity + "}]";
  }

  private JsonObject createSession(boolean withAddress) {
    return ok(
        call(
            "create_checkout_session",
            "{\"idempotency_key\":\""
                + key()
                + "\",\"quote\":"
                + quote(single(1), withAddress)
                + "}"));
  }

  private JsonObject complete(String sessionId, String key, String token) {
    return call(
        "complete_checkout_session",
        "{\"idempotency_key\":\""
            + key
            + "\",\"session_id\":\""
            + sessionId
            + "\",\"payment_data\":{\"provider\":\"sandbox\",\"token\":\""
            + token
            + "\"}}");
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

  private static long count(String sql, Object... parameters) {
    return ((Number) Agents.query(sql, parameters)).longValue();
  }

  // ---------------------------------------------------------------- the listing

  @Test
  void theKeyedDoorListsExactlyTheFourteenToolsInTheSpecsOrder() {
    JsonObject list = rpc("tools/list", null, agent.apiKey(), null);
    Set<ValidationMessage> errors = LIST_TOOLS_RESULT.validate(list.toString(), InputFormat.JSON);
    assertEquals(Set.of(), errors, list::toString);
    List<String> names =
        list.getJsonArray("tools").stream().map(t -> t.asJsonObject().getString("name")).toList();
    assertEquals(FOURTEEN, names);
    for (JsonValue v : list.getJsonArray("tools")) {
      JsonObject tool = v.asJsonObject();
      JsonObject schema = tool.getJsonObject("inputSchema");
      assertEquals(JsonValue.FALSE, schema.get("additionalProperties"), tool::toString);
      assertFalse(tool.getString("description").isBlank());
      boolean readOnly = tool.getJsonObject("annotations").getBoolean("readOnlyHint");
      if (!readOnly) {
        JsonObject key = schema.getJsonObject("properties").getJsonObject("idempotency_key");
        assertEquals(8, key.getInt("minLength"), tool::toString);
        assertTrue(
            schema.getJsonArray("required").contains(Json.createValue("idempotency_key")),
            tool::toString);
      }
    }
  }

  @Test
  void everyBuyerScopedToolRefusesWithoutABuyerTokenBeforeDoingAnything() {
    String args =
        "{\"idempotency_key\":\"12345678\",\"session_id\":\"csn_x\",\"order_id\":\"ord_x\","
            + "\"quote\":"
            + quote(single(1), true)
            + ",\"payment_data\":{\"token\":\"tok_visa\"},\"requested_action\":\"support\"}";
    JsonObject all = json(args);
    JsonObject list = rpc("tools/list", null, agent.apiKey(), null);
    for (JsonValue v : list.getJsonArray("tools")) {
      JsonObject tool = v.asJsonObject();
      String name = tool.getString("name");
      if (!BUYER_TOOLS.contains(name)) {
        continue;
      }
      var mine = Json.createObjectBuilder();
      JsonObject props = tool.getJsonObject("inputSchema").getJsonObject("properties");
      tool.getJsonObject("inputSchema")
          .getJsonArray("required")
          .forEach(
              r ->
                  mine.add(
                      ((jakarta.json.JsonString) r).getString(),
                      all.get(((jakarta.json.JsonString) r).getString())));
      assertTrue(props.size() >= 1);
      JsonObject error =
          refused(raw(name, mine.build().toString(), agent.apiKey(), null), "USER_AUTH_REQUIRED");
      assertEquals(401, error.getInt("http_status"), name);
    }
    assertEquals(0, count("SELECT COUNT(*) FROM acp_sessions WHERE agent_id = ?", agent.agentId()));
    assertEquals(0, count("SELECT COUNT(*) FROM quotes WHERE agent_id = ?", agent.agentId()));
    assertEquals(
        0, count("SELECT COUNT(*) FROM idempotency_records WHERE agent_id = ?", agent.agentId()));
  }

  /**
   * Issue 38: the origin gateway's get_product{merchant_id, product_id, include:["decision"]} gets
   * the reviewed intel inline as decision (get_intel's answer), null when nobody reviewed it.
   */
  @Test
  void getProductIncludesTheDecisionTheOriginAsksFor() {
    JsonObject intel = ok(call("get_intel", "{\"product_id\":\"" + SINGLE + "\"}"));
    JsonObject product =
        ok(
            call(
                "get_product",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"product_id\":\""
                    + SINGLE
                    + "\",\"include\":[\"decision\"]}"));
    assertEquals(SINGLE, product.getString("product_id"));
    assertTrue(product.containsKey("decision"), product::toString);
    if (intel.getBoolean("reviewed")) {
      assertEquals(intel, product.getJsonObject("decision"));
    } else {
      assertEquals(JsonValue.NULL, product.get("decision"));
    }
    assertFalse(
        ok(call("get_product", "{\"product_id\":\"" + SINGLE + "\"}")).containsKey("decision"));
    refused(
        call("get_product", "{\"product_id\":\"" + SINGLE + "\",\"include\":[\"reviews\"]}"),
        "INVALID_ARGUMENTS");
  }

  @Test
  void getOffersListsTheProductsSellers() {
    JsonObject offers = ok(call("get_offers", "{\"product_id\":\"" + SINGLE + "\"}"));
    assertEquals(SINGLE, offers.getString("product_id"));
    JsonObject first = offers.getJsonArray("offers").getJsonObject(0);
    assertEquals(LUMEN, first.getString("merchant_id"));
    assertEquals("USD", first.getJsonObject("price").getString("currency"));
    assertEquals(
        0,
        first
            .getJsonObject("price")
            .getJsonNumber("amount")
            .bigDecimalValue()
            .compareTo(new java.math.BigDecimal("21.00")));
    refused(call("get_offers", "{\"product_id\":\"prod_nope\"}"), "NOT_FOUND");

    // The origin's arguments: a product group instead of a product, and a currency that narrows.
    String groupId =
        (String)
            Agents.query(
                "SELECT m.group_id FROM product_group_members m JOIN products p ON p.id ="
                    + " m.product_id WHERE p.status = 'active' GROUP BY m.group_id HAVING COUNT(*)"
                    + " > 1 ORDER BY m.group_id LIMIT 1");
    JsonObject byGroup = ok(call("get_offers", "{\"product_group_id\":\"" + groupId + "\"}"));
    assertEquals(groupId, byGroup.getString("product_group_id"), byGroup::toString);
    assertTrue(byGroup.getJsonArray("offers").size() > 1, byGroup::toString);
    JsonObject anchorsGroup =
        ok(call("get_offers", "{\"product_id\":\"" + byGroup.getString("product_id") + "\"}"));
    assertEquals(byGroup.getJsonArray("offers"), anchorsGroup.getJsonArray("offers"));
    JsonObject inYen =
        ok(call("get_offers", "{\"product_id\":\"" + SINGLE + "\",\"currency\":\"JPY\"}"));
    assertEquals(0, inYen.getJsonArray("offers").size(), inYen::toString);
    JsonObject inDollars =
        ok(call("get_offers", "{\"product_id\":\"" + SINGLE + "\",\"currency\":\"USD\"}"));
    assertEquals(offers.getJsonArray("offers"), inDollars.getJsonArray("offers"));
    refused(call("get_offers", "{}"), "INVALID_ARGUMENTS");
    refused(call("get_offers", "{\"product_group_id\":\"grp_nope\"}"), "NOT_FOUND");

    // get_alternatives takes the origin's product_ref, a string or {product_id, merchant_id}.
    JsonObject byId = ok(call("get_alternatives", "{\"product_id\":\"" + SINGLE + "\"}"));
    JsonObject byRef =
        ok(
            call(
                "get_alternatives",
                "{\"product_ref\":{\"product_id\":\""
                    + SINGLE
                    + "\",\"merchant_id\":\""
                    + LUMEN
                    + "\"}}"));
    assertEquals(byId.getJsonArray("alternatives"), byRef.getJsonArray("alternatives"));
    assertEquals(
        byId.getJsonArray("alternatives"),
        ok(call("get_alternatives", "{\"product_ref\":\"" + SINGLE + "\"}"))
            .getJsonArray("alternatives"));
    refused(
        call(
            "get_alternatives",
            "{\"product_id\":\"" + SINGLE + "\",\"product_ref\":\"" + SINGLE + "\"}"),
        "INVALID_ARGUMENTS");
  }

  // ---------------------------------------------------------------- sessions

  @Test
  void aSessionLocksTheServerPricedTotalInMinorUnitsOncePerKey() {
    String key = key();
    String args = "{\"idempotency_key\":\"" + key + "\",\"quote\":" + quote(single(2), true) + "}";
    JsonObject s = ok(call("create_checkout_session", args));
    assertTrue(s.getString("session_id").startsWith("csn_"), s::toString);
    assertEquals("ready_for_payment", s.getString("status"));
    assertEquals("USD", s.getString("currency"));
    // The origin's shape: merchant_of_record a string (the merchant's name), acp_state.
    assertEquals(LUMEN, s.getJsonObject("merchant").getString("merchant_id"));
    assertEquals(s.getJsonObject("merchant").getString("name"), s.getString("merchant_of_record"));
    assertEquals(s.getString("session_id"), s.getString("checkout_session_id"));
    boolean payable =
        s.get("shipping_address") instanceof JsonObject
            && s.get("customer_email") != JsonValue.NULL;
    assertEquals(payable ? "ready_for_payment" : "not_ready_for_payment", s.getString("acp_state"));
    JsonObject t = s.getJsonObject("totals");
    assertEquals(4200, t.getJsonNumber("subtotal").longValueExact());
    assertEquals(
        t.getJsonNumber("subtotal").longValueExact()
            - t.getJsonNumber("discount").longValueExact()
            + t.getJsonNumber("shipping").longValueExact()
            + (t.getBoolean("tax_included") ? 0 : t.getJsonNumber("tax").longValueExact()),
        t.getJsonNumber("total").longValueExact());
    JsonObject line = s.getJsonArray("line_items").getJsonObject(0);
    assertEquals(2100, line.getJsonNumber("unit_price").longValueExact());
    assertEquals(2, line.getInt("quantity"));
    assertFalse(s.getString("expires_at").isBlank());

    JsonObject again = ok(call("create_checkout_session", args));
    assertEquals(s.getString("session_id"), again.getString("session_id"));
    assertTrue(again.getBoolean("idempotent_replayed"));
    assertEquals(1, count("SELECT COUNT(*) FROM acp_sessions WHERE agent_id = ?", agent.agentId()));
    refused(
        call(
            "create_checkout_session",
            "{\"idempotency_key\":\"" + key + "\",\"quote\":" + quote(single(3), true) + "}"),
        "idempotency_conflict");
    refused(
        call(
            "create_checkout_session",
            "{\"idempotency_key\":\"short\",\"quote\":" + quote(single(1), true) + "}"),
        "INVALID_ARGUMENTS");
    refused(
        call(
            "create_checkout_session",
            "{\"idempotency_key\":\""
                + key()
                + "\",\"quote\":"
                + quote(single(1), true).replace("\"items\"", "\"total\":1,\"items\"")
                + "}"),
        "INVALID_ARGUMENTS");

    JsonObject read =
        ok(call("get_checkout_session", "{\"session_id\":\"" + s.getString("session_id") + "\"}"));
    assertEquals(t, read.getJsonObject("totals"));
    assertEquals(s.getJsonArray("line_items"), read.getJsonArray("line_items"));

    JsonObject requoted =
        ok(
            call(
                "update_checkout_session",
                "{\"idempotency_key\":\""
                    + key()
                    + "\",\"session_id\":\""
                    + s.getString("session_id")
                    + "\",\"quote\":"
                    + quote(single(1), true)
                    + "}"));
    assertEquals(s.getString("session_id"), requoted.getString("session_id"));
    assertEquals(2100, requoted.getJsonObject("totals").getJsonNumber("subtotal").longValueExact());
    assertNotEquals(s.getString("quote_id"), requoted.getString("quote_id"));
  }

  @Test
  void aMultiVariantProductWithoutItsVariantIsRefusedListingTheVariants() {
    JsonObject error =
        refused(
            call(
                "create_checkout_session",
                "{\"idempotency_key\":\""
                    + key()
                    + "\",\"quote\":"
                    + quote("[{\"product_id\":\"" + MULTI + "\",\"quantity\":1}]", true)
                    + "}"),
            "VARIANT_REQUIRED");
    assertTrue(error.toString().contains(MULTI_15ML), error::toString);
    JsonObject s =
        ok(
            call(
                "create_checkout_session",
                "{\"idempotency_key\":\""
                    + key()
                    + "\",\"quote\":"
                    + quote(
                        "[{\"product_id\":\""
                            + MULTI
                            + "\",\"variant_id\":\""
                            + MULTI_15ML
                            + "\",\"quantity\":1}]",
                        true)
                    + "}"));
    assertEquals(MULTI_15ML, s.getJsonArray("line_items").getJsonObject(0).getString("variant_id"));
  }

  // ---------------------------------------------------------------- completion

  @Test
  void closedGatesRefuseTheCompletionWithTheGatesCodeAndChargeNothing() throws Exception {
    String sessionId = createSession(true).getString("session_id");
    JsonObject error = refused(complete(sessionId, key(), "tok_visa"), "TIER2_CHARGE_DISABLED");
    assertEquals(403, error.getInt("http_status"));
    assertFalse(error.getBoolean("retriable"));
    gates(true, 500L);
    JsonObject overCap =
        refused(complete(sessionId, key(), "tok_visa"), "TIER2_TEST_CAPTURE_OVER_CAP");
    assertEquals(500, overCap.getInt("max_cents"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.agent_id = ?",
            agent.agentId()));
  }

  @Test
  void concurrentCompletesChargeOnceAndEveryAnswerNamesTheSameOrder() throws Exception {
    gates(true, 1_000_000L);
    String sessionId = createSession(true).getString("session_id");
    int calls = 12;
    ExecutorService pool = Executors.newFixedThreadPool(calls);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<JsonObject>> answers = new ArrayList<>();
    String shared = key();
    for (int i = 0; i < calls; i++) {
      String k = i % 2 == 0 ? shared : key();
      answers.add(
          pool.submit(
              () -> {
                start.await();
                return complete(sessionId, k, "tok_visa");
              }));
    }
    start.countDown();
    String orderId = null;
    int succeeded = 0;
    for (Future<JsonObject> f : answers) {
      JsonObject r = f.get();
      if (r.getBoolean("isError", false)) {
        JsonObject e =
            json(r.getJsonArray("content").getJsonObject(0).getString("text"))
                .getJsonObject("error");
        assertTrue(
            Set.of("completion_in_progress", "idempotency_conflict").contains(e.getString("code")),
            e::toString);
        continue;
      }
      JsonObject done = ok(r);
      succeeded++;
      assertEquals("completed", done.getString("status"));
      assertEquals("succeeded", done.getString("payment_status"));
      if (orderId == null) {
        orderId = done.getString("order_id");
      }
      assertEquals(orderId, done.getString("order_id"));
    }
    pool.shutdown();
    assertTrue(succeeded >= 1);
    assertEquals(1, captured(orderId));

    // Later calls, any key, replay: never a second charge.
    JsonObject replay = ok(complete(sessionId, key(), "tok_visa"));
    assertEquals(orderId, replay.getString("order_id"));
    assertEquals(1, captured(orderId));

    // The order read on the tool door is the REST v2 read.
    JsonObject viaTool = ok(call("get_order", "{\"order_id\":\"" + orderId + "\"}"));
    Http.Answer rest =
        http.get(
            "/agent/v2/orders/" + orderId, "X-API-Key", agent.apiKey(), "X-Agent-User-JWT", buyer);
    assertEquals(200, rest.status(), rest::toString);
    assertEquals(rest.json().getJsonObject("order"), viaTool.getJsonObject("order"));
    assertEquals("merchant_confirming", viaTool.getJsonObject("order").getString("state"));
    assertFalse(viaTool.toString().contains("tok_visa"));

    // A paid session cannot be cancelled.
    refused(
        call(
            "cancel_checkout_session",
            "{\"idempotency_key\":\"" + key() + "\",\"session_id\":\"" + sessionId + "\"}"),
        "ORDER_ALREADY_PAID");

    // After-sales: a return is tracked on the order, a refund runs the refund service once.
    String returnKey = key();
    JsonObject ret =
        ok(
            call(
                "request_after_sales",
                "{\"idempotency_key\":\""
                    + returnKey
                    + "\",\"order_id\":\""
                    + orderId
                    + "\",\"requested_action\":\"return\",\"reason\":\"Too small\"}"));
    assertEquals("open", ret.getString("status"));
    JsonArray afterSales =
        ok(call("get_order", "{\"order_id\":\"" + orderId + "\"}"))
            .getJsonObject("order")
            .getJsonArray("after_sales");
    assertEquals(1, afterSales.size());
    assertEquals("return", afterSales.getJsonObject(0).getString("action"));

    // Issue 38: the origin gateway sends the request inside status; the same key in our flat
    // shape is the same request (replayed), and both shapes at once are refused.
    String originKey = key();
    JsonObject viaStatus =
        ok(
            call(
                "request_after_sales",
                "{\"idempotency_key\":\""
                    + originKey
                    + "\",\"status\":{\"order_id\":\""
                    + orderId
                    + "\",\"requested_action\":\"support\",\"reason\":\"Where is it?\"}}"));
    assertEquals("support", viaStatus.getString("requested_action"), viaStatus::toString);
    assertEquals(orderId, viaStatus.getString("order_id"));
    assertEquals("Where is it?", viaStatus.getString("reason"));
    assertEquals("open", viaStatus.getString("status"));
    JsonObject flatReplay =
        ok(
            call(
                "request_after_sales",
                "{\"idempotency_key\":\""
                    + originKey
                    + "\",\"order_id\":\""
                    + orderId
                    + "\",\"requested_action\":\"support\",\"reason\":\"Where is it?\"}"));
    assertEquals(viaStatus.getString("request_id"), flatReplay.getString("request_id"));
    assertTrue(flatReplay.getBoolean("idempotent_replayed"), flatReplay::toString);
    refused(
        call(
            "request_after_sales",
            "{\"idempotency_key\":\""
                + key()
                + "\",\"order_id\":\""
                + orderId
                + "\",\"status\":{\"order_id\":\""
                + orderId
                + "\",\"requested_action\":\"support\"}}"),
        "INVALID_ARGUMENTS");
    refused(
        call(
            "request_after_sales",
            "{\"idempotency_key\":\"" + key() + "\",\"requested_action\":\"support\"}"),
        "INVALID_ARGUMENTS");
    assertEquals(
        2,
        ok(call("get_order", "{\"order_id\":\"" + orderId + "\"}"))
            .getJsonObject("order")
            .getJsonArray("after_sales")
            .size());

    String refundKey = key();
    String refundArgs =
        "{\"idempotency_key\":\""
            + refundKey
            + "\",\"order_id\":\""
            + orderId
            + "\",\"requested_action\":\"refund\",\"reason\":\"Changed my mind\"}";
    JsonObject refund = ok(call("request_after_sales", refundArgs));
    assertEquals("refunded", refund.getString("status"), refund::toString);
    assertEquals(
        viaTool.getJsonObject("order").getJsonObject("amounts").getString("total"),
        refund.getJsonObject("refund").getString("amount"));
    JsonObject refundAgain = ok(call("request_after_sales", refundArgs));
    assertEquals(refund.getString("request_id"), refundAgain.getString("request_id"));
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE"
                + " p.order_id = ?",
            orderId));
    assertEquals(
        "refunded",
        ok(call("get_order", "{\"order_id\":\"" + orderId + "\"}"))
            .getJsonObject("order")
            .getString("state"));
  }

  // ---------------------------------------------------------------- payment links

  /**
   * Issue 36, item 2: a payment link's order was made through a checkout session, so every charge
   * an agent submits for it passes the gates, whatever lane pays (here the REST payments API); a
   * session whose order got paid completes by reading that payment, with the gates closed.
   */
  @Test
  void aPaymentLinkOrderIsGatedWhateverLanePaysItAndItsPaidSessionCompletes() throws Exception {
    String sessionId = createSession(true).getString("session_id");
    String orderId =
        ok(call(
                "create_payment_link",
                "{\"idempotency_key\":\""
                    + key()
                    + "\",\"session_id\":\""
                    + sessionId
                    + "\",\"customer_email\":\"ada@example.com\"}"))
            .getString("order_id");
    String pay =
        "{\"order_id\":\""
            + orderId
            + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}";
    String[] as = {"X-API-Key", agent.apiKey(), "X-Agent-User-JWT", buyer};

    Http.Answer closed = http.post("/agent/v1/payments", pay, as);
    assertEquals(403, closed.status(), closed::toString);
    assertEquals(
        "TIER2_CHARGE_DISABLED",
        closed.json().getJsonObject("detail").getString("error"),
        closed::toString);
    gates(true, 500L);
    Http.Answer overCap = http.post("/agent/v1/payments", pay, as);
    assertEquals(403, overCap.status(), overCap::toString);
    assertEquals(
        "TIER2_TEST_CAPTURE_OVER_CAP",
        overCap.json().getJsonObject("detail").getString("error"),
        overCap::toString);
    assertEquals(0, captured(orderId));

    // Within the cap the same REST call pays it; then, gates closed again, the session completes.
    gates(true, 1_000_000L);
    Http.Answer paid = http.post("/agent/v1/payments", pay, as);
    assertEquals(200, paid.status(), paid::toString);
    assertEquals("succeeded", paid.json().getString("status"));
    gates(false, 500L);
    // The origin's name of the payment: payment_authorization (payment_data and it together: no).
    refused(
        call(
            "complete_checkout_session",
            "{\"idempotency_key\":\""
                + key()
                + "\",\"session_id\":\""
                + sessionId
                + "\",\"payment_data\":{\"token\":\"tok_visa\"},"
                + "\"payment_authorization\":{\"token\":\"tok_visa\"}}"),
        "INVALID_ARGUMENTS");
    JsonObject done =
        ok(
            call(
                "complete_checkout_session",
                "{\"idempotency_key\":\""
                    + key()
                    + "\",\"session_id\":\""
                    + sessionId
                    + "\",\"payment_authorization\":{\"provider\":\"sandbox\",\"token\":"
                    + "\"tok_visa\"}}"));
    assertEquals(orderId, done.getString("order_id"), done::toString);
    assertEquals(
        "completed",
        ok(call("get_checkout_session", "{\"session_id\":\"" + sessionId + "\"}"))
            .getString("status"));
    assertEquals(1, captured(orderId));
  }

  @Test
  void aPaymentLinkMakesOneOrderAndShowsItsTokenOnce() {
    String sessionId = createSession(false).getString("session_id");
    refused(
        call(
            "create_payment_link",
            "{\"idempotency_key\":\"" + key() + "\",\"session_id\":\"" + sessionId + "\"}"),
        "acp_address_required");
    String key = key();
    String args =
        "{\"idempotency_key\":\""
            + key
            + "\",\"session_id\":\""
            + sessionId
            + "\",\"customer_email\":\"ada@example.com\",\"shipping_address\":"
            + ADDRESS
            + "}";
    JsonObject link = ok(call("create_payment_link", args));
    String orderId = link.getString("order_id");
    assertTrue(orderId.startsWith("ord_"), link::toString);
    assertEquals("awaiting_payment", link.getString("status"));
    assertEquals("USD", link.getString("currency"));
    assertTrue(link.getJsonNumber("amount_total").longValueExact() >= 2100);
    String url = link.getString("checkout_url");
    assertTrue(url.matches("https?://[^/]+/checkout/ci_[A-Za-z0-9]+#token=ct_.+"), url);
    assertFalse(link.getString("expires_at").isBlank());

    JsonObject replay = ok(call("create_payment_link", args));
    assertEquals(orderId, replay.getString("order_id"));
    assertFalse(replay.getString("checkout_url").contains("#"), replay::toString);
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM idempotency_records WHERE agent_id = ? AND response_body LIKE"
                + " '%token=%'",
            agent.agentId()));

    JsonObject fresh =
        ok(
            call(
                "create_payment_link",
                "{\"idempotency_key\":\"" + key() + "\",\"session_id\":\"" + sessionId + "\"}"));
    assertEquals(orderId, fresh.getString("order_id"));
    assertNotEquals(url, fresh.getString("checkout_url"));
    assertEquals(1, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));

    // The session is handed over: no re-quote now, and cancelling cancels its order.
    refused(
        call(
            "update_checkout_session",
            "{\"idempotency_key\":\""
                + key()
                + "\",\"session_id\":\""
                + sessionId
                + "\",\"quote\":"
                + quote(single(2), true)
                + "}"),
        "CHECKOUT_SESSION_LOCKED");
    assertEquals(sessionId, fresh.getString("checkout_session_id"));
    // The origin's cancel names the session by the order its payment link made.
    JsonObject cancelled =
        ok(
            call(
                "cancel_checkout_session",
                "{\"idempotency_key\":\"" + key() + "\",\"order_id\":\"" + orderId + "\"}"));
    assertEquals("cancelled", cancelled.getString("status"));
    assertEquals(sessionId, cancelled.getString("session_id"));
    assertEquals("canceled", cancelled.getString("acp_state"));
    assertEquals(
        "cancelled",
        ok(call("get_order", "{\"order_id\":\"" + orderId + "\"}"))
            .getJsonObject("order")
            .getString("state"));
    refused(complete(sessionId, key(), "tok_visa"), "checkout_session_cancelled");
    refused(
        call(
            "request_after_sales",
            "{\"idempotency_key\":\""
                + key()
                + "\",\"order_id\":\""
                + orderId
                + "\",\"requested_action\":\"exchange\"}"),
        "INVALID_STATE");
  }

  @Test
  void aSessionPaidOnTheHostedPageReadsAsCompleted() {
    String sessionId = createSession(true).getString("session_id");
    JsonObject link =
        ok(
            call(
                "create_payment_link",
                "{\"idempotency_key\":\""
                    + key()
                    + "\",\"session_id\":\""
                    + sessionId
                    + "\",\"customer_email\":\"ada@example.com\",\"shipping_address\":"
                    + ADDRESS
                    + "}"));
    String url = link.getString("checkout_url");
    String token = url.substring(url.indexOf("#token=") + 7);
    Http page = new Http(base);
    JsonObject shown = page.get("/agent/v1/checkout/hosted", "X-Checkout-Token", token).json();
    Http.Answer paid =
        page.post(
            "/agent/v1/checkout/hosted/pay",
            "{\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"},"
                + "\"expected_total\":\""
                + shown.getJsonObject("totals").getString("total")
                + "\",\"quote_id\":\""
                + shown.getString("quote_id")
                + "\"}",
            "X-Checkout-Token",
            token);
    assertEquals(200, paid.status(), paid::toString);
    assertEquals("succeeded", paid.json().getString("status"));
    assertEquals(
        "completed",
        ok(call("get_checkout_session", "{\"session_id\":\"" + sessionId + "\"}"))
            .getString("status"));
    // A refund reason longer than the refund record keeps is refused before anything runs.
    refused(
        call(
            "request_after_sales",
            "{\"idempotency_key\":\""
                + key()
                + "\",\"order_id\":\""
                + link.getString("order_id")
                + "\",\"requested_action\":\"refund\",\"reason\":\""
                + "x".repeat(501)
                + "\"}"),
        "INVALID_ARGUMENTS");
  }

  // ---------------------------------------------------------------- boundaries

  @Test
  void anotherBuyerOrAnotherAgentFindsNothing() throws Exception {
    gates(true, 1_000_000L);
    String sessionId = createSession(true).getString("session_id");
    String orderId = ok(complete(sessionId, key(), "tok_visa")).getString("order_id");

    String stranger = TestIssuer.token("someone-else-" + System.nanoTime());
    Agents.Registered other = Agents.register(http);
    for (String[] who :
        List.of(
            new String[] {agent.apiKey(), stranger},
            new String[] {other.apiKey(), buyer},
            new String[] {other.apiKey(), stranger})) {
      refused(
          raw("get_checkout_session", "{\"session_id\":\"" + sessionId + "\"}", who[0], who[1]),
          "acp_session_not_found");
      refused(
          raw(
              "complete_checkout_session",
              "{\"idempotency_key\":\""
                  + key()
                  + "\",\"session_id\":\""
                  + sessionId
                  + "\",\"payment_data\":{\"token\":\"tok_visa\"}}",
              who[0],
              who[1]),
          "acp_session_not_found");
      refused(
          raw(
              "cancel_checkout_session",
              "{\"idempotency_key\":\"" + key() + "\",\"session_id\":\"" + sessionId + "\"}",
              who[0],
              who[1]),
          "acp_session_not_found");
      refused(
          raw("get_order", "{\"order_id\":\"" + orderId + "\"}", who[0], who[1]),
          "ORDER_NOT_FOUND");
      refused(
          raw(
              "request_after_sales",
              "{\"idempotency_key\":\""
                  + key()
                  + "\",\"order_id\":\""
                  + orderId
                  + "\",\"requested_action\":\"refund\"}",
              who[0],
              who[1]),
          "ORDER_NOT_FOUND");
    }
    assertEquals(1, captured(orderId));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE"
                + " p.order_id = ?",
            orderId));

    // The same idempotency key from another buyer of this agent never replays this buyer's answer.
    String key = key();
    String args = "{\"idempotency_key\":\"" + key + "\",\"quote\":" + quote(single(1), true) + "}";
    ok(call("create_checkout_session", args));
    refused(raw("create_checkout_session", args, agent.apiKey(), stranger), "idempotency_conflict");
  }

  @Test
  void noToolResultCarriesAKeyATokenOrAPaymentSecret() throws Exception {
    gates(true, 1_000_000L);
    JsonObject session = createSession(true);
    String sessionId = session.getString("session_id");
    JsonObject done = ok(complete(sessionId, key(), "tok_mastercard"));
    String order =
        ok(call("get_order", "{\"order_id\":\"" + done.getString("order_id") + "\"}")).toString();
    for (String text : List.of(session.toString(), done.toString(), order)) {
      assertFalse(text.contains(agent.apiKey()), text);
      assertFalse(text.contains("ak_live_"), text);
      assertFalse(text.contains(buyer), text);
      assertFalse(text.contains("tok_mastercard"), text);
      assertFalse(text.contains("client_secret"), text);
    }
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM acp_sessions WHERE id = ? AND (result LIKE '%tok_%' OR basket"
                + " LIKE '%tok_%')",
            sessionId));
  }

  // ---------------------------------------------------------------- UCP dialect

  private JsonObject ucpCall(String tool, String arguments, String buyerToken) {
    return raw(
        tool,
        arguments.replaceFirst(
            "\\{",
            "{\"meta\":{\"ucp-agent\":{\"profile\":\"https://agent.example/p\"},"
                + "\"idempotency-key\":\""
                + java.util.UUID.randomUUID()
                + "\"},"),
        agent.apiKey(),
        buyerToken);
  }

  private static final String UCP_CHECKOUT =
      "{\"checkout\":{\"line_items\":[{\"item\":{\"id\":\""
          + SINGLE
          + "\"},\"quantity\":2}],\"buyer\":{\"email\":\"ada@example.com\","
          + "\"first_name\":\"Ada\"},\"fulfillment\":{\"methods\":[{\"type\":\"shipping\","
          + "\"destinations\":[{\"street_address\":\"1 Main St\",\"address_locality\":"
          + "\"New York\",\"address_region\":\"NY\",\"postal_code\":\"10001\","
          + "\"address_country\":\"US\"}]}]}}}";

  @Test
  void theUcpDialectBuysWithUcpCheckoutObjectsInMinorUnits() throws Exception {
    List<String> names =
        rpc(
                "tools/list",
                json("{\"_meta\":{\"ucp-agent\":{\"profile\":\"https://a/p\"}}}"),
                agent.apiKey(),
                null)
            .getJsonArray("tools")
            .stream()
            .map(t -> t.asJsonObject().getString("name"))
            .toList();
    assertTrue(
        names.containsAll(
            List.of(
                "create_checkout",
                "get_checkout",
                "update_checkout",
                "complete_checkout",
                "cancel_checkout")),
        names::toString);
    assertFalse(names.contains("create_payment_link"), names::toString);
    assertFalse(names.contains("recommend_products"), names::toString);

    refused(ucpCall("create_checkout", UCP_CHECKOUT, null), "USER_AUTH_REQUIRED");
    refused(
        ucpCall("create_checkout", UCP_CHECKOUT.replace(SINGLE, MULTI), buyer), "VARIANT_REQUIRED");
    JsonObject c = ok(ucpCall("create_checkout", UCP_CHECKOUT, buyer));
    assertEquals("ready_for_complete", c.getString("status"), c::toString);
    assertEquals("USD", c.getString("currency"));
    assertEquals(
        2100,
        c.getJsonArray("line_items")
            .getJsonObject(0)
            .getJsonObject("item")
            .getJsonNumber("price")
            .longValueExact());
    assertTrue(
        c.getJsonObject("ucp")
            .getJsonObject("payment_handlers")
            .containsKey("org.agentcommerce.psp_token"));
    String id = c.getString("id");
    String pay =
        "{\"id\":\""
            + id
            + "\",\"checkout\":{\"payment\":{\"instruments\":[{\"id\":\"i1\","
            + "\"handler_id\":\"psp_token\",\"type\":\"card\",\"credential\":{\"type\":"
            + "\"token\",\"token\":\"tok_visa\"}}]}}}";
    refused(ucpCall("complete_checkout", pay, buyer), "TIER2_CHARGE_DISABLED");
    gates(true, 1_000_000L);
    JsonObject done = ok(ucpCall("complete_checkout", pay, buyer));
    assertEquals("completed", done.getString("status"), done::toString);
    String orderId = done.getJsonObject("order").getString("id");
    assertEquals(1, captured(orderId));
    assertEquals(
        "completed",
        ok(ucpCall("get_checkout", "{\"id\":\"" + id + "\"}", buyer)).getString("status"));
    refused(ucpCall("cancel_checkout", "{\"id\":\"" + id + "\"}", buyer), "ORDER_ALREADY_PAID");
    refused(
        ucpCall(
            "get_checkout", "{\"id\":\"" + id + "\"}", TestIssuer.token("x" + System.nanoTime())),
        "acp_session_not_found");
    assertFalse(done.toString().contains("tok_visa"));
  }
}
