package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.UUID;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.SecondNode;
import org.agentcommerce.webapp.support.TestDatabase;
import org.agentcommerce.webapp.support.WebhookReceiver;
import org.agentcommerce.webapp.support.WebhookReceiver.Answer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Webhooks to agents: configuration and its secret (shown once, encrypted at rest), deliveries to a
 * receiver on 127.0.0.1 verified with the official Standard Webhooks library, retries on the
 * schedule honouring Retry-After, 410 disabling the endpoint, the destination guard, rotation, test
 * deliveries, history and redelivery.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class WebhooksIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String LUMEN_PRODUCT = "prod_aecc96e30d0fbb41";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;
  private WebhookReceiver receiver;

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
    receiver = new WebhookReceiver();
  }

  @AfterEach
  void stop() {
    receiver.close();
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private String path(String rest) {
    return "/agents/" + agent.agentId() + "/webhooks" + rest;
  }

  private Http.Answer put(String body) {
    return http.send("PUT", path("/config"), body, "X-API-Key", agent.apiKey());
  }

  /** Configures the receiver for every event; answers the secret shown once. */
  private String configure(String events) {
    JsonObject r =
        ok(
            put(
                "{\"enabled\":true,\"destination_url\":\""
                    + receiver.url()
                    + "\",\"subscribed_events\":"
                    + events
                    + "}"));
    return r.getString("signing_secret");
  }

  private String order() {
    return order(http, agent.apiKey());
  }

  /** An order of one Lumen product by the agent with {@code apiKey}; answers its id. */
  private static String order(Http http, String apiKey) {
    return ok(http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + LUMEN_PRODUCT
                + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\"}",
            "X-API-Key",
            apiKey))
        .getString("order_id");
  }

  private static JsonObject json(String body) {
    try (var r = Json.createReader(new StringReader(body))) {
      return r.readObject();
    }
  }

  private JsonObject awaitDelivery(String deliveryId, String status) throws Exception {
    return awaitDelivery(deliveryId, status, 20_000, 0);
  }

  /** Waits for the delivery in {@code status} with at least {@code attempts} attempts. */
  private JsonObject awaitDelivery(String deliveryId, String status, long within, int attempts)
      throws Exception {
    long deadline = System.currentTimeMillis() + within;
    while (true) {
      JsonObject d =
          ok(http.get(path("/deliveries/" + deliveryId), "X-API-Key", agent.apiKey()))
              .getJsonObject("delivery");
      if (d.getString("status").equals(status) && d.getInt("attempts") >= attempts) {
        return d;
      }
      assertTrue(System.currentTimeMillis() < deadline, "delivery never " + status + ": " + d);
      Thread.sleep(100);
    }
  }

  @Test
  void theSecretIsShownOnceStoredEncryptedAndTheConfigIsOnlyTheAgentsOwn() {
    JsonObject before = ok(http.get(path("/config"), "X-API-Key", agent.apiKey()));
    assertFalse(before.getJsonObject("config").getBoolean("enabled"));
    assertEquals(
        0, before.getJsonObject("config").getJsonObject("delivery_summary_24h").getInt("total"));

    String secret = configure("[]");
    assertTrue(secret.startsWith("whsec_"), secret);
    JsonObject read = ok(http.get(path("/config"), "X-API-Key", agent.apiKey()));
    assertTrue(read.isNull("signing_secret"));
    assertFalse(read.toString().contains(secret.substring(6)));
    JsonObject config = read.getJsonObject("config");
    assertTrue(config.getBoolean("enabled"));
    assertEquals(receiver.url(), config.getString("destination_url"));
    assertEquals(secret.substring(secret.length() - 4), config.getString("signing_secret_last4"));

    // Changing the config keeps the secret and does not show it
    JsonObject again = ok(put("{\"destination_url\":\"" + receiver.url() + "\"}"));
    assertTrue(again.isNull("signing_secret"));
    assertEquals(
        config.getString("signing_secret_last4"),
        again.getJsonObject("config").getString("signing_secret_last4"));

    String stored =
        (String)
            Agents.query(
                "SELECT secret_ciphertext FROM webhook_endpoints WHERE agent_id = ?",
                agent.agentId());
    assertTrue(stored.startsWith("k1:"));
    assertFalse(stored.contains(secret.substring(6)), "never clear text at rest");
    assertFalse(stored.contains(secret.substring(10, 30)));

    Agents.Registered other = Agents.register(http);
    assertEquals(404, http.get(path("/config"), "X-API-Key", other.apiKey()).status());
    assertEquals(
        404,
        http.send(
                "PUT",
                path("/config"),
                "{\"destination_url\":\"" + receiver.url() + "\"}",
                "X-API-Key",
                other.apiKey())
            .status());
    assertEquals(404, http.post(path("/test"), "", "X-API-Key", other.apiKey()).status());
    assertEquals(401, http.get(path("/config")).status());
  }

  @Test
  void anOperatorPausesAndResumesEveryDeliveryOverJmxAndNothingIsLost() throws Exception {
    configure("[]");
    javax.management.ObjectName delivery =
        new javax.management.ObjectName("org.agentcommerce:type=WebhookDelivery");
    try (javax.management.remote.JMXConnector c =
        org.agentcommerce.webapp.support.Jmx.connect(base)) {
      javax.management.MBeanServerConnection jmx = c.getMBeanServerConnection();
      // Every operator control is under one domain.
      assertTrue(
          jmx.queryNames(new javax.management.ObjectName("org.agentcommerce:*"), null).stream()
              .map(Object::toString)
              .toList()
              .containsAll(
                  List.of(
                      "org.agentcommerce:type=PaymentGates",
                      "org.agentcommerce:type=WebhookDelivery",
                      "org.agentcommerce:type=CatalogIndex")));
      jmx.setAttribute(delivery, new javax.management.Attribute("Paused", true));
      try {
        assertEquals(true, jmx.getAttribute(delivery, "Paused"));
        String orderId = order();
        Thread.sleep(3_000);
        assertEquals(0, receiver.received().size(), "nothing is sent while paused");
        jmx.setAttribute(delivery, new javax.management.Attribute("Paused", false));
        WebhookReceiver.Received got = receiver.await(1, 15_000).get(0);
        assertEquals(orderId, json(got.body()).getJsonObject("data").getString("order_id"));
        assertEquals(
            "jmx",
            Agents.query(
                "SELECT changed_by FROM operation_switches WHERE name ="
                    + " 'webhook_delivery_paused'"));
      } finally {
        jmx.setAttribute(delivery, new javax.management.Attribute("Paused", false));
      }
      // The catalog index rebuilds in the background while search goes on.
      javax.management.ObjectName index =
          new javax.management.ObjectName("org.agentcommerce:type=CatalogIndex");
      long products = (Long) jmx.getAttribute(index, "IndexedProducts");
      assertTrue(products > 0);
      String started = (String) jmx.invoke(index, "rebuild", new Object[0], new String[0]);
      assertTrue(started.startsWith("Rebuild started"), started);
      long deadline = System.currentTimeMillis() + 60_000;
      while ((Boolean) jmx.getAttribute(index, "Rebuilding")
          && System.currentTimeMillis() < deadline) {
        assertEquals(
            200,
            http.get("/agent/v1/products/search?query=serum&limit=3", "X-API-Key", agent.apiKey())
                .status());
        Thread.sleep(200);
      }
      assertFalse((Boolean) jmx.getAttribute(index, "Rebuilding"));
      assertEquals(products, (Long) jmx.getAttribute(index, "IndexedProducts"));
      assertFalse("at start-up".equals(jmx.getAttribute(index, "LastBuiltAt")));
    }
  }

  @Test
  void orderEventsAreDeliveredSignedPerStandardWebhooks() throws Exception {
    String secret = configure("[]");
    String orderId = order();
    WebhookReceiver.Received got = receiver.await(1, 15_000).get(0);
    got.verify(secret); // the official library
    JsonObject body = json(got.body());
    assertEquals("order.created", body.getString("type"));
    assertEquals(orderId, body.getJsonObject("data").getString("order_id"));
    assertEquals(LUMEN, body.getJsonObject("data").getString("merchant_id"));
    assertFalse(body.getString("timestamp").isBlank());
    // webhook-id is the event's id on the timeline
    JsonObject event =
        ok(http.get("/agent/v1/orders/events?order_id=" + orderId, "X-API-Key", agent.apiKey()))
            .getJsonArray("events")
            .getJsonObject(0);
    assertEquals(event.getString("event_id"), got.header("webhook-id"));
    long ts = Long.parseLong(got.header("webhook-timestamp"));
    assertTrue(Math.abs(ts * 1000 - got.atMillis()) < 5_000, "timestamp of this attempt");
    assertTrue(got.header("webhook-signature").startsWith("v1,"));
    assertEquals("application/json", got.header("Content-Type"));
    // a wrong secret does not verify
    assertThrows(Exception.class, () -> got.verify("whsec_" + "A".repeat(43) + "="));

    // The history shows it, without secret or signature
    JsonObject list = ok(http.get(path("/deliveries?limit=10"), "X-API-Key", agent.apiKey()));
    JsonObject first = list.getJsonArray("deliveries").getJsonObject(0);
    assertEquals(event.getString("event_id"), first.getString("event_id"));
    JsonObject detail = awaitDelivery(first.getString("delivery_id"), "succeeded");
    JsonObject attempt = detail.getJsonArray("attempt_log").getJsonObject(0);
    assertEquals(200, attempt.getInt("http_status"));
    assertTrue(attempt.getInt("latency_ms") >= 0);
    assertEquals("127.0.0.1", attempt.getString("destination_host"));
    String everything = list.toString() + detail;
    assertFalse(everything.contains(got.header("webhook-signature").substring(3)));
    assertFalse(everything.contains(secret.substring(6)));

    JsonObject summary =
        ok(http.get(path("/config"), "X-API-Key", agent.apiKey()))
            .getJsonObject("config")
            .getJsonObject("delivery_summary_24h");
    assertTrue(summary.getInt("succeeded") >= 1);
    assertEquals(1.0, summary.getJsonNumber("success_rate").doubleValue());
  }

  @Test
  void aTestDeliveryIsSentAtOnceAndRecordedInTheConfig() throws Exception {
    String secret = configure("[]");
    JsonObject d =
        ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey())).getJsonObject("delivery");
    assertEquals("succeeded", d.getString("status"));
    assertEquals("webhook.test", d.getString("event_type"));
    WebhookReceiver.Received got = receiver.await(1, 5_000).get(0);
    got.verify(secret);
    assertEquals("webhook.test", json(got.body()).getString("type"));
    JsonObject config =
        ok(http.get(path("/config"), "X-API-Key", agent.apiKey())).getJsonObject("config");
    assertEquals("succeeded", config.getString("last_test_status"));
    assertFalse(config.isNull("last_test_at"));
  }

  @Test
  void retryableAnswersAreRetriedOnTheScheduleHonouringRetryAfterWithTheSameId() throws Exception {
    String secret = configure("[]");
    receiver.then(Answer.of(503), new Answer(429, "3", 0));
    JsonObject d =
        ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey())).getJsonObject("delivery");
    assertEquals("pending", d.getString("status"));
    assertEquals(503, d.getInt("last_status_code"));
    JsonObject done = awaitDelivery(d.getString("delivery_id"), "succeeded");
    assertEquals(3, done.getInt("attempts"));
    List<WebhookReceiver.Received> got = receiver.await(3, 1_000);
    assertEquals(3, got.size());
    for (WebhookReceiver.Received r : got) {
      r.verify(secret);
      assertEquals(got.get(0).header("webhook-id"), r.header("webhook-id"));
    }
    long gap1 = got.get(1).atMillis() - got.get(0).atMillis();
    long gap2 = got.get(2).atMillis() - got.get(1).atMillis();
    assertTrue(gap1 >= 900, "schedule step 1 s, waited " + gap1);
    assertTrue(gap2 >= 2_900, "Retry-After 3 s beats the 2 s step, waited " + gap2);
    assertNotEquals(
        got.get(0).header("webhook-timestamp"),
        got.get(2).header("webhook-timestamp"),
        "each attempt is signed with its own time");
    List<Integer> statuses =
        done.getJsonArray("attempt_log").stream()
            .map(v -> v.asJsonObject().getInt("http_status"))
            .toList();
    assertEquals(List.of(503, 429, 200), statuses);
  }

  @Test
  void aReceiverThatKeepsFailingExhaustsTheScheduleAndOtherClientErrorsFailAtOnce()
      throws Exception {
    configure("[]");
    receiver.then(Answer.of(500), Answer.of(500), Answer.of(500), Answer.of(500));
    String failing =
        ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey()))
            .getJsonObject("delivery")
            .getString("delivery_id");
    JsonObject failed = awaitDelivery(failing, "failed");
    assertEquals(4, failed.getInt("attempts"), "the test schedule has four attempts");

    receiver.then(Answer.of(400));
    JsonObject refused =
        ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey())).getJsonObject("delivery");
    assertEquals("failed", refused.getString("status"));
    assertEquals(1, refused.getInt("attempts"));
    assertEquals(400, refused.getInt("last_status_code"));
  }

  @Test
  void aGoneReceiverDisablesTheEndpoint() throws Exception {
    configure("[]");
    receiver.then(Answer.of(410));
    JsonObject d =
        ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey())).getJsonObject("delivery");
    assertEquals("failed", d.getString("status"));
    JsonObject config =
        ok(http.get(path("/config"), "X-API-Key", agent.apiKey())).getJsonObject("config");
    assertFalse(config.getBoolean("enabled"));
    assertFalse(config.getString("disabled_reason").isBlank());
    order();
    Thread.sleep(1_500);
    assertEquals(1, receiver.received().size(), "nothing more goes to a disabled endpoint");
  }

  @Test
  void destinationsThatReachInsideAreRefused() {
    for (String url :
        List.of(
            "https://169.254.169.254/latest/meta-data/",
            "http://10.0.0.1/hook",
            "https://10.1.2.3/hook",
            "https://192.168.0.10/hook",
            "https://[fd00:ec2::254]/hook",
            "https://[::ffff:0:a9fe:a9fe]/hook",
            "https://1.1.1.1:70000/hook",
            "http://example.com/hook",
            "not a url")) {
      Http.Answer a = put("{\"enabled\":true,\"destination_url\":\"" + url + "\"}");
      assertEquals(422, a.status(), url + " -> " + a);
      JsonObject d = a.json().getJsonArray("detail").getJsonObject(0);
      assertEquals("destination_url", d.getJsonArray("loc").getString(1), a::toString);
    }
    Http.Answer unknown =
        put(
            "{\"destination_url\":\""
                + receiver.url()
                + "\",\"subscribed_events\":[\"order.nope\"]}");
    assertEquals(422, unknown.status());
    assertEquals(
        "subscribed_events",
        unknown.json().getJsonArray("detail").getJsonObject(0).getJsonArray("loc").getString(1));
    assertEquals(
        0L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM webhook_endpoints WHERE agent_id = ?", agent.agentId()))
            .longValue());
  }

  @Test
  void onlySubscribedEventsAreDelivered() throws Exception {
    configure("[\"order.cancelled\"]");
    String id = order();
    ok(http.post("/agent/v1/orders/" + id + "/cancel", "{}", "X-API-Key", agent.apiKey()));
    WebhookReceiver.Received got = receiver.await(1, 15_000).get(0);
    assertEquals("order.cancelled", json(got.body()).getString("type"));
    Thread.sleep(1_000);
    assertEquals(1, receiver.received().size());
  }

  @Test
  void afterARotationDeliveriesVerifyWithTheNewAndTheOldSecret() throws Exception {
    String old = configure("[]");
    JsonObject rotated = ok(http.post(path("/secret/rotate"), "", "X-API-Key", agent.apiKey()));
    String fresh = rotated.getString("signing_secret");
    assertNotEquals(old, fresh);
    assertEquals(fresh.substring(fresh.length() - 4), rotated.getString("signing_secret_last4"));
    assertTrue(ok(http.get(path("/config"), "X-API-Key", agent.apiKey())).isNull("signing_secret"));
    ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey()));
    WebhookReceiver.Received got = receiver.await(1, 5_000).get(0);
    got.verify(fresh);
    got.verify(old);
    assertEquals(2, got.header("webhook-signature").split(" ").length);
  }

  @Test
  void twoRotationsAtOnceBothKeepSigning() throws Exception {
    configure("[]");
    java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(2);
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      List<java.util.concurrent.Future<String>> shown = new java.util.ArrayList<>();
      for (int i = 0; i < 2; i++) {
        shown.add(
            pool.submit(
                () -> {
                  together.await();
                  return ok(http.post(path("/secret/rotate"), "", "X-API-Key", agent.apiKey()))
                      .getString("signing_secret");
                }));
      }
      String first = shown.get(0).get();
      String second = shown.get(1).get();
      assertNotEquals(first, second);
      ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey()));
      WebhookReceiver.Received got = receiver.await(1, 5_000).get(0);
      // One rotation came after the other: its secret signs, the earlier one is the previous.
      got.verify(first);
      got.verify(second);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aDeliveryCanBeSentAgainWithTheSameId() throws Exception {
    configure("[]");
    JsonObject d =
        ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey())).getJsonObject("delivery");
    JsonObject again =
        ok(http.post(
                path("/deliveries/" + d.getString("delivery_id") + "/redeliver"),
                "",
                "X-API-Key",
                agent.apiKey()))
            .getJsonObject("delivery");
    assertEquals(d.getString("delivery_id"), again.getString("delivery_id"));
    List<WebhookReceiver.Received> got = receiver.await(2, 10_000);
    assertEquals(got.get(0).header("webhook-id"), got.get(1).header("webhook-id"));
    awaitDelivery(d.getString("delivery_id"), "succeeded");
    assertEquals(
        404,
        http.post(path("/deliveries/whd_nope/redeliver"), "", "X-API-Key", agent.apiKey())
            .status());
  }

  @Test
  void aDeliveryWhoseNodeDiedMidAttemptIsSentAgainAfterItsLease() throws Exception {
    String secret = configure("[]");
    // A delivery a crashed node had claimed: 'delivering', its lease run out, no attempt recorded.
    String id = "whd_crashed" + Long.toHexString(System.nanoTime());
    Agents.sql(
        "INSERT INTO webhook_deliveries (id, agent_id, message_id, event_type, payload, status,"
            + " attempts, step, next_attempt_at, lease_holder, lease_until, created_at,"
            + " updated_at) VALUES (?, ?, 'evt_crashed1', 'webhook.test', ?, 'delivering', 1, 1,"
            + " CURRENT_TIMESTAMP(6), 'node-dead', TIMESTAMPADD(SECOND, -1, CURRENT_TIMESTAMP(6)),"
            + " CURRENT_TIMESTAMP(6), CURRENT_TIMESTAMP(6))",
        id,
        agent.agentId(),
        "{\"type\":\"webhook.test\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"data\":{}}");
    WebhookReceiver.Received got = receiver.await(1, 10_000).get(0);
    got.verify(secret);
    assertEquals("evt_crashed1", got.header("webhook-id"));
    JsonObject d = awaitDelivery(id, "succeeded");
    assertEquals(2, d.getInt("attempts"));
  }

  @Test
  void aReceiverThatStallsMidAnswerHoldsTheAttemptNoLongerThanTheTimeout() throws Exception {
    // Headers and one byte of a 100,000-byte body, then nothing: the request timeout alone ends
    // only the wait for headers, so the whole exchange needs a deadline of its own.
    List<java.net.Socket> held =
        java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    try (java.net.ServerSocket stall =
        new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  while (true) {
                    java.net.Socket s = stall.accept();
                    held.add(s);
                    s.getOutputStream()
                        .write(
                            "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\nx"
                                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                  }
                } catch (java.io.IOException closed) {
                  // the test is over
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      ok(
          put(
              "{\"enabled\":true,\"destination_url\":\"http://127.0.0.1:"
                  + stall.getLocalPort()
                  + "/stall\",\"subscribed_events\":[]}"));
      String id = "whd_stall" + Long.toHexString(System.nanoTime());
      Agents.sql(
          "INSERT INTO webhook_deliveries (id, agent_id, message_id, event_type, payload, status,"
              + " attempts, step, next_attempt_at, created_at, updated_at) VALUES (?, ?,"
              + " 'evt_stall1', 'webhook.test', '{}', 'pending', 0, 0, CURRENT_TIMESTAMP(6),"
              + " CURRENT_TIMESTAMP(6), CURRENT_TIMESTAMP(6))",
          id,
          agent.agentId());
      long started = System.currentTimeMillis();
      JsonObject d = awaitDelivery(id, "pending", 30_000, 1);
      assertEquals("timeout", d.getString("last_error"), d::toString);
      long took = System.currentTimeMillis() - started;
      assertTrue(took < 20_000, "the stalled attempt ended after " + took + " ms");
      assertFalse(held.isEmpty(), "the receiver was reached");
    } finally {
      synchronized (held) {
        for (java.net.Socket s : held) {
          s.close();
        }
      }
    }
  }

  /**
   * Issue 38: the origin service's webhook routes — the event catalog, signing-secret/rotate,
   * deliveries/{id}/retry — and summary_24h on the delivery list.
   */
  @Test
  void theOriginServicesWebhookRoutesWork() throws Exception {
    String old = configure("[]");
    JsonObject catalog = ok(http.get(path("/events/catalog"), "X-API-Key", agent.apiKey()));
    List<String> types =
        catalog.getJsonArray("events").getValuesAs(JsonObject.class).stream()
            .map(e -> e.getString("event_type"))
            .toList();
    assertTrue(types.contains("order.payment_succeeded"), catalog::toString);
    assertTrue(types.contains("webhook.test"), catalog::toString);
    assertTrue(
        catalog.getJsonArray("events").getValuesAs(JsonObject.class).stream()
            .noneMatch(e -> e.getString("description").isBlank()));

    String fresh =
        ok(http.post(path("/signing-secret/rotate"), "", "X-API-Key", agent.apiKey()))
            .getString("signing_secret");
    assertNotEquals(old, fresh);
    JsonObject d =
        ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey())).getJsonObject("delivery");
    receiver.await(1, 5_000).get(0).verify(fresh);
    awaitDelivery(d.getString("delivery_id"), "succeeded");
    JsonObject again =
        ok(http.post(
                path("/deliveries/" + d.getString("delivery_id") + "/retry"),
                "",
                "X-API-Key",
                agent.apiKey()))
            .getJsonObject("delivery");
    assertEquals(d.getString("delivery_id"), again.getString("delivery_id"));
    List<WebhookReceiver.Received> got = receiver.await(2, 10_000);
    assertEquals(got.get(0).header("webhook-id"), got.get(1).header("webhook-id"));
    awaitDelivery(d.getString("delivery_id"), "succeeded");

    JsonObject summary =
        ok(http.get(path("/deliveries"), "X-API-Key", agent.apiKey())).getJsonObject("summary_24h");
    assertEquals(1, summary.getInt("total"), summary::toString);
    assertEquals(1, summary.getInt("succeeded"), summary::toString);
    // Another agent's catalog is not there.
    Agents.Registered other = Agents.register(http);
    assertEquals(404, http.get(path("/events/catalog"), "X-API-Key", other.apiKey()).status());
  }

  @Test
  void deliveriesPageWithACursorAndFilterByStatus() throws Exception {
    configure("[]");
    receiver.then(Answer.of(400));
    for (int i = 0; i < 3; i++) {
      ok(http.post(path("/test"), "", "X-API-Key", agent.apiKey()));
    }
    JsonObject page1 = ok(http.get(path("/deliveries?limit=2"), "X-API-Key", agent.apiKey()));
    assertEquals(2, page1.getJsonArray("deliveries").size());
    String cursor = page1.getString("next_cursor");
    JsonObject page2 =
        ok(http.get(path("/deliveries?limit=2&cursor=" + cursor), "X-API-Key", agent.apiKey()));
    assertEquals(1, page2.getJsonArray("deliveries").size());
    assertTrue(page2.isNull("next_cursor"));
    assertEquals(
        1,
        ok(http.get(path("/deliveries?status=failed"), "X-API-Key", agent.apiKey()))
            .getJsonArray("deliveries")
            .size());
    for (String q : List.of("limit=0", "limit=201", "status=nope", "cursor=%21%21")) {
      Http.Answer a = http.get(path("/deliveries?" + q), "X-API-Key", agent.apiKey());
      assertEquals(422, a.status(), q + " -> " + a);
    }
  }

  @Test
  void twoNodesShareTheDeliveriesAndNeverSendOneTwice() throws Exception {
    String secret = configure("[]");
    int n = 300;
    for (int i = 0; i < n; i++) {
      receiver.then(new Answer(200, null, 5)); // a little slow, so that backlogs build on both
    }
    try (SecondNode other = SecondNode.start(Deployments.builtWar())) {
      // Outbox rows as an order's commit leaves them, written over JDBC as a third node would:
      // both nodes find them at their poll and claim deliveries from the same table.
      try (Connection c =
              DriverManager.getConnection(
                  TestDatabase.url(), TestDatabase.user(), TestDatabase.password());
          PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO domain_events (id, event_type, aggregate_type, aggregate_id,"
                      + " agent_id, merchant_id, status, amount_minor, currency, data,"
                      + " created_at) VALUES (?, 'order.created', 'order', ?, ?, ?,"
                      + " 'awaiting_payment', 1250, 'USD', ?, CURRENT_TIMESTAMP(6))")) {
        for (int i = 0; i < n; i++) {
          String order = "ord_twonodes" + UUID.randomUUID().toString().substring(0, 8) + i;
          ps.setString(1, "evt_" + UUID.randomUUID().toString().replace("-", "").substring(0, 24));
          ps.setString(2, order);
          ps.setString(3, agent.agentId());
          ps.setString(4, LUMEN);
          ps.setString(5, "{\"order_id\":\"" + order + "\",\"total_amount\":\"12.50\"}");
          ps.executeUpdate();
        }
      }
      receiver.await(n, 60_000);
      Thread.sleep(1_500); // a copy sent twice would have arrived by now
      List<WebhookReceiver.Received> got = receiver.received();
      assertEquals(n, got.size());
      assertEquals(
          n, got.stream().map(r -> r.header("webhook-id")).distinct().count(), "each id once");
      for (WebhookReceiver.Received r : got.subList(0, 5)) {
        r.verify(secret);
      }
      long deadline = System.currentTimeMillis() + 20_000;
      while (count(
              TestDatabase.url(),
              "SELECT COUNT(*) FROM webhook_deliveries WHERE agent_id = ? AND status ="
                  + " 'succeeded' AND attempts = 1",
              agent.agentId())
          < n) {
        assertTrue(System.currentTimeMillis() < deadline, "not all recorded as delivered once");
        Thread.sleep(200);
      }
      assertEquals(
          n,
          count(
              TestDatabase.url(),
              "SELECT COUNT(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id ="
                  + " a.delivery_id WHERE d.agent_id = ?",
              agent.agentId()),
          "one attempt recorded per delivery");
    }
  }

  private static long count(String url, String sql, Object... args) throws Exception {
    try (Connection c =
            DriverManager.getConnection(url, TestDatabase.user(), TestDatabase.password());
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : 0;
      }
    }
  }
}
