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
import org.agentcommerce.webapp.support.TestDatabase;
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
    return Deployments.shared();
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
    // The answer takes the secret the link carries in its fragment (#secret=…).
    String secret = URI.create(url).getFragment().substring("secret=".length());
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
                .POST(HttpRequest.BodyPublishers.ofString("result=approve&secret=" + secret))
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
    assertTrue(
        approval.getString("approve_url").contains("/checkout/approvals/" + id + "#token="),
        approval::toString);
    assertEquals(
        "/agent/v1/payments/approvals/" + id + "/approve", approval.getString("approve_api"));
    assertEquals(0, charges(orderId));
    // Any other value is refused, and so is an approval the buyer has not given yet.
    refused(pay(orderId, "tok_visa", "X-HIL-Approval", "yes"), 403, "HIL_APPROVAL_INVALID");
    refused(pay(orderId, "tok_visa", "X-HIL-Approval", id), 403, "HIL_APPROVAL_INVALID");
    // Only that buyer decides: to another buyer it is not there.
    refused(
        http.post(
            "/agent/v1/payments/approvals/" + id + "/approve",
            "",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            TestIssuer.token("someone-else")),
        404,
        "HIL_APPROVAL_NOT_FOUND");
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

  @Test
  void aPspThatTimesOutIsNeverFollowedByAnother() {
    // The sandbox first, then a second PSP: a timeout after sending is not "nothing created".
    Agents.sql(
        "INSERT INTO merchant_psp_accounts (merchant_id, psp, priority, account, enabled)"
            + " VALUES (?, 'stripe', 20, 'stripe-unreachable', TRUE)",
        LUMEN);
    try {
      String orderId = order(1);
      JsonObject p = ok(pay(orderId, "tok_timeout"));
      assertEquals("processing", p.getString("status"), p::toString);
      assertEquals(1, p.getJsonArray("attempts").size(), "no attempt at the second PSP");
      assertEquals("sandbox", p.getJsonArray("attempts").getJsonObject(0).getString("psp"));
      awaitPayment(p.getString("payment_id"), "succeeded");
      assertEquals(
          1,
          readPayment(p.getString("payment_id"))
              .getJsonObject("payment")
              .getJsonArray("attempts")
              .size());
      assertEquals(1, charges(orderId));
    } finally {
      Agents.sql(
          "DELETE FROM merchant_psp_accounts WHERE merchant_id = ? AND psp = 'stripe'", LUMEN);
    }
  }

  @Test
  void aSignedStripeWebhookSettlesThePaymentOnceAndAForgedOneIsRefused() throws Exception {
    // A payment whose Stripe attempt's outcome was not known (as after a timeout).
    String orderId = order(1);
    String payment = "pay_wh" + Long.toHexString(System.nanoTime());
    String attempt = "att_wh" + Long.toHexString(System.nanoTime());
    String pi = "pi_wh" + Long.toHexString(System.nanoTime());
    Agents.sql(
        "UPDATE orders SET status = 'payment_processing', payment_status = 'processing'"
            + " WHERE id = ?",
        orderId);
    Agents.sql(
        "INSERT INTO payments (id, agent_id, order_id, merchant_id, status, amount_minor,"
            + " currency, psp, method_type, off_session, live_mode, protocol, live_order_id, version,"
            + " created_at, updated_at) SELECT ?, agent_id, id, merchant_id, 'processing',"
            + " total_minor, currency, 'stripe', 'card', FALSE, FALSE, 'rest', id, 0,"
            + " CURRENT_TIMESTAMP(6), CURRENT_TIMESTAMP(6) FROM orders WHERE id = ?",
        payment,
        orderId);
    Agents.sql(
        "INSERT INTO payment_attempts (id, payment_id, seq, psp, idempotency_key, status,"
            + " psp_payment_id, reconcile_count, next_check_at, created_at) VALUES (?, ?, 1,"
            + " 'stripe', ?, 'unknown', ?, 0, TIMESTAMPADD(HOUR, 1, CURRENT_TIMESTAMP(6)),"
            + " CURRENT_TIMESTAMP(6))",
        attempt,
        payment,
        "ac-" + attempt,
        pi);
    String intent =
        "{\"id\":\""
            + pi
            + "\",\"object\":\"payment_intent\",\"amount\":2695,"
            + "\"currency\":\"usd\",\"status\":\"succeeded\",\"livemode\":false,"
            + "\"metadata\":{\"ac_reference\":\""
            + attempt
            + "\"}}";
    String event =
        "{\"id\":\"evt_"
            + attempt
            + "\",\"object\":\"event\",\"api_version\":\""
            + com.stripe.Stripe.API_VERSION
            + "\",\"created\":"
            + (System.currentTimeMillis() / 1000)
            + ",\"data\":{\"object\":"
            + intent
            + "},\"livemode\":false,\"pending_webhooks\":1,"
            + "\"type\":\"payment_intent.succeeded\"}";
    long t = System.currentTimeMillis() / 1000;
    javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
    mac.init(
        new javax.crypto.spec.SecretKeySpec(
            TestDatabase.STRIPE_WEBHOOK_SECRET.getBytes(java.nio.charset.StandardCharsets.UTF_8),
            "HmacSHA256"));
    String signature =
        "t="
            + t
            + ",v1="
            + java.util.HexFormat.of()
                .formatHex(
                    mac.doFinal(
                        (t + "." + event).getBytes(java.nio.charset.StandardCharsets.UTF_8)));

    // Authentic, but naming another PSP payment for our attempt: it settles nothing.
    String other =
        event.replace(pi, "pi_someone_elses").replace("evt_" + attempt, "evt_x" + attempt);
    String otherSignature =
        "t="
            + t
            + ",v1="
            + java.util.HexFormat.of()
                .formatHex(
                    mac.doFinal(
                        (t + "." + other).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    JsonObject ignored =
        ok(http.post("/webhooks/psp/stripe", other, "Stripe-Signature", otherSignature));
    assertTrue(ignored.isNull("payment_status"), ignored::toString);
    assertEquals("payment_processing", orderStatus(orderId));

    // Forged: the same body under another signature, or an altered body.
    refused(
        http.post("/webhooks/psp/stripe", event, "Stripe-Signature", "t=" + t + ",v1=00"),
        400,
        "WEBHOOK_SIGNATURE_INVALID");
    refused(
        http.post(
            "/webhooks/psp/stripe", event.replace("2695", "1"), "Stripe-Signature", signature),
        400,
        "WEBHOOK_SIGNATURE_INVALID");
    assertEquals("payment_processing", orderStatus(orderId));

    JsonObject handled =
        ok(http.post("/webhooks/psp/stripe", event, "Stripe-Signature", signature));
    assertEquals("accepted", handled.getString("status"));
    assertEquals(payment, handled.getString("payment_id"));
    assertEquals("succeeded", handled.getString("payment_status"));
    assertEquals("paid", orderStatus(orderId));
    // Redelivered: acknowledged, nothing happens twice.
    assertEquals(
        "duplicate",
        ok(http.post("/webhooks/psp/stripe", event, "Stripe-Signature", signature))
            .getString("status"));
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM domain_events WHERE"
                        + " aggregate_id = ? AND event_type = 'order.payment_succeeded'",
                    orderId))
            .longValue());
  }

  @Test
  void refundsGiveBackAtMostWhatWasPaid() {
    String orderId = order(1);
    JsonObject p = ok(pay(orderId, "tok_visa"));
    String paymentId = p.getString("payment_id");
    String total = p.getString("amount");
    String refunds = "/agent/v1/payments/" + paymentId + "/refunds";
    JsonObject part =
        ok(
            http.post(
                refunds,
                "{\"amount\":\"5.00\",\"reason\":\"damaged\"}",
                "X-API-Key",
                agent.apiKey(),
                "Idempotency-Key",
                "rf-" + paymentId));
    assertEquals("succeeded", part.getString("status"), part::toString);
    assertEquals("5.00", part.getString("amount"));
    assertEquals("partially_refunded", orderStatus(orderId));
    // The same request again is the same refund, not a second one.
    JsonObject replay =
        ok(
            http.post(
                refunds,
                "{\"amount\":\"5.00\",\"reason\":\"damaged\"}",
                "X-API-Key",
                agent.apiKey(),
                "Idempotency-Key",
                "rf-" + paymentId));
    assertEquals(part.getString("refund_id"), replay.getString("refund_id"));
    refused(
        http.post(refunds, "{\"amount\":\"" + total + "\"}", "X-API-Key", agent.apiKey()),
        409,
        "REFUND_EXCEEDS_PAYMENT");
    refused(http.post(refunds, "{\"amount\":\"0\"}", "X-API-Key", agent.apiKey()), 422, null);
    JsonObject rest = ok(http.post(refunds, "{}", "X-API-Key", agent.apiKey()));
    assertEquals(
        new java.math.BigDecimal(total).subtract(new java.math.BigDecimal("5.00")).toPlainString(),
        rest.getString("amount"));
    assertEquals("refunded", orderStatus(orderId));
    refused(http.post(refunds, "{}", "X-API-Key", agent.apiKey()), 409, "REFUND_EXCEEDS_PAYMENT");
    assertEquals(
        2, ok(http.get(refunds, "X-API-Key", agent.apiKey())).getJsonArray("refunds").size());
    assertEquals(
        2L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM domain_events WHERE"
                        + " aggregate_id = ? AND event_type = 'order.refunded'",
                    orderId))
            .longValue());
    // The sandbox PSP gave back exactly what was paid.
    assertEquals(
        ((Number)
                Agents.query(
                    "SELECT amount_minor FROM sandbox_psp_charges c JOIN"
                        + " payment_attempts a ON a.idempotency_key = c.idempotency_key WHERE a.payment_id = ?",
                    paymentId))
            .longValue(),
        ((Number)
                Agents.query(
                    "SELECT refunded_minor FROM"
                        + " sandbox_psp_charges c JOIN payment_attempts a ON a.idempotency_key ="
                        + " c.idempotency_key WHERE a.payment_id = ?",
                    paymentId))
            .longValue());
    Agents.Registered other = Agents.register(http);
    refused(http.post(refunds, "{}", "X-API-Key", other.apiKey()), 404, "PAYMENT_NOT_FOUND");
    String declined = order(1);
    String failed = ok(pay(declined, "tok_chargeDeclined")).getString("payment_id");
    refused(
        http.post("/agent/v1/payments/" + failed + "/refunds", "{}", "X-API-Key", agent.apiKey()),
        409,
        "PAYMENT_NOT_SUCCEEDED");
  }

  @Test
  void aMandateTokenPaysOnceWithinItsScopeAndThroughTheGates() throws Exception {
    JsonObject mandate =
        ok(
            http.post(
                "/agent/v1/mandates",
                "{\"currency\":\"USD\","
                    + "\"max_amount\":\"40.00\",\"merchant_ids\":[\""
                    + LUMEN
                    + "\"],\"payment_method\":"
                    + "{\"type\":\"card\",\"token\":\"tok_visa\"}}",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer));
    String mandateId = mandate.getString("mandate_id");
    assertFalse(mandate.toString().contains("tok_visa"), "the saved method is never shown");
    String authorize = "/agent/v1/payments/authorize";
    refused(
        http.post(
            authorize,
            "{\"mandate_id\":\"" + mandateId + "\",\"amount\":\"40.01\"," + "\"currency\":\"USD\"}",
            "X-API-Key",
            agent.apiKey()),
        403,
        "EXCEEDED_LIMIT");
    refused(
        http.post(
            authorize,
            "{\"mandate_id\":\"" + mandateId + "\",\"amount\":\"10\"," + "\"currency\":\"EUR\"}",
            "X-API-Key",
            agent.apiKey()),
        403,
        "CURRENCY_NOT_ALLOWED");
    refused(
        http.post(
            authorize,
            "{\"mandate_id\":\""
                + mandateId
                + "\",\"amount\":\"10\","
                + "\"currency\":\"USD\",\"merchant_context\":{\"merchant_id\":"
                + "\"merch_4b0e8c2d6a1f9357\"}}",
            "X-API-Key",
            agent.apiKey()),
        403,
        "NOT_ALLOWED_MERCHANT");
    Agents.Registered other = Agents.register(http);
    refused(
        http.post(
            authorize,
            "{\"mandate_id\":\"" + mandateId + "\",\"amount\":\"10\"," + "\"currency\":\"USD\"}",
            "X-API-Key",
            other.apiKey()),
        404,
        "MANDATE_NOT_FOUND");
    JsonObject auth =
        ok(
            http.post(
                authorize,
                "{\"mandate_id\":\"" + mandateId + "\",\"amount\":\"40.00\",\"currency\":\"USD\"}",
                "X-API-Key",
                agent.apiKey()));
    assertEquals("authorized", auth.getString("status"));
    String token = auth.getString("token");
    assertTrue(token.startsWith("mtk_"), auth::toString);
    assertEquals(
        0L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM mandate_tokens WHERE" + " token_hash = ? OR id = ?",
                    token,
                    token))
            .longValue(),
        "only a hash is stored");

    String orderId = order(1);
    String body =
        "{\"order_id\":\"%s\",\"payment_method\":{\"type\":\"mandate_token\","
            + "\"token\":\""
            + token
            + "\"}}";
    try (JMXConnector c = Jmx.connect(base)) {
      MBeanServerConnection jmx = c.getMBeanServerConnection();
      ObjectName gates = new ObjectName(GATES);
      // A delegated method is gated: off by default.
      jmx.setAttribute(gates, new Attribute("SubmitEnabled", false));
      refused(payBody(String.format(body, orderId)), 403, "TIER2_CHARGE_DISABLED");
      jmx.setAttribute(gates, new Attribute("SubmitEnabled", true));
      jmx.setAttribute(gates, new Attribute("TestCaptureCapMinor", 10_000L));
      try {
        JsonObject p = ok(payBody(String.format(body, orderId)));
        assertEquals("succeeded", p.getString("status"), p::toString);
        assertEquals(1, charges(orderId));
        // Redeemable once.
        String second = order(1);
        JsonObject d = refused(payBody(String.format(body, second)), 403, "MANDATE_TOKEN_INVALID");
        assertEquals("already_used", d.getString("reason"));
        assertEquals(0, charges(second));

        // Step-up: the buyer confirms before the token works.
        String stepUp =
            ok(http.post(
                    "/agent/v1/mandates",
                    "{\"currency\":\"USD\","
                        + "\"max_amount\":\"40.00\",\"confirmation\":\"always\",\"payment_method\":"
                        + "{\"type\":\"card\",\"token\":\"tok_visa\"}}",
                    "X-API-Key",
                    agent.apiKey(),
                    "X-Agent-User-JWT",
                    buyer))
                .getString("mandate_id");
        JsonObject pending =
            ok(
                http.post(
                    authorize,
                    "{\"mandate_id\":\""
                        + stepUp
                        + "\",\"amount\":\"40.00\",\"currency\":\"USD\",\"merchant_context\":"
                        + "{\"merchant_id\":\""
                        + LUMEN
                        + "\"}}",
                    "X-API-Key",
                    agent.apiKey()));
        assertEquals("requires_user_confirmation", pending.getString("status"));
        assertTrue(pending.getBoolean("requires_user_confirmation"));
        String stepToken = pending.getString("token");
        String stepBody =
            "{\"order_id\":\""
                + second
                + "\",\"payment_method\":{\"type\":"
                + "\"mandate_token\",\"token\":\""
                + stepToken
                + "\"}}";
        assertEquals(
            "confirmation_required",
            refused(payBody(stepBody), 403, "MANDATE_TOKEN_INVALID").getString("reason"));
        refused(
            http.post(
                pending.getString("confirm_api"),
                "",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                TestIssuer.token("not-the-buyer")),
            403,
            "BUYER_MISMATCH");
        ok(
            http.post(
                pending.getString("confirm_api"),
                "",
                "X-API-Key",
                agent.apiKey(),
                "X-Agent-User-JWT",
                buyer));
        assertEquals("succeeded", ok(payBody(stepBody)).getString("status"));

        // The buyer's page: the link carries its page token in the fragment; declining there
        // makes the authorization pay nothing.
        JsonObject again =
            ok(
                http.post(
                    authorize,
                    "{\"mandate_id\":\""
                        + stepUp
                        + "\",\"amount\":\"40.00\",\"currency\":\"USD\",\"merchant_context\":"
                        + "{\"merchant_id\":\""
                        + LUMEN
                        + "\"}}",
                    "X-API-Key",
                    agent.apiKey()));
        String page = again.getString("confirm_url");
        assertTrue(
            page.contains(
                "/checkout/authorizations/" + again.getString("authorization_id") + "#token="),
            page);
        String pageToken = page.substring(page.indexOf("#token=") + 7);
        String api =
            "/agent/v1/payments/authorizations/" + again.getString("authorization_id") + "/page";
        Http anonymous = new Http(base);
        refused(anonymous.get(api, "X-Page-Token", "bpt_forged"), 401, "PAGE_TOKEN_INVALID");
        JsonObject shown = ok(anonymous.get(api, "X-Page-Token", pageToken));
        assertEquals("pending", shown.getString("status"));
        assertEquals("40.00", shown.getString("amount"));
        assertEquals(LUMEN, shown.getString("merchant_id"));
        assertEquals(agent.agentId(), shown.getString("agent_id"));
        assertEquals(
            "rejected",
            ok(anonymous.post(api + "/decline", null, "X-Page-Token", pageToken))
                .getString("status"));
        refused(
            anonymous.post(api + "/approve", null, "X-Page-Token", pageToken),
            409,
            "ALREADY_DECIDED");
        String third = order(1);
        JsonObject declined =
            refused(
                payBody(
                    "{\"order_id\":\""
                        + third
                        + "\",\"payment_method\":{\"type\":\"mandate_token\",\"token\":\""
                        + again.getString("token")
                        + "\"}}"),
                403,
                "MANDATE_TOKEN_INVALID");
        assertEquals("declined_by_buyer", declined.getString("reason"));
        assertEquals(0, charges(third));
      } finally {
        jmx.setAttribute(gates, new Attribute("SubmitEnabled", false));
        jmx.setAttribute(gates, new Attribute("TestCaptureCapMinor", 500L));
      }
    }
  }

  @Test
  void oneCallersRefusedRequestsDoNotOpenThePspsCircuitForOthers() {
    // Requests the PSP refuses for what they are (not for its health) are not failures of it.
    for (int i = 0; i < 25; i++) {
      JsonObject p = ok(pay(order(1), "tok_unavailable"));
      assertEquals("failed", p.getString("status"), p::toString);
    }
    JsonObject p = ok(pay(order(1), "tok_visa"));
    assertEquals("succeeded", p.getString("status"), p::toString);
  }

  @Test
  void paymentMethodTypesAndAmountsAreChecked() {
    String orderId = order(1);
    refused(
        payBody(
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"bogus\","
                + "\"token\":\"tok_visa\"}}"),
        422,
        null);
    refused(
        payBody(
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\","
                + "\"token\":\"mtk_0123\"}}"),
        422,
        null);
    assertEquals(0, charges(orderId));
    JsonObject p =
        ok(
            payBody(
                "{\"order_id\":\""
                    + orderId
                    + "\",\"payment_method\":{\"type\":"
                    + "\"CARD\",\"token\":\"tok_visa\"}}"));
    assertEquals("succeeded", p.getString("status"));
    refused(
        http.post(
            "/agent/v1/payments/" + p.getString("payment_id") + "/refunds",
            "{\"amount\":\"99999999999999999999\"}",
            "X-API-Key",
            agent.apiKey()),
        422,
        null);
    refused(
        http.post(
            "/agent/v1/payments/" + p.getString("payment_id") + "/refunds",
            "{\"amount\":\"999999999999\"}",
            "X-API-Key",
            agent.apiKey()),
        409,
        "REFUND_EXCEEDS_PAYMENT");
  }

  @Test
  void aRefundWhileTheMerchantPlacementRunsLeavesBothRecorded() {
    String orderId = order(1);
    String paymentId = ok(pay(orderId, "tok_visa")).getString("payment_id");
    ok(
        http.post(
            "/agent/v1/orders/" + orderId + "/confirm-payment", "", "X-API-Key", agent.apiKey()));
    ok(
        http.post(
            "/agent/v1/payments/" + paymentId + "/refunds",
            "{\"amount\":\"1.00\"}",
            "X-API-Key",
            agent.apiKey()));
    // Whichever came first, the placement finishes and the refund stays visible.
    long deadline = System.currentTimeMillis() + 30_000;
    while (!"placed"
        .equals(
            Agents.query("SELECT status FROM merchant_placements WHERE order_id = ?", orderId))) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError(
            "placement never finished: "
                + Agents.query(
                    "SELECT last_error FROM merchant_placements WHERE order_id = ?", orderId));
      }
      sleep(200);
    }
    assertEquals("partially_refunded", orderStatus(orderId));
    assertNotNull(Agents.query("SELECT merchant_order_number FROM orders WHERE id = ?", orderId));
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM sandbox_merchant_orders WHERE" + " reference = ?",
                    orderId))
            .longValue());
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM domain_events WHERE"
                        + " aggregate_id = ? AND event_type = 'order.confirmed'",
                    orderId))
            .longValue());
    // The audit trail is whole: seqs 1..n, none reused or skipped, whoever moved first.
    assertEquals(
        String.valueOf(
            Agents.query("SELECT COUNT(*) FROM order_transitions WHERE order_id = ?", orderId)),
        String.valueOf(
            Agents.query("SELECT MAX(seq) FROM order_transitions WHERE order_id = ?", orderId)));
    assertEquals(
        String.valueOf(
            Agents.query("SELECT COUNT(*) FROM order_transitions WHERE order_id = ?", orderId)),
        String.valueOf(Agents.query("SELECT transition_count FROM orders WHERE id = ?", orderId)));
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

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
