package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Buyers;
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
 * The order book over REST on the demo catalog and real MariaDB: cart validation, quotes, offers
 * preflight, orders (the SDK's exact body and the other client's), their refusals, states, events,
 * governance and reads.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class OrderBookIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SAKURA = "merch_9a3d5e7b1c2f4068";
  static final String MAISON = "merch_2f8b6d0a4c9e1735";
  static final String ATELIER = "merch_8f4a2c6e0b9d1573";

  /** Lumen: one variant, 21.00 USD, 33 in stock. */
  static final String SINGLE = "prod_aecc96e30d0fbb41";

  /** Lumen: two variants (15 ml 56.99, 30 ml). */
  static final String MULTI = "prod_17f367542beafd6c";

  static final String MULTI_15ML = "44123963639638";

  /** Lumen: one variant, out of stock. */
  static final String SOLD_OUT = "prod_9c80c1e732316491";

  static final String NY =
      "{\"name\":\"Ada Buyer\",\"address_line1\":\"1 Main St\",\"address_line2\":null,"
          + "\"city\":\"New York\",\"state\":\"NY\",\"postal_code\":\"10001\",\"country\":\"US\","
          + "\"phone\":\"+12125550100\"}";

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

  private Http.Answer post(String path, String json, String... extra) {
    return http.post(path, json, with(agent.apiKey(), extra));
  }

  private Http.Answer get(String path, String... extra) {
    return http.get(path, with(agent.apiKey(), extra));
  }

  private static String[] with(String key, String... extra) {
    String[] headers = new String[extra.length + 2];
    headers[0] = "X-API-Key";
    headers[1] = key;
    System.arraycopy(extra, 0, headers, 2, extra.length);
    return headers;
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private static JsonObject refused(Http.Answer a, int status, String code) {
    assertEquals(status, a.status(), a::toString);
    JsonObject detail = a.json().getJsonObject("detail");
    assertEquals(code, detail.getString("error"), a::toString);
    return detail;
  }

  private static long count(String sql, Object... args) {
    return ((Number) Agents.query(sql, args)).longValue();
  }

  private String sdkOrder() {
    return "{\"merchant_id\":\""
        + LUMEN
        + "\",\"items\":[{\"product_id\":\""
        + SINGLE
        + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\",\"shipping_address\":"
        + NY
        + ",\"currency\":\"USD\"}";
  }

  @Test
  void thePythonSdksExactCallsWork() {
    JsonObject created = ok(post("/agent/v1/orders/create", sdkOrder()));
    String orderId = created.getString("order_id");
    assertTrue(orderId.startsWith("ord_"), created::toString);
    assertEquals("awaiting_payment", created.getString("order_status"));
    assertEquals("USD", created.getString("currency"));
    // 21.00 + 5.95 shipping, NY 8.875 % on both: 2.39
    assertEquals("29.34", created.getString("total_amount"));
    assertEquals("2.39", created.getJsonObject("pricing").getString("tax"));

    JsonObject read = ok(get("/agent/v1/orders/" + orderId)).getJsonObject("order");
    assertEquals(orderId, read.getString("order_id"));
    assertEquals("awaiting_payment", read.getString("status"));
    assertEquals("ada@example.com", read.getString("customer_email"));
    assertEquals("NY", read.getJsonObject("shipping_address").getString("state"));
    assertNull(read.getJsonObject("payment").get("client_secret") == JsonValue.NULL ? null : "x");

    ok(post("/agent/v1/orders/create", sdkOrder()));
    JsonObject page =
        ok(
            get(
                "/agent/v1/orders?limit=1&offset=0&merchant_id="
                    + LUMEN
                    + "&status=awaiting_payment"));
    assertEquals(1, page.getJsonArray("orders").size());
    JsonObject pagination = page.getJsonObject("pagination");
    assertEquals(2, pagination.getInt("total_count"));
    assertTrue(pagination.getBoolean("has_more"));
    JsonObject second = ok(get("/agent/v1/orders?limit=1&offset=1"));
    assertFalse(second.getJsonObject("pagination").getBoolean("has_more"));
    assertEquals(0, ok(get("/agent/v1/orders?status=cancelled")).getJsonArray("orders").size());
  }

  @Test
  void clientPricesAreChecksStringsOrNumbersAndAMismatchIsPriceChanged() {
    String body =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"items\":[{\"product_id\":\""
            + SINGLE
            + "\",\"product_title\":\"BHA gel\",\"quantity\":2,\"unit_price\":%s,\"subtotal\":%s}],"
            + "\"customer_email\":\"ada@example.com\",\"shipping_address\":"
            + NY
            + "}";
    JsonObject asStrings =
        ok(post("/agent/v1/orders/create", body.formatted("\"21.00\"", "\"42.00\"")));
    assertEquals(asStrings.getString("order_id"), asStrings.getString("id"));
    assertEquals(asStrings.getString("total_amount"), asStrings.getString("total"));
    ok(post("/agent/v1/orders/create", body.formatted("21", "42.0")));

    long before = count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId());
    JsonObject changed =
        refused(
            post("/agent/v1/orders/create", body.formatted("\"19.99\"", "39.98")),
            409,
            "PRICE_CHANGED");
    JsonObject item = changed.getJsonArray("items").getJsonObject(0);
    assertEquals("21.00", item.getString("current_unit_price"));
    assertEquals("42.00", item.getString("current_subtotal"));
    assertEquals(before, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));

    Http.Answer notANumber = post("/agent/v1/orders/create", body.formatted("\"cheap\"", "null"));
    assertEquals(422, notANumber.status(), notANumber::toString);
    assertTrue(notANumber.body().contains("\"unit_price\""), notANumber::toString);
  }

  @Test
  void aMultiVariantProductNeedsItsVariantAndTheRefusalListsThem() {
    String body =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"items\":[{\"product_id\":\""
            + MULTI
            + "\",\"quantity\":1}]}";
    JsonObject detail = refused(post("/agent/v1/orders/create", body), 400, "VARIANT_REQUIRED");
    JsonArray variants = detail.getJsonArray("variants");
    assertEquals(2, variants.size());
    assertEquals(MULTI_15ML, variants.getJsonObject(0).getString("variant_id"));

    JsonObject ok =
        ok(
            post(
                "/agent/v1/orders/create",
                body.replace(
                    "\"quantity\"", "\"variant_id\":\"" + MULTI_15ML + "\",\"quantity\"")));
    assertEquals(
        MULTI_15ML, ok.getJsonArray("line_items").getJsonObject(0).getString("variant_id"));
    // A variant id alone names its product too.
    ok(
        post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + MULTI_15ML
                + "\",\"quantity\":1}]}"));
  }

  @Test
  void refusalsHaveClearCodesAndWriteNothing() {
    long before = count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId());
    refused(
        post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SOLD_OUT
                + "\",\"quantity\":1}]}"),
        409,
        "OUT_OF_STOCK");
    JsonObject multi =
        refused(
            post(
                "/agent/v1/orders/create",
                "{\"items\":[{\"product_id\":\""
                    + SINGLE
                    + "\",\"merchant_id\":\""
                    + LUMEN
                    + "\",\"quantity\":1},"
                    + "{\"product_id\":\"x\",\"merchant_id\":\""
                    + SAKURA
                    + "\",\"quantity\":1}]}"),
            400,
            "MULTI_MERCHANT_NOT_SUPPORTED");
    assertTrue(multi.getString("message").contains("Split"), multi::toString);
    StringBuilder many = new StringBuilder("{\"merchant_id\":\"" + LUMEN + "\",\"items\":[");
    for (int i = 0; i < 51; i++) {
      many.append(i == 0 ? "" : ",").append("{\"product_id\":\"" + SINGLE + "\",\"quantity\":1}");
    }
    refused(post("/agent/v1/orders/create", many + "]}"), 400, "CART_TOO_LARGE");
    refused(
        post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + ATELIER
                + "\",\"items\":[{\"product_id\":\"x\",\"quantity\":1}]}"),
        403,
        "MERCHANT_INACTIVE");
    refused(
        post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"currency\":\"EUR\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":1}]}"),
        409,
        "CURRENCY_MISMATCH");
    Http.Answer incomplete =
        post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":1}],"
                + "\"shipping_address\":{\"name\":\"Ada\",\"country\":\"US\"}}");
    assertEquals(422, incomplete.status(), incomplete::toString);
    Set<String> missing = new HashSet<>();
    incomplete
        .json()
        .getJsonArray("detail")
        .forEach(v -> missing.add(v.asJsonObject().getJsonArray("loc").getString(2)));
    assertEquals(Set.of("address_line1", "city", "postal_code"), missing);

    Agents.Registered scoped = Agents.register(http, new String[] {SAKURA});
    Http.Answer outOfScope =
        http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":1}]}",
            "X-API-Key",
            scoped.apiKey());
    assertEquals(403, outOfScope.status(), outOfScope::toString);
    assertEquals(before, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));
    assertEquals(
        0, count("SELECT COUNT(*) FROM domain_events WHERE agent_id = ?", agent.agentId()));
  }

  private JsonObject quote(String items, String extra) {
    return ok(
        post(
            "/agent/v1/quotes/preview",
            "{\"merchant_id\":\"" + LUMEN + "\",\"items\":" + items + extra + "}"));
  }

  @Test
  void anOrderTakesItsQuoteWholeAndUsesItOnce() {
    String items =
        "[{\"product_id\":\""
            + SINGLE
            + "\",\"quantity\":2},{\"product_id\":\""
            + MULTI
            + "\",\"variant_id\":\""
            + MULTI_15ML
            + "\",\"quantity\":1}]";
    JsonObject q =
        quote(
            items,
            ",\"discount_codes\":[\"welcome10\"],\"shipping_address\":{\"country\":\"US\",\"state\":\"CA\"}");
    assertTrue(q.getString("quote_id").startsWith("quo_"));
    JsonObject pricing = q.getJsonObject("pricing");
    assertEquals("98.99", pricing.getString("subtotal"));
    assertEquals("9.90", pricing.getString("discount_total"));
    assertEquals("0.00", pricing.getString("shipping_fee")); // over the free-shipping threshold
    assertEquals("6.46", pricing.getString("tax"));
    assertEquals("95.55", pricing.getString("total"));
    assertEquals("WELCOME10", q.getJsonArray("promotion_lines").getJsonObject(0).getString("code"));
    assertEquals(2, q.getJsonArray("delivery_options").size());
    assertEquals(
        "21.00", q.getJsonArray("line_items").getJsonObject(0).getString("unit_price_original"));
    assertEquals(
        "18.90", q.getJsonArray("line_items").getJsonObject(0).getString("unit_price_effective"));

    // The catalog price changes after the quote: the quote still holds.
    Agents.sql(
        "UPDATE offers SET price_minor = 2500 WHERE variant_id = (SELECT id FROM variants WHERE platform_variant_id = '44124137099697')");
    try {
      JsonObject order =
          ok(
              post(
                  "/agent/v1/orders/create",
                  "{\"quote_id\":\""
                      + q.getString("quote_id")
                      + "\",\"customer_email\":\"ada@example.com\"}"));
      assertEquals("95.55", order.getString("total_amount"));
      assertEquals(q.getString("quote_id"), order.getString("quote_id"));
      refused(
          post("/agent/v1/orders/create", "{\"quote_id\":\"" + q.getString("quote_id") + "\"}"),
          409,
          "QUOTE_CONSUMED");
      assertEquals(
          "consumed",
          ok(get("/agent/v1/quotes/" + q.getString("quote_id"))).getString("quote_status"));
    } finally {
      Agents.sql(
          "UPDATE offers SET price_minor = 2100 WHERE variant_id = (SELECT id FROM variants WHERE platform_variant_id = '44124137099697')");
    }

    JsonObject other = quote(items, "");
    refused(
        post(
            "/agent/v1/orders/create",
            "{\"quote_id\":\""
                + other.getString("quote_id")
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":3}]}"),
        409,
        "QUOTE_MISMATCH");
    Agents.Registered stranger = Agents.register(http);
    Http.Answer theirs =
        http.post(
            "/agent/v1/orders/create",
            "{\"quote_id\":\"" + other.getString("quote_id") + "\"}",
            "X-API-Key",
            stranger.apiKey());
    refused(theirs, 404, "QUOTE_NOT_FOUND");

    Agents.sql(
        "UPDATE quotes SET expires_at = TIMESTAMPADD(SECOND, -1, CURRENT_TIMESTAMP(6)) WHERE id = ?",
        other.getString("quote_id"));
    refused(
        post("/agent/v1/orders/create", "{\"quote_id\":\"" + other.getString("quote_id") + "\"}"),
        409,
        "QUOTE_EXPIRED");
    assertEquals(
        "expired",
        ok(get("/agent/v1/quotes/" + other.getString("quote_id"))).getString("quote_status"));

    Http.Answer badCode =
        post(
            "/agent/v1/quotes/preview",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":"
                + items
                + ",\"discount_codes\":[\"SPRING25\"]}");
    assertEquals(422, badCode.status(), badCode::toString);
    assertTrue(badCode.body().contains("expired"), badCode::toString);
  }

  @Test
  void quotesUseTheMerchantsCurrencyAndIncludedTax() {
    String sakuraProduct = firstSingleVariantProduct(SAKURA);
    JsonObject jp =
        ok(
            post(
                "/agent/v1/quotes/preview",
                "{\"merchant_id\":\""
                    + SAKURA
                    + "\",\"items\":[{\"product_id\":\""
                    + sakuraProduct
                    + "\",\"quantity\":1}]}"));
    assertEquals("JPY", jp.getString("currency"));
    assertFalse(jp.getJsonObject("pricing").getString("total").contains("."), jp::toString);
    assertTrue(jp.getJsonObject("pricing").getBoolean("tax_included"));

    String maisonProduct = firstSingleVariantProduct(MAISON);
    JsonObject be =
        ok(
            post(
                "/agent/v1/quotes/preview",
                "{\"merchant_id\":\""
                    + MAISON
                    + "\",\"items\":[{\"product_id\":\""
                    + maisonProduct
                    + "\",\"quantity\":1}],\"shipping_address\":{\"country\":\"BE\"}}"));
    assertEquals("EUR", be.getString("currency"));
    assertEquals("FR", be.getString("market")); // priced where the merchant sells, shipped to BE
    refused(
        post(
            "/agent/v1/quotes/preview",
            "{\"merchant_id\":\""
                + MAISON
                + "\",\"items\":[{\"product_id\":\""
                + maisonProduct
                + "\",\"quantity\":1}],\"shipping_address\":{\"country\":\"US\"}}"),
        409,
        "SHIPPING_UNAVAILABLE");
  }

  private String firstSingleVariantProduct(String merchant) {
    JsonObject page =
        ok(
            get(
                "/agent/v1/products/search?merchant_id="
                    + merchant
                    + "&in_stock_only=true&limit=50"));
    for (JsonValue v : page.getJsonArray("products")) {
      JsonObject p = v.asJsonObject();
      if (p.getJsonArray("variants").size() == 1 && p.getInt("inventory_quantity") > 5) {
        return p.getString("id");
      }
    }
    throw new AssertionError("no single-variant product at " + merchant);
  }

  @Test
  void cartValidationReportsEachItemAndPricesTheRest() {
    JsonObject cart =
        ok(
            post(
                "/agent/v1/cart/validate?merchant_id=" + LUMEN + "&shipping_country=US",
                "[{\"product_id\":\""
                    + SINGLE
                    + "\",\"quantity\":2},{\"product_id\":\""
                    + MULTI
                    + "\"},"
                    + "{\"product_id\":\""
                    + SOLD_OUT
                    + "\",\"quantity\":1},{\"product_id\":\"prod_nope\",\"quantity\":1}]"));
    assertFalse(cart.getBoolean("valid"));
    List<String> errors = new ArrayList<>();
    cart.getJsonArray("errors").forEach(e -> errors.add(e.asJsonObject().getString("error")));
    assertEquals(List.of("Missing variant_id", "Product not found", "Out of stock"), errors);
    JsonObject line = cart.getJsonArray("items").getJsonObject(0);
    assertEquals("21.00", line.getString("unit_price"));
    assertEquals("42.00", line.getString("subtotal"));
    assertTrue(line.getBoolean("in_stock"));
    assertFalse(cart.getJsonArray("items").getJsonObject(1).getBoolean("in_stock"));
    assertEquals("5.95", cart.getJsonObject("pricing").getString("shipping_fee"));
    assertEquals("50.00", cart.getJsonObject("shipping").getString("free_shipping_threshold"));
    assertEquals(0, count("SELECT COUNT(*) FROM quotes WHERE agent_id = ?", agent.agentId()));

    Http.Answer noMerchant = post("/agent/v1/cart/validate", "[]");
    assertEquals(422, noMerchant.status(), noMerchant::toString);
  }

  @Test
  void concurrentCreatesWithOneKeyMakeOneOrder() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      List<Future<Http.Answer>> answers = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        answers.add(
            pool.submit(
                () ->
                    post("/agent/v1/orders/create", sdkOrder(), "Idempotency-Key", "order-key-1")));
      }
      Set<String> ids = new HashSet<>();
      for (Future<Http.Answer> f : answers) {
        Http.Answer a = f.get();
        if (a.status() == 200) {
          ids.add(a.json().getString("order_id"));
        } else {
          refused(a, 409, "idempotency_in_flight");
        }
      }
      assertEquals(1, ids.size(), ids::toString);
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));
    Http.Answer replay =
        post("/agent/v1/orders/create", sdkOrder(), "Idempotency-Key", "order-key-1");
    assertEquals("true", replay.header("Idempotent-Replayed").orElse(null));
    refused(
        post(
            "/agent/v1/orders/create",
            sdkOrder().replace("\"quantity\":1", "\"quantity\":2"),
            "Idempotency-Key",
            "order-key-1"),
        409,
        "idempotency_conflict");
    assertEquals(1, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));
  }

  @Test
  void statesMoveOnlyAlongTheDocumentedPathsAndEachMoveIsAnEvent() {
    String id = ok(post("/agent/v1/orders/create", sdkOrder())).getString("order_id");
    refused(
        post("/agent/v1/orders/" + id + "/confirm-payment", "{}"), 409, "PAYMENT_NOT_SUCCEEDED");
    JsonObject cancelled =
        ok(post("/agent/v1/orders/" + id + "/cancel", "{\"reason\":\"buyer changed mind\"}"));
    assertEquals("cancelled", cancelled.getJsonObject("order").getString("status"));
    refused(post("/agent/v1/orders/" + id + "/cancel", "{}"), 409, "INVALID_STATE");

    String paid = ok(post("/agent/v1/orders/create", sdkOrder())).getString("order_id");
    TestPayments.pay(http, agent.apiKey(), paid);
    JsonObject detail =
        refused(post("/agent/v1/orders/" + paid + "/cancel", "{}"), 409, "INVALID_STATE");
    assertEquals("paid", detail.getString("current_status"));

    List<String> types = new ArrayList<>();
    for (String t :
        List.of(
            "order.created",
            "order.cancelled",
            "order.payment_attempted",
            "order.payment_succeeded")) {
      if (count(
              "SELECT COUNT(*) FROM domain_events WHERE agent_id = ? AND event_type = ?",
              agent.agentId(),
              t)
          > 0) {
        types.add(t);
      }
    }
    assertEquals(
        List.of(
            "order.created",
            "order.cancelled",
            "order.payment_attempted",
            "order.payment_succeeded"),
        types);
    assertEquals(2, count("SELECT COUNT(*) FROM domain_events WHERE aggregate_id = ?", id));
    assertEquals(3, count("SELECT COUNT(*) FROM domain_events WHERE aggregate_id = ?", paid));

    JsonObject v2 = ok(get("/agent/v2/orders/" + id)).getJsonObject("order");
    assertEquals("cancelled", v2.getString("state"));
    JsonObject audit = v2.getJsonObject("audit");
    assertEquals(2, audit.getJsonArray("transitions").size());
    assertEquals(
        "buyer changed mind",
        audit.getJsonArray("transitions").getJsonObject(1).getString("reason"));
    assertEquals(v2.getString("created_at"), audit.getString("created_at"));
    assertTrue(audit.getString("agent_id").startsWith("agent_"), audit::toString);
    assertEquals(
        "merchant_confirming",
        ok(get("/agent/v2/orders/" + paid)).getJsonObject("order").getString("state"));
    assertFalse(ok(get("/agent/v2/orders/" + paid)).toString().contains("client_secret"));
  }

  @Test
  void ordersAreTheAgentsAndWithABuyerTokenTheBuyers() {
    String buyerRef = "guest:" + java.util.UUID.randomUUID();
    String guestOrder =
        ok(post("/agent/v1/orders/create", sdkOrder(), "X-Buyer-Ref", buyerRef))
            .getString("order_id");
    String alice = TestIssuer.token("alice-" + java.util.UUID.randomUUID());
    String aliceOrder =
        ok(post("/agent/v1/orders/create", sdkOrder(), "X-Agent-User-JWT", alice))
            .getString("order_id");

    Agents.Registered stranger = Agents.register(http);
    refused(
        http.get("/agent/v1/orders/" + guestOrder, "X-API-Key", stranger.apiKey()),
        404,
        "ORDER_NOT_FOUND");
    refused(
        http.get("/agent/v2/orders/" + guestOrder, "X-API-Key", stranger.apiKey()),
        404,
        "ORDER_NOT_FOUND");

    JsonObject mine = ok(get("/agent/v1/orders", "X-Agent-User-JWT", alice));
    assertEquals(1, mine.getJsonArray("orders").size());
    assertEquals(aliceOrder, mine.getJsonArray("orders").getJsonObject(0).getString("order_id"));
    refused(
        get("/agent/v1/orders/" + guestOrder, "X-Agent-User-JWT", alice), 404, "ORDER_NOT_FOUND");
    assertTrue(
        ok(get("/agent/v1/orders/" + aliceOrder))
            .getJsonObject("order")
            .getJsonObject("tracking")
            .getBoolean("buyer_verified"));

    String user = "user:ada-" + java.util.UUID.randomUUID().toString().substring(0, 8);
    assertEquals(200, Buyers.merge(http, agent, buyerRef, user).status());
    String userOrder =
        ok(post("/agent/v1/orders/create", sdkOrder(), "X-Buyer-Ref", user)).getString("order_id");
    JsonObject both = ok(get("/agent/v1/orders?buyer_ref=" + user));
    Set<String> ids = new HashSet<>();
    both.getJsonArray("orders").forEach(o -> ids.add(o.asJsonObject().getString("order_id")));
    assertEquals(Set.of(guestOrder, userOrder), ids);
    assertNotEquals(0, both.getJsonObject("pagination").getInt("total_count"));

    Http.Answer sdk = get("/agent/v1/sdk/orders?limit=100");
    assertEquals(200, sdk.status(), sdk::toString);
    assertEquals("true", sdk.header("Deprecation").orElse(null));
    assertTrue(sdk.header("Link").orElse("").contains("rel=\"successor-version\""));
    Http.Answer tooMany = get("/agent/v1/sdk/orders?limit=101");
    assertEquals(422, tooMany.status());
  }

  @Test
  void spendingPolicyRefusesBeforeAnythingIsWritten() {
    JsonObject policy = ok(get("/agent/v1/governance/spend-policy")).getJsonObject("policy");
    assertEquals("default", policy.getString("source"));
    Http.Answer over =
        http.send(
            "PUT",
            "/agent/v1/governance/spend-policy",
            "{\"limits\":[{\"currency\":\"USD\",\"max_order_total\":\"999999\",\"max_daily_total\":\"10\"}]}",
            with(agent.apiKey(), "Content-Type", "application/json"));
    assertEquals(422, over.status(), over::toString);
    JsonObject set =
        http.send(
                "PUT",
                "/agent/v1/governance/spend-policy",
                "{\"limits\":[{\"currency\":\"USD\",\"max_order_total\":\"30\",\"max_daily_total\":\"50\"}]}",
                with(agent.apiKey(), "Content-Type", "application/json"))
            .json();
    assertEquals("agent", set.getJsonObject("policy").getString("source"), set::toString);

    String first = ok(post("/agent/v1/orders/create", sdkOrder())).getString("order_id"); // 29.34
    JsonObject day =
        refused(post("/agent/v1/orders/create", sdkOrder()), 403, "AGENT_SPEND_LIMIT_EXCEEDED");
    assertEquals("rolling_24h_spend", day.getString("limit"));
    assertEquals("29.34", day.getString("spent_24h"), day::toString);
    // A cancelled order no longer counts: the same order fits again, and then the day is full
    // again.
    ok(post("/agent/v1/orders/" + first + "/cancel", "{}"));
    ok(post("/agent/v1/orders/create", sdkOrder()));
    JsonObject again =
        refused(post("/agent/v1/orders/create", sdkOrder()), 403, "AGENT_SPEND_LIMIT_EXCEEDED");
    assertEquals("29.34", again.getString("spent_24h"), again::toString);
    JsonObject single =
        refused(
            post("/agent/v1/orders/create", sdkOrder().replace("\"quantity\":1", "\"quantity\":2")),
            403,
            "AGENT_SPEND_LIMIT_EXCEEDED");
    assertEquals("max_order_total", single.getString("limit"));
    String sakura = firstSingleVariantProduct(SAKURA);
    JsonObject currency =
        refused(
            post(
                "/agent/v1/orders/create",
                "{\"merchant_id\":\""
                    + SAKURA
                    + "\",\"items\":[{\"product_id\":\""
                    + sakura
                    + "\",\"quantity\":1}]}"),
            403,
            "AGENT_SPEND_LIMIT_EXCEEDED");
    assertEquals("allowed_currencies", currency.getString("limit"));
    assertEquals(2, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));
  }

  @Test
  void preflightChecksAQuotesOffersAndEvidenceNeverStoresACardNumber() {
    JsonObject q = quote("[{\"product_id\":\"" + SINGLE + "\",\"quantity\":1}]", "");
    JsonObject pf =
        ok(
            post(
                "/agent/v1/offers/preflight",
                "{\"quote_id\":\""
                    + q.getString("quote_id")
                    + "\",\"shipping_address\":{\"country\":\"CA\"}}"));
    assertEquals("fail", pf.getString("preflight_result"));
    assertEquals(1, pf.getJsonArray("offers").size());
    List<String> checks = new ArrayList<>();
    pf.getJsonArray("checks")
        .forEach(
            c ->
                checks.add(
                    c.asJsonObject().getString("check")
                        + "="
                        + c.asJsonObject().getString("result")));
    assertEquals(
        List.of("pricing=pass", "inventory=pass", "delivery=fail", "policy_disclosure=warn"),
        checks);
    assertFalse(pf.getBoolean("enforcement"));

    String id = ok(post("/agent/v1/orders/create", sdkOrder())).getString("order_id");
    Http.Answer card =
        post(
            "/agent/v1/orders/payment-offer-evidence",
            "{\"order_id\":\"" + id + "\",\"note\":\"card 4111 1111 1111 1111\"}");
    assertEquals(422, card.status(), card::toString);
    Http.Answer token =
        post(
            "/agent/v1/orders/payment-offer-evidence",
            "{\"order_id\":\"" + id + "\",\"details\":{\"token\":\"tok_visa\"}}");
    assertEquals(422, token.status(), token::toString);
    JsonObject recorded =
        ok(
            post(
                "/agent/v1/orders/payment-offer-evidence",
                "{\"order_id\":\""
                    + id
                    + "\",\"card_brand\":\"visa\",\"card_last4\":\"1111\",\"wallet\":\"apple_pay\","
                    + "\"quote_id\":\"q_1\",\"event_type\":\"offer_applied\","
                    + "\"payment_method_evidence\":{\"brand\":\"visa\",\"last4\":\"1111\"},"
                    + "\"application_policy\":{\"stacking\":\"none\"}}"));
    assertFalse(recorded.getBoolean("totals_changed"));
    // The origin's answer (issue 38): recorded true and what was recorded, read back as sent.
    assertTrue(recorded.getBoolean("recorded"), recorded::toString);
    assertEquals("q_1", recorded.getString("quote_id"));
    assertEquals("offer_applied", recorded.getString("event_type"));
    assertEquals("visa", recorded.getJsonObject("payment_method_evidence").getString("brand"));
    assertEquals("none", recorded.getJsonObject("application_policy").getString("stacking"));
    assertTrue(recorded.getString("merchant_id").startsWith("merch_"), recorded::toString);
    assertEquals("1111", recorded.getJsonObject("evidence").getString("card_last4"));
    assertEquals("apple_pay", recorded.getJsonObject("evidence").getString("wallet"));
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM order_payment_evidence WHERE order_id = ? AND evidence LIKE"
                + " '%stacking%'",
            id));
    Http.Answer elsewhere =
        post(
            "/agent/v1/orders/payment-offer-evidence",
            "{\"order_id\":\"" + id + "\",\"merchant_id\":\"merch_other\"}");
    assertEquals(422, elsewhere.status(), elsewhere::toString);
    assertEquals(1, count("SELECT COUNT(*) FROM order_payment_evidence WHERE order_id = ?", id));
    assertEquals(
        0, count("SELECT COUNT(*) FROM order_payment_evidence WHERE evidence LIKE '%4111%'"));
    assertEquals(
        "29.34",
        ok(get("/agent/v1/orders/" + id)).getJsonObject("order").getString("total_amount"));
  }

  @Test
  void aHugeExponentInAPriceCheckIsA422AtOnce() {
    for (String price : List.of("1E+2000000000", "\"1E+2000000000\"", "1E-2000000000", "1.5E12")) {
      for (String path : List.of("/agent/v1/orders/create", "/agent/v1/quotes/preview")) {
        long started = System.nanoTime();
        Http.Answer a =
            post(
                path,
                sdkOrder().replace("\"quantity\":1", "\"quantity\":1,\"unit_price\":" + price));
        assertTrue(System.nanoTime() - started < 5_000_000_000L, a::toString);
        assertEquals(422, a.status(), a::toString);
        JsonObject v = a.json().getJsonArray("detail").getJsonObject(0);
        assertEquals("decimal_parsing", v.getString("type"), a::toString);
        assertEquals("unit_price", v.getJsonArray("loc").getString(3), a::toString);
      }
    }
    assertEquals(0, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));
    JsonObject changed =
        refused(
            post(
                "/agent/v1/orders/create",
                sdkOrder().replace("\"quantity\":1", "\"quantity\":1,\"unit_price\":2.2E+1")),
            409,
            "PRICE_CHANGED");
    assertEquals("22", changed.getJsonArray("items").getJsonObject(0).getString("sent_unit_price"));
  }

  @Test
  void aKeyScopedToOneMerchantSeesNoOtherMerchantsOrdersOrQuotes() {
    String lumenOrder = ok(post("/agent/v1/orders/create", sdkOrder())).getString("order_id");
    String lumenQuote =
        quote("[{\"product_id\":\"" + SINGLE + "\",\"quantity\":1}]", "").getString("quote_id");
    String sakuraProduct = firstSingleVariantProduct(SAKURA);
    Http.Answer rotated =
        http.post(
            "/agent/v1/auth",
            "{\"agent_name\":\"Test agent\",\"agent_email\":\""
                + agent.email()
                + "\",\"rotate\":true,\"allowed_merchant_ids\":[\""
                + SAKURA
                + "\"]}",
            "X-API-Key",
            agent.apiKey());
    String key = ok(rotated).getString("api_key");

    String sakuraOrder =
        ok(http.post(
                "/agent/v1/orders/create",
                "{\"merchant_id\":\""
                    + SAKURA
                    + "\",\"items\":[{\"product_id\":\""
                    + sakuraProduct
                    + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
                    + "\"shipping_address\":{\"name\":\"Ada Buyer\",\"address_line1\":\"1-1"
                    + " Marunouchi\",\"city\":\"Tokyo\",\"postal_code\":\"100-0005\","
                    + "\"country\":\"JP\"}}",
                "X-API-Key",
                key))
            .getString("order_id");

    refused(http.get("/agent/v1/orders/" + lumenOrder, "X-API-Key", key), 404, "ORDER_NOT_FOUND");
    refused(http.get("/agent/v2/orders/" + lumenOrder, "X-API-Key", key), 404, "ORDER_NOT_FOUND");
    refused(
        http.post(
            "/agent/v1/orders/" + lumenOrder + "/cancel",
            "{\"reason\":\"not mine\"}",
            "X-API-Key",
            key),
        404,
        "ORDER_NOT_FOUND");
    refused(
        http.post(
            "/agent/v1/orders/payment-offer-evidence",
            "{\"order_id\":\"" + lumenOrder + "\",\"card_brand\":\"visa\"}",
            "X-API-Key",
            key),
        404,
        "ORDER_NOT_FOUND");
    refused(http.get("/agent/v1/quotes/" + lumenQuote, "X-API-Key", key), 404, "QUOTE_NOT_FOUND");
    refused(
        http.post(
            "/agent/v1/orders/create",
            "{\"quote_id\":\""
                + lumenQuote
                + "\",\"customer_email\":\"ada@example.com\",\"shipping_address\":"
                + NY
                + "}",
            "X-API-Key",
            key),
        404,
        "QUOTE_NOT_FOUND");
    refused(
        http.post(
            "/agent/v1/offers/preflight",
            "{\"quote_id\":\"" + lumenQuote + "\"}",
            "X-API-Key",
            key),
        404,
        "QUOTE_NOT_FOUND");

    JsonObject page = ok(http.get("/agent/v1/orders", "X-API-Key", key));
    List<String> listed = new ArrayList<>();
    page.getJsonArray("orders").forEach(o -> listed.add(o.asJsonObject().getString("order_id")));
    assertEquals(List.of(sakuraOrder), listed, page::toString);
    assertEquals(1, page.getJsonObject("pagination").getInt("total_count"));
    refused(
        http.get("/agent/v1/orders?merchant_id=" + LUMEN, "X-API-Key", key),
        403,
        "MERCHANT_ACCESS_DENIED");
    assertEquals(
        1,
        count(
            "SELECT COUNT(*) FROM orders WHERE id = ? AND status = 'awaiting_payment'",
            lumenOrder));
    assertEquals(
        0, count("SELECT COUNT(*) FROM order_payment_evidence WHERE order_id = ?", lumenOrder));
  }

  @Test
  void malformedCartsPoliciesAndQuantitiesAre422s() {
    Http.Answer notAList = post("/agent/v1/cart/validate?merchant_id=" + LUMEN, "{\"a\":1}");
    assertEquals(422, notAList.status(), notAList::toString);
    assertEquals(
        "list_type",
        notAList.json().getJsonArray("detail").getJsonObject(0).getString("type"),
        notAList::toString);

    Http.Answer nullLimit =
        http.send(
            "PUT",
            "/agent/v1/governance/spend-policy",
            "{\"limits\":[null]}",
            with(agent.apiKey(), "Content-Type", "application/json"));
    assertEquals(422, nullLimit.status(), nullLimit::toString);
    String limit = "{\"currency\":\"USD\",\"max_order_total\":\"30\",\"max_daily_total\":\"50\"}";
    Http.Answer twice =
        http.send(
            "PUT",
            "/agent/v1/governance/spend-policy",
            "{\"limits\":[" + limit + "," + limit + "]}",
            with(agent.apiKey(), "Content-Type", "application/json"));
    assertEquals(422, twice.status(), twice::toString);
    assertEquals(
        "currency",
        twice.json().getJsonArray("detail").getJsonObject(0).getJsonArray("loc").getString(3),
        twice::toString);
    assertEquals(
        "default",
        ok(get("/agent/v1/governance/spend-policy")).getJsonObject("policy").getString("source"));

    for (String quantity : List.of("1.5", "\"1\"", "true", "1E-20000")) {
      Http.Answer a =
          post(
              "/agent/v1/orders/create",
              sdkOrder().replace("\"quantity\":1", "\"quantity\":" + quantity));
      assertEquals(422, a.status(), a::toString);
      JsonObject v = a.json().getJsonArray("detail").getJsonObject(0);
      assertEquals("int_type", v.getString("type"), a::toString);
      assertEquals(
          List.of("body", "items", "0", "quantity"),
          v.getJsonArray("loc").stream().map(x -> x.toString().replace("\"", "")).toList());
    }
    Http.Answer none = post("/agent/v1/orders/create", sdkOrder().replace(",\"quantity\":1", ""));
    assertEquals(422, none.status(), none::toString);
    assertEquals(0, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));
    ok(post("/agent/v1/orders/create", sdkOrder().replace("\"quantity\":1", "\"quantity\":1.0")));
    assertEquals(1, count("SELECT COUNT(*) FROM orders WHERE agent_id = ?", agent.agentId()));
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
