package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URL;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.OtlpReceiver;
import org.agentcommerce.webapp.support.OtlpReceiver.Span;
import org.agentcommerce.webapp.support.SecondNode;
import org.agentcommerce.webapp.support.TestDatabase;
import org.agentcommerce.webapp.support.TestIssuer;
import org.agentcommerce.webapp.support.WebhookReceiver;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Traces and logs (issue 39): a node with tracing on exports its spans over OTLP/HTTP to a receiver
 * in this test; one payment's spans form one trace that continues the caller's {@code traceparent}
 * (the resource, the idempotency claim, the payment transaction, the PSP call), no span carries a
 * secret, a webhook delivery carries the trace of the call that caused its event, a reconciliation
 * links to the payment's trace, and every log line of a request names its trace and agent — in JSON
 * with {@code ac.log.format=json}, and in the runtime's own format with tracing off.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TracingIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41";
  static final int SERVER = 2;
  static final int CLIENT = 3;

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private static OtlpReceiver otlp;
  private static SecondNode traced;

  /**
   * The traced node's own database: no other node delivers its webhooks or reconciles its payments,
   * so the spans the tests wait for can only come from it.
   */
  private static final String DATABASE = "tracing_" + ProcessHandle.current().pid();

  private static WebhookReceiver receiver;

  private Http http;
  private Agents.Registered agent;
  private String buyer;
  private String webhookSecret;

  @BeforeAll
  static void tracedNode() throws Exception {
    otlp = new OtlpReceiver();
    receiver = new WebhookReceiver();
    Agents.sql("DROP DATABASE IF EXISTS " + DATABASE);
    Agents.sql("CREATE DATABASE " + DATABASE);
    traced =
        SecondNode.start(
            Deployments.builtWar(),
            "-Dac.db.url=" + TestDatabase.otherDatabase(DATABASE),
            "-Dotel.sdk.disabled=false",
            "-Dotel.traces.exporter=otlp",
            "-Dotel.exporter.otlp.protocol=http/protobuf",
            "-Dotel.exporter.otlp.endpoint=" + otlp.endpoint(),
            "-Dotel.metrics.exporter=none",
            "-Dotel.logs.exporter=none",
            "-Dotel.bsp.schedule.delay=100",
            "-Dotel.service.name=agent-commerce",
            "-Dac.log.format=json",
            "-Dac.payments.sandbox.answer-timeout=PT0.5S",
            "-Dac.payments.reconcile-interval=PT0.1S");
  }

  @AfterAll
  static void stop() {
    if (traced != null) {
      traced.close();
    }
    if (otlp != null) {
      otlp.close();
    }
    if (receiver != null) {
      receiver.close();
    }
    Agents.sql("DROP DATABASE IF EXISTS " + DATABASE);
  }

  @BeforeEach
  void agent() {
    http = new Http(traced.base()).awaitReady();
    agent = Agents.register(http);
    buyer = TestIssuer.token("traced-payer-" + System.nanoTime());
    Http.Answer config =
        http.send(
            "PUT",
            "/agents/" + agent.agentId() + "/webhooks/config",
            "{\"enabled\":true,\"destination_url\":\""
                + receiver.url()
                + "\",\"subscribed_events\":[]}",
            "X-API-Key",
            agent.apiKey());
    assertEquals(200, config.status(), config::toString);
    webhookSecret = config.json().getString("signing_secret");
  }

  @Test
  void aPaymentIsOneTraceThatContinuesTheCallersAndCarriesNoSecret() throws Exception {
    String orderTrace = hex(16);
    String orderParent = hex(8);
    Http.Answer created =
        http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + SINGLE
                + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
                + "\"currency\":\"USD\"}",
            "X-API-Key",
            agent.apiKey(),
            "Idempotency-Key",
            "order-" + orderTrace,
            "traceparent",
            "00-" + orderTrace + "-" + orderParent + "-01");
    assertEquals(200, created.status(), created::toString);
    String orderId = created.json().getString("order_id");

    String payTrace = hex(16);
    String payParent = hex(8);
    Http.Answer paid =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer,
            "Idempotency-Key",
            "pay-" + payTrace,
            "traceparent",
            "00-" + payTrace + "-" + payParent + "-01");
    assertEquals(200, paid.status(), paid::toString);
    assertEquals("succeeded", paid.json().getString("status"), paid::toString);

    // The resource's span (the runtime's), continuing the caller's trace.
    Span resource =
        otlp.await(
            s -> payTrace.equals(s.traceId()) && s.kind() == SERVER, 30, "of the pay request");
    assertEquals(payParent, resource.parentSpanId(), resource::toString);
    assertEquals(agent.agentId(), resource.attributes().get("agent.id"), resource::toString);
    Span claim = child(payTrace, resource, "idempotency.claim");
    Span prepare = child(payTrace, resource, "payment.prepare");
    Span charge =
        otlp.await(
            s -> payTrace.equals(s.traceId()) && s.name().startsWith("psp.charge "),
            30,
            "of the PSP call");
    assertEquals(resource.spanId(), charge.parentSpanId(), charge::toString);
    assertEquals(CLIENT, charge.kind(), charge::toString);
    assertEquals("psp.charge " + charge.attributes().get("ac.psp"), charge.name());
    assertEquals("succeeded", charge.attributes().get("ac.psp.outcome"), charge::toString);
    Span settle = child(payTrace, resource, "payment.settle");
    assertTrue(claim.endNanos() <= prepare.startNanos(), "claim before the payment transaction");
    assertTrue(prepare.endNanos() <= charge.startNanos(), "committed before the PSP call");
    assertTrue(charge.endNanos() <= settle.startNanos(), "the PSP answered before settling");
    assertEquals("proceed", claim.attributes().get("ac.idempotency.decision"), claim::toString);

    // The order's own request: its resource, its claim and its transaction.
    Span orderResource =
        otlp.await(
            s -> orderTrace.equals(s.traceId()) && s.kind() == SERVER, 30, "of the order request");
    assertEquals(orderParent, orderResource.parentSpanId());
    child(orderTrace, orderResource, "idempotency.claim");
    Span orderCreate = child(orderTrace, orderResource, "order.create");

    // The order.created webhook carries the order request's trace, from its own delivery span.
    WebhookReceiver.Received delivery = awaitWebhook(orderId, "order.created");
    String traceparent = delivery.header("traceparent");
    assertNotNull(traceparent, () -> "no traceparent on " + delivery.headers());
    assertEquals(orderTrace, traceparent.split("-")[1], traceparent);
    Span deliver =
        otlp.await(
            s -> "webhook.deliver".equals(s.name()) && s.spanId().equals(traceparent.split("-")[2]),
            30,
            "of the delivery");
    assertEquals(orderTrace, deliver.traceId());
    assertEquals(orderCreate.spanId(), deliver.parentSpanId(), deliver::toString);
    assertEquals("200", deliver.attributes().get("http.status_code"), deliver::toString);

    // A client that sends its key in the query too: the runtime's span keeps the URL, not the key.
    String readTrace = hex(16);
    http.get(
        "/agent/v1/orders/" + orderId + "?api_key=" + agent.apiKey(),
        "X-API-Key",
        agent.apiKey(),
        "traceparent",
        "00-" + readTrace + "-" + hex(8) + "-01");
    Span read =
        otlp.await(
            s -> readTrace.equals(s.traceId()) && s.kind() == SERVER, 30, "of the order read");
    assertTrue(read.attributes().get("http.url").endsWith("?api_key=REDACTED"), read::toString);
    assertTrue(read.attributes().get("http.target").endsWith("?api_key=REDACTED"), read::toString);

    assertNoSecretInAnySpan();
  }

  @Test
  void anUnknownOutcomeIsLoggedWithItsTraceAndAgentAndItsReconciliationLinksToThatTrace()
      throws Exception {
    // The traced node is the only one on its database, so it reconciles every such payment; three
    // tries stay as a margin for a reconciliation slower than the wait.
    Span reconcile = null;
    String trace = null;
    for (int i = 0; i < 3 && reconcile == null; i++) {
      trace = unknownOutcome();
      String t = trace;
      try {
        reconcile =
            otlp.await(
                s ->
                    "payment.reconcile".equals(s.name())
                        && s.links().stream().anyMatch(l -> t.equals(l.traceId())),
                30,
                "of the reconciliation linked to the payment's trace");
      } catch (AssertionError reconciledByTheOtherNode) {
        // try again
      }
    }
    assertNotNull(reconcile, "no reconciliation on the traced node linked to its payment");
    assertFalse(trace.equals(reconcile.traceId()), reconcile::toString);
    assertEquals(null, reconcile.parentSpanId(), reconcile::toString);

    // The node logs the unknown outcome as JSON, with the request's trace and agent.
    String t = trace;
    List<JsonObject> lines = awaitJsonLines(l -> t.equals(l.getString("trace_id", null)));
    JsonObject warning =
        lines.stream()
            .filter(l -> l.getString("message").contains("outcome unknown"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no outcome-unknown line in " + lines));
    assertEquals(agent.agentId(), warning.getString("agent_id"), warning::toString);
    assertEquals("WARNING", warning.getString("level"), warning::toString);
    assertNoSecretInAnySpan();
  }

  /** A payment whose PSP answer never comes (tok_timeout); answers its trace id. */
  private String unknownOutcome() throws Exception {
    String orderId =
        http.post(
                "/agent/v1/orders/create",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"items\":[{\"product_id\":\""
                    + SINGLE
                    + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
                    + "\"currency\":\"USD\"}",
                "X-API-Key",
                agent.apiKey())
            .json()
            .getString("order_id");
    String trace = hex(16);
    Http.Answer paid =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_timeout\"}}",
            "X-API-Key",
            agent.apiKey(),
            "X-Agent-User-JWT",
            buyer,
            "traceparent",
            "00-" + trace + "-" + hex(8) + "-01");
    assertTrue(paid.status() < 300, paid::toString);
    // The PSP call's span failed (the answer never came).
    Span charge =
        otlp.await(
            s -> trace.equals(s.traceId()) && s.name().startsWith("psp.charge "),
            30,
            "of the call");
    assertEquals(2, charge.statusCode(), charge::toString);
    return trace;
  }

  /** A 500's error_id is on the request's span (attribute and event) and in its log line. */
  @Test
  void anUnhandledErrorsIdIsInTheTraceAndInTheLog() throws Exception {
    String trace = hex(16);
    Http.Answer failed;
    // A table gone for a moment: the merchant list fails in the database, answered 500.
    Agents.sql(
        "RENAME TABLE " + DATABASE + ".merchants TO " + DATABASE + ".merchants_away_tracing");
    try {
      failed =
          http.unguarded() // a 500 is not in the operation's contract
              .get(
                  "/agent/v1/merchants?limit=1",
                  "X-API-Key",
                  agent.apiKey(),
                  "traceparent",
                  "00-" + trace + "-" + hex(8) + "-01");
    } finally {
      Agents.sql(
          "RENAME TABLE " + DATABASE + ".merchants_away_tracing TO " + DATABASE + ".merchants");
    }
    assertEquals(500, failed.status(), failed::toString);
    java.util.regex.Matcher id =
        java.util.regex.Pattern.compile("err_[0-9A-Za-z]+").matcher(failed.body());
    assertTrue(id.find(), failed::toString);
    String errorId = id.group();
    Span resource =
        otlp.await(s -> trace.equals(s.traceId()) && s.kind() == SERVER, 30, "of the failure");
    assertEquals(errorId, resource.attributes().get("error.id"), resource::toString);
    assertTrue(resource.events().contains("error"), resource::toString);
    List<JsonObject> lines = awaitJsonLines(l -> trace.equals(l.getString("trace_id", null)));
    assertTrue(
        lines.stream().anyMatch(l -> l.getString("message").contains(errorId)),
        () -> "no log line with " + errorId + " in " + lines);
  }

  @Test
  void withTracingOffTheRuntimesOwnLogFormatStillNamesTheTraceAndTheAgent() throws Exception {
    try (SecondNode plain =
        SecondNode.start(
            Deployments.builtWar(),
            "-Dac.db.url=" + TestDatabase.otherDatabase(DATABASE),
            "-Dac.payments.sandbox.answer-timeout=PT0.5S")) {
      Http h = new Http(plain.base()).awaitReady();
      String orderId =
          h.post(
                  "/agent/v1/orders/create",
                  "{\"merchant_id\":\""
                      + LUMEN
                      + "\",\"items\":[{\"product_id\":\""
                      + SINGLE
                      + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
                      + "\"currency\":\"USD\"}",
                  "X-API-Key",
                  agent.apiKey())
              .json()
              .getString("order_id");
      String trace = hex(16);
      h.post(
          "/agent/v1/payments",
          "{\"order_id\":\""
              + orderId
              + "\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_timeout\"}}",
          "X-API-Key",
          agent.apiKey(),
          "X-Agent-User-JWT",
          buyer,
          "traceparent",
          "00-" + trace + "-" + hex(8) + "-01");
      String stamp = "[trace_id=" + trace + " agent_id=" + agent.agentId() + "]";
      long deadline = System.currentTimeMillis() + 20_000;
      while (!plain.log().contains(stamp) && System.currentTimeMillis() < deadline) {
        Thread.sleep(200);
      }
      String log = plain.log();
      int at = log.indexOf(stamp);
      assertTrue(at >= 0, () -> "no line with " + stamp + " in " + log);
      assertTrue(
          log.substring(at, Math.min(log.length(), at + 400)).contains("outcome unknown"),
          () -> log.substring(at));
      assertFalse(log.contains(agent.apiKey()), "the API key is never logged");
    }
  }

  private Span child(String trace, Span parent, String name) throws InterruptedException {
    Span s =
        otlp.await(
            x -> trace.equals(x.traceId()) && name.equals(x.name()), 30, name + " in " + trace);
    assertEquals(parent.spanId(), s.parentSpanId(), () -> name + " under the resource: " + s);
    return s;
  }

  private WebhookReceiver.Received awaitWebhook(String orderId, String type) throws Exception {
    long deadline = System.currentTimeMillis() + 30_000;
    while (System.currentTimeMillis() < deadline) {
      for (WebhookReceiver.Received r : receiver.received()) {
        if (r.body().contains(orderId) && r.body().contains("\"" + type + "\"")) {
          return r;
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no " + type + " webhook of " + orderId);
  }

  /** Every JSON line of the traced node's log parses; answers those matching, once there are. */
  private static List<JsonObject> awaitJsonLines(java.util.function.Predicate<JsonObject> matching)
      throws Exception {
    long deadline = System.currentTimeMillis() + 20_000;
    while (true) {
      List<JsonObject> all = new ArrayList<>();
      boolean json = false;
      for (String line : traced.log().split("\n")) {
        if (!json && line.startsWith("{")) {
          json = true; // from the deployment on: every line is one JSON object
        }
        if (json && !line.isBlank()) {
          try (var r = Json.createReader(new StringReader(line))) {
            all.add(r.readObject());
          } catch (RuntimeException e) {
            throw new AssertionError("not a JSON line: " + line, e);
          }
        }
      }
      List<JsonObject> matches = all.stream().filter(matching).collect(Collectors.toList());
      if (!matches.isEmpty() || System.currentTimeMillis() > deadline) {
        assertTrue(json, "no JSON line in the log");
        return matches;
      }
      Thread.sleep(200);
    }
  }

  private void assertNoSecretInAnySpan() {
    List<String> secrets = List.of(agent.apiKey(), buyer, "tok_visa", "tok_timeout", webhookSecret);
    for (Span s : otlp.spans()) {
      List<Map<String, String>> all = new ArrayList<>(s.eventAttributes());
      all.add(s.attributes());
      for (Map<String, String> attributes : all) {
        for (Map.Entry<String, String> a : attributes.entrySet()) {
          for (String secret : secrets) {
            assertFalse(
                a.getValue() != null && a.getValue().contains(secret),
                () -> "a secret in " + a.getKey() + " of " + s.name());
          }
        }
      }
    }
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  private static String hex(int bytes) {
    byte[] b = new byte[bytes];
    RANDOM.nextBytes(b);
    b[0] |= 1; // never all zero
    return HexFormat.of().formatHex(b);
  }
}
