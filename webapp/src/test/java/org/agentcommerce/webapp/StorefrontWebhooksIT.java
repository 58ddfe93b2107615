package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.TestDatabase;
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
 * Storefront webhooks: HMAC over the raw body, once per webhook id, metadata and a hash chain only,
 * fulfilment and refunds moving our orders through the order book (with their events), and the
 * debug view kept to keys with access to the merchant.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StorefrontWebhooksIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String HARBOR = "merch_4b0e8c2d6a1f9357";
  static final String LUMEN_PRODUCT = "prod_aecc96e30d0fbb41";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;

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
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private static String hmac(String body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(
        new SecretKeySpec(
            TestDatabase.STOREFRONT_SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    return Base64.getEncoder().encodeToString(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
  }

  private Http.Answer send(
      String merchant, String topic, String webhookId, String body, String sig) {
    return http.post(
        "/webhooks/storefront/" + merchant,
        body,
        "X-Shopify-Hmac-Sha256",
        sig,
        "X-Shopify-Topic",
        topic,
        "X-Shopify-Webhook-Id",
        webhookId,
        "X-Shopify-Shop-Domain",
        "lumen.myshopify.com");
  }

  private JsonObject awaitOrder(String id, Predicate<JsonObject> done) throws Exception {
    long deadline = System.currentTimeMillis() + 30_000;
    while (true) {
      JsonObject o =
          ok(http.get("/agent/v1/orders/" + id, "X-API-Key", agent.apiKey()))
              .getJsonObject("order");
      if (done.test(o)) {
        return o;
      }
      assertTrue(System.currentTimeMillis() < deadline, "order never got there: " + o);
      Thread.sleep(200);
    }
  }

  /** The payment of the last {@link #confirmedOrder}. */
  private String paymentId;

  /** A paid order placed on the (sandbox) platform: answers its platform order id. */
  private String[] confirmedOrder() throws Exception {
    String id =
        ok(http.post(
                "/agent/v1/orders/create",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"items\":[{\"product_id\":\""
                    + LUMEN_PRODUCT
                    + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\"}",
                "X-API-Key",
                agent.apiKey()))
            .getString("order_id");
    paymentId = TestPayments.pay(http, agent.apiKey(), id).getString("payment_id");
    ok(http.post("/agent/v1/orders/" + id + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
    JsonObject o = awaitOrder(id, x -> x.getString("status").equals("confirmed"));
    return new String[] {id, o.getJsonObject("tracking").getString("merchant_order_id")};
  }

  @Test
  void aMissingOrWrongSignatureIs401AndNothingIsStored() throws Exception {
    String body = "{\"id\":1}";
    String hook = "wh-" + UUID.randomUUID();
    assertEquals(401, send(LUMEN, "orders/updated", hook, body, "").status());
    assertEquals(401, send(LUMEN, "orders/updated", hook, body, hmac(body + " ")).status());
    assertEquals(401, send(LUMEN, "orders/updated", hook, body, "not base64!").status());
    // a merchant without a configured secret accepts nothing
    assertEquals(401, send(HARBOR, "orders/updated", hook, body, hmac(body)).status());
    assertEquals(
        0L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM storefront_webhook_events WHERE webhook_id = ?", hook))
            .longValue());
  }

  @Test
  void aFulfilmentMovesOurOrderOnceAndEmitsItsEvent() throws Exception {
    String[] order = confirmedOrder();
    String body =
        "{\"id\":\""
            + order[1]
            + "\",\"fulfillments\":[{\"tracking_number\":\"1ZSTORE123\"}],"
            + "\"customer\":{\"email\":\"ada@example.com\"}}";
    String hook = "wh-" + UUID.randomUUID();
    JsonObject first = ok(send(LUMEN, "orders/fulfilled", hook, body, hmac(body)));
    assertFalse(first.getBoolean("duplicate"));
    assertEquals("applied", first.getString("outcome"));
    assertEquals(order[0], first.getString("order_id"));
    JsonObject o = awaitOrder(order[0], x -> x.getString("status").equals("fulfilled"));
    assertEquals("1ZSTORE123", o.getJsonObject("tracking").getString("tracking_number"));

    JsonObject again = ok(send(LUMEN, "orders/fulfilled", hook, body, hmac(body)));
    assertTrue(again.getBoolean("duplicate"));
    assertEquals(first.getString("event_id"), again.getString("event_id"));

    JsonArray events =
        ok(http.get(
                "/agent/v1/orders/events?wait_ms=5000&order_id=" + order[0] + "&limit=200",
                "X-API-Key",
                agent.apiKey()))
            .getJsonArray("events");
    assertEquals(
        1,
        events.stream()
            .filter(e -> e.asJsonObject().getString("event_type").equals("order.fulfilled"))
            .count(),
        events::toString);
  }

  @Test
  void aRefundMovesOurOrderToRefunded() throws Exception {
    String[] order = confirmedOrder();
    JsonObject o = awaitOrder(order[0], x -> true);
    String total = o.getString("total_amount");
    String body =
        "{\"id\":9001,\"order_id\":\""
            + order[1]
            + "\",\"transactions\":[{\"kind\":\"refund\",\"status\":\"success\",\"amount\":\""
            + total
            + "\"}]}";
    JsonObject r = ok(send(LUMEN, "refunds/create", "wh-" + UUID.randomUUID(), body, hmac(body)));
    assertEquals("applied", r.getString("outcome"));
    awaitOrder(order[0], x -> x.getString("status").equals("refunded"));
  }

  private static String refundBody(long refundId, String platformOrderId, String amount) {
    return "{\"id\":"
        + refundId
        + ",\"order_id\":\""
        + platformOrderId
        + "\",\"transactions\":[{\"kind\":\"refund\",\"status\":\"success\",\"amount\":\""
        + amount
        + "\"}]}";
  }

  private List<JsonObject> refundedEvents(String orderId) throws Exception {
    return ok(
            http.get(
                "/agent/v1/orders/events?order_id=" + orderId + "&limit=200",
                "X-API-Key",
                agent.apiKey()))
        .getJsonArray("events")
        .stream()
        .map(JsonValue::asJsonObject)
        .filter(e -> e.getString("event_type").equals("order.refunded"))
        .toList();
  }

  @Test
  void oneRefundSentUnderAnotherWebhookIdMovesTheOrderOnce() throws Exception {
    // The signature covers the body, not the webhook id: a replayed body, or the same refund sent
    // to a second subscription, must not refund twice in our records.
    String[] order = confirmedOrder();
    long refundId = System.nanoTime();
    String body = refundBody(refundId, order[1], "5.00");
    JsonObject first =
        ok(send(LUMEN, "refunds/create", "wh-" + UUID.randomUUID(), body, hmac(body)));
    assertEquals("applied", first.getString("outcome"));
    for (int i = 0; i < 3; i++) {
      JsonObject again =
          ok(send(LUMEN, "refunds/create", "wh-" + UUID.randomUUID(), body, hmac(body)));
      assertEquals("duplicate_refund", again.getString("outcome"), again::toString);
    }
    JsonObject o = awaitOrder(order[0], x -> x.getString("status").equals("partially_refunded"));
    assertEquals("5.00", o.getString("total_refunded"), o::toString);
    assertEquals(1, refundedEvents(order[0]).size());
  }

  @Test
  void aPaymentRefundCountsWhatThePlatformRefunded() throws Exception {
    String[] order = confirmedOrder();
    String total = awaitOrder(order[0], x -> true).getString("total_amount");
    String body = refundBody(System.nanoTime(), order[1], "5.00");
    assertEquals(
        "applied",
        ok(send(LUMEN, "refunds/create", "wh-" + UUID.randomUUID(), body, hmac(body)))
            .getString("outcome"));
    awaitOrder(order[0], x -> x.getString("status").equals("partially_refunded"));

    // the whole payment is more than is left of the order: refused before the PSP is asked
    Http.Answer tooMuch =
        http.post(
            "/agent/v1/payments/" + paymentId + "/refunds",
            "{\"amount\":\"" + total + "\"}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(409, tooMuch.status(), tooMuch::toString);
    assertEquals(
        "REFUND_EXCEEDS_PAYMENT",
        tooMuch.json().getJsonObject("detail").getString("error"),
        tooMuch::toString);

    // "the rest" is what is left of the order, and it settles: the order is refunded in full
    JsonObject rest =
        ok(
            http.post(
                "/agent/v1/payments/" + paymentId + "/refunds", "{}", "X-API-Key", agent.apiKey()));
    assertEquals("succeeded", rest.getString("status"), rest::toString);
    assertEquals(
        new java.math.BigDecimal(total).subtract(new java.math.BigDecimal("5.00")),
        new java.math.BigDecimal(rest.getString("amount")));
    awaitOrder(order[0], x -> x.getString("status").equals("refunded"));
    assertEquals(2, refundedEvents(order[0]).size());
  }

  @Test
  void onlyMetadataIsKeptChainedPerMerchantAndTheDebugViewNeedsMerchantAccess() throws Exception {
    String secretish = "ada.lovelace@example.com";
    String body1 = "{\"id\":\"unknown-1\",\"email\":\"" + secretish + "\"}";
    String body2 = "{\"id\":\"unknown-2\",\"email\":\"" + secretish + "\"}";
    JsonObject a =
        ok(send(LUMEN, "orders/fulfilled", "wh-" + UUID.randomUUID(), body1, hmac(body1)));
    assertEquals("order_not_found", a.getString("outcome"));
    JsonObject b =
        ok(send(LUMEN, "customers/update", "wh-" + UUID.randomUUID(), body2, hmac(body2)));
    assertEquals("ignored_topic", b.getString("outcome"));

    Http.Answer view =
        http.get(
            "/agent/v1/debug/storefront/webhooks/events?merchant_id=" + LUMEN + "&limit=200",
            "X-API-Key",
            agent.apiKey());
    JsonObject page = ok(view);
    assertFalse(view.body().contains(secretish), "no personal data, no payload");
    JsonArray events = page.getJsonArray("events");
    // newest first; each links to the one before it
    for (int i = 0; i + 1 < events.size(); i++) {
      JsonObject newer = events.getJsonObject(i);
      JsonObject older = events.getJsonObject(i + 1);
      assertEquals(older.getString("chain_hash"), newer.getString("prev_chain_hash"));
      assertEquals(
          older.getJsonNumber("chain_seq").longValue() + 1,
          newer.getJsonNumber("chain_seq").longValue());
    }
    JsonObject newest = events.getJsonObject(0);
    assertEquals(b.getString("event_id"), newest.getString("event_id"));
    assertEquals(
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256")
                    .digest(body2.getBytes(StandardCharsets.UTF_8))),
        newest.getString("payload_sha256"));

    Agents.Registered harborOnly = Agents.register(http, new String[] {HARBOR});
    Http.Answer denied =
        http.get(
            "/agent/v1/debug/storefront/webhooks/events?merchant_id=" + LUMEN,
            "X-API-Key",
            harborOnly.apiKey());
    assertEquals(403, denied.status(), denied::toString);
    assertEquals(
        422,
        http.get("/agent/v1/debug/storefront/webhooks/events?limit=5", "X-API-Key", agent.apiKey())
            .status());
    assertEquals(
        422,
        http.get(
                "/agent/v1/debug/storefront/webhooks/events?merchant_id=" + LUMEN + "&limit=201",
                "X-API-Key",
                agent.apiKey())
            .status());
  }
}
