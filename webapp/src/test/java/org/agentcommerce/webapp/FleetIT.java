package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.SecondNode;
import org.agentcommerce.webapp.support.TestDatabase;
import org.agentcommerce.webapp.support.TestIssuer;
import org.agentcommerce.webapp.support.WebhookReceiver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 37: a fleet of three Payara Micro nodes forming one data grid (TCP/IP members on 127.0.0.1,
 * the way docs/operations.md and docker/compose.yaml start them) on one MariaDB database that is
 * empty when the three start at the same moment. The Arquillian node is not used: the three nodes
 * are the service.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41"; // 21.00 USD
  static final String ADDRESS =
      "{\"name\":\"Ada\",\"address_line1\":\"1 Main St\",\"city\":\"New York\","
          + "\"state\":\"NY\",\"postal_code\":\"10001\",\"country\":\"US\"}";
  static final int LIMIT = 30;

  private static final List<SecondNode> nodes = new ArrayList<>();
  private static final List<Http> http = new ArrayList<>();
  private static String database;
  private static List<Integer> gridPorts;
  private static long startMillis;

  @BeforeAll
  static void startThreeNodesAtOnceOnAnEmptyDatabase() throws Exception {
    database = "fleet_" + ProcessHandle.current().pid();
    admin("DROP DATABASE IF EXISTS " + database);
    admin("CREATE DATABASE " + database);
    int gridPort = freePorts(3);
    String cluster = "ac-fleet-" + UUID.randomUUID();
    StringBuilder members = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      members.append(i == 0 ? "" : ",").append("127.0.0.1:").append(gridPort + i);
    }
    // The post-boot file docker/compose.yaml gives its nodes, with the members from the
    // environment as there.
    Path grid = Path.of("..", "docker", "grid-tcpip.asadmin");
    Map<String, String> environment =
        Map.of(
            "AC_GRID_MEMBERS",
            members.toString(),
            "AC_GRID_INTERFACE",
            "127.0.0.1",
            "AC_GRID_PORT",
            String.valueOf(gridPort),
            "AC_GRID_NAME",
            cluster);
    gridPorts = List.of(gridPort, gridPort + 1, gridPort + 2);
    java.io.File war = Deployments.builtWar();
    startMillis = System.currentTimeMillis();
    for (int i = 0; i < 3; i++) {
      nodes.add(
          SecondNode.launch(
              war,
              List.of("--postbootcommandfile", grid.toString()),
              environment,
              "-Dac.db.url=" + TestDatabase.otherDatabase(database),
              // A long key cache: a revocation seen within a second is the grid's doing.
              "-Dac.auth.cache-ttl=PT30S",
              "-Dac.rate-limit.tier.standard=" + LIMIT,
              // Generous on a two-core machine running three servers: no fallback in the test.
              "-Dac.rate-limit.grid-timeout=PT5S",
              "-Xmx512m"));
    }
    for (SecondNode node : nodes) {
      node.awaitHealthy();
      http.add(new Http(node.base()).awaitReady());
    }
    startMillis = System.currentTimeMillis() - startMillis;
  }

  @AfterAll
  static void stop() throws Exception {
    for (SecondNode node : nodes) {
      node.close();
    }
    if (database != null) {
      admin("DROP DATABASE IF EXISTS " + database);
    }
  }

  @Test
  @Order(0)
  void threeNodesStartedTogetherOnAnEmptyDatabaseAreAllReadyAndExactlyOneMigrated()
      throws Exception {
    for (Http node : http) {
      assertEquals(200, node.get("/health/ready").status());
    }
    assertEquals(0L, count("SELECT COUNT(*) FROM flyway_schema_history WHERE success = 0"));
    assertTrue(count("SELECT COUNT(*) FROM flyway_schema_history WHERE success = 1") > 40);
    int migrated = 0;
    Pattern applied = Pattern.compile("\\((\\d+) migrations applied\\)");
    for (SecondNode node : nodes) {
      Matcher m = applied.matcher(node.log());
      assertTrue(m.find(), "every node reports its schema version");
      if (Integer.parseInt(m.group(1)) > 0) {
        migrated++;
      }
    }
    assertEquals(1, migrated, "exactly one node migrated");
    System.out.println("Fleet of three ready " + startMillis + " ms after the simultaneous start");
  }

  @Test
  @Order(1)
  void theGridFormsAndListensOnTheConfiguredInterfaceOnly() throws Exception {
    for (Http node : http) {
      JsonObject grid = null;
      for (JsonObject check :
          node.get("/health/ready").json().getJsonArray("checks").getValuesAs(JsonObject.class)) {
        if ("data-grid".equals(check.getString("name"))) {
          grid = check.getJsonObject("data");
        }
      }
      assertEquals("3", String.valueOf(grid.get("members")).replace("\"", ""), grid::toString);
      assertEquals("\"fleet\"", String.valueOf(grid.get("rate_limits")));
    }
    // Every grid port answers on 127.0.0.1 and on no other address of this machine.
    List<java.net.InetAddress> others = new ArrayList<>();
    for (var nic : Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
      for (var address : Collections.list(nic.getInetAddresses())) {
        if (!address.isLoopbackAddress() && address instanceof java.net.Inet4Address) {
          others.add(address);
        }
      }
    }
    for (int port : gridPorts) {
      try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
        assertTrue(s.isConnected());
      }
      for (java.net.InetAddress other : others) {
        try (java.net.Socket s = new java.net.Socket()) {
          s.connect(new java.net.InetSocketAddress(other, port), 2_000);
          throw new AssertionError("the grid port " + port + " answers on " + other);
        } catch (java.net.ConnectException refused) {
          // as it should
        }
      }
    }
  }

  @Test
  @Order(2)
  void anAgentGetsExactlyItsLimitHoweverTheRequestsAreSpread() throws Exception {
    Agents.Registered spread = Agents.register(http.get(0));
    Agents.Registered oneNode = Agents.register(http.get(1));
    awaitFreshMinute();
    int[] pattern = {0, 1, 1, 2, 1, 0, 2, 2, 2, 1}; // uneven, as a sticky balancer would
    List<Http.Answer> spreadAnswers = new ArrayList<>();
    List<Http.Answer> oneNodeAnswers = new ArrayList<>();
    for (int i = 0; i < LIMIT + 10; i++) {
      spreadAnswers.add(orders(http.get(pattern[i % pattern.length]), spread.apiKey()));
      oneNodeAnswers.add(orders(http.get(2), oneNode.apiKey()));
    }
    for (List<Http.Answer> answers : List.of(spreadAnswers, oneNodeAnswers)) {
      assertEquals(LIMIT, answers.stream().filter(a -> a.status() == 200).count());
      assertEquals(10, answers.stream().filter(a -> a.status() == 429).count());
      Http.Answer first = answers.get(0);
      assertEquals("fleet", first.header("X-RateLimit-Scope").orElseThrow());
      assertEquals(String.valueOf(LIMIT), first.header("X-RateLimit-Limit").orElseThrow());
      assertEquals(String.valueOf(LIMIT - 1), first.header("X-RateLimit-Remaining").orElseThrow());
      Http.Answer refused = answers.get(answers.size() - 1);
      assertEquals(
          "RATE_LIMITED", refused.json().getJsonObject("detail").getString("error"), refused::body);
      assertEquals("0", refused.header("X-RateLimit-Remaining").orElseThrow());
      long retryAfter = Long.parseLong(refused.header("Retry-After").orElseThrow());
      assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
    }
  }

  @Test
  @Order(3)
  void aKeyRevokedOnOneNodeIsRefusedOnTheOthersWithinASecond() throws Exception {
    Agents.Registered agent = Agents.register(http.get(0));
    Http.Answer rotated =
        http.get(0)
            .post(
                "/agent/v1/auth",
                "{\"agent_name\":\"Test agent\",\"agent_email\":\""
                    + agent.email()
                    + "\",\"rotate\":true}",
                "Authorization",
                "Bearer " + agent.apiKey());
    assertEquals(200, rotated.status(), rotated::toString);
    String current = rotated.json().getString("api_key");
    // The old key works in its grace period, and the other nodes now remember it (for 30 s).
    for (Http node : http) {
      assertEquals(200, node.get("/agent/v1/merchants", "X-API-Key", agent.apiKey()).status());
    }
    String oldKeyId = null;
    Http.Answer list = http.get(0).get("/agent/v1/auth/keys", "X-API-Key", current);
    for (JsonObject k : list.json().getJsonArray("keys").getValuesAs(JsonObject.class)) {
      if (!"current".equals(k.getString("key_status"))) {
        oldKeyId = k.getString("key_id");
      }
    }
    Http.Answer revoked =
        http.get(0)
            .send(
                "POST", "/agent/v1/auth/keys/" + oldKeyId + "/revoke", null, "X-API-Key", current);
    assertEquals(200, revoked.status(), revoked::toString);
    long revokedAt = System.nanoTime();
    for (Http node : List.of(http.get(1), http.get(2))) {
      long refusedAfterMillis = -1;
      while (System.nanoTime() - revokedAt < 5_000_000_000L) {
        if (node.get("/agent/v1/merchants", "X-API-Key", agent.apiKey()).status() == 401) {
          refusedAfterMillis = (System.nanoTime() - revokedAt) / 1_000_000;
          break;
        }
      }
      System.out.println("Revoked key refused on another node after " + refusedAfterMillis + " ms");
      assertTrue(
          refusedAfterMillis >= 0 && refusedAfterMillis < 1_000,
          "refused " + refusedAfterMillis + " ms after the revocation");
      assertEquals(200, node.get("/agent/v1/merchants", "X-API-Key", current).status());
    }
  }

  @Test
  @Order(4)
  void aCheckoutTokenMadeOnOneNodeOpensAndPaysOnAnother() {
    Agents.Registered agent = Agents.register(http.get(0));
    String buyer = TestIssuer.token("fleet-buyer-" + System.nanoTime());
    String orderId =
        ok(http.get(0)
                .post(
                    "/agent/v1/orders/create",
                    "{\"merchant_id\":\""
                        + LUMEN
                        + "\",\"items\":[{\"product_id\":\""
                        + SINGLE
                        + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
                        + "\"shipping_address\":"
                        + ADDRESS
                        + ",\"currency\":\"USD\"}",
                    "X-API-Key",
                    agent.apiKey(),
                    "X-Agent-User-JWT",
                    buyer))
            .getString("order_id");
    JsonObject intent =
        ok(
            http.get(0)
                .post(
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
    String url = intent.getString("checkout_url");
    String token = url.substring(url.indexOf("#token=") + "#token=".length());
    JsonObject view = ok(http.get(1).get("/agent/v1/checkout/hosted", "X-Checkout-Token", token));
    JsonObject paid =
        ok(
            http.get(2)
                .post(
                    "/agent/v1/checkout/hosted/pay",
                    "{\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"},"
                        + "\"expected_total\":\""
                        + view.getJsonObject("totals").getString("total")
                        + "\""
                        + (view.containsKey("quote_id") && !view.isNull("quote_id")
                            ? ",\"quote_id\":\"" + view.getString("quote_id") + "\""
                            : "")
                        + "}",
                    "X-Checkout-Token",
                    token));
    assertEquals("succeeded", paid.getString("status"), paid::toString);
    assertEquals(orderId, paid.getString("order_id"), paid::toString);
    JsonObject order =
        ok(http.get(1).get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()))
            .getJsonObject("order");
    assertEquals("paid", order.getString("status"), order::toString);
  }

  @Test
  @Order(5)
  void aReaderWaitingOnOneNodeWakesWithinMillisecondsOfAnOrderMadeOnAnother() throws Exception {
    Agents.Registered agent = Agents.register(http.get(0));
    update("UPDATE agents SET tier = 'enterprise' WHERE id = '" + agent.agentId() + "'");
    String buyer = TestIssuer.token("fleet-waker-" + System.nanoTime());
    List<Long> wakeMillis = new ArrayList<>();
    long after = 0;
    for (int i = 0; i < 15; i++) {
      long cursor = after;
      var waiting =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () ->
                  http.get(1)
                      .get(
                          "/agent/v1/orders/events?wait_ms=10000&after_id=" + cursor,
                          "X-API-Key",
                          agent.apiKey()));
      Thread.sleep(300); // the reader is parked on node 2
      Http.Answer created = createOrder(http.get(0), agent.apiKey(), buyer);
      long answeredAt = System.nanoTime();
      assertTrue(created.status() == 200 || created.status() == 201, created::toString);
      JsonObject events = ok(waiting.get(15, java.util.concurrent.TimeUnit.SECONDS));
      long woke = System.nanoTime();
      var list = events.getJsonArray("events");
      assertTrue(!list.isEmpty(), events::toString);
      after = list.getJsonObject(list.size() - 1).getJsonNumber("id").longValue();
      wakeMillis.add(Math.max(0, (woke - answeredAt) / 1_000_000));
      // Drain what else this order made, so the next wait starts after it.
      JsonObject rest =
          ok(
              http.get(1)
                  .get("/agent/v1/orders/events?after_id=" + after, "X-API-Key", agent.apiKey()));
      var more = rest.getJsonArray("events");
      if (!more.isEmpty()) {
        after = more.getJsonObject(more.size() - 1).getJsonNumber("id").longValue();
      }
    }
    List<Long> sorted = new ArrayList<>(wakeMillis);
    Collections.sort(sorted);
    System.out.println("Cross-node wake-ups (ms after the create answered): " + sorted);
    long p50 = sorted.get(sorted.size() / 2);
    assertTrue(p50 <= 50, "p50 " + p50 + " ms: " + sorted);
    assertTrue(sorted.get(sorted.size() - 2) < 250, "below the database poll: " + sorted);
  }

  @Test
  @Order(6)
  void killingANodeMidStreamLosesNoOrderEventOrWebhook() throws Exception {
    Agents.Registered agent = Agents.register(http.get(0));
    update("UPDATE agents SET tier = 'enterprise' WHERE id = '" + agent.agentId() + "'");
    String buyer = TestIssuer.token("fleet-killed-" + System.nanoTime());
    try (WebhookReceiver receiver = new WebhookReceiver()) {
      ok(
          http.get(0)
              .send(
                  "PUT",
                  "/agents/" + agent.agentId() + "/webhooks/config",
                  "{\"enabled\":true,\"destination_url\":\""
                      + receiver.url()
                      + "\",\"subscribed_events\":[]}",
                  "X-API-Key",
                  agent.apiKey()));
      List<String> answered = Collections.synchronizedList(new ArrayList<>());
      Thread stream =
          new Thread(
              () -> {
                try {
                  while (true) {
                    Http.Answer a = createOrder(http.get(2), agent.apiKey(), buyer);
                    if (a.status() == 200 || a.status() == 201) {
                      answered.add(a.json().getString("order_id"));
                    }
                  }
                } catch (RuntimeException nodeGone) {
                  // the node was killed under the request
                }
              });
      stream.start();
      long deadline = System.currentTimeMillis() + 60_000;
      while (answered.size() < 10 && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      nodes.get(2).kill(); // kill -9, requests in flight
      stream.join(30_000);
      List<String> orders = List.copyOf(answered);
      assertTrue(orders.size() >= 10, "orders answered before the kill: " + orders.size());
      Http survivor = http.get(0);
      for (String orderId : orders) {
        assertEquals(
            200,
            survivor.get("/agent/v1/orders/" + orderId, "X-API-Key", agent.apiKey()).status(),
            orderId);
      }
      // Every answered order's creation is on the timeline, read through a surviving node.
      long until = System.currentTimeMillis() + 30_000;
      java.util.Set<String> onTimeline = new java.util.HashSet<>();
      long after = 0;
      while (!onTimeline.containsAll(orders) && System.currentTimeMillis() < until) {
        JsonObject page =
            ok(
                survivor.get(
                    "/agent/v1/orders/events?limit=200&wait_ms=1000&after_id=" + after,
                    "X-API-Key",
                    agent.apiKey()));
        for (JsonObject e : page.getJsonArray("events").getValuesAs(JsonObject.class)) {
          after = e.getJsonNumber("id").longValue();
          if ("order.created".equals(e.getString("event_type", e.getString("type", "")))) {
            onTimeline.add(e.getString("order_id", ""));
          }
        }
      }
      assertTrue(onTimeline.containsAll(orders), "missing on the timeline");
      // ... and reaches the webhook receiver at least once, delivered by the surviving nodes.
      java.util.Set<String> delivered = new java.util.HashSet<>();
      until = System.currentTimeMillis() + 60_000;
      while (!delivered.containsAll(orders) && System.currentTimeMillis() < until) {
        for (WebhookReceiver.Received r : receiver.received()) {
          JsonObject body =
              jakarta.json.Json.createReader(new java.io.StringReader(r.body())).readObject();
          if ("order.created".equals(body.getString("type", ""))) {
            delivered.add(body.getJsonObject("data").getString("order_id"));
          }
        }
        Thread.sleep(200);
      }
      List<String> missing = orders.stream().filter(o -> !delivered.contains(o)).toList();
      assertTrue(missing.isEmpty(), "webhooks never delivered for " + missing);
      System.out.println(
          "Killed a node after "
              + orders.size()
              + " answered orders: all on the timeline and"
              + " delivered by webhook ("
              + receiver.received().size()
              + " deliveries)");
    }
  }

  private static Http.Answer createOrder(Http node, String key, String buyer) {
    return node.post(
        "/agent/v1/orders/create",
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"items\":[{\"product_id\":\""
            + SINGLE
            + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\","
            + "\"currency\":\"USD\"}",
        "X-API-Key",
        key,
        "X-Agent-User-JWT",
        buyer);
  }

  private static Http.Answer orders(Http node, String key) {
    return node.get("/agent/v1/orders?limit=1", "X-API-Key", key);
  }

  private static JsonObject ok(Http.Answer answer) {
    assertTrue(answer.status() == 200 || answer.status() == 201, answer::toString);
    return answer.json();
  }

  /** Waits for a new calendar minute when less than 20 s remain of this one (fixed windows). */
  private static void awaitFreshMinute() throws InterruptedException {
    long intoMinute = System.currentTimeMillis() % 60_000;
    if (intoMinute > 40_000) {
      Thread.sleep(60_000 - intoMinute + 200);
    }
  }

  private static long count(String sql) throws Exception {
    try (Connection c = connect(TestDatabase.otherDatabase(database));
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void update(String sql) throws Exception {
    try (Connection c = connect(TestDatabase.otherDatabase(database));
        Statement s = c.createStatement()) {
      s.executeUpdate(sql);
    }
  }

  private static void admin(String sql) throws Exception {
    try (Connection c = connect(TestDatabase.url());
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static Connection connect(String url) throws Exception {
    return DriverManager.getConnection(url, TestDatabase.user(), TestDatabase.password());
  }

  /** The first of {@code n} consecutive free ports. */
  private static int freePorts(int n) throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      int first;
      try (ServerSocket probe = new ServerSocket(0)) {
        first = probe.getLocalPort();
      }
      if (first + n > 65_000) {
        continue;
      }
      boolean free = true;
      for (int p = first; p < first + n && free; p++) {
        try (ServerSocket s = new ServerSocket(p, 1, java.net.InetAddress.getLoopbackAddress())) {
          // free
        } catch (IOException taken) {
          free = false;
        }
      }
      if (free) {
        return first;
      }
    }
    throw new IOException("no " + n + " consecutive free ports");
  }
}
