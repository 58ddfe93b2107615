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
import java.util.concurrent.Callable;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Payments over REST on MariaDB with the built-in sandbox PSP: what a client sees, and what the
 * PSP's own books say (its ledger is the count of charges that really happened).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PaymentsIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD
  static final String GATES = "org.agentcommerce:type=PaymentGates";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.realWar();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;
  private String buyer;

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
    buyer = TestIssuer.token("payer-" + System.nanoTime());
  }

  private String order(int quantity) {
    JsonObject o =
        ok(
            http.post(
                "/agent/v1/orders/create",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"items\":[{\"product_id\":\""
                    + SINGLE
                    + "\",\"quantity\":"
                    + quantity
                    + "}],\"customer_email\":\"ada@example.com\","
                    + "\"currency\":\"USD\"}",
                "X-API-Key",
                agent.apiKey()));
    return o.getString("order_id");
  }

  private Http.Answer pay(String orderId, String token, String... headers) {
    return payBody(
        "{\"order_id\":\""
            + orderId
            + "\",\"payment_method\":{\"type\":\"card\","
            + "\"token\":\""
            + token
            + "\"}}",
        headers);
  }

  private Http.Answer payBody(String body, String... headers) {
    List<String> h =
        new ArrayList<>(List.of("X-API-Key", agent.apiKey(), "X-Agent-User-JWT", buyer));
    h.addAll(List.of(headers));
    return http.post("/agent/v1/payments", body, h.toArray(String[]::new));
  }

  private JsonObject readPayment(String paymentId) {
    return ok(http.get("/agent/v1/payments/" + paymentId, "X-API-Key", agent.apiKey()));
  }

  private String orderStatus(String orderId) {
    return ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
        .getJsonObject("order")
        .getString("status");
  }

  /** Charges the sandbox PSP really made for the order (its own ledger). */
  private static long charges(String orderId) {
    return ((Number)
            Agents.query(
                "SELECT COUNT(*) FROM sandbox_psp_charges c JOIN payment_attempts a ON a.idempotency_key"
                    + " = c.idempotency_key JOIN payments p ON p.id = a.payment_id WHERE p.order_id = ?",
                orderId))
        .longValue();
  }

  private static long payments(String orderId, String status) {
    return ((Number)
            Agents.query(
                "SELECT COUNT(*) FROM payments WHERE order_id = ? AND status = ?", orderId, status))
        .longValue();
  }

  private JsonObject awaitPayment(String paymentId, String status) {
    long deadline = System.currentTimeMillis() + 30_000;
    JsonObject p = readPayment(paymentId);
    while (!status.equals(p.getString("status"))) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("payment never " + status + ": " + p);
      }
      sleep(250);
      p = readPayment(paymentId);
    }
    return p;
  }

  @Test
  void theSdksCallPaysOnceAndTheOrderIsPaid() {
    String orderId = order(1);
    JsonObject p =
        ok(
            payBody(
                "{\"order_id\":\""
                    + orderId
                    + "\",\"payment_method\":{\"type\":"
                    + "\"card\",\"token\":\"tok_visa\"},\"return_url\":null,\"idempotency_key\":null}"));
    assertEquals("succeeded", p.getString("status"), p::toString);
    assertTrue(p.getString("payment_id").startsWith("pay_"), p::toString);
    assertEquals("sandbox", p.getString("psp_used"));
    assertEquals("USD", p.getString("currency"));
    assertEquals("paid", orderStatus(orderId));
    assertEquals(1, charges(orderId));
    assertFalse(p.toString().contains("tok_visa"), "the method token is never shown");

    JsonObject read = readPayment(p.getString("payment_id"));
    assertEquals("succeeded", read.getString("status"));
    assertEquals(1, read.getJsonObject("payment").getJsonArray("attempts").size());
    assertEquals(
        "succeeded",
        read.getJsonObject("payment")
            .getJsonArray("attempts")
            .getJsonObject(0)
            .getString("outcome"));

    refused(pay(orderId, "tok_visa"), 409, "ORDER_ALREADY_PAID");
    assertEquals(1, charges(orderId));
    // The order's events: attempted, then succeeded, in the order's own timeline.
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM domain_events WHERE"
                        + " aggregate_id = ? AND event_type = 'order.payment_succeeded'",
                    orderId))
            .longValue());
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM domain_events WHERE"
                        + " aggregate_id = ? AND event_type = 'order.payment_attempted'",
                    orderId))
            .longValue());
    // Nothing secret at rest: the token is not in the database.
    assertEquals(
        0L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM payments WHERE order_id = ? AND"
                        + " (method_type LIKE '%tok_%' OR error_message LIKE '%tok_%')",
                    orderId))
            .longValue());
  }

  @Test
  void withoutABuyerTokenNothingHappens() {
    String orderId = order(1);
    Http.Answer a =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
            "X-API-Key",
            agent.apiKey());
    refused(a, 401, "USER_AUTH_REQUIRED");
    assertEquals(0, charges(orderId));
    assertEquals("awaiting_payment", orderStatus(orderId));
  }

  @Test
  void otherAgentsOrdersAndPaymentsAreNotFound() {
    String orderId = order(1);
    String paymentId = ok(pay(orderId, "tok_visa")).getString("payment_id");
    Agents.Registered other = Agents.register(http);
    refused(
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
            "X-API-Key",
            other.apiKey(),
            "X-Agent-User-JWT",
            buyer),
        404,
        "ORDER_NOT_FOUND");
    refused(
        http.get("/agent/v1/payments/" + paymentId, "X-API-Key", other.apiKey()),
        404,
        "PAYMENT_NOT_FOUND");
  }

  @Test
  void aDeclineFailsThePaymentAndTheOrderCanBePaidAgain() {
    String orderId = order(1);
    JsonObject p = ok(pay(orderId, "tok_chargeDeclinedInsufficientFunds"));
    assertEquals("failed", p.getString("status"), p::toString);
    assertEquals("card_declined", p.getJsonObject("error").getString("code"));
    assertEquals("insufficient_funds", p.getJsonObject("error").getString("decline_code"));
    assertEquals("payment_failed", orderStatus(orderId));
    JsonObject again = ok(pay(orderId, "tok_visa"));
    assertEquals("succeeded", again.getString("status"));
    assertEquals("paid", orderStatus(orderId));
    assertEquals(1, payments(orderId, "succeeded"));
    assertEquals(1, payments(orderId, "failed"));
  }

  @Test
  void thirtyTwoConcurrentPaymentsChargeOnce() throws Exception {
    // The same request 32 times at once (one idempotency key), then 32 with keys of their own.
    for (boolean sameKey : new boolean[] {true, false}) {
      String orderId = order(1);
      ExecutorService pool = Executors.newFixedThreadPool(32);
      List<Future<Http.Answer>> answers = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        String key = sameKey ? "pay-" + orderId : "pay-" + orderId + "-" + i;
        Callable<Http.Answer> call =
            () ->
                new Http(base)
                    .post(
                        "/agent/v1/payments",
                        "{\"order_id\":\""
                            + orderId
                            + "\",\"payment_method\":{\"type\":\"card\","
                            + "\"token\":\"tok_visa\"}}",
                        "X-API-Key",
                        agent.apiKey(),
                        "X-Agent-User-JWT",
                        buyer,
                        "Idempotency-Key",
                        key);
        answers.add(pool.submit(call));
      }
      int succeeded = 0;
      for (Future<Http.Answer> f : answers) {
        Http.Answer a = f.get();
        if (a.status() == 200) {
          assertEquals("succeeded", a.json().getString("status"), a::toString);
          succeeded++;
        } else {
          assertEquals(409, a.status(), a::toString);
          String code = a.json().getJsonObject("detail").getString("error");
          assertTrue(
              List.of("idempotency_in_flight", "PAYMENT_IN_PROGRESS", "ORDER_ALREADY_PAID")
                  .contains(code),
              a::toString);
        }
      }
      pool.shutdown();
      assertTrue(succeeded >= 1, "at least one answer carries the payment");
      assertEquals(1, charges(orderId), "one charge at the PSP");
      assertEquals(1, payments(orderId, "succeeded"));
      assertEquals(0, payments(orderId, "processing"));
      assertEquals("paid", orderStatus(orderId));
    }
  }

  @Test
  void aTimeoutAfterThePspAcceptedIsReconciledWithoutASecondCharge() {
    String orderId = order(1);
    long t0 = System.currentTimeMillis();
    JsonObject p = ok(pay(orderId, "tok_timeout"));
    assertTrue(System.currentTimeMillis() - t0 < 10_000, "answered after the PSP timeout");
    assertEquals("processing", p.getString("status"), p::toString);
    assertEquals("payment_processing", orderStatus(orderId));
    refused(pay(orderId, "tok_visa"), 409, "PAYMENT_IN_PROGRESS");
    JsonObject settled = awaitPayment(p.getString("payment_id"), "succeeded");
    assertEquals("paid", orderStatus(orderId));
    assertEquals(1, charges(orderId), "reconciliation asked; it never charged again");
    assertEquals(1, settled.getJsonObject("payment").getJsonArray("attempts").size());
  }

  @Test
  void anAsynchronousMethodSettlesLater() {
    String orderId = order(1);
    JsonObject p = ok(pay(orderId, "tok_processing"));
    assertEquals("processing", p.getString("status"));
    awaitPayment(p.getString("payment_id"), "succeeded");
    assertEquals("paid", orderStatus(orderId));
  }

  @Test
  void threeDSecureIsAnsweredOnTheChallengePage() throws Exception {
    String orderId = order(1);
    JsonObject p =
        ok(
            payBody(
                "{\"order_id\":\""
                    + orderId
                    + "\",\"payment_method\":{\"type\":"
                    + "\"card\",\"token\":\"tok_threeDSecure2Required\"},\"return_url\":"
                    + "\"https://agent.example/back\"}"));
    assertEquals("requires_action", p.getString("status"), p::toString);
    JsonObject next = p.getJsonObject("next_action");
    assertEquals("redirect_to_url", next.getString("type"));
    String url = next.getString("redirect_url");
    assertTrue(url.contains("/sandbox/psp/challenge/"), url);
    String path = URI.create(url).getPath();
    HttpClient client = HttpClient.newHttpClient();
    String local = "http://127.0.0.1:" + base.getPort();
    HttpResponse<String> page =
        client.send(
            HttpRequest.newBuilder(URI.create(local + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("Approve"), page.body());
    HttpResponse<String> answered =
        client.send(
            HttpRequest.newBuilder(URI.create(local + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("result=approve"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(303, answered.statusCode());
    assertEquals(
        "https://agent.example/back", answered.headers().firstValue("Location").orElse(null));
    awaitPayment(p.getString("payment_id"), "succeeded");
    assertEquals("paid", orderStatus(orderId));
  }

  @Test
  void theDriftGuardNamesBothAmounts() {
    String orderId = order(1);
    String total =
        ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
            .getJsonObject("order")
            .getString("total_amount");
    JsonObject d =
        refused(
            payBody(
                "{\"order_id\":\""
                    + orderId
                    + "\",\"payment_method\":{"
                    + "\"type\":\"card\",\"token\":\"tok_visa\"},\"expected_amount\":\"1.00\","
                    + "\"currency\":\"USD\"}"),
            409,
            "QUOTE_MISMATCH");
    assertEquals("1.00", d.getString("expected_amount"));
    assertEquals(total, d.getString("order_amount"));
    assertEquals(0, charges(orderId));
    JsonObject p =
        ok(
            payBody(
                "{\"order_id\":\""
                    + orderId
                    + "\",\"payment_method\":{"
                    + "\"type\":\"card\",\"token\":\"tok_visa\"},\"expected_amount\":"
                    + total
                    + ","
                    + "\"currency\":\"USD\"}"));
    assertEquals("succeeded", p.getString("status"));
  }

  @Test
  void largePaymentsNeedTheBuyersApprovalBoundToThatOrder() {
    String orderId = order(13); // 273.00 USD of goods: over the 250 USD threshold
    JsonObject d = refused(pay(orderId, "tok_visa"), 409, "HIL_REQUIRED");
    JsonObject approval = d.getJsonObject("approval");
    String id = approval.getString("approval_id");
    assertEquals(orderId, approval.getString("order_id"));
    assertNotNull(approval.getString("approve_url"));
    assertEquals(0, charges(orderId));
    // Any other value is refused, and so is an approval the buyer has not given yet.
    refused(pay(orderId, "tok_visa", "X-HIL-Approval", "yes"), 403, "HIL_APPROVAL_INVALID");
    refused(pay(orderId, "tok_visa", "X-HIL-Approval", id), 403, "HIL_APPROVAL_INVALID");
    // Only that buyer decides.
    refused(
        http.post(
            "/agent/v1/payments/approvals/" + id + "/approve",
            "",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            TestIssuer.token("someone-else")),
        403,
        "BUYER_MISMATCH");
    JsonObject approved =
        ok(
            http.post(
                "/agent/v1/payments/approvals/" + id + "/approve",
                "",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer));
    assertEquals("approved", approved.getString("status"));
    // Bound to its order: another order of the same amount is refused.
    String other = order(13);
    refused(pay(other, "tok_visa", "X-HIL-Approval", id), 403, "HIL_APPROVAL_INVALID");
    JsonObject p = ok(pay(orderId, "tok_visa", "X-HIL-Approval", id));
    assertEquals("succeeded", p.getString("status"));
    // Used once: a second use fails even on the same (failed-then-retried) order path.
    refused(pay(other, "tok_visa", "X-HIL-Approval", id), 403, "HIL_APPROVAL_INVALID");
    assertEquals(0, charges(other));
  }

  @Test
  void theKillSwitchAndCapsAreOperatedOverJmx() throws Exception {
    try (JMXConnector c = Jmx.connect(base)) {
      MBeanServerConnection jmx = c.getMBeanServerConnection();
      ObjectName gates = new ObjectName(GATES);
      // Off-session charges are gated; the default is off (fail closed).
      jmx.setAttribute(gates, new Attribute("SubmitEnabled", false));
      String orderId = order(1);
      String offSession =
          "{\"order_id\":\""
              + orderId
              + "\",\"payment_method\":{\"type\":"
              + "\"card\",\"token\":\"tok_visa\"},\"off_session\":true}";
      JsonObject d = refused(payBody(offSession), 403, "TIER2_CHARGE_DISABLED");
      assertEquals("submit_payment_disabled", d.getString("reason"));
      assertEquals(false, d.getBoolean("submit_payment_enabled"));
      assertEquals(0, charges(orderId));
      assertEquals("awaiting_payment", orderStatus(orderId));

      jmx.setAttribute(gates, new Attribute("SubmitEnabled", true));
      long total =
          Math.round(
              Double.parseDouble(
                      ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
                          .getJsonObject("order")
                          .getString("total_amount"))
                  * 100);
      jmx.setAttribute(gates, new Attribute("TestCaptureCapMinor", total - 1));
      JsonObject over = refused(payBody(offSession), 403, "TIER2_TEST_CAPTURE_OVER_CAP");
      assertEquals(total, over.getJsonNumber("amount_cents").longValue());
      assertEquals(total - 1, over.getJsonNumber("max_cents").longValue());
      jmx.setAttribute(gates, new Attribute("TestCaptureCapMinor", total));
      assertEquals("succeeded", ok(payBody(offSession)).getString("status"));
      assertEquals(1, charges(orderId));

      // Persisted with who and when, and read back by the node.
      assertEquals(true, jmx.getAttribute(gates, "SubmitEnabled"));
      assertTrue(
          ((Number)
                      Agents.query(
                          "SELECT COUNT(*) FROM payment_gate_changes WHERE name ="
                              + " 'submit_enabled' AND changed_by LIKE 'jmx%'"))
                  .longValue()
              >= 2);

      // Flipped off again: the next gated charge is refused.
      jmx.setAttribute(gates, new Attribute("SubmitEnabled", false));
      String next = order(1);
      refused(
          payBody(
              "{\"order_id\":\""
                  + next
                  + "\",\"payment_method\":{\"type\":\"card\","
                  + "\"token\":\"tok_visa\"},\"off_session\":true}"),
          403,
          "TIER2_CHARGE_DISABLED");
      // An on-session REST payment the buyer made is not a gated charge.
      assertEquals("succeeded", ok(pay(next, "tok_visa")).getString("status"));
      jmx.setAttribute(gates, new Attribute("TestCaptureCapMinor", 500L));
    }
  }

  @Test
  void aPspThatRefusesTheConnectionIsFollowedByTheNextOne() {
    // The merchant's first PSP is a Stripe account whose address refuses connections.
    Agents.sql(
        "INSERT INTO merchant_psp_accounts (merchant_id, psp, priority, account, enabled)"
            + " VALUES (?, 'stripe', 1, 'stripe-unreachable', TRUE)",
        LUMEN);
    try {
      String orderId = order(1);
      JsonObject p = ok(pay(orderId, "tok_visa"));
      assertEquals("succeeded", p.getString("status"), p::toString);
      assertEquals("sandbox", p.getString("psp_used"));
      assertEquals(2, p.getJsonArray("attempts").size(), p::toString);
      assertEquals("stripe", p.getJsonArray("attempts").getJsonObject(0).getString("psp"));
      assertEquals(
          "not_accepted", p.getJsonArray("attempts").getJsonObject(0).getString("outcome"));
      assertEquals(
          "connection_refused",
          p.getJsonArray("attempts").getJsonObject(0).getString("error_code"));
      assertEquals(1, charges(orderId));
      assertEquals("paid", orderStatus(orderId));
    } finally {
      Agents.sql(
          "DELETE FROM merchant_psp_accounts WHERE merchant_id = ? AND psp = 'stripe'", LUMEN);
    }
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

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
