package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
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
 * The hosted checkout page's API on MariaDB with the sandbox PSP, called the way the page calls it:
 * the checkout token only, no agent key. The sandbox PSP's ledger counts the charges that really
 * happened. (The pages themselves are driven in a real browser by tools/browser-check.)
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HostedCheckoutIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD, one variant
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
    buyer = TestIssuer.token("page-buyer-" + System.nanoTime());
  }

  /** A hosted session of {@code quantity} of the single-variant product: its token. */
  private JsonObject session(int quantity) {
    return ok(
        http.post(
            "/agent/v1/checkout/acp-session",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"id\":\""
                + SINGLE
                + "\",\"quantity\":"
                + quantity
                + "}],\"return_url\":\"https://agent.example/done\"}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer));
  }

  /** An order of the buyer's, made by the agent over REST; its id. */
  private String order(int quantity, boolean withAddress) {
    return ok(http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":"
                + quantity
                + "}],\"customer_email\":\"ada@example.com\","
                + (withAddress ? "\"shipping_address\":" + ADDRESS + "," : "")
                + "\"currency\":\"USD\"}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer))
        .getString("order_id");
  }

  /** An intent for an order made by the agent (address and e-mail on the order). */
  private JsonObject orderIntent() {
    String orderId = order(1, true);
    return ok(
        http.post(
            "/agent/v1/checkout/intents",
            "{\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"merchant_id\":\""
                + LUMEN
                + "\",\"quantity\":1}],\"order_id\":\""
                + orderId
                + "\",\"return_url\":\"https://agent.example/back\"}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer));
  }

  private Http.Answer view(String token) {
    return http.get("/agent/v1/checkout/hosted", "X-Checkout-Token", token);
  }

  private Http.Answer price(String token, String address) {
    return http.post(
        "/agent/v1/checkout/hosted/price",
        "{\"shipping_address\":" + address + "}",
        "X-Checkout-Token",
        token);
  }

  /** Pay as the page does: with the total and quote it shows (read just before). */
  private Http.Answer pay(String token, String cardToken, boolean details) {
    Http.Answer v = view(token);
    String total = "0.00";
    String quote = null;
    if (v.status() == 200) {
      total = v.json().getJsonObject("totals").getString("total");
      quote = v.json().getString("quote_id", null);
    }
    return pay(token, cardToken, details, total, quote);
  }

  private Http.Answer pay(
      String token, String cardToken, boolean details, String total, String quoteId) {
    return http.post(
        "/agent/v1/checkout/hosted/pay",
        "{\"payment_method\":{\"type\":\"card\",\"token\":\""
            + cardToken
            + "\"},\"expected_total\":\""
            + total
            + "\""
            + (quoteId == null ? "" : ",\"quote_id\":\"" + quoteId + "\"")
            + (details
                ? ",\"customer_email\":\"ada@example.com\",\"shipping_address\":" + ADDRESS
                : "")
            + "}",
        "X-Checkout-Token",
        token);
  }

  private static long captured(String orderId) {
    return ((Number)
            Agents.query(
                "SELECT COUNT(*) FROM sandbox_psp_charges c JOIN payment_attempts a ON"
                    + " a.idempotency_key = c.idempotency_key JOIN payments p ON p.id ="
                    + " a.payment_id WHERE p.order_id = ? AND c.status = 'succeeded'",
                orderId))
        .longValue();
  }

  private String orderStatus(String orderId) {
    return ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
        .getJsonObject("order")
        .getString("status");
  }

  @Test
  void aBuyerPricesForTheirAddressPaysOnceAndTheTokenIsSpent() {
    JsonObject s = session(2);
    String token = s.getString("checkout_token");
    Http.Answer first = view(token);
    JsonObject v = ok(first);
    assertEquals("no-store", first.header("Cache-Control").orElse(null));
    assertEquals("details", v.getString("step"));
    assertEquals("sandbox", v.getString("payment_form"));
    assertEquals(LUMEN, v.getString("merchant_id"));
    assertFalse(v.getString("merchant_name").isBlank());
    assertEquals(2, v.getJsonArray("lines").getJsonObject(0).getInt("quantity"));
    assertEquals("21.00", v.getJsonArray("lines").getJsonObject(0).getString("unit_price"));
    assertEquals("42.00", v.getJsonObject("totals").getString("subtotal"));
    assertEquals("https://agent.example/done", v.getString("return_url"));

    // Priced for the address: a new quote the intent holds, shipping and tax for New York.
    JsonObject priced = ok(price(token, ADDRESS));
    assertEquals("US", priced.getJsonObject("priced_for").getString("country"));
    assertFalse(priced.getString("quote_id").equals(v.getString("quote_id")));
    String total = priced.getJsonObject("totals").getString("total");
    assertTrue(new java.math.BigDecimal(total).compareTo(new java.math.BigDecimal("42.00")) > 0);
    // An incomplete address is a field error.
    JsonObject bad = refused(price(token, "{\"country\":\"US\"}"), 422, null);
    assertTrue(bad.toString().contains("address_line1"), bad::toString);

    // Only the card form's single-use tokens: no saved method, no mandate token.
    refused(pay(token, "pm_card_visa", true), 422, null);
    // Missing details before the order exists.
    refused(pay(token, "tok_visa", false), 422, null);

    JsonObject paid = ok(pay(token, "tok_visa", true));
    assertEquals("succeeded", paid.getString("status"), paid::toString);
    String orderId = paid.getString("order_id");
    assertEquals(
        total,
        ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
            .getJsonObject("order")
            .getString("total_amount"));
    assertEquals("paid", orderStatus(orderId));
    assertEquals(1, captured(orderId));
    // The order is the buyer's, made through the page.
    assertEquals(
        "ada@example.com", Agents.query("SELECT customer_email FROM orders WHERE id = ?", orderId));

    // Spent: every call with the token is 410 naming the order, and nothing is charged again.
    JsonObject used = refused(view(token), 410, "CHECKOUT_TOKEN_USED");
    assertEquals(orderId, used.getString("order_id"));
    assertEquals("https://agent.example/done", used.getString("return_url"));
    refused(pay(token, "tok_visa", true), 410, "CHECKOUT_TOKEN_USED");
    refused(price(token, ADDRESS), 410, "CHECKOUT_TOKEN_USED");
    assertEquals(1, captured(orderId));
  }

  @Test
  void aDeclinedCardThenAGoodOneChargesOnce() {
    JsonObject in = orderIntent();
    String token = in.getString("checkout_token");
    String orderId = in.getString("order_id");
    JsonObject v = ok(view(token));
    assertEquals("pay", v.getString("step"));
    assertEquals("ada@example.com", v.getString("customer_email"));
    assertEquals("1 Main St", v.getJsonObject("shipping_address").getString("address_line1"));
    // The order's address is fixed: no re-pricing.
    refused(price(token, ADDRESS), 409, "INVALID_STATE");

    JsonObject declined = ok(pay(token, "tok_chargeDeclined", false));
    assertEquals("failed", declined.getString("status"));
    assertEquals("generic_decline", declined.getString("decline_code"));
    JsonObject after = ok(view(token));
    assertEquals("pay", after.getString("step"));
    assertEquals("failed", after.getJsonObject("payment").getString("status"));
    assertEquals("payment_failed", after.getString("order_status"));

    JsonObject paid = ok(pay(token, "tok_visa", false));
    assertEquals("succeeded", paid.getString("status"), paid::toString);
    assertEquals(orderId, paid.getString("order_id"));
    assertEquals("paid", orderStatus(orderId));
    assertEquals(1, captured(orderId));
  }

  @Test
  void threeDSecureIsAnsweredAndThePageLearnsTheOutcome() throws Exception {
    for (String answer : List.of("fail", "approve")) {
      JsonObject in = orderIntent();
      String token = in.getString("checkout_token");
      String orderId = in.getString("order_id");
      JsonObject p = ok(pay(token, "tok_threeDSecure2Required", false));
      assertEquals("requires_action", p.getString("status"), p::toString);
      String url = p.getString("action_url");
      assertTrue(url.contains("/sandbox/psp/challenge/"), url);
      assertEquals("processing", ok(view(token)).getString("step"));
      HttpClient client = HttpClient.newHttpClient();
      String local = "http://127.0.0.1:" + base.getPort();
      HttpResponse<String> answered =
          client.send(
              HttpRequest.newBuilder(URI.create(local + URI.create(url).getPath()))
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "result=" + answer + "&" + URI.create(url).getFragment()))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(303, answered.statusCode());
      String back = answered.headers().firstValue("Location").orElseThrow();
      assertTrue(
          back.endsWith("/checkout/" + in.getString("intent_id") + "?step=authenticated"), back);
      ok(http.post("/agent/v1/checkout/hosted/refresh", null, "X-Checkout-Token", token));
      // The reconciler asks the PSP at once (checkSoon): decided within a few seconds.
      long deadline = System.currentTimeMillis() + 15_000;
      Http.Answer a = view(token);
      while (a.status() == 200
          && "processing".equals(a.json().getString("step"))
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(250);
        a = view(token);
      }
      if (answer.equals("approve")) {
        assertEquals(410, a.status(), a::toString);
        assertEquals("paid", orderStatus(orderId));
        assertEquals(1, captured(orderId));
      } else {
        assertEquals(200, a.status(), a::toString);
        assertEquals("failed", a.json().getJsonObject("payment").getString("status"));
        assertEquals(0, captured(orderId));
      }
    }
  }

  @Test
  void pressesOfPayAtOnceChargeOnce() throws Exception {
    JsonObject s = session(1);
    String token = s.getString("checkout_token");
    JsonObject priced = ok(price(token, ADDRESS));
    String shown =
        ",\"expected_total\":\""
            + priced.getJsonObject("totals").getString("total")
            + "\",\"quote_id\":\""
            + priced.getString("quote_id")
            + "\"";
    int n = 8;
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Http.Answer>> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(
          pool.submit(
              () -> {
                go.await();
                return new Http(base)
                    .unguarded()
                    .post(
                        "/agent/v1/checkout/hosted/pay",
                        "{\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}"
                            + shown
                            + ",\"customer_email\":\"ada@example.com\",\"shipping_address\":"
                            + ADDRESS
                            + "}",
                        "X-Checkout-Token",
                        token);
              }));
    }
    go.countDown();
    int succeeded = 0;
    for (Future<Http.Answer> f : all) {
      Http.Answer a = f.get();
      assertTrue(a.status() == 200 || a.status() == 409 || a.status() == 410, a::toString);
      if (a.status() == 200 && "succeeded".equals(a.json().getString("status"))) {
        succeeded++;
      }
    }
    pool.shutdown();
    assertEquals(1, succeeded);
    String orderId =
        (String)
            Agents.query(
                "SELECT order_id FROM checkout_intents WHERE id = ?", s.getString("session_id"));
    assertNotNull(orderId);
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM orders WHERE agent_session_id = ?",
                    s.getString("session_id")))
            .longValue(),
        "one order");
    assertEquals(1, captured(orderId));
  }

  @Test
  void aPaymentAboveTheApprovalThresholdIsTheBuyersApprovalOnThePage() {
    JsonObject s = session(13); // 273.00 USD before tax: above the 250 USD threshold
    String token = s.getString("checkout_token");
    ok(price(token, ADDRESS));
    JsonObject paid = ok(pay(token, "tok_visa", true));
    assertEquals("succeeded", paid.getString("status"), paid::toString);
    assertEquals(
        "used",
        Agents.query(
            "SELECT status FROM hil_approvals WHERE used_by_payment = ?",
            paid.getString("payment_id")));
    assertEquals(
        "hosted_page",
        Agents.query(
            "SELECT decided_via FROM hil_approvals WHERE used_by_payment = ?",
            paid.getString("payment_id")));
  }

  @Test
  void aPressNeverOverridesTheBuyersNoOnTheirApprovalPage() {
    String orderId = order(13, true);
    JsonObject approval =
        refused(
                http.post(
                    "/agent/v1/payments",
                    "{\"order_id\":\""
                        + orderId
                        + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
                    "X-API-Key",
                    agent.apiKey(),
                    "X-Agent-User-JWT",
                    buyer),
                409,
                "HIL_REQUIRED")
            .getJsonObject("approval");
    String url = approval.getString("approve_url");
    String pageToken = url.substring(url.indexOf("#token=") + 7);
    String api = "/agent/v1/payments/approvals/" + approval.getString("approval_id") + "/page";
    assertEquals(
        "rejected",
        ok(new Http(base).post(api + "/decline", null, "X-Page-Token", pageToken))
            .getString("status"));
    assertEquals(
        "approval_page",
        Agents.query(
            "SELECT decided_via FROM hil_approvals WHERE id = ?",
            approval.getString("approval_id")));
    String token =
        ok(http.post(
                "/agent/v1/checkout/intents",
                "{\"items\":[{\"product_id\":\""
                    + SINGLE
                    + "\",\"merchant_id\":\""
                    + LUMEN
                    + "\",\"quantity\":13}],\"order_id\":\""
                    + orderId
                    + "\"}",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer))
            .getString("checkout_token");
    refused(pay(token, "tok_visa", false), 403, "HIL_DECLINED");
    assertEquals(0, captured(orderId));
    // No approval was made for the refused press.
    assertEquals(
        1L,
        ((Number) Agents.query("SELECT COUNT(*) FROM hil_approvals WHERE order_id = ?", orderId))
            .longValue());
  }

  @Test
  void theChargeIsTheTotalThePageShowedOrNothing() {
    JsonObject s = session(11);
    String token = s.getString("checkout_token");
    JsonObject shown = ok(price(token, ADDRESS));
    String total = shown.getJsonObject("totals").getString("total");
    // Priced again (by whoever holds the token) after the page showed its total.
    JsonObject again =
        ok(
            http.post(
                "/agent/v1/checkout/hosted/price",
                "{\"shipping_address\":" + ADDRESS + ",\"delivery_option\":\"express\"}",
                "X-Checkout-Token",
                token));
    String newTotal = again.getJsonObject("totals").getString("total");
    assertFalse(total.equals(newTotal), again::toString);
    refused(
        pay(token, "tok_visa", true, total, shown.getString("quote_id")), 409, "QUOTE_MISMATCH");
    // A total the server does not hold for the order: refused too, nothing charged.
    JsonObject now = ok(view(token));
    refused(pay(token, "tok_visa", true, "1.00", now.getString("quote_id")), 409, "QUOTE_MISMATCH");
    Object orderId =
        Agents.query(
            "SELECT order_id FROM checkout_intents WHERE id = ?", s.getString("session_id"));
    if (orderId != null) {
      assertEquals(0, captured((String) orderId));
    }
    // What the page shows now is what is charged.
    JsonObject paid = ok(pay(token, "tok_visa", true));
    assertEquals("succeeded", paid.getString("status"), paid::toString);
    assertEquals(
        newTotal,
        ok(http.get("/agent/v1/orders/" + paid.getString("order_id"), "X-API-Key", agent.apiKey()))
            .getJsonObject("order")
            .getString("total_amount"));
  }

  @Test
  void anExpiredQuoteIsPricedAgainBeforeThePay() {
    JsonObject s = session(1);
    String token = s.getString("checkout_token");
    JsonObject priced = ok(price(token, ADDRESS));
    Agents.sql(
        "UPDATE quotes SET expires_at = TIMESTAMP '2000-01-01 00:00:00' WHERE id = ?",
        priced.getString("quote_id"));
    JsonObject expired = ok(view(token));
    assertEquals("quote_expired", expired.getString("step"));
    assertEquals("expired", expired.getString("quote_status"));
    // Paying the expired quote is refused, nothing is made or charged.
    refused(
        pay(
            token,
            "tok_visa",
            true,
            priced.getJsonObject("totals").getString("total"),
            priced.getString("quote_id")),
        409,
        "QUOTE_EXPIRED");
    assertEquals(
        null,
        Agents.query(
            "SELECT order_id FROM checkout_intents WHERE id = ?", s.getString("session_id")));
    // Priced again: a fresh quote, and the page pays it.
    JsonObject fresh = ok(price(token, ADDRESS));
    assertEquals("active", fresh.getString("quote_status"));
    assertFalse(fresh.getString("quote_id").equals(priced.getString("quote_id")));
    JsonObject paid = ok(pay(token, "tok_visa", true));
    assertEquals("succeeded", paid.getString("status"), paid::toString);
  }

  @Test
  void pricingIsBoundedAndRefusalsAreNeverCached() {
    JsonObject s = session(1);
    String token = s.getString("checkout_token");
    for (int i = 0; i < 20; i++) {
      ok(price(token, ADDRESS));
    }
    Http.Answer limited = price(token, ADDRESS);
    refused(limited, 429, "TOO_MANY_PRICINGS");
    assertEquals("no-store", limited.header("Cache-Control").orElse(null));
    Http.Answer invalid = view("ct_nope");
    assertEquals(401, invalid.status());
    assertEquals("no-store", invalid.header("Cache-Control").orElse(null));
  }

  @Test
  void theBuyerApprovesALargePaymentOnTheirOwnPage() {
    String orderId = order(13, false);
    String body =
        "{\"order_id\":\""
            + orderId
            + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}";
    String key = "hil-page-" + System.nanoTime();
    JsonObject asked =
        refused(
            http.post(
                "/agent/v1/payments",
                body,
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer,
                "Idempotency-Key",
                key),
            409,
            "HIL_REQUIRED");
    JsonObject approval = asked.getJsonObject("approval");
    String id = approval.getString("approval_id");
    String url = approval.getString("approve_url");
    assertTrue(
        url.startsWith("http://") && url.contains("/checkout/approvals/" + id + "#token="), url);
    String pageToken = url.substring(url.indexOf("#token=") + 7);
    // The page token is shown once: a replay of the refused request shows the link without it.
    Http.Answer replay =
        http.post(
            "/agent/v1/payments",
            body,
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer,
            "Idempotency-Key",
            key);
    assertEquals(409, replay.status());
    assertFalse(replay.body().contains(pageToken), replay::toString);
    // Kept as a hash only.
    assertEquals(
        0L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM hil_approvals WHERE page_token_hash = ?", pageToken))
            .longValue());
    // The page shows what is asked, with the page token only (no key, no buyer token).
    Http page = new Http(base);
    String api = "/agent/v1/payments/approvals/" + id + "/page";
    assertEquals(200, page.get("/checkout/approvals/" + id).status());
    refused(page.get(api), 401, "PAGE_TOKEN_INVALID");
    refused(page.get(api, "X-Page-Token", "bpt_x"), 401, "PAGE_TOKEN_INVALID");
    JsonObject shown = ok(page.get(api, "X-Page-Token", pageToken));
    assertEquals("pending", shown.getString("status"));
    assertEquals("273.00", shown.getString("amount"));
    assertEquals("USD", shown.getString("currency"));
    assertEquals(orderId, shown.getString("order_id"));
    assertFalse(shown.getString("merchant_name").isBlank());
    assertFalse(shown.getString("agent_name").isBlank());
    // Not yet approved: the payment is refused.
    refused(
        http.post(
            "/agent/v1/payments",
            body,
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer,
            "X-HIL-Approval",
            id),
        403,
        "HIL_APPROVAL_INVALID");
    assertEquals(
        "approved",
        ok(page.post(api + "/approve", null, "X-Page-Token", pageToken)).getString("status"));
    refused(page.post(api + "/decline", null, "X-Page-Token", pageToken), 409, "ALREADY_DECIDED");
    JsonObject paid =
        ok(
            http.post(
                "/agent/v1/payments",
                body,
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer,
                "X-HIL-Approval",
                id));
    assertEquals("succeeded", paid.getString("status"), paid::toString);
    assertEquals(1, captured(orderId));
  }

  @Test
  void theTokenOpensItsOwnCheckoutOnly() {
    JsonObject mine = orderIntent();
    String token = mine.getString("checkout_token");
    refused(view("ct_nope"), 401, "CHECKOUT_TOKEN_INVALID");
    refused(new Http(base).get("/agent/v1/checkout/hosted"), 401, "CHECKOUT_TOKEN_INVALID");
    // Another agent's key sent with it: refused.
    Agents.Registered other = Agents.register(http);
    refused(
        http.get(
            "/agent/v1/checkout/hosted", "X-Checkout-Token", token, "X-API-Key", other.apiKey()),
        401,
        "CHECKOUT_TOKEN_INVALID");
    // Expired.
    Agents.sql(
        "UPDATE checkout_intents SET expires_at = TIMESTAMP '2000-01-01 00:00:00' WHERE id = ?",
        mine.getString("intent_id"));
    refused(view(token), 410, "CHECKOUT_TOKEN_EXPIRED");
    refused(pay(token, "tok_visa", false), 410, "CHECKOUT_TOKEN_EXPIRED");
    assertEquals(0, captured(mine.getString("order_id")));
  }

  @Test
  void thePagesAreServedWithAStrictPolicy() {
    JsonObject in = orderIntent();
    Http.Answer page = http.get("/checkout/" + in.getString("intent_id"));
    assertEquals(200, page.status(), page::toString);
    String csp = page.header("Content-Security-Policy").orElse("");
    assertTrue(csp.contains("default-src 'none'"), csp);
    assertTrue(csp.contains("script-src 'self'"), csp);
    assertTrue(csp.contains("frame-ancestors 'none'"), csp);
    assertEquals("DENY", page.header("X-Frame-Options").orElse(null));
    assertEquals("no-referrer", page.header("Referrer-Policy").orElse(null));
    assertEquals("no-store", page.header("Cache-Control").orElse(null));
    assertTrue(page.body().contains("data-id=\"" + in.getString("intent_id") + "\""));
    assertFalse(page.body().contains("<script>"), "no inline script");
    Http.Answer js = http.get("/checkout/assets/checkout.js");
    assertEquals(200, js.status());
    assertTrue(js.header("Content-Type").orElse("").startsWith("text/javascript"));
    assertEquals(404, new Http(base).unguarded().get("/checkout/assets/../x").status());
    assertEquals(404, new Http(base).unguarded().get("/checkout/not-an-intent").status());
  }

  @Test
  void theSandboxCardFormTurnsTestCardsIntoTokens() {
    JsonObject t =
        ok(
            http.post(
                "/sandbox/psp/tokens",
                "{\"number\":\"4242424242424242\",\"exp_month\":12,\"exp_year\":2035,"
                    + "\"cvc\":\"123\"}"));
    assertEquals("tok_visa", t.getString("token"));
    assertEquals("4242", t.getString("last4"));
    assertEquals(
        "tok_threeDSecure2Required",
        ok(http.post(
                "/sandbox/psp/tokens",
                "{\"number\":\"4000002760003184\",\"exp_month\":1,\"exp_year\":2035,"
                    + "\"cvc\":\"999\"}"))
            .getString("token"));
    JsonObject luhn =
        refused(
            http.post(
                "/sandbox/psp/tokens",
                "{\"number\":\"4242424242424241\",\"exp_month\":12,\"exp_year\":2035,"
                    + "\"cvc\":\"123\"}"),
            422,
            null);
    assertTrue(luhn.toString().contains("number"), luhn::toString);
    JsonObject expired =
        refused(
            http.post(
                "/sandbox/psp/tokens",
                "{\"number\":\"4242424242424242\",\"exp_month\":1,\"exp_year\":2020,"
                    + "\"cvc\":\"123\"}"),
            422,
            null);
    assertTrue(expired.toString().contains("exp_month"), expired::toString);
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
    JsonObject d = a.json().getJsonObject("detail");
    assertEquals(code, d.getString("error"), a::toString);
    return d;
  }
}
