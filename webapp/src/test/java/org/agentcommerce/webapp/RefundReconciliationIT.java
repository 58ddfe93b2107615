package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.SecondNode;
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
 * Refunds whose node stopped or died before the PSP answered are reconciled like payments (issue
 * 36, item 4): the PSP refunds exactly what the order says, a refund the PSP refused gives its
 * amount back, {@code order.refunded} is there for each refund, "refund the rest" refunds the right
 * remainder, and a retry of a refund request answers its settled outcome. The sandbox PSP's own
 * books are the count of what was really refunded.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RefundReconciliationIT {

  private static final Logger LOG = Logger.getLogger(RefundReconciliationIT.class.getName());
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
    buyer = TestIssuer.token("refunder-" + System.nanoTime());
  }

  /**
   * Three refunds a dead node left pending, as it leaves them: one the PSP never received, one the
   * PSP made (its answer was lost), one the PSP refused (its answer was lost). The PSP makes the
   * first now, once; the second is found, not made again; the third gives its amount back.
   */
  @Test
  void refundsADeadNodeLeftPendingAreSettledByWhatThePspSays() {
    Paid paid = paidOrder(2);
    String neverSent = deadNodeRefund(paid, 500);
    String made = deadNodeRefund(paid, 700);
    sandboxRefund(paid, made, 700, "succeeded");
    String refused = deadNodeRefund(paid, 1000);
    sandboxRefund(paid, refused, 1000, "failed");

    awaitSettled(List.of(neverSent, made, refused), 30_000);
    assertEquals("succeeded", refundStatus(neverSent));
    assertEquals("succeeded", refundStatus(made));
    assertEquals("failed", refundStatus(refused));
    assertEquals(1, sandboxRefundsUnder("ac-" + made));
    assertEquals(1, sandboxRefundsUnder("ac-" + neverSent));
    assertEquals(1200, pspRefunded(paid.paymentId()));
    assertEquals(2, refundedEvents(paid.orderId()));
    assertEquals("partially_refunded", orderStatus(paid.orderId()));

    // The refused 10.00 is free again: the rest is the total less 5.00 and 7.00.
    JsonObject rest = refundTheRest(paid.paymentId());
    assertEquals("succeeded", rest.getString("status"), rest::toString);
    assertEquals(paid.left(1200), rest.getString("amount"));
    assertEquals("refunded", orderStatus(paid.orderId()));
    assertEquals(paid.totalMinor(), pspRefunded(paid.paymentId()));
    assertEquals(3, refundedEvents(paid.orderId()));
  }

  /**
   * A refund request whose node died holds its key with the outcome unknown. A retry with the key
   * hears that it is being reconciled while its refund is open, then gets the settled refund; a
   * retry of a request that died before writing a refund runs as the first request.
   */
  @Test
  void aRetryOfARequestWhoseNodeDiedAnswersWhatBecameOfIt() {
    Paid paid = paidOrder(1);
    // A real request gives the hash of such a request (the key is not part of it).
    String probeKey = "probe-" + UUID.randomUUID();
    Http.Answer probe = refund(http, paid.paymentId(), "1.00", probeKey);
    assertEquals(200, probe.status(), probe::toString);
    String hash =
        (String)
            Agents.query(
                "SELECT request_hash FROM idempotency_records WHERE agent_id = ? AND idem_key = ?",
                agent.agentId(),
                probeKey);

    String wroteKey = "died-after-" + UUID.randomUUID();
    String wroteRecord = deadRequest(wroteKey, hash);
    String refundId = deadNodeRefund(paid, 100);
    Agents.sql(
        "UPDATE payment_refunds SET request_record_id = ?, next_check_at ="
            + " TIMESTAMPADD(HOUR, 1, CURRENT_TIMESTAMP(6)) WHERE id = ?",
        wroteRecord,
        refundId);
    Http.Answer open = refund(http.unguarded(), paid.paymentId(), "1.00", wroteKey);
    assertEquals(409, open.status(), open::toString);
    assertEquals(
        "idempotency_outcome_unknown", open.json().getJsonObject("detail").getString("error"));
    Agents.sql(
        "UPDATE payment_refunds SET next_check_at = CURRENT_TIMESTAMP(6) WHERE id = ?", refundId);
    awaitSettled(List.of(refundId), 30_000);
    Http.Answer settled = refund(http, paid.paymentId(), "1.00", wroteKey);
    assertEquals(200, settled.status(), settled::toString);
    assertEquals(refundId, settled.json().getString("refund_id"));
    assertEquals("succeeded", settled.json().getString("status"));
    assertEquals("true", settled.header("Idempotent-Replayed").orElse(""));

    String nothingKey = "died-before-" + UUID.randomUUID();
    deadRequest(nothingKey, hash);
    Http.Answer ran = refund(http, paid.paymentId(), "1.00", nothingKey);
    assertEquals(200, ran.status(), ran::toString);
    assertEquals("succeeded", ran.json().getString("status"));
    assertTrue(ran.header("Idempotent-Replayed").isEmpty(), ran::toString);
    assertEquals(300, pspRefunded(paid.paymentId()));
    assertEquals(3, refundedEvents(paid.orderId()));
  }

  /**
   * Two real nodes, refunds in flight on the second while its PSP calls hang. Stopped for longer
   * than the grace, its refunds are made by the first node's reconciler and its late sends get the
   * PSP's stored answers (one refund each); then, with twelve refunds in flight, it is killed (kill
   * -9): the first node settles them all, each retry answers the settled refund, and "refund the
   * rest" refunds what is left.
   */
  @Test
  void refundsInFlightOnAStalledOrKilledNodeAreRefundedOnce() throws Exception {
    List<Paid> late = new ArrayList<>();
    List<Paid> killed = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      late.add(paidOrder(1));
    }
    for (int i = 0; i < 4; i++) {
      killed.add(paidOrder(2));
    }
    ExecutorService clients = Executors.newFixedThreadPool(12);
    try (SecondNode other =
        SecondNode.start(
            Deployments.builtWar(),
            "-Dac.payments.sandbox.refund-delay=PT10S",
            "-Dac.payments.refunds.reconcile-interval=PT0S")) {
      Http there = new Http(other.base()).unguarded();

      // A node slower than the grace: the reconciler sends the same refund first; the late send
      // under the same key is answered from the PSP's books.
      List<Future<Http.Answer>> slow = new ArrayList<>();
      for (Paid p : late) {
        String key = "late-" + UUID.randomUUID();
        slow.add(clients.submit(() -> refund(there, p.paymentId(), "4.00", key)));
      }
      for (int i = 0; i < late.size(); i++) {
        Http.Answer answer = slow.get(i).get(40, TimeUnit.SECONDS);
        assertEquals(200, answer.status(), answer::toString);
        assertEquals("succeeded", answer.json().getString("status"), answer::toString);
        assertEquals(400, pspRefunded(late.get(i).paymentId()));
        assertEquals(1, refundedEvents(late.get(i).orderId()));
      }

      // Twelve refunds in flight (10.00 of each order), then kill -9.
      List<String[]> sent = new ArrayList<>();
      for (Paid p : killed) {
        for (String amount : List.of("2.00", "3.00", "5.00")) {
          String key = "killed-" + UUID.randomUUID();
          sent.add(new String[] {p.paymentId(), amount, key});
          clients.submit(() -> refund(there, p.paymentId(), amount, key));
        }
      }
      long deadline = System.currentTimeMillis() + 20_000;
      while (openRefunds(killed) < 12) {
        assertTrue(System.currentTimeMillis() < deadline, "the refunds never got under way");
        Thread.sleep(50);
      }
      other.kill();
      long killedAt = System.nanoTime();
      int pendingAtKill = openRefunds(killed);
      assertEquals(12, pendingAtKill);
      assertEquals(0, pspRefunded(killed)); // the PSP has received none of them

      long settleDeadline = System.currentTimeMillis() + 60_000;
      while (openRefunds(killed) > 0) {
        assertTrue(System.currentTimeMillis() < settleDeadline, "refunds still open after 60 s");
        Thread.sleep(100);
      }
      LOG.info(
          "Refunds pending at kill -9: "
              + pendingAtKill
              + "; all settled "
              + (System.nanoTime() - killedAt) / 1_000_000
              + " ms after the kill");

      for (Paid p : killed) {
        assertEquals(1000, pspRefunded(p.paymentId()));
        assertEquals(3, refundedEvents(p.orderId()));
        assertEquals("partially_refunded", orderStatus(p.orderId()));
      }
      // A retry of each killed request answers its settled refund, not "being reconciled".
      for (String[] s : sent) {
        Http.Answer retry = retried(s[0], s[1], s[2]);
        assertEquals(200, retry.status(), retry::toString);
        assertEquals("succeeded", retry.json().getString("status"), retry::toString);
        assertEquals(s[1], retry.json().getString("amount"));
        assertEquals("true", retry.header("Idempotent-Replayed").orElse(""), retry::toString);
      }
      for (Paid p : killed) {
        JsonObject rest = refundTheRest(p.paymentId());
        assertEquals(p.left(1000), rest.getString("amount"), rest::toString);
        assertEquals(p.totalMinor(), pspRefunded(p.paymentId()));
        assertEquals("refunded", orderStatus(p.orderId()));
        assertEquals(4, refundedEvents(p.orderId()));
      }
    } finally {
      clients.shutdownNow();
    }
  }

  // ---- helpers

  private record Paid(String orderId, String paymentId, String chargeId, long totalMinor) {

    /** What is left after {@code refundedMinor}, as the API writes it. */
    String left(long refundedMinor) {
      return BigDecimal.valueOf(totalMinor - refundedMinor, 2).toPlainString();
    }
  }

  private Paid paidOrder(int quantity) {
    Http.Answer order =
        http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":"
                + quantity
                + "}],\"customer_email\":\"ada@example.com\",\"currency\":\"USD\"}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(200, order.status(), order::toString);
    String orderId = order.json().getString("order_id");
    Http.Answer paid =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer);
    assertEquals(200, paid.status(), paid::toString);
    assertEquals("succeeded", paid.json().getString("status"), paid::toString);
    String paymentId = paid.json().getString("payment_id");
    String charge =
        (String) Agents.query("SELECT psp_payment_id FROM payments WHERE id = ?", paymentId);
    long total = new BigDecimal(paid.json().getString("amount")).movePointRight(2).longValueExact();
    return new Paid(orderId, paymentId, charge, total);
  }

  private Http.Answer refund(Http on, String paymentId, String amount, String key) {
    return on.post(
        "/agent/v1/payments/" + paymentId + "/refunds",
        "{\"amount\":\"" + amount + "\",\"reason\":\"reconciliation test\"}",
        "X-API-Key",
        agent.apiKey(),
        "Idempotency-Key",
        key);
  }

  /**
   * The refund request again on this node, once the dead node's claim on its key has lapsed (until
   * then a retry is told the first request is still in flight).
   */
  private Http.Answer retried(String paymentId, String amount, String key) {
    long deadline = System.currentTimeMillis() + 20_000;
    while (true) {
      Http.Answer answer = refund(http.unguarded(), paymentId, amount, key);
      boolean inFlight = answer.status() == 409 && answer.body().contains("idempotency_in_flight");
      if (!inFlight || System.currentTimeMillis() > deadline) {
        return answer;
      }
      sleep(500);
    }
  }

  private JsonObject refundTheRest(String paymentId) {
    Http.Answer rest =
        http.post(
            "/agent/v1/payments/" + paymentId + "/refunds", "{}", "X-API-Key", agent.apiKey());
    assertEquals(200, rest.status(), rest::toString);
    return rest.json();
  }

  /** A refund row as a node that died between its commit and the PSP's answer leaves it. */
  private String deadNodeRefund(Paid paid, long minor) {
    String id = "rfd_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    Agents.sql(
        "INSERT INTO payment_refunds (id, payment_id, agent_id, amount_minor, currency, status,"
            + " reason, idempotency_key, reconcile_count, next_check_at, created_at, updated_at)"
            + " VALUES (?, ?, ?, ?, 'USD', 'pending', 'dead node', ?, 0, CURRENT_TIMESTAMP(6),"
            + " CURRENT_TIMESTAMP(6), CURRENT_TIMESTAMP(6))",
        id,
        paid.paymentId(),
        agent.agentId(),
        minor,
        "ac-" + id);
    return id;
  }

  /**
   * The idempotency key of a refund request whose node died during its PSP call: in flight, its
   * lease long over, held by nobody alive. Answers the record's id.
   */
  private String deadRequest(String key, String requestHash) {
    String id = "idem_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    Agents.sql(
        "INSERT INTO idempotency_records (id, agent_id, operation, idem_key, request_hash, state,"
            + " holder, outside_effects, created_at, lease_until, expires_at) VALUES (?, ?, ?, ?,"
            + " ?, 'in_flight', 'dead-node', 1, CURRENT_TIMESTAMP(6), '2000-01-01 00:00:00',"
            + " TIMESTAMPADD(HOUR, 24, CURRENT_TIMESTAMP(6)))",
        id,
        agent.agentId(),
        "POST /agent/v1/payments/{payment_id}/refunds",
        key,
        requestHash);
    return id;
  }

  /** What the sandbox PSP recorded for a refund whose answer never reached us. */
  private static void sandboxRefund(Paid paid, String refundId, long minor, String status) {
    Agents.sql(
        "INSERT INTO sandbox_psp_refunds (id, idempotency_key, charge_id, reference,"
            + " amount_minor, currency, status, failure_reason, created_at) VALUES (?, ?, ?, ?, ?,"
            + " 'USD', ?, ?, CURRENT_TIMESTAMP(6))",
        "sprf_" + refundId,
        "ac-" + refundId,
        paid.chargeId(),
        refundId,
        minor,
        status,
        "failed".equals(status) ? "the card's account is closed" : null);
    if ("succeeded".equals(status)) {
      Agents.sql(
          "UPDATE sandbox_psp_charges SET refunded_minor = refunded_minor + ? WHERE id = ?",
          minor,
          paid.chargeId());
    }
  }

  private static void awaitSettled(List<String> refundIds, long millis) {
    long deadline = System.currentTimeMillis() + millis;
    for (String id : refundIds) {
      while (List.of("pending", "unknown").contains(refundStatus(id))) {
        assertTrue(System.currentTimeMillis() < deadline, "refund " + id + " never settled");
        sleep(200);
      }
    }
  }

  private static String refundStatus(String refundId) {
    return (String) Agents.query("SELECT status FROM payment_refunds WHERE id = ?", refundId);
  }

  private static int openRefunds(List<Paid> paid) {
    int open = 0;
    for (Paid p : paid) {
      open +=
          ((Number)
                  Agents.query(
                      "SELECT COUNT(*) FROM payment_refunds WHERE payment_id = ? AND status IN"
                          + " ('pending', 'unknown')",
                      p.paymentId()))
              .intValue();
    }
    return open;
  }

  private static long pspRefunded(String paymentId) {
    return ((Number)
            Agents.query(
                "SELECT c.refunded_minor FROM sandbox_psp_charges c JOIN payments p ON"
                    + " p.psp_payment_id = c.id WHERE p.id = ?",
                paymentId))
        .longValue();
  }

  private static long pspRefunded(List<Paid> paid) {
    long sum = 0;
    for (Paid p : paid) {
      sum += pspRefunded(p.paymentId());
    }
    return sum;
  }

  private static long sandboxRefundsUnder(String key) {
    return ((Number)
            Agents.query("SELECT COUNT(*) FROM sandbox_psp_refunds WHERE idempotency_key = ?", key))
        .longValue();
  }

  private static long refundedEvents(String orderId) {
    return ((Number)
            Agents.query(
                "SELECT COUNT(*) FROM domain_events WHERE aggregate_id = ? AND event_type ="
                    + " 'order.refunded'",
                orderId))
        .longValue();
  }

  private String orderStatus(String orderId) {
    Http.Answer o = http.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey());
    assertEquals(200, o.status(), o::toString);
    return o.json().getJsonObject("order").getString("status");
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
