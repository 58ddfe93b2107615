package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.List;
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
 * Issue 38: the calls a client written for the origin service makes (its SDKs' requests, exactly),
 * and the fields it reads from the answers (docs/compatibility.md). Our own extra fields may stay.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class OriginClientsIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;

  @BeforeEach
  void agent() {
    http = new Http(base).awaitReady();
    agent = Agents.register(http);
  }

  private JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private JsonObject get(String path) {
    return ok(http.get(path, "X-API-Key", agent.apiKey()));
  }

  private String order() {
    return TestPayments.payableOrder(http, agent.apiKey());
  }

  private List<String> ids(JsonObject page) {
    return page.getJsonArray("orders").getValuesAs(JsonObject.class).stream()
        .map(o -> o.getString("order_id"))
        .toList();
  }

  /** The SDKs' list_orders(status=…): the origin's status names select our states. */
  @Test
  void listOrdersTakesTheOriginStatusNames() {
    String unpaid = order();
    String paid = order();
    TestPayments.pay(http, agent.apiKey(), paid);

    List<String> pending = ids(get("/agent/v1/orders?status=pending"));
    assertEquals(List.of(unpaid), pending);
    assertEquals(List.of(paid), ids(get("/agent/v1/orders?status=processing")));
    for (String s : List.of("shipped", "delivered")) {
      assertEquals(List.of(), ids(get("/agent/v1/orders?status=" + s)), s);
    }
    // Our own names still work, and an unknown one is still 422.
    assertEquals(List.of(unpaid), ids(get("/agent/v1/orders?status=awaiting_payment")));
    assertEquals(
        422, http.get("/agent/v1/orders?status=lost", "X-API-Key", agent.apiKey()).status());
    // limit=0 is the SDKs' "no limit given": the default page.
    JsonObject all = get("/agent/v1/orders?limit=0");
    assertEquals(50, all.getJsonObject("pagination").getInt("limit"), all::toString);
    assertEquals(2, all.getJsonArray("orders").size());
    assertEquals(
        List.of(unpaid), ids(get("/agent/v1/sdk/orders?status=pending&limit=0")), "sdk route");
  }

  /** get_order reads order.items, total, fulfillment_status, total_refunded, timestamps. */
  @Test
  void anOrderCarriesTheFieldsTheOriginClientsRead() {
    String orderId = order();
    TestPayments.pay(http, agent.apiKey(), orderId);
    JsonObject o = get("/agent/v1/orders/" + orderId).getJsonObject("order");
    assertEquals(o.getString("total_amount"), o.getString("total"), o::toString);
    assertEquals(1, o.getJsonArray("items").size(), o::toString);
    assertEquals(SINGLE, o.getJsonArray("items").getJsonObject(0).getString("product_id"));
    assertEquals("unfulfilled", o.getString("fulfillment_status"));
    assertEquals("0.00", o.getString("total_refunded"));
    assertTrue(o.containsKey("tracking_number"), o::toString);
    assertFalse(o.getString("updated_at").isBlank());
    // confirmed_at is set exactly when the merchant confirmed.
    assertEquals(
        "confirmed".equals(o.getString("status")),
        o.get("confirmed_at") != null && o.get("confirmed_at") != JsonValue.NULL,
        o::toString);

    JsonObject row =
        get("/agent/v1/sdk/orders").getJsonArray("orders").getValuesAs(JsonObject.class).stream()
            .filter(r -> r.getString("order_id").equals(orderId))
            .findFirst()
            .orElseThrow();
    assertFalse(row.getString("merchant_name").isBlank(), row::toString);
    assertNotEquals(LUMEN, row.getString("merchant_name"), row::toString);
    assertEquals("unfulfilled", row.getString("fulfillment_status"));
    assertEquals(o.getString("total_amount"), row.getString("total"));
    assertFalse(row.getString("updated_at").isBlank());
  }

  /**
   * The origin's v2 order read: audit{agent_id, created_at, updated_at}, fulfillment_summary with
   * the origin's names, payment_summary.payment_intent_id, buyer_context{shipping_address,
   * agent_user_ref}.
   */
  @Test
  void theV2OrderReadCarriesTheOriginSummaries() {
    String buyerRef = "guest:" + java.util.UUID.randomUUID();
    Http.Answer created =
        http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\",\"currency\":"
                + "\"USD\",\"shipping_address\":{\"name\":\"Ada\",\"address_line1\":\"1 Main"
                + " St\",\"city\":\"New York\",\"state\":\"NY\",\"postal_code\":\"10001\","
                + "\"country\":\"US\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Buyer-Ref",
            buyerRef);
    String orderId = ok(created).getString("order_id");
    TestPayments.pay(http, agent.apiKey(), orderId);
    JsonObject o = get("/agent/v2/orders/" + orderId).getJsonObject("order");
    JsonObject audit = o.getJsonObject("audit");
    assertEquals(agent.agentId(), audit.getString("agent_id"), o::toString);
    assertEquals(o.getString("created_at"), audit.getString("created_at"));
    assertEquals(o.getString("updated_at"), audit.getString("updated_at"));
    assertFalse(audit.getJsonArray("transitions").isEmpty(), audit::toString);
    JsonObject v1 = get("/agent/v1/orders/" + orderId).getJsonObject("order");
    JsonObject f = o.getJsonObject("fulfillment_summary");
    assertEquals(
        v1.getString("fulfillment_status"), f.getString("fulfillment_status"), f::toString);
    assertTrue(f.containsKey("carrier") && f.containsKey("shipped_at"), f::toString);
    assertTrue(f.containsKey("delivered_at"), f::toString);
    JsonObject p = o.getJsonObject("payment_summary");
    assertFalse(p.getString("payment_intent_id").isBlank(), p::toString);
    JsonObject buyer = o.getJsonObject("buyer_context");
    assertEquals("10001", buyer.getJsonObject("shipping_address").getString("postal_code"));
    assertEquals(v1.get("shipping_address"), buyer.get("shipping_address"), buyer::toString);
    assertEquals(buyerRef, buyer.getString("agent_user_ref"), buyer::toString);
  }

  /**
   * The origin's gateway calls POST /agent/v2/products/search with its defaults as query parameters
   * and the search in a JSON body; it reads status, success, products, total and metadata.
   */
  @Test
  void theV2SearchTakesTheGatewaysQueryAndBody() {
    Http.Answer a =
        http.post(
            "/agent/v2/products/search?query=shoes&in_stock_only=true&limit=20&offset=0",
            "{\"query\":\"serum\",\"limit\":2,\"page\":2,\"target_step_family\":\"treatment\"}",
            "X-API-Key",
            agent.apiKey());
    JsonObject page = ok(a);
    assertEquals("success", page.getString("status"));
    assertTrue(page.getBoolean("success"));
    assertEquals(2, page.getJsonArray("products").size(), page::toString);
    assertEquals(
        page.getJsonObject("pagination").getJsonNumber("total_count").longValue(),
        page.getJsonNumber("total").longValue());
    assertEquals("serum", page.getJsonObject("filters_applied").getString("query"));
    assertEquals(2, page.getJsonObject("pagination").getInt("offset"), page::toString);
    assertEquals(
        List.of("target_step_family"),
        page.getJsonObject("metadata")
            .getJsonArray("ignored_members")
            .getValuesAs(jakarta.json.JsonString::getString));
    // The same page as the v1 search with the same inputs.
    JsonObject v1 =
        get("/agent/v1/products/search?query=serum&in_stock_only=true&limit=2&offset=2");
    assertEquals(v1.getJsonArray("products"), page.getJsonArray("products"));

    Http.Answer bad =
        http.post(
            "/agent/v2/products/search",
            "{\"query\":5,\"limit\":300}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(422, bad.status(), bad::toString);
    assertTrue(bad.body().contains("\"body\",\"limit\""), bad::toString);
    assertTrue(bad.body().contains("\"body\",\"query\""), bad::toString);
  }

  /**
   * The SDKs' create_payment reads payment_intent_id (required in the TS SDK), psp, client_secret,
   * payment_action and next_action; a 3-D Secure payment's action comes in both shapes. A tokenless
   * {type:"dynamic"} method is a documented deviation: 422 that says what to do instead.
   */
  @Test
  void aPaymentAnswersTheOriginFields() {
    String orderId = order();
    JsonObject paid = TestPayments.pay(http, agent.apiKey(), orderId);
    assertFalse(paid.getString("payment_intent_id").isBlank(), paid::toString);
    assertEquals(paid.getString("psp_used"), paid.getString("psp"));
    assertEquals(JsonValue.NULL, paid.get("client_secret"));
    assertEquals(JsonValue.NULL, paid.get("payment_action"));

    String challenged = order();
    Http.Answer a =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + challenged
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_threeDSecure2Required\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            org.agentcommerce.webapp.support.TestIssuer.token("buyer-3ds-" + challenged));
    JsonObject waiting = ok(a);
    assertEquals("requires_action", waiting.getString("status"), waiting::toString);
    assertEquals("redirect_url", waiting.getJsonObject("payment_action").getString("type"));
    assertEquals(
        waiting.getJsonObject("next_action").getString("redirect_url"),
        waiting.getJsonObject("payment_action").getString("url"));
    assertEquals(JsonValue.NULL, waiting.get("client_secret"));
    // confirm-payment while the buyer has yet to pass 3-D Secure: 200 pending with the action.
    JsonObject pending =
        ok(
            http.post(
                "/agent/v1/orders/" + challenged + "/confirm-payment",
                null,
                "X-API-Key",
                agent.apiKey()));
    assertEquals("pending", pending.getString("status"), pending::toString);
    assertEquals(challenged, pending.getString("order_id"));
    assertEquals(waiting.getString("payment_intent_id"), pending.getString("payment_intent_id"));
    // The challenge address carries a secret: shown once, in the payment's own answer, never
    // again here (docs/compatibility.md).
    assertEquals(JsonValue.NULL, pending.get("payment_action"), pending::toString);
    assertEquals(JsonValue.NULL, pending.get("shopify_sync"));
    assertEquals(
        "payment_processing",
        get("/agent/v1/orders/" + challenged).getJsonObject("order").getString("status"));
    // A paid order: the origin's answer {status, message, order_id, payment_intent_id,
    // shopify_sync}.
    JsonObject confirmed =
        ok(
            http.post(
                "/agent/v1/orders/" + orderId + "/confirm-payment",
                null,
                "X-API-Key",
                agent.apiKey()));
    assertEquals("success", confirmed.getString("status"), confirmed::toString);
    assertFalse(confirmed.getString("message").isBlank());
    assertEquals(paid.getString("payment_intent_id"), confirmed.getString("payment_intent_id"));
    assertEquals(confirmed.getJsonObject("merchant_sync"), confirmed.getJsonObject("shopify_sync"));

    Http.Answer dynamic =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\"" + order() + "\",\"payment_method\":{\"type\":\"dynamic\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            org.agentcommerce.webapp.support.TestIssuer.token("buyer-dyn"));
    assertEquals(422, dynamic.status(), dynamic::toString);
    assertTrue(dynamic.body().contains("checkout/intents"), dynamic::toString);
  }

  /**
   * The routes the origin's gateway and UI call, served as thin views: tracking (v1 and v2) and the
   * order refund (v1 and v2), which refunds the order's payment once per idempotency key.
   */
  @Test
  void theOriginsOrderRoutesTrackAndRefund() {
    String orderId = order();
    JsonObject payment = TestPayments.pay(http, agent.apiKey(), orderId);
    JsonObject track = get("/agent/v1/orders/" + orderId + "/track");
    assertEquals(orderId, track.getString("order_id"));
    assertEquals("unfulfilled", track.getString("fulfillment_status"));
    assertEquals(track, get("/agent/v2/orders/" + orderId + "/tracking"));

    Http.Answer partial =
        http.post(
            "/agent/v1/orders/" + orderId + "/refund",
            "{\"amount\":\"1.00\",\"reason\":\"dent\"}",
            "X-API-Key",
            agent.apiKey(),
            "Idempotency-Key",
            "origin-refund-1");
    JsonObject refund = ok(partial);
    assertEquals(payment.getString("payment_id"), refund.getString("payment_id"));
    assertEquals("1.00", refund.getString("amount"));
    // The same key again: the same refund, not a second one.
    JsonObject replay =
        ok(
            http.post(
                "/agent/v1/orders/" + orderId + "/refund",
                "{\"amount\":\"1.00\",\"reason\":\"dent\"}",
                "X-API-Key",
                agent.apiKey(),
                "Idempotency-Key",
                "origin-refund-1"));
    assertEquals(refund.getString("refund_id"), replay.getString("refund_id"));
    JsonObject v2 =
        ok(
            http.post(
                "/agent/v2/orders/" + orderId + "/refunds",
                "{\"amount\":\"2.00\"}",
                "X-API-Key",
                agent.apiKey()));
    assertEquals(orderId, v2.getString("order_id"));
    assertEquals("2.00", v2.getJsonObject("refund").getString("amount"));
    assertEquals(
        2,
        ok(http.get(
                "/agent/v1/payments/" + payment.getString("payment_id") + "/refunds",
                "X-API-Key",
                agent.apiKey()))
            .getJsonArray("refunds")
            .size());
    assertEquals(
        "3.00",
        get("/agent/v1/orders/" + orderId).getJsonObject("order").getString("total_refunded"));
    // An unpaid order has nothing to refund; another agent's order is not there.
    Http.Answer unpaid =
        http.post("/agent/v1/orders/" + order() + "/refund", "{}", "X-API-Key", agent.apiKey());
    assertEquals(409, unpaid.status(), unpaid::toString);
    Agents.Registered other = Agents.register(http);
    assertEquals(
        404,
        http.post("/agent/v1/orders/" + orderId + "/refund", "{}", "X-API-Key", other.apiKey())
            .status());
    assertEquals(
        404,
        http.get("/agent/v1/orders/" + orderId + "/track", "X-API-Key", other.apiKey()).status());
  }

  /** The origin's v2 quote and order routes answer as their v1 twins. */
  @Test
  void theV2QuoteAndOrderRoutesWork() {
    String body =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"items\":[{\"product_id\":\""
            + SINGLE
            + "\",\"quantity\":2}]}";
    JsonObject quote = ok(http.post("/agent/v2/quotes/preview", body, "X-API-Key", agent.apiKey()));
    String quoteId = quote.getString("quote_id");
    assertEquals(
        quote.getString("quote_id"), get("/agent/v2/quotes/" + quoteId).getString("quote_id"));
    assertEquals(get("/agent/v1/quotes/" + quoteId), get("/agent/v2/quotes/" + quoteId));
    JsonObject order =
        ok(
            http.post(
                "/agent/v2/orders",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"quote_id\":\""
                    + quoteId
                    + "\",\"items\":[{\"product_id\":\""
                    + SINGLE
                    + "\",\"quantity\":2}],\"customer_email\":\"ada@example.com\"}",
                "X-API-Key",
                agent.apiKey(),
                "Idempotency-Key",
                "v2-order-1"));
    assertEquals(quoteId, order.getString("quote_id"), order::toString);
    // The same key again: the same order.
    JsonObject replay =
        ok(
            http.post(
                "/agent/v2/orders",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"quote_id\":\""
                    + quoteId
                    + "\",\"items\":[{\"product_id\":\""
                    + SINGLE
                    + "\",\"quantity\":2}],\"customer_email\":\"ada@example.com\"}",
                "X-API-Key",
                agent.apiKey(),
                "Idempotency-Key",
                "v2-order-1"));
    assertEquals(order.getString("order_id"), replay.getString("order_id"));
    assertEquals(1, get("/agent/v1/orders").getJsonArray("orders").size());
    Agents.Registered other = Agents.register(http);
    assertEquals(
        404, http.get("/agent/v2/quotes/" + quoteId, "X-API-Key", other.apiKey()).status());
  }

  /**
   * quotes/preview takes the origin's selected_delivery_option object and answers its presentment,
   * charge and settlement currencies.
   */
  @Test
  void aQuoteTakesTheDeliveryOptionAsAnObject() {
    String items = "\"items\":[{\"product_id\":\"" + SINGLE + "\",\"quantity\":1}]";
    JsonObject first =
        ok(
            http.post(
                "/agent/v1/quotes/preview",
                "{\"merchant_id\":\"" + LUMEN + "\"," + items + "}",
                "X-API-Key",
                agent.apiKey()));
    List<JsonObject> options = first.getJsonArray("delivery_options").getValuesAs(JsonObject.class);
    String last = options.get(options.size() - 1).getString("id");
    JsonObject chosen =
        ok(
            http.post(
                "/agent/v1/quotes/preview",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\","
                    + items
                    + ",\"selected_delivery_option\":{\"id\":\""
                    + last
                    + "\",\"label\":\"whatever\"}}",
                "X-API-Key",
                agent.apiKey()));
    assertEquals(last, chosen.getString("selected_delivery_option"), chosen::toString);
    assertEquals(chosen.getString("currency"), chosen.getString("presentment_currency"));
    assertEquals(chosen.getString("currency"), chosen.getString("charge_currency"));
    assertEquals(chosen.getString("currency"), chosen.getString("settlement_currency"));
    Http.Answer bad =
        http.post(
            "/agent/v1/quotes/preview",
            "{\"merchant_id\":\"" + LUMEN + "\"," + items + ",\"selected_delivery_option\":7}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(422, bad.status(), bad::toString);
  }

  /**
   * Issue 38: what the origin's clients read of a quote's promotion lines (its checkout UI: id,
   * label, the magnitude of amount, discount_class or method as the kind, source; its order code:
   * the magnitude of amount) and checkout_url. Three codes: a percentage and a fixed amount spread
   * over two lines, and free shipping.
   */
  @Test
  void aQuoteAnswersTheOriginsPromotionMembersAndCheckoutUrl() {
    String body =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"items\":[{\"product_id\":\""
            + SINGLE
            + "\",\"quantity\":2},{\"product_id\":\"prod_17f367542beafd6c\","
            + "\"variant_id\":\"44123963639638\",\"quantity\":1}],"
            + "\"discount_codes\":[\"welcome10\",\"SAVE5\",\"FreeShip\"],"
            + "\"shipping_address\":{\"country\":\"US\",\"state\":\"CA\"}}";
    JsonObject q = ok(http.post("/agent/v1/quotes/preview", body, "X-API-Key", agent.apiKey()));
    assertTrue(q.containsKey("checkout_url"), q::toString);
    assertEquals(JsonValue.NULL, q.get("checkout_url"));
    List<JsonObject> lines = q.getJsonArray("promotion_lines").getValuesAs(JsonObject.class);
    assertEquals(
        List.of("WELCOME10", "SAVE5", "FREESHIP"),
        lines.stream().map(l -> l.getString("code")).toList());
    assertEquals(
        List.of("pl_0", "pl_1", "pl_2"), lines.stream().map(l -> l.getString("id")).toList());
    assertEquals(
        List.of("order", "order", "shipping"),
        lines.stream().map(l -> l.getString("discount_class")).toList());
    java.math.BigDecimal magnitudes = java.math.BigDecimal.ZERO;
    java.util.Map<String, java.math.BigDecimal> byVariant = new java.util.HashMap<>();
    for (JsonObject l : lines) {
      assertEquals("merchant", l.getString("source"));
      assertEquals("code", l.getString("method"));
      assertFalse(l.getString("label").isBlank());
      // Ours stay beside them.
      assertFalse(l.getString("kind").isBlank());
      java.math.BigDecimal amount = new java.math.BigDecimal(l.getString("amount"));
      magnitudes = magnitudes.add(amount.abs());
      java.math.BigDecimal allocated = java.math.BigDecimal.ZERO;
      for (JsonObject a : l.getJsonArray("allocations").getValuesAs(JsonObject.class)) {
        assertEquals("line_item", a.getString("target_type"));
        java.math.BigDecimal part = new java.math.BigDecimal(a.getString("amount"));
        allocated = allocated.add(part);
        byVariant.merge(a.getString("target_id"), part, java.math.BigDecimal::add);
      }
      assertEquals(0, amount.compareTo(allocated), l::toString);
    }
    assertEquals("$5 off orders of $30 or more", lines.get(1).getString("label"));
    assertEquals("0.00", lines.get(2).getString("amount"));
    assertTrue(lines.get(2).getJsonArray("allocations").isEmpty());
    assertEquals(
        0,
        magnitudes.compareTo(
            new java.math.BigDecimal(q.getJsonObject("pricing").getString("discount_total"))),
        q::toString);
    // Each line's allocations add up to the line's own discount.
    for (JsonObject item : q.getJsonArray("line_items").getValuesAs(JsonObject.class)) {
      assertEquals(
          0,
          new java.math.BigDecimal(item.getString("line_discount_total"))
              .compareTo(byVariant.get(item.getString("variant_id"))),
          item::toString);
    }
    // The stored quote reads back the same.
    JsonObject read = get("/agent/v1/quotes/" + q.getString("quote_id"));
    assertEquals(q.getJsonArray("promotion_lines"), read.getJsonArray("promotion_lines"));
    assertEquals(JsonValue.NULL, read.get("checkout_url"));

    // The document describes every member the answer carries.
    JsonObject schemas =
        ok(http.get("/agent/v1/openapi.json")).getJsonObject("components").getJsonObject("schemas");
    JsonObject response = schemas.getJsonObject("QuotePreviewResponse").getJsonObject("properties");
    for (String member :
        List.of("quote_id", "pricing", "promotion_lines", "checkout_url", "settlement_currency")) {
      assertTrue(response.containsKey(member), member + " in " + response);
    }
    JsonObject line =
        itemsOf(schemas, response.getJsonObject("promotion_lines")).getJsonObject("properties");
    for (String member :
        List.of(
            "code",
            "kind",
            "description",
            "amount",
            "id",
            "source",
            "discount_class",
            "method",
            "label",
            "allocations")) {
      assertTrue(line.containsKey(member), member + " in " + line);
    }
    assertEquals(
        java.util.Set.of("target_type", "target_id", "amount"),
        itemsOf(schemas, line.getJsonObject("allocations")).getJsonObject("properties").keySet());
  }

  /** An array schema's items, inline or named. */
  private static JsonObject itemsOf(JsonObject schemas, JsonObject array) {
    JsonObject items = array.getJsonObject("items");
    return items.containsKey("$ref")
        ? schemas.getJsonObject(items.getString("$ref").replace("#/components/schemas/", ""))
        : items;
  }
}
