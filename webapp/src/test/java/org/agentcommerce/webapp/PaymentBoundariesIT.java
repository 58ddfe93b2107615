package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
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
 * The payment API's boundaries as a client meets them: one buyer's payments, refunds and approvals
 * are not another buyer's to see or move (as orders are not), bad input is a clear 4xx (never a
 * 500), amounts are ASCII decimals, and the sandbox PSP's 3-D Secure challenge is answered only
 * with the secret its link carried to the payer's page.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PaymentBoundariesIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD
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

  /** The buyer whose payments these are. */
  private String buyerX;

  /** Another buyer of the same agent. */
  private String buyerY;

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
    buyerX = TestIssuer.token("bound-x-" + System.nanoTime());
    buyerY = TestIssuer.token("bound-y-" + System.nanoTime());
  }

  // ----- item 6: buyer binding on the v1 payment reads

  @Test
  void anotherBuyersPaymentIsNotThere() {
    String orderId = order(1, buyerX);
    String paymentId = ok(pay(orderId, "tok_visa", buyerX)).getString("payment_id");

    // As the order: another buyer's is 404, like another agent's.
    refused(get("/agent/v1/orders/" + orderId, buyerY), 404, "ORDER_NOT_FOUND");
    refused(get("/agent/v1/payments/" + paymentId, buyerY), 404, "PAYMENT_NOT_FOUND");
    refused(
        http.get("/agent/v1/payments/" + paymentId, "X-API-Key", other().apiKey()),
        404,
        "PAYMENT_NOT_FOUND");
    // The buyer's own, and the agent's own view without a buyer token (as the order reads).
    assertEquals(
        "succeeded", ok(get("/agent/v1/payments/" + paymentId, buyerX)).getString("status"));
    assertEquals("succeeded", ok(get("/agent/v1/payments/" + paymentId, null)).getString("status"));
  }

  @Test
  void anotherBuyersPaymentIsNeitherRefundedNorListed() {
    String orderId = order(1, buyerX);
    String paymentId = ok(pay(orderId, "tok_visa", buyerX)).getString("payment_id");
    String refunds = "/agent/v1/payments/" + paymentId + "/refunds";

    refused(post(refunds, "{\"amount\":\"1.00\"}", buyerY), 404, "PAYMENT_NOT_FOUND");
    refused(get(refunds, buyerY), 404, "PAYMENT_NOT_FOUND");
    assertEquals(0L, refundedMinor(paymentId), "the PSP gave nothing back");
    assertEquals("paid", orderStatus(orderId));

    JsonObject r = ok(post(refunds, "{\"amount\":\"1.00\"}", buyerX));
    assertEquals("succeeded", r.getString("status"), r::toString);
    assertEquals(1, ok(get(refunds, buyerX)).getJsonArray("refunds").size());
    assertEquals(1, ok(get(refunds, null)).getJsonArray("refunds").size());
    assertEquals(100L, refundedMinor(paymentId));
  }

  @Test
  void anotherBuyersApprovalIsNotThere() {
    String orderId = order(13, buyerX); // 273.00 USD of goods: over the 250 USD threshold
    JsonObject d = refused(pay(orderId, "tok_visa", buyerX), 409, "HIL_REQUIRED");
    String id = d.getJsonObject("approval").getString("approval_id");
    String path = "/agent/v1/payments/approvals/" + id;

    refused(get(path, buyerY), 404, "HIL_APPROVAL_NOT_FOUND");
    refused(post(path + "/approve", "", buyerY), 404, "HIL_APPROVAL_NOT_FOUND");
    refused(post(path + "/reject", "", buyerY), 404, "HIL_APPROVAL_NOT_FOUND");
    refused(
        http.get(path, "X-API-Key", other().apiKey(), "X-Agent-User-JWT", buyerX),
        404,
        "HIL_APPROVAL_NOT_FOUND");
    assertEquals("pending", ok(get(path, buyerX)).getString("status"));
    // Reading it needs that buyer's token too (docs/payments.md).
    refused(get(path, null), 401, "USER_AUTH_REQUIRED");
    // Deciding needs the buyer's own token.
    refused(post(path + "/approve", "", null), 401, "USER_AUTH_REQUIRED");
    assertEquals("approved", ok(post(path + "/approve", "", buyerX)).getString("status"));
  }

  // ----- item 7: clear 4xx instead of 500

  @Test
  void anEmptyBodyIsA422NotA500() {
    assertMissingBody(
        http.post("/agent/v1/cart/validate?merchant_id=" + LUMEN, "", "X-API-Key", agent.apiKey()));
    assertMissingBody(
        http.post(
            "/agent/v1/checkout/acp-session",
            "",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyerX));
  }

  @Test
  void aChallengeAnswerThatIsNoFormIs415() throws Exception {
    JsonObject p = ok(threeDSecure(order(1, buyerX)));
    String path = URI.create(p.getJsonObject("next_action").getString("redirect_url")).getPath();
    for (String type : List.of("*/*", "application/json", "text/plain")) {
      Http.Answer a = http.post(path, "result=approve", "Content-Type", type);
      refused(a, 415, "UNSUPPORTED_MEDIA_TYPE");
    }
    assertEquals("requires_action", chargeStatus(p.getString("payment_id")));
  }

  // ----- item 7: amounts are ASCII decimals

  @Test
  void aRefundOfNonAsciiDigitsIsRefused() {
    String orderId = order(1, buyerX);
    String paymentId = ok(pay(orderId, "tok_visa", buyerX)).getString("payment_id");
    for (String amount :
        List.of("\"٣\"", "\"３\"", "\"1٫00\"", "\"١.٠٠\"", "\" 1.00\"", "\"1e0\"")) {
      assertDecimalRefused(
          post(
              "/agent/v1/payments/" + paymentId + "/refunds",
              "{\"amount\":" + amount + "}",
              buyerX),
          "amount");
      assertDecimalRefused(
          post(
              "/agent/v2/commerce/checkouts/" + orderId + "/refunds",
              "{\"amount\":" + amount + "}",
              buyerX),
          "amount");
    }
    assertEquals(0L, refundedMinor(paymentId), "nothing was given back");
    assertEquals("paid", orderStatus(orderId));
  }

  @Test
  void aDriftGuardOfNonAsciiDigitsIsRefused() {
    String orderId = order(1, buyerX);
    String total =
        ok(get("/agent/v1/orders/" + orderId, buyerX))
            .getJsonObject("order")
            .getString("total_amount");
    Http.Answer a =
        post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"},"
                + "\"expected_amount\":\""
                + arabicIndic(total)
                + "\",\"currency\":\"USD\"}",
            buyerX);
    assertDecimalRefused(a, "expected_amount");
    assertEquals("awaiting_payment", orderStatus(orderId));
  }

  @Test
  void mandateAndAuthorizationAmountsOfNonAsciiDigitsAreRefused() {
    assertDecimalRefused(
        post(
            "/agent/v1/mandates",
            "{\"currency\":\"USD\",\"max_amount\":\"١٠٠\","
                + "\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
            buyerX),
        "max_amount");
    assertDecimalRefused(
        post(
            "/agent/v1/mandates",
            "{\"currency\":\"USD\",\"max_amount\":\"100\",\"confirmation\":\"above_amount\","
                + "\"confirm_above_amount\":\"٥٠\","
                + "\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
            buyerX),
        "confirm_above_amount");
    String mandate =
        ok(post(
                "/agent/v1/mandates",
                "{\"currency\":\"USD\",\"max_amount\":\"100\","
                    + "\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
                buyerX))
            .getString("mandate_id");
    assertDecimalRefused(
        post(
            "/agent/v1/payments/authorize",
            "{\"mandate_id\":\"" + mandate + "\",\"amount\":\"٣\",\"currency\":\"USD\"}",
            buyerX),
        "amount");
  }

  @Test
  void pricesAndLimitsOfNonAsciiDigitsAreRefused() {
    String item =
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"items\":[{\"product_id\":\""
            + SINGLE
            + "\",\"quantity\":1,\"unit_price\":\"٢١.٠٠\"}],\"customer_email\":\"ada@example.com\","
            + "\"currency\":\"USD\"}";
    for (String path : List.of("/agent/v1/orders/create", "/agent/v1/quotes/preview")) {
      Http.Answer a = post(path, item, buyerX);
      assertEquals(422, a.status(), a::toString);
      JsonObject v = a.json().getJsonArray("detail").getJsonObject(0);
      assertEquals("decimal_parsing", v.getString("type"), a::toString);
      assertEquals("unit_price", v.getJsonArray("loc").getString(3), a::toString);
    }
    Http.Answer search =
        http.get(
            "/agent/v1/products/search?query=serum&min_price="
                + URLEncoder.encode("٣", StandardCharsets.UTF_8),
            "X-API-Key",
            agent.apiKey());
    assertEquals(422, search.status(), search::toString);
    assertEquals(
        "query",
        search.json().getJsonArray("detail").getJsonObject(0).getJsonArray("loc").getString(0));
    Http.Answer policy =
        http.send(
            "PUT",
            "/agent/v1/governance/spend-policy",
            "{\"limits\":[{\"currency\":\"USD\",\"max_order_total\":\"٣٠٠\","
                + "\"max_daily_total\":\"500\"}]}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(422, policy.status(), policy::toString);
    assertEquals(
        "default",
        ok(http.get("/agent/v1/governance/spend-policy", "X-API-Key", agent.apiKey()))
            .getJsonObject("policy")
            .getString("source"));
  }

  // ----- item 7: the sandbox 3-D Secure challenge is bound to the payer's page

  @Test
  void theChallengeIsAnsweredOnlyWithTheSecretItsLinkCarried() throws Exception {
    String orderId = order(1, buyerX);
    JsonObject p = ok(threeDSecure(orderId));
    String paymentId = p.getString("payment_id");
    assertEquals("requires_action", p.getString("status"), p::toString);
    String url = p.getJsonObject("next_action").getString("redirect_url");
    assertTrue(url.startsWith("http"), url);
    String secret = secret(url);
    String path = URI.create(url).getPath();

    // Reading the payment or its order later never hands the link out again.
    JsonObject read = ok(get("/agent/v1/payments/" + paymentId, buyerX));
    assertFalse(read.toString().contains(secret), read::toString);
    assertTrue(read.isNull("next_action"), read::toString);
    JsonObject order = ok(get("/agent/v1/orders/" + orderId, buyerX));
    assertFalse(order.toString().contains(path), order::toString);
    assertFalse(ok(get("/agent/v2/orders/" + orderId, buyerX)).toString().contains(path));

    // The page opens; its answer needs the link's secret, which its one script (allowed by its
    // hash, nothing else) moves from the fragment into the form.
    HttpResponse<String> page = browser(path, null);
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("Approve"), page.body());
    assertTrue(page.body().contains("name=\"secret\""), page.body());
    String script =
        page.body()
            .substring(page.body().indexOf("<script>") + 8, page.body().indexOf("</script>"));
    String csp = page.headers().firstValue("Content-Security-Policy").orElse("");
    assertTrue(
        csp.contains(
            "script-src 'sha256-"
                + Base64.getEncoder()
                    .encodeToString(
                        MessageDigest.getInstance("SHA-256")
                            .digest(script.getBytes(StandardCharsets.UTF_8)))
                + "'"),
        csp);
    for (String sent : List.of("", "&secret=", "&secret=sch_wrong", "&secret=" + secret + "x")) {
      HttpResponse<String> a = browser(path, "result=approve" + sent);
      assertEquals(401, a.statusCode(), a::body);
      assertTrue(a.body().contains("PAGE_TOKEN_INVALID"), a::body);
    }
    assertEquals("requires_action", chargeStatus(paymentId));
    assertEquals(
        "requires_action", ok(get("/agent/v1/payments/" + paymentId, null)).getString("status"));

    HttpResponse<String> answered = browser(path, "result=approve&secret=" + secret);
    assertEquals(303, answered.statusCode(), answered::body);
    assertEquals(
        "https://agent.example/back", answered.headers().firstValue("Location").orElse(null));
    awaitPayment(paymentId, "succeeded");
    assertEquals("paid", orderStatus(orderId));
  }

  @Test
  void aReplayOfThePaymentDoesNotShowTheChallengeSecretAgain() {
    String orderId = order(1, buyerX);
    String body =
        "{\"order_id\":\""
            + orderId
            + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_threeDSecure2Required\"},"
            + "\"return_url\":\"https://agent.example/back\"}";
    JsonObject first = ok(post("/agent/v1/payments", body, buyerX, "Idempotency-Key", "3ds-once"));
    String secret = secret(first.getJsonObject("next_action").getString("redirect_url"));
    Http.Answer replay = post("/agent/v1/payments", body, buyerX, "Idempotency-Key", "3ds-once");
    assertEquals(200, replay.status(), replay::toString);
    assertFalse(replay.body().contains(secret), replay::toString);
  }

  @Test
  void onTheHostedPageOnlyThePageGetsTheChallengeLink() throws Exception {
    String orderId = order(1, buyerX, ADDRESS);
    JsonObject intent =
        ok(
            post(
                "/agent/v1/checkout/intents",
                "{\"items\":[{\"product_id\":\""
                    + SINGLE
                    + "\",\"merchant_id\":\""
                    + LUMEN
                    + "\",\"quantity\":1}],\"order_id\":\""
                    + orderId
                    + "\",\"return_url\":\"https://agent.example/back\"}",
                buyerX));
    String token = intent.getString("checkout_token");
    JsonObject view = ok(http.get("/agent/v1/checkout/hosted", "X-Checkout-Token", token));
    String quote = view.get("quote_id") instanceof jakarta.json.JsonString q ? q.getString() : null;
    JsonObject paid =
        ok(
            http.post(
                "/agent/v1/checkout/hosted/pay",
                "{\"payment_method\":{\"type\":\"card\",\"token\":\"tok_threeDSecure2Required\"},"
                    + "\"expected_total\":\""
                    + view.getJsonObject("totals").getString("total")
                    + "\""
                    + (quote == null ? "" : ",\"quote_id\":\"" + quote + "\"")
                    + "}",
                "X-Checkout-Token",
                token));
    assertEquals("requires_action", paid.getString("status"), paid::toString);
    String url = paid.getString("action_url");
    String secret = secret(url);
    String path = URI.create(url).getPath();
    // The agent, reading the payment or the order, sees no link it could answer.
    String paymentId = paid.getString("payment_id");
    assertTrue(ok(get("/agent/v1/payments/" + paymentId, null)).isNull("next_action"));
    assertFalse(ok(get("/agent/v1/orders/" + orderId, null)).toString().contains(secret));
    assertFalse(
        ok(http.get("/agent/v1/checkout/hosted", "X-Checkout-Token", token))
            .toString()
            .contains(secret));
    assertEquals(401, browser(path, "result=approve").statusCode());
    assertEquals(303, browser(path, "result=approve&secret=" + secret).statusCode());
    awaitPayment(paymentId, "succeeded");
  }

  // ----- helpers

  private Agents.Registered other() {
    return Agents.register(http);
  }

  private String order(int quantity, String buyer) {
    return order(quantity, buyer, null);
  }

  private String order(int quantity, String buyer, String address) {
    return ok(post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":"
                + quantity
                + "}],\"customer_email\":\"ada@example.com\","
                + (address == null ? "" : "\"shipping_address\":" + address + ",")
                + "\"currency\":\"USD\"}",
            buyer))
        .getString("order_id");
  }

  private Http.Answer pay(String orderId, String token, String buyer) {
    return post(
        "/agent/v1/payments",
        "{\"order_id\":\""
            + orderId
            + "\",\"payment_method\":{\"type\":\"card\",\"token\":\""
            + token
            + "\"}}",
        buyer);
  }

  private Http.Answer threeDSecure(String orderId) {
    return post(
        "/agent/v1/payments",
        "{\"order_id\":\""
            + orderId
            + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_threeDSecure2Required\"},"
            + "\"return_url\":\"https://agent.example/back\"}",
        buyerX);
  }

  /** The secret a challenge link carries in its fragment (#secret=…). */
  private static String secret(String url) {
    String fragment = URI.create(url).getRawFragment();
    assertTrue(fragment != null && fragment.startsWith("secret="), url);
    return fragment.substring("secret=".length());
  }

  /** What a browser does on the challenge page: a GET, or a form POST of {@code form}. */
  private HttpResponse<String> browser(String path, String form) throws Exception {
    HttpRequest.Builder r =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + base.getPort() + path));
    if (form != null) {
      r.header("Content-Type", "application/x-www-form-urlencoded")
          .POST(HttpRequest.BodyPublishers.ofString(form));
    }
    return HttpClient.newHttpClient().send(r.build(), HttpResponse.BodyHandlers.ofString());
  }

  private Http.Answer get(String path, String buyer) {
    List<String> h = new ArrayList<>(List.of("X-API-Key", agent.apiKey()));
    if (buyer != null) {
      h.addAll(List.of("X-Agent-User-JWT", buyer));
    }
    return http.get(path, h.toArray(String[]::new));
  }

  private Http.Answer post(String path, String body, String buyer, String... headers) {
    List<String> h = new ArrayList<>(List.of("X-API-Key", agent.apiKey()));
    if (buyer != null) {
      h.addAll(List.of("X-Agent-User-JWT", buyer));
    }
    h.addAll(List.of(headers));
    return http.post(path, body, h.toArray(String[]::new));
  }

  private String orderStatus(String orderId) {
    return ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
        .getJsonObject("order")
        .getString("status");
  }

  private void awaitPayment(String paymentId, String status) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    JsonObject p = ok(get("/agent/v1/payments/" + paymentId, null));
    while (!status.equals(p.getString("status"))) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("payment never " + status + ": " + p);
      }
      Thread.sleep(250);
      p = ok(get("/agent/v1/payments/" + paymentId, null));
    }
  }

  /** What the sandbox PSP's own books say was given back of the payment's charge. */
  private static long refundedMinor(String paymentId) {
    return ((Number)
            Agents.query(
                "SELECT c.refunded_minor FROM sandbox_psp_charges c JOIN payments p ON"
                    + " p.psp_payment_id = c.id WHERE p.id = ?",
                paymentId))
        .longValue();
  }

  private static String chargeStatus(String paymentId) {
    return (String)
        Agents.query(
            "SELECT c.status FROM sandbox_psp_charges c JOIN payments p ON p.psp_payment_id ="
                + " c.id WHERE p.id = ?",
            paymentId);
  }

  /** The same number written in Arabic-Indic digits (٠–٩), its point kept. */
  private static String arabicIndic(String ascii) {
    StringBuilder b = new StringBuilder();
    for (char c : ascii.toCharArray()) {
      b.append(c >= '0' && c <= '9' ? (char) ('\u0660' + (c - '0')) : c);
    }
    return b.toString();
  }

  private static void assertDecimalRefused(Http.Answer a, String field) {
    assertEquals(422, a.status(), a::toString);
    JsonArray detail = a.json().getJsonArray("detail");
    JsonObject v = detail.getJsonObject(0);
    assertEquals("decimal_parsing", v.getString("type"), a::toString);
    JsonArray loc = v.getJsonArray("loc");
    assertEquals(field, loc.getString(loc.size() - 1), a::toString);
  }

  private static void assertMissingBody(Http.Answer a) {
    assertEquals(422, a.status(), a::toString);
    JsonObject v = a.json().getJsonArray("detail").getJsonObject(0);
    assertEquals("missing", v.getString("type"), a::toString);
    assertEquals("body", v.getJsonArray("loc").getString(0), a::toString);
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
}
