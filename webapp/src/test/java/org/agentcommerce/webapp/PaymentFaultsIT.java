package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.SecondNode;
import org.agentcommerce.webapp.support.StripeStub;
import org.agentcommerce.webapp.support.TestDatabase;
import org.agentcommerce.webapp.support.TestIssuer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The money path when a node pauses (SIGSTOP/SIGCONT: it runs nothing, not even its timeouts) or
 * dies (kill -9) at the worst moment, with two nodes on one MariaDB and the sandbox PSP: per order,
 * what the PSP's own books captured equals what the order says was paid, no capture goes
 * unrecorded, and the order's timeline holds each event once, in order.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PaymentFaultsIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD

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
    http = new Http(base).awaitReady();
    agent = Agents.register(http);
    buyer = TestIssuer.token("fault-payer-" + System.nanoTime());
  }

  /**
   * Issue 36, item 1: the attempt is committed, the node freezes with the charge in hand (in flight
   * to the PSP), the other node's reconciler closes the attempt, the agent pays again, and the
   * frozen node resumes and sends its charge with the old attempt's key. The PSP refuses it: the
   * key was fenced before the attempt was closed. One capture.
   */
  @Test
  void aNodePausedWithTheChargeInHandNeverChargesAfterItsAttemptWasClosed() throws Exception {
    SecondNode b = shared();
    {
      String orderId = order();
      CompletableFuture<Http.Answer> late =
          CompletableFuture.supplyAsync(() -> pay(new Http(b.base()), orderId, "tok_visa"));
      String attempt = awaitAttempt(orderId);
      b.pause();
      try {
        // The other node closes the attempt (after the sent grace, fenced first) ...
        awaitOrderStatus(orderId, "payment_failed", 60);
        // ... and the agent pays again there: charged once.
        JsonObject second = ok(pay(http, orderId, "tok_visa"));
        assertEquals("succeeded", second.getString("status"), second::toString);
      } finally {
        b.resume();
      }
      Http.Answer lateAnswer = late.get(60, TimeUnit.SECONDS);
      assertTrue(lateAnswer.body().contains("\"failed\""), lateAnswer::toString);
      assertEquals(
          "fenced",
          Agents.query(
              "SELECT c.status FROM sandbox_psp_charges c JOIN payment_attempts a ON"
                  + " a.idempotency_key = c.idempotency_key WHERE a.id = ?",
              attempt));
      assertMoneyConsistent(orderId);
      assertEquals("paid", orderStatus(orderId));
      assertTimeline(
          orderId,
          List.of(
              "order.created",
              "order.payment_attempted",
              "order.payment_failed",
              "order.payment_attempted",
              "order.payment_succeeded"));
    }
  }

  /**
   * The PSP charged, but the answer cannot be recorded at once: the payment's row is held by
   * another session (as a paused node would hold it) for longer than the node's lock wait, twice.
   * The request does not fail with a 500 after a charge: it answers the payment as it stands
   * (processing), the attempt stays open, and the reconciler asks the PSP and records the capture,
   * once; a retry under the request's key then hears the outcome.
   */
  @Test
  void aChargeWhoseAnswerCannotBeRecordedIsAnsweredProcessingAndSettledOnceByTheReconciler()
      throws Exception {
    SecondNode b = shared();
    String orderId = order();
    String key = "fault-unrecorded-" + System.nanoTime();
    CompletableFuture<Http.Answer> answer =
        CompletableFuture.supplyAsync(() -> pay(new Http(b.base()), orderId, "tok_visa", key));
    awaitAttempt(orderId); // the request is on its way to the PSP (5 s)
    Http.Answer answered;
    try (java.sql.Connection held =
        java.sql.DriverManager.getConnection(
            TestDatabase.url(), TestDatabase.user(), TestDatabase.password())) {
      held.setAutoCommit(false);
      try (java.sql.PreparedStatement lock =
          held.prepareStatement("SELECT id FROM payments WHERE order_id = ? FOR UPDATE")) {
        lock.setString(1, orderId);
        lock.executeQuery().close();
      }
      // Node b waits 2 s for the row (its ac.db.lock-wait-timeout), twice, then answers.
      answered = answer.get(60, TimeUnit.SECONDS);
      held.rollback();
    }
    JsonObject payment = ok(answered);
    assertEquals("processing", payment.getString("status"), payment::toString);
    String paymentId = payment.getString("payment_id");
    JsonObject settled =
        await(
            () -> {
              JsonObject p =
                  ok(http.get("/agent/v1/payments/" + paymentId, "X-API-Key", agent.apiKey()));
              return "succeeded".equals(p.getString("status")) ? p : null;
            },
            60);
    assertEquals(
        "succeeded",
        Agents.query("SELECT status FROM payment_attempts WHERE payment_id = ?", paymentId),
        settled::toString);
    assertEquals(
        1L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM payment_attempts WHERE payment_id = ?", paymentId))
            .longValue());
    assertEquals("paid", orderStatus(orderId));
    // The request's retry under its key hears the outcome, not the first answer replayed.
    JsonObject retried = ok(pay(http, orderId, "tok_visa", key));
    assertEquals(paymentId, retried.getString("payment_id"), retried::toString);
    assertEquals("succeeded", retried.getString("status"), retried::toString);
    assertMoneyConsistent(orderId);
    assertTimeline(
        orderId, List.of("order.created", "order.payment_attempted", "order.payment_succeeded"));
    // The operator reads why the answer said processing.
    String log = b.log();
    assertTrue(
        log.contains("Payment " + paymentId + " attempt ")
            && log.contains("could not be recorded; the reconciler will ask sandbox"),
        "node b logs the answer it could not record");
  }

  /**
   * Issue 36, item 5: a 3-D Secure payment the buyer never answers ends after {@code
   * ac.payments.buyer-action-ttl}: cancelled at the PSP (the challenge can no longer capture it),
   * the payment failed with {@code payment_expired}, the order payable and cancellable again.
   */
  @Test
  void aPaymentWaitingForTheBuyerExpiresAndTheOrderIsPayableAgain() throws Exception {
    Http b = new Http(shared().base());
    String orderId = order();
    JsonObject waiting = ok(pay(b, orderId, "tok_threeDSecure2Required"));
    assertEquals("requires_action", waiting.getString("status"), waiting::toString);
    String paymentId = waiting.getString("payment_id");
    JsonObject expired =
        await(
            () -> {
              JsonObject p =
                  ok(http.get("/agent/v1/payments/" + paymentId, "X-API-Key", agent.apiKey()));
              return "failed".equals(p.getString("status")) ? p : null;
            },
            60);
    assertEquals(
        "payment_expired",
        expired.getJsonObject("payment").getJsonObject("error").getString("code"),
        expired::toString);
    assertEquals("payment_failed", orderStatus(orderId));
    String charge =
        (String)
            Agents.query(
                "SELECT c.id FROM sandbox_psp_charges c JOIN payment_attempts a ON"
                    + " a.idempotency_key = c.idempotency_key WHERE a.payment_id = ?",
                paymentId);
    assertEquals(
        "canceled", Agents.query("SELECT status FROM sandbox_psp_charges WHERE id = ?", charge));
    // The buyer's late approval of the challenge captures nothing.
    http.send("POST", "/sandbox/psp/challenge/" + charge, "result=approve");
    assertEquals(
        "canceled", Agents.query("SELECT status FROM sandbox_psp_charges WHERE id = ?", charge));
    // Payable again (another payment may start), then the order can be cancelled too.
    JsonObject again = ok(pay(http, orderId, "tok_chargeDeclined"));
    assertEquals("failed", again.getString("status"), again::toString);
    ok(http.post("/agent/v1/orders/" + orderId + "/cancel", "{}", "X-API-Key", agent.apiKey()));
    assertEquals("cancelled", orderStatus(orderId));
    assertTimeline(
        orderId,
        List.of(
            "order.created",
            "order.payment_attempted",
            "order.payment_failed",
            "order.payment_attempted",
            "order.payment_failed",
            "order.cancelled"));
  }

  /** The same moment, but the node dies (kill -9): the attempt is fenced and closed, paid once. */
  @Test
  @Order(Integer.MAX_VALUE) // last: it kills the shared node (one node start fewer)
  void aNodeKilledWithTheChargeInHandLeavesOneCapture() throws Exception {
    SecondNode b = shared();
    try {
      String orderId = order();
      String key = "fault-kill-" + System.nanoTime();
      CompletableFuture.runAsync(() -> pay(new Http(b.base()), orderId, "tok_visa", key));
      String attempt = awaitAttempt(orderId);
      b.kill();
      awaitOrderStatus(orderId, "payment_failed", 60);
      // The dead request's retry, same key and body, hears what became of it: the payment the
      // reconciler closed (not idempotency_outcome_unknown for ever), and nothing is charged.
      JsonObject retried =
          await(
              () -> {
                Http.Answer a = pay(http, orderId, "tok_visa", key);
                return a.status() == 200 ? a.json() : null;
              },
              30);
      assertEquals("failed", retried.getString("status"), retried::toString);
      assertEquals(
          attempt,
          retried.getJsonArray("attempts").getJsonObject(0).getString("attempt_id"),
          retried::toString);
      JsonObject second = ok(pay(http, orderId, "tok_visa"));
      assertEquals("succeeded", second.getString("status"), second::toString);
      assertEquals(
          "not_accepted",
          Agents.query("SELECT status FROM payment_attempts WHERE id = ?", attempt));
      assertMoneyConsistent(orderId);
      assertTimeline(
          orderId,
          List.of(
              "order.created",
              "order.payment_attempted",
              "order.payment_failed",
              "order.payment_attempted",
              "order.payment_succeeded"));
    } finally {
      stopShared();
    }
  }

  /**
   * Issue 36, item 1: a capture the service learns about for an attempt it had closed (here a
   * Stripe webhook for an attempt closed as not accepted, while another payment paid the order) is
   * recorded on its payment, announced on the order's timeline, counted, and refunded in full once,
   * under a key stored before the refund is sent.
   */
  @Test
  void aCaptureFoundForAClosedAttemptIsRecordedAnnouncedAndRefundedOnce() throws Exception {
    StripeStub stripe = StripeStub.shared();
    int refundsBefore = stripe.refunds().size();
    // The merchant's Stripe account, after its sandbox one (priority 10): payments still go to
    // the sandbox, and Stripe's webhooks for the merchant verify with this account's secret.
    Agents.sql(
        "INSERT INTO merchant_psp_accounts (merchant_id, psp, priority, account, enabled)"
            + " VALUES (?, 'stripe', 99, 'stripe-late', TRUE)",
        LUMEN);
    try {
      String orderId = order();
      String closed = "pay_lc" + Long.toHexString(System.nanoTime());
      String attempt = "att_lc" + Long.toHexString(System.nanoTime());
      String pi = "pi_lc" + Long.toHexString(System.nanoTime());
      // A Stripe payment whose attempt was closed as not accepted (as a reconciler leaves it).
      Agents.sql(
          "INSERT INTO payments (id, agent_id, order_id, merchant_id, status, amount_minor,"
              + " currency, psp, method_type, off_session, live_mode, protocol, error_code,"
              + " version, created_at, updated_at) SELECT ?, agent_id, id, merchant_id,"
              + " 'failed', total_minor, currency, 'stripe', 'card', FALSE, FALSE, 'rest',"
              + " 'payment_failed', 0, CURRENT_TIMESTAMP(6), CURRENT_TIMESTAMP(6) FROM orders"
              + " WHERE id = ?",
          closed,
          orderId);
      Agents.sql(
          "INSERT INTO payment_attempts (id, payment_id, seq, psp, idempotency_key, status,"
              + " psp_payment_id, reconcile_count, created_at, finished_at) VALUES (?, ?, 1,"
              + " 'stripe', ?, 'not_accepted', ?, 0, CURRENT_TIMESTAMP(6),"
              + " CURRENT_TIMESTAMP(6))",
          attempt,
          closed,
          "ac-" + attempt,
          pi);
      // The agent paid again (the sandbox, first in the merchant's route): the order is paid.
      JsonObject second = ok(pay(http, orderId, "tok_visa"));
      assertEquals("succeeded", second.getString("status"), second::toString);
      long total =
          ((Number) Agents.query("SELECT total_minor FROM orders WHERE id = ?", orderId))
              .longValue();

      // Stripe says the closed attempt's PaymentIntent succeeded after all.
      Http node = http;
      String event = stripeEvent("evt_lc1" + attempt, pi, attempt, total);
      JsonObject handled =
          ok(
              node.post(
                  "/webhooks/psp/stripe?account=stripe-late",
                  event,
                  "Stripe-Signature",
                  stripeSignature(event)));
      assertEquals("accepted", handled.getString("status"), handled::toString);

      JsonObject lateCapture =
          await(
              () -> {
                JsonObject a =
                    ok(http.get("/agent/v1/payments/" + closed, "X-API-Key", agent.apiKey()))
                        .getJsonObject("payment")
                        .getJsonArray("attempts")
                        .getJsonObject(0);
                JsonObject c = a.getJsonObject("late_capture");
                return c != null && "refunded".equals(c.getString("status")) ? c : null;
              },
              60);
      assertEquals(pi, lateCapture.getString("psp_payment_id"));
      assertTrue(
          lateCapture.getString("psp_refund_id").startsWith("re_stub"), lateCapture::toString);
      assertEquals(refundsBefore + 1, stripe.refunds().size(), stripe.refunds()::toString);
      StripeStub.Refund refund = stripe.refunds().get(refundsBefore);
      assertEquals("ac-lcr-" + attempt, refund.idempotencyKey());
      assertEquals(pi, StripeStub.field(refund.form(), "payment_intent"));
      assertEquals(String.valueOf(total), StripeStub.field(refund.form(), "amount"));

      // Told again (another event about the same intent): nothing new, no second refund.
      String again = stripeEvent("evt_lc2" + attempt, pi, attempt, total);
      ok(
          node.post(
              "/webhooks/psp/stripe?account=stripe-late",
              again,
              "Stripe-Signature",
              stripeSignature(again)));
      Thread.sleep(1500);
      assertEquals(refundsBefore + 1, stripe.refunds().size());
      assertEquals(
          1L,
          ((Number)
                  Agents.query("SELECT COUNT(*) FROM late_captures WHERE attempt_id = ?", attempt))
              .longValue());
      assertEquals("paid", orderStatus(orderId));
      assertTimeline(
          orderId,
          List.of(
              "order.created",
              "order.payment_attempted",
              "order.payment_succeeded",
              "order.payment_late_captured",
              "order.payment_late_capture_refunded"));
      String metrics = node.get("/metrics?scope=application").body();
      assertTrue(metrics.contains("payments_late_captures_found"), metrics);
    } finally {
      Agents.sql(
          "DELETE FROM merchant_psp_accounts WHERE merchant_id = ? AND psp = 'stripe'", LUMEN);
    }
  }

  private static String stripeEvent(String id, String pi, String attempt, long amount) {
    String intent =
        "{\"id\":\""
            + pi
            + "\",\"object\":\"payment_intent\",\"amount\":"
            + amount
            + ",\"currency\":\"usd\",\"status\":\"succeeded\",\"livemode\":false,"
            + "\"metadata\":{\"ac_reference\":\""
            + attempt
            + "\"}}";
    return "{\"id\":\""
        + id
        + "\",\"object\":\"event\",\"api_version\":\""
        + com.stripe.Stripe.API_VERSION
        + "\",\"created\":"
        + (System.currentTimeMillis() / 1000)
        + ",\"data\":{\"object\":"
        + intent
        + "},\"livemode\":false,\"pending_webhooks\":1,"
        + "\"type\":\"payment_intent.succeeded\"}";
  }

  private static String stripeSignature(String event) throws Exception {
    long t = System.currentTimeMillis() / 1000;
    javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
    mac.init(
        new javax.crypto.spec.SecretKeySpec(
            TestDatabase.STRIPE_WEBHOOK_SECRET.getBytes(java.nio.charset.StandardCharsets.UTF_8),
            "HmacSHA256"));
    return "t="
        + t
        + ",v1="
        + java.util.HexFormat.of()
            .formatHex(
                mac.doFinal((t + "." + event).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  // ----- helpers

  /**
   * A node whose requests take 5 s to reach the sandbox PSP (the moment to freeze it in), whose
   * payments waiting for the buyer expire after 3 s and whose statements wait 2 s for a row lock.
   */
  private static SecondNode chargingNode() throws Exception {
    return SecondNode.start(
        Deployments.builtWar(),
        "-Dac.payments.sandbox.request-delay=PT5S",
        "-Dac.payments.buyer-action-ttl=PT3S",
        // A row lock held by another session is given up on after 2 s, not 10.
        "-Dac.db.lock-wait-timeout=PT2S");
  }

  private static SecondNode shared;

  private static synchronized SecondNode shared() throws Exception {
    if (shared == null) {
      shared = chargingNode();
    }
    return shared;
  }

  @AfterAll
  static void stopShared() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  private String order() {
    return ok(http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
                + "\"currency\":\"USD\"}",
            "X-API-Key",
            agent.apiKey()))
        .getString("order_id");
  }

  private Http.Answer pay(Http on, String orderId, String token, String idempotencyKey) {
    return on.post(
        "/agent/v1/payments",
        "{\"order_id\":\""
            + orderId
            + "\",\"payment_method\":{\"type\":\"card\",\"token\":\""
            + token
            + "\"}}",
        "X-API-Key",
        agent.apiKey(),
        "X-Agent-User-JWT",
        buyer,
        "Idempotency-Key",
        idempotencyKey);
  }

  private Http.Answer pay(Http on, String orderId, String token) {
    return on.post(
        "/agent/v1/payments",
        "{\"order_id\":\""
            + orderId
            + "\",\"payment_method\":{\"type\":\"card\",\"token\":\""
            + token
            + "\"}}",
        "X-API-Key",
        agent.apiKey(),
        "X-Agent-User-JWT",
        buyer);
  }

  /** The first attempt of the order's payment, once it is committed ('sent'). */
  private static String awaitAttempt(String orderId) {
    return await(
        () ->
            (String)
                Agents.query(
                    "SELECT a.id FROM payment_attempts a JOIN payments p ON p.id = a.payment_id"
                        + " WHERE p.order_id = ? AND a.status = 'sent'",
                    orderId),
        30);
  }

  private String orderStatus(String orderId) {
    return ok(http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
        .getJsonObject("order")
        .getString("status");
  }

  private void awaitOrderStatus(String orderId, String status, int seconds) {
    await(() -> status.equals(orderStatus(orderId)) ? status : null, seconds);
  }

  /**
   * What the PSP's own books captured for the order, less what it gave back, equals what the order
   * says it was paid; and every capture is one of the order's recorded attempts.
   */
  private void assertMoneyConsistent(String orderId) {
    long captured =
        ((Number)
                Agents.query(
                    "SELECT COALESCE(SUM(c.amount_minor - c.refunded_minor), 0) FROM"
                        + " sandbox_psp_charges c JOIN payment_attempts a ON a.idempotency_key ="
                        + " c.idempotency_key JOIN payments p ON p.id = a.payment_id WHERE"
                        + " p.order_id = ? AND c.status = 'succeeded'",
                    orderId))
            .longValue();
    long captures =
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM sandbox_psp_charges c JOIN payment_attempts a ON"
                        + " a.idempotency_key = c.idempotency_key JOIN payments p ON p.id ="
                        + " a.payment_id WHERE p.order_id = ? AND c.status = 'succeeded'",
                    orderId))
            .longValue();
    long paid =
        ((Number)
                Agents.query(
                    "SELECT COALESCE(SUM(amount_minor), 0) FROM payments WHERE order_id = ? AND"
                        + " status = 'succeeded'",
                    orderId))
            .longValue();
    long total =
        ((Number) Agents.query("SELECT total_minor FROM orders WHERE id = ?", orderId)).longValue();
    long unrecordedCaptures =
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM sandbox_psp_charges c JOIN payment_attempts a ON"
                        + " a.idempotency_key = c.idempotency_key JOIN payments p ON p.id ="
                        + " a.payment_id WHERE p.order_id = ? AND c.status = 'succeeded' AND NOT"
                        + " (p.status = 'succeeded' AND a.status = 'succeeded') AND NOT EXISTS"
                        + " (SELECT 1 FROM late_captures l WHERE l.attempt_id = a.id)",
                    orderId))
            .longValue();
    assertEquals(1, captures, "captures at the PSP");
    assertEquals(total, captured, "captured at the PSP");
    assertEquals(total, paid, "paid according to our payments");
    assertEquals(0, unrecordedCaptures, "captures not recorded on a payment");
  }

  /** The order's timeline holds exactly these events, each once, in this order. */
  private void assertTimeline(String orderId, List<String> expected) {
    JsonArray events =
        await(
            () -> {
              JsonArray e =
                  ok(http.get(
                          "/agent/v1/orders/events?limit=200&order_id=" + orderId,
                          "X-API-Key",
                          agent.apiKey()))
                      .getJsonArray("events");
              return e.size() >= expected.size() ? e : null;
            },
            20);
    List<String> types = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    long last = 0;
    for (JsonObject e : events.getValuesAs(JsonObject.class)) {
      types.add(e.getString("event_type"));
      assertTrue(ids.add(e.getString("event_id")), "event twice: " + e);
      long id = e.getJsonNumber("id").longValue();
      assertTrue(id > last, "ids ascending: " + events);
      last = id;
    }
    assertEquals(expected, types);
  }

  private static <T> T await(Supplier<T> probe, int seconds) {
    long deadline = System.currentTimeMillis() + seconds * 1000L;
    while (true) {
      T v = probe.get();
      if (v != null) {
        return v;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("not within " + seconds + " s");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  private static JsonObject ok(Http.Answer a) {
    assertTrue(a.status() >= 200 && a.status() < 300, a::toString);
    return a.json();
  }
}
