package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.TestDatabase;
import org.agentcommerce.webapp.support.TestIssuer;
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
 * The order event timeline: what a reader sees (its own events, scoped by buyer token and merchant
 * scope, filtered, paged), that its cursor never skips an event whose transaction committed after a
 * later one, and that a long-poll is answered as soon as a matching event commits.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class EventsIT {

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
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private String order(String key, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "X-API-Key";
    all[1] = key;
    System.arraycopy(headers, 0, all, 2, headers.length);
    return ok(http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"items\":[{\"product_id\":\""
                + LUMEN_PRODUCT
                + "\",\"quantity\":1}],\"customer_email\":\"ada@example.com\"}",
            all))
        .getString("order_id");
  }

  private JsonObject events(String query, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "X-API-Key";
    all[1] = agent.apiKey();
    System.arraycopy(headers, 0, all, 2, headers.length);
    return ok(http.get("/agent/v1/orders/events" + query, all));
  }

  /** Every event of the reader after the cursor, paging until an empty page. */
  private List<JsonObject> all(String key, String filter, String... headers) {
    List<JsonObject> out = new ArrayList<>();
    long after = 0;
    while (true) {
      String[] all = new String[headers.length + 2];
      all[0] = "X-API-Key";
      all[1] = key;
      System.arraycopy(headers, 0, all, 2, headers.length);
      JsonObject page =
          ok(http.get("/agent/v1/orders/events?limit=2&after_id=" + after + filter, all));
      JsonArray events = page.getJsonArray("events");
      if (events.isEmpty()) {
        assertEquals(after, page.getJsonNumber("last_id").longValue());
        return out;
      }
      for (JsonValue v : events) {
        JsonObject e = v.asJsonObject();
        assertTrue(e.getJsonNumber("id").longValue() > after, "ascending ids");
        after = e.getJsonNumber("id").longValue();
        out.add(e);
      }
      assertEquals(after, page.getJsonNumber("last_id").longValue());
    }
  }

  private List<JsonObject> awaitEvents(String key, String filter, int count, String... headers) {
    long deadline = System.currentTimeMillis() + 15_000;
    while (true) {
      List<JsonObject> got = all(key, filter, headers);
      if (got.size() >= count) {
        return got;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("expected " + count + " events, saw " + got);
      }
      sleep(100);
    }
  }

  private static List<String> types(List<JsonObject> events) {
    return events.stream().map(e -> e.getString("event_type")).toList();
  }

  @Test
  void timelineShowsTheAgentsOwnOrderEventsInOrderWithTheirData() {
    String first = order(agent.apiKey());
    TestPayments.pay(http, agent.apiKey(), first);
    String second = order(agent.apiKey());
    List<JsonObject> events = awaitEvents(agent.apiKey(), "", 4);
    assertEquals(
        List.of("order.created", "order.payment_succeeded", "order.created"),
        types(events).stream().filter(t -> !t.equals("order.payment_attempted")).toList(),
        events::toString);
    JsonObject created = events.get(0);
    assertEquals(first, created.getString("order_id"));
    assertEquals(LUMEN, created.getString("merchant_id"));
    assertEquals("awaiting_payment", created.getString("status"));
    assertTrue(created.getString("event_id").startsWith("evt_"));
    assertFalse(created.getString("total_amount").isBlank());
    assertEquals(first, created.getJsonObject("data").getString("order_id"));
    assertEquals(
        created.getString("total_amount"), created.getJsonObject("data").getString("total_amount"));
    JsonObject paid =
        events.stream()
            .filter(e -> e.getString("event_type").equals("order.payment_succeeded"))
            .findFirst()
            .orElseThrow();
    assertEquals("paid", paid.getString("status"));
    assertTrue(paid.getJsonObject("data").getString("payment_id").startsWith("pay_"));

    // Filters
    assertEquals(
        Set.of(second),
        Set.copyOf(
            all(agent.apiKey(), "&order_id=" + second).stream()
                .map(e -> e.getString("order_id"))
                .toList()));
    assertEquals(events.size(), all(agent.apiKey(), "&merchant_id=" + LUMEN).size());
    assertTrue(all(agent.apiKey(), "&merchant_id=" + HARBOR).isEmpty());

    // Another agent sees none of them
    Agents.Registered other = Agents.register(http);
    assertTrue(all(other.apiKey(), "").isEmpty());
    assertTrue(all(other.apiKey(), "&order_id=" + first).isEmpty());

    // A cursor past the end answers nothing and last_id == after_id
    long last = events.get(events.size() - 1).getJsonNumber("id").longValue();
    JsonObject none = events("?after_id=" + last);
    assertTrue(none.getJsonArray("events").isEmpty());
    assertEquals(last, none.getJsonNumber("last_id").longValue());
  }

  @Test
  void aBuyerTokenSeesOnlyThatBuyersOrdersAndAMerchantScopedKeyOnlyItsMerchants() {
    String ada = TestIssuer.token("ada-" + agent.agentId());
    String bob = TestIssuer.token("bob-" + agent.agentId());
    String adas = order(agent.apiKey(), "X-Agent-User-JWT", ada);
    String bobs = order(agent.apiKey(), "X-Agent-User-JWT", bob);
    awaitEvents(agent.apiKey(), "", 2);
    List<JsonObject> seenByAda = all(agent.apiKey(), "", "X-Agent-User-JWT", ada);
    assertEquals(
        List.of(adas), seenByAda.stream().map(e -> e.getString("order_id")).distinct().toList());
    List<JsonObject> seenByBob = all(agent.apiKey(), "", "X-Agent-User-JWT", bob);
    assertEquals(
        List.of(bobs), seenByBob.stream().map(e -> e.getString("order_id")).distinct().toList());

    // A key limited to Lumen: an event of another merchant of the same agent stays out of sight.
    Agents.Registered scoped = Agents.register(http, new String[] {LUMEN});
    String own = order(scoped.apiKey());
    insertCommitted(scoped.agentId(), "ord_" + Long.toHexString(System.nanoTime()), HARBOR);
    awaitEvents(scoped.apiKey(), "", 1);
    // the other merchant's event reaches the timeline (the outbox is polled), only hidden from
    // this key
    long deadline = System.currentTimeMillis() + 20_000;
    while (((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM order_events WHERE agent_id = ? AND merchant_id = ?",
                    scoped.agentId(),
                    HARBOR))
            .longValue()
        < 1) {
      assertTrue(System.currentTimeMillis() < deadline, "the other merchant's event never arrived");
      sleep(100);
    }
    List<JsonObject> seen = all(scoped.apiKey(), "");
    assertTrue(seen.stream().allMatch(e -> e.getString("merchant_id").equals(LUMEN)), "" + seen);
    assertTrue(seen.stream().anyMatch(e -> e.getString("order_id").equals(own)));
  }

  /**
   * Issue 38: {@code buyer_ref} narrows the timeline to that buyer's orders (an origin client's
   * filter, once silently ignored); the key's other buyers' and anonymous orders stay out.
   */
  @Test
  void buyerRefNarrowsTheTimelineToThatBuyersOrders() {
    String ada = "guest:" + java.util.UUID.randomUUID();
    String bob = "guest:" + java.util.UUID.randomUUID();
    String adas = order(agent.apiKey(), "X-Buyer-Ref", ada);
    String bobs = order(agent.apiKey(), "X-Buyer-Ref", bob);
    String nobodys = order(agent.apiKey());
    List<JsonObject> every = awaitEvents(agent.apiKey(), "", 3);
    assertEquals(
        java.util.Set.of(adas, bobs, nobodys),
        every.stream().map(e -> e.getString("order_id")).collect(Collectors.toSet()));
    assertEquals(
        List.of(adas),
        all(agent.apiKey(), "&buyer_ref=" + ada).stream()
            .map(e -> e.getString("order_id"))
            .distinct()
            .toList());
    assertEquals(
        List.of(bobs),
        all(agent.apiKey(), "&buyer_ref=" + bob).stream()
            .map(e -> e.getString("order_id"))
            .distinct()
            .toList());
    assertEquals(List.of(), all(agent.apiKey(), "&buyer_ref=guest:" + java.util.UUID.randomUUID()));
    // Together with the other filters.
    assertEquals(List.of(), all(agent.apiKey(), "&buyer_ref=" + ada + "&order_id=" + bobs));
  }

  @Test
  void invalidParametersAre422WithTheirLocation() {
    for (String q :
        List.of(
            "limit=0",
            "limit=201",
            "after_id=-1",
            "wait_ms=25001",
            "wait_ms=-1",
            "limit=abc",
            "after_id=x",
            "buyer_ref=nope",
            "buyer_ref=guest:not-a-uuid")) {
      Http.Answer a = http.get("/agent/v1/orders/events?" + q, "X-API-Key", agent.apiKey());
      assertEquals(422, a.status(), q + " -> " + a);
      JsonObject d = a.json().getJsonArray("detail").getJsonObject(0);
      assertEquals("query", d.getJsonArray("loc").getString(0), a::toString);
      assertEquals(q.substring(0, q.indexOf('=')), d.getJsonArray("loc").getString(1));
    }
    assertEquals(401, http.get("/agent/v1/orders/events").status());
  }

  /**
   * Two transactions write events; the one that inserted first (smaller outbox seq) commits last. A
   * reader that already saw the later one's event must still get the earlier one's.
   */
  @Test
  void theCursorNeverSkipsAnEventWhoseTransactionCommitsLater() throws Exception {
    try (Connection slow = connection();
        Connection fast = connection()) {
      slow.setAutoCommit(false);
      fast.setAutoCommit(false);
      String slowId = insertEvent(slow, agent.agentId(), "ord_slow" + suffix(), LUMEN);
      String fastId = insertEvent(fast, agent.agentId(), "ord_fast" + suffix(), LUMEN);
      long slowSeq = seqOf(slowId);
      assertEquals(0, slowSeq, "uncommitted: not visible to others");
      fast.commit();
      List<JsonObject> seen = awaitEvents(agent.apiKey(), "", 1);
      assertEquals(List.of(fastId), seen.stream().map(e -> e.getString("event_id")).toList());
      long cursor = seen.get(0).getJsonNumber("id").longValue();
      slow.commit();
      JsonObject next = events("?after_id=" + cursor + "&wait_ms=10000");
      assertEquals(
          List.of(slowId),
          next.getJsonArray("events").stream()
              .map(v -> v.asJsonObject().getString("event_id"))
              .toList());
      assertTrue(
          ((Number) Agents.query("SELECT seq FROM domain_events WHERE id = ?", slowId)).longValue()
              < ((Number) Agents.query("SELECT seq FROM domain_events WHERE id = ?", fastId))
                  .longValue(),
          "the slow transaction inserted first: its outbox seq is the smaller one");
    }
  }

  /**
   * Eight writers commit events after random delays, so commits come out of insert order, while a
   * reader long-polls the cursor. The reader ends with every event exactly once.
   */
  @Test
  void aReaderFollowingConcurrentWritersGetsEveryEventExactlyOnce() throws Exception {
    int writers = 8;
    int perWriter = 25;
    Set<String> written = ConcurrentHashMap.newKeySet();
    ExecutorService pool = Executors.newFixedThreadPool(writers + 1);
    AtomicBoolean writing = new AtomicBoolean(true);
    List<String> read = java.util.Collections.synchronizedList(new ArrayList<>());
    Future<?> reader =
        pool.submit(
            () -> {
              long after = 0;
              while (true) {
                boolean last = !writing.get();
                JsonObject page =
                    events("?limit=200&wait_ms=" + (last ? 0 : 500) + "&after_id=" + after);
                for (JsonValue v : page.getJsonArray("events")) {
                  JsonObject e = v.asJsonObject();
                  assertTrue(e.getJsonNumber("id").longValue() > after);
                  after = e.getJsonNumber("id").longValue();
                  read.add(e.getString("event_id"));
                }
                if (last && page.getJsonArray("events").isEmpty()) {
                  return null;
                }
              }
            });
    CountDownLatch done = new CountDownLatch(writers);
    for (int w = 0; w < writers; w++) {
      pool.submit(
          () -> {
            try (Connection c = connection()) {
              c.setAutoCommit(false);
              for (int i = 0; i < perWriter; i++) {
                written.add(insertEvent(c, agent.agentId(), "ord_w" + suffix(), LUMEN));
                Thread.sleep(ThreadLocalRandom.current().nextInt(0, 30));
                c.commit();
              }
            } catch (Exception e) {
              throw new IllegalStateException(e);
            } finally {
              done.countDown();
            }
            return null;
          });
    }
    assertTrue(done.await(60, TimeUnit.SECONDS));
    // every row is on the timeline before the reader's last pass
    long deadline = System.currentTimeMillis() + 15_000;
    while (((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM order_events WHERE agent_id = ?", agent.agentId()))
            .intValue()
        < writers * perWriter) {
      assertTrue(System.currentTimeMillis() < deadline, "outbox never reached the timeline");
      sleep(50);
    }
    writing.set(false);
    reader.get(60, TimeUnit.SECONDS);
    pool.shutdownNow();
    assertEquals(writers * perWriter, read.size(), "no duplicates");
    assertEquals(written, new HashSet<>(read), "no event skipped");
  }

  @Test
  void aLongPollIsAnsweredSoonAfterAMatchingCommitAndEmptyWhenItsWaitRunsOut() throws Exception {
    long start = System.nanoTime();
    JsonObject empty = events("?after_id=0&wait_ms=300");
    long waited = (System.nanoTime() - start) / 1_000_000;
    assertTrue(empty.getJsonArray("events").isEmpty());
    assertEquals(0, empty.getJsonNumber("last_id").longValue());
    assertTrue(waited >= 250, "waited " + waited + " ms");

    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<JsonObject> waiting = pool.submit(() -> events("?after_id=0&wait_ms=20000"));
      sleep(500);
      assertFalse(waiting.isDone(), "nothing to answer yet");
      long committed = System.nanoTime();
      String id = order(agent.apiKey());
      JsonObject woke = waiting.get(10, TimeUnit.SECONDS);
      long latency = (System.nanoTime() - committed) / 1_000_000;
      assertEquals(id, woke.getJsonArray("events").getJsonObject(0).getString("order_id"));
      assertTrue(latency < 5_000, "answered " + latency + " ms after the order call");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void waitsAreBoundedPerKey() throws Exception {
    int max = 4; // ac.events.max-waiters-per-key in the test servers
    ExecutorService pool = Executors.newFixedThreadPool(max);
    try {
      List<Future<JsonObject>> open = new ArrayList<>();
      for (int i = 0; i < max; i++) {
        open.add(pool.submit(() -> events("?wait_ms=8000")));
      }
      // time for the four waits to be registered on a loaded machine, and long waits, so that the
      // fifth is asked while all four are held (polling with a fifth could take a holder's slot)
      sleep(2000);
      Http.Answer refused =
          http.get("/agent/v1/orders/events?wait_ms=3000", "X-API-Key", agent.apiKey());
      assertEquals(429, refused.status(), refused::toString);
      assertEquals("TOO_MANY_WAITERS", refused.json().getJsonObject("detail").getString("error"));
      assertTrue(refused.header("Retry-After").isPresent());
      for (Future<JsonObject> f : open) {
        assertTrue(f.get(15, TimeUnit.SECONDS).getJsonArray("events").isEmpty());
      }
      // released: a new wait is accepted again
      assertEquals(
          200,
          http.get("/agent/v1/orders/events?wait_ms=100", "X-API-Key", agent.apiKey()).status());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aClientThatLeavesFreesItsWaitAtOnce() throws Exception {
    int max = 4; // ac.events.max-waiters-per-key in the test servers
    List<java.net.Socket> clients = new ArrayList<>();
    try {
      for (int i = 0; i < max; i++) {
        java.net.Socket s = new java.net.Socket(base.getHost(), base.getPort());
        s.getOutputStream()
            .write(
                ("GET /agent/v1/orders/events?wait_ms=20000 HTTP/1.1\r\n"
                        + "Host: "
                        + base.getHost()
                        + "\r\nX-API-Key: "
                        + agent.apiKey()
                        + "\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        clients.add(s);
      }
      sleep(1000);
      assertEquals(
          429,
          http.get("/agent/v1/orders/events?wait_ms=100", "X-API-Key", agent.apiKey()).status());
    } finally {
      for (java.net.Socket s : clients) {
        s.close();
      }
    }
    // Their waits (20 s) are freed when their clients leave, not when the waits run out.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    int status;
    do {
      sleep(100);
      status =
          http.get("/agent/v1/orders/events?wait_ms=100", "X-API-Key", agent.apiKey()).status();
    } while (status == 429 && System.nanoTime() < deadline);
    assertEquals(200, status, "a new wait is accepted once the clients have left");
  }

  // ----- the outbox, written as the platform's port writes it

  private static Connection connection() throws SQLException {
    return DriverManager.getConnection(
        TestDatabase.url(), TestDatabase.user(), TestDatabase.password());
  }

  private static String suffix() {
    return Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffL);
  }

  private static String insertCommitted(String agentId, String orderId, String merchant) {
    try (Connection c = connection()) {
      return insertEvent(c, agentId, orderId, merchant);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String insertEvent(Connection c, String agentId, String orderId, String merchant)
      throws SQLException {
    String id = "evt_" + suffix() + suffix();
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO domain_events (id, event_type, aggregate_type, aggregate_id, agent_id,"
                + " merchant_id, status, amount_minor, currency, data, created_at) VALUES (?,"
                + " 'order.created', 'order', ?, ?, ?, 'awaiting_payment', 1250, 'USD', ?,"
                + " CURRENT_TIMESTAMP(6))")) {
      ps.setString(1, id);
      ps.setString(2, orderId);
      ps.setString(3, agentId);
      ps.setString(4, merchant);
      ps.setString(
          5,
          "{\"order_id\":\""
              + orderId
              + "\",\"merchant_id\":\""
              + merchant
              + "\",\"total_amount\":\"12.50\",\"currency\":\"USD\"}");
      ps.executeUpdate();
    }
    return id;
  }

  private static long seqOf(String eventId) {
    Object seq = Agents.query("SELECT seq FROM domain_events WHERE id = ?", eventId);
    return seq == null ? 0 : ((Number) seq).longValue();
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
