package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.Jmx;
import org.agentcommerce.webapp.support.SecondNode;
import org.agentcommerce.webapp.support.TestIssuer;
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
 * Partner purchases (issue 18): the read-only selection witness, opening at our catalog's price
 * with never-expiring idempotency per agent and buyer, owner scoping, resume and recover, and the
 * leased poller driving purchases through the sandbox partner over HTTP, through an outage, a
 * restart mid-purchase and two concurrent poll runs, never placing twice.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PartnerPurchasesIT {

  static final String BASE = "/agent/v2/commerce/partner/purchases";
  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SINGLE = "prod_aecc96e30d0fbb41";
  static final String SINGLE_SKU = "LUM-EXF-0001-100ML";
  static final String MULTI = "prod_f4e9d8a708e388ed";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;
  private String buyer;
  private JMXConnector jmxConnector;
  private MBeanServerConnection jmx;

  @BeforeEach
  void setUp() throws Exception {
    http = new Http(base).awaitReady();
    agent = Agents.register(http);
    buyer = TestIssuer.token("partner-buyer-" + UUID.randomUUID());
    jmxConnector = Jmx.connect(base);
    jmx = jmxConnector.getMBeanServerConnection();
    Agents.sql("DELETE FROM sandbox_partner_faults");
  }

  @AfterEach
  void tearDown() throws Exception {
    Agents.sql("DELETE FROM sandbox_partner_faults");
    poller("start");
    jmxConnector.close();
  }

  private Object poller(String operation) throws Exception {
    return jmx.invoke(
        new ObjectName("org.agentcommerce:type=PartnerPoller"), operation, null, null);
  }

  private String[] as(Agents.Registered a, String token) {
    return new String[] {"X-API-Key", a.apiKey(), "X-Agent-User-JWT", token};
  }

  private String[] me() {
    return as(agent, buyer);
  }

  private static long count(String sql, Object... args) {
    return ((Number) Agents.query(sql, args)).longValue();
  }

  /** A create body for one unit of the single-variant product at its price. */
  private JsonObjectBuilder body(String key) {
    JsonObject s = selection(SINGLE, Json.createValue(1));
    return Json.createObjectBuilder()
        .add("idempotency_key", key)
        .add("merchant_id", LUMEN)
        .add("product_id", SINGLE)
        .add("sku", s.getString("sku"))
        .add("quantity", 1)
        .add("expected_unit_price_minor", s.getJsonNumber("unit_price_minor").longValue())
        .add("expected_currency", s.getString("currency"))
        .add(
            "contact",
            Json.createObjectBuilder().add("email", "ada@example.com").add("name", "Ada Lovelace"))
        .add(
            "shipping_address",
            Json.createObjectBuilder()
                .add("name", "Ada Lovelace")
                .add("address_line1", "1 Analytical Way")
                .add("city", "London")
                .add("postal_code", "N1 9GU")
                .add("country", "GB"));
  }

  private Http.Answer prepare(String product, String field, JsonValue value) {
    return http.post(
        BASE + "/prepare",
        Json.createObjectBuilder()
            .add("merchant_id", LUMEN)
            .add("product_id", product)
            .add(field, value)
            .build()
            .toString(),
        me());
  }

  private JsonObject selection(String product, JsonValue selector) {
    Http.Answer a = prepare(product, "selector", selector);
    assertEquals(200, a.status(), a::toString);
    return a.json().getJsonObject("selection");
  }

  private JsonObject create(JsonObject body) {
    Http.Answer a = http.post(BASE, body.toString(), me());
    assertEquals(202, a.status(), a::toString);
    return a.json();
  }

  private JsonObject read(String id) {
    Http.Answer a = http.get(BASE + "/" + id, me());
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private JsonObject await(String id, Predicate<JsonObject> done) {
    long deadline = System.currentTimeMillis() + 45_000;
    while (true) {
      JsonObject p = read(id);
      if (done.test(p)) {
        return p;
      }
      assertTrue(System.currentTimeMillis() < deadline, () -> "never got there: " + p);
      sleep(200);
    }
  }

  private static String attempt(String id) {
    return (String) Agents.query("SELECT place_attempt_id FROM partner_purchases WHERE id = ?", id);
  }

  /** Orders the partner holds for the purchase's checkout, under any key. */
  private static long partnerOrders(String id) {
    return count(
        "SELECT COUNT(*) FROM sandbox_partner_orders o JOIN partner_purchases p ON"
            + " o.checkout_id = p.partner_checkout_id WHERE p.id = ?",
        id);
  }

  private static long partnerRequests(String operation, String reference) {
    return count(
        "SELECT COUNT(*) FROM sandbox_partner_requests WHERE operation = ? AND reference = ?",
        operation,
        reference);
  }

  /**
   * Stops this node's poller and waits until no step is under way (no lease held, nothing written
   * for a while), so that counting whole tables measures only what the test itself does: the
   * previous test's tearDown restarted the poller, and its purchases may still be due.
   */
  private void quiet() throws Exception {
    poller("stop");
    long deadline = System.nanoTime() + 30_000_000_000L;
    long last = -1;
    while (true) {
      long now = writesEverywhere();
      boolean leased =
          count("SELECT COUNT(*) FROM partner_purchases WHERE lease_until > CURRENT_TIMESTAMP(6)")
              > 0;
      if (!leased && now == last) {
        return;
      }
      assertTrue(System.nanoTime() < deadline, "the partner poller did not come to rest");
      last = now;
      Thread.sleep(300);
    }
  }

  private static long writesEverywhere() {
    long n = 0;
    for (String table :
        List.of(
            "partner_purchases",
            "sandbox_partner_requests",
            "sandbox_partner_quotes",
            "sandbox_partner_checkouts",
            "sandbox_partner_orders",
            "idempotency_records",
            "buyer_aliases",
            "domain_events",
            "orders")) {
      n += count("SELECT COUNT(*) FROM " + table);
    }
    return n;
  }

  /** Purchases of other tests wait a day, so that a fault or a run meets only these. */
  private static void parkAllBut(List<String> ids) {
    Agents.sql(
        "UPDATE partner_purchases SET next_attempt_at = TIMESTAMPADD(DAY, 1, CURRENT_TIMESTAMP(6))"
            + " WHERE status IN ('resolving','quoted','checkout_created','placed') AND id NOT IN ('"
            + String.join("','", ids)
            + "')");
  }

  private static void unpark() {
    Agents.sql(
        "UPDATE partner_purchases SET next_attempt_at = CURRENT_TIMESTAMP(6) WHERE next_attempt_at"
            + " > TIMESTAMPADD(HOUR, 1, CURRENT_TIMESTAMP(6))");
  }

  @Test
  void everyPartnerRouteNeedsAVerifiedBuyerToken() {
    String[] keyOnly = {"X-API-Key", agent.apiKey()};
    String body = body("k-" + UUID.randomUUID()).build().toString();
    List<Http.Answer> answers =
        List.of(
            http.post(
                BASE + "/prepare",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"product_id\":\""
                    + SINGLE
                    + "\",\"selector\":1}",
                keyOnly),
            http.post(BASE, body, keyOnly),
            http.get(BASE, keyOnly),
            http.get(BASE + "/ppur_0123456789abcdef01234567", keyOnly),
            http.post(BASE + "/ppur_0123456789abcdef01234567/resume", body, keyOnly),
            http.post(BASE + "/recover", body, keyOnly));
    for (Http.Answer a : answers) {
      assertEquals(401, a.status(), a::toString);
      assertEquals("USER_AUTH_REQUIRED", a.json().getJsonObject("detail").getString("error"));
    }
  }

  @Test
  void prepareResolvesANumericSelectorToExactlyOneLiveSkuAndWritesNothing() throws Exception {
    quiet();
    long before = writesEverywhere();
    long partnerBefore = count("SELECT COUNT(*) FROM sandbox_partner_requests");

    JsonObject second = selection(MULTI, Json.createValue(2));
    assertEquals("DMV-CLN-0014-150ML", second.getString("sku"));
    assertEquals(MULTI, second.getString("product_id"));
    assertTrue(second.getJsonNumber("unit_price_minor").longValue() > 0);
    JsonObject bySku = bySku(MULTI, "DMV-CLN-0014-150ML");
    assertEquals(second.getString("variant_id"), bySku.getString("variant_id"));

    // a numeric selector is never a SKU key, nor a SKU key a position; past the variants: none
    assertEquals(
        422,
        http.post(
                BASE + "/prepare",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"product_id\":\""
                    + MULTI
                    + "\",\"selector\":\"2\"}",
                me())
            .status());
    assertRefused(MULTI, "sku", Json.createValue("2"), "unknown_sku");
    assertRefused(MULTI, "selector", Json.createValue(5), "no_such_position");
    // a SKU that names two variants is not exactly one
    Agents.sql(
        "UPDATE variants SET sku = 'DMV-CLN-0014-50ML' WHERE product_id = ? AND sku ="
            + " 'DMV-CLN-0014-400ML'",
        MULTI);
    try {
      assertRefused(MULTI, "selector", Json.createValue(1), "ambiguous_sku");
      assertRefused(MULTI, "sku", Json.createValue("DMV-CLN-0014-50ML"), "ambiguous_sku");
    } finally {
      Agents.sql(
          "UPDATE variants SET sku = 'DMV-CLN-0014-400ML' WHERE product_id = ? AND position = 4",
          MULTI);
    }
    for (String bad :
        List.of(
            "1.5", "0", "-2", "null", "\"\"", "true", "[1]", "1,\"sku\":\"DMV-CLN-0014-50ML\"")) {
      Http.Answer a =
          http.post(
              BASE + "/prepare",
              "{\"merchant_id\":\""
                  + LUMEN
                  + "\",\"product_id\":\""
                  + MULTI
                  + "\",\"selector\":"
                  + bad
                  + "}",
              me());
      assertEquals(422, a.status(), () -> bad + " " + a);
    }
    assertEquals(before, writesEverywhere());
    assertEquals(partnerBefore, count("SELECT COUNT(*) FROM sandbox_partner_requests"));
  }

  private JsonObject bySku(String product, String sku) {
    Http.Answer a = prepare(product, "sku", Json.createValue(sku));
    assertEquals(200, a.status(), a::toString);
    return a.json().getJsonObject("selection");
  }

  private void assertRefused(String product, String field, JsonValue selector, String reason) {
    Http.Answer a = prepare(product, field, selector);
    assertEquals(409, a.status(), a::toString);
    assertEquals("SELECTION_REFUSED", a.json().getJsonObject("detail").getString("error"));
    assertEquals(reason, a.json().getJsonObject("detail").getString("reason"));
  }

  @Test
  void createFixesOurPriceAnswersAtOnceWithoutCallingThePartnerAndIsIdempotentForever()
      throws Exception {
    poller("stop");
    long partnerBefore = count("SELECT COUNT(*) FROM sandbox_partner_requests");
    String key = "buy-" + UUID.randomUUID();
    JsonObject body = body(key).build();
    long price = body.getJsonNumber("expected_unit_price_minor").longValue();

    Http.Answer stale =
        http.post(
            BASE,
            Json.createObjectBuilder(body)
                .add("expected_unit_price_minor", price - 1)
                .build()
                .toString(),
            me());
    assertEquals(409, stale.status(), stale::toString);
    assertEquals("price_changed", stale.json().getJsonObject("detail").getString("error"));
    assertEquals(
        price,
        stale.json().getJsonObject("detail").getJsonNumber("current_unit_price_minor").longValue());
    Http.Answer otherCurrency =
        http.post(
            BASE,
            Json.createObjectBuilder(body).add("expected_currency", "JPY").build().toString(),
            me());
    assertEquals(409, otherCurrency.status(), otherCurrency::toString);
    assertEquals("price_changed", otherCurrency.json().getJsonObject("detail").getString("error"));
    assertEquals(0, count("SELECT COUNT(*) FROM partner_purchases WHERE idempotency_key = ?", key));

    JsonObject opened = create(body);
    String id = opened.getString("purchase_id");
    assertTrue(id.matches("rp_[0-9a-f]{24}"), id);
    assertEquals("resolving", opened.getString("status"));
    assertTrue(opened.getInt("poll_after_seconds") >= 1);
    assertEquals(price, opened.getJsonNumber("total_minor").longValue());
    assertEquals("none", opened.getString("dispatch"));

    Http.Answer again = http.post(BASE, body.toString(), me());
    assertEquals(202, again.status(), again::toString);
    assertEquals(id, again.json().getString("purchase_id"));
    assertEquals("true", again.header("Idempotent-Replayed").orElse(null));

    // months later the key still answers: keys never expire
    Agents.sql(
        "UPDATE partner_purchases SET created_at = TIMESTAMPADD(DAY, -400, created_at) WHERE id = ?",
        id);
    assertEquals(id, create(body).getString("purchase_id"));

    Http.Answer conflict =
        http.post(BASE, Json.createObjectBuilder(body).add("quantity", 2).build().toString(), me());
    assertEquals(409, conflict.status(), conflict::toString);
    assertEquals(
        "idempotency_conflict", conflict.json().getJsonObject("detail").getString("error"));

    // the same key is another purchase for another buyer of the agent
    String otherBuyer = TestIssuer.token("partner-other-" + UUID.randomUUID());
    Http.Answer theirs = http.post(BASE, body.toString(), as(agent, otherBuyer));
    assertEquals(202, theirs.status(), theirs::toString);
    assertNotEquals(id, theirs.json().getString("purchase_id"));

    for (JsonObject invalid :
        List.of(
            Json.createObjectBuilder(body).add("quantity", 0).build(),
            Json.createObjectBuilder(body).add("expected_currency", "usd").build(),
            Json.createObjectBuilder(body).remove("contact").build(),
            Json.createObjectBuilder(body).add("idempotency_key", "").build())) {
      assertEquals(422, http.post(BASE, invalid.toString(), me()).status(), invalid::toString);
    }
    assertEquals(partnerBefore, count("SELECT COUNT(*) FROM sandbox_partner_requests"));
  }

  @Test
  void idempotencyKeysCompareByteForByte() throws Exception {
    poller("stop");
    String key = "Kx-" + UUID.randomUUID();
    String upper = create(body(key).build()).getString("purchase_id");
    for (String other : List.of(key.toLowerCase(java.util.Locale.ROOT), key + " ")) {
      Http.Answer a = http.post(BASE, body(other).build().toString(), me());
      assertEquals(202, a.status(), a::toString);
      assertTrue(a.header("Idempotent-Replayed").isEmpty(), () -> other + " replayed " + a);
      assertNotEquals(upper, a.json().getString("purchase_id"), other);
    }
    assertEquals(upper, create(body(key).build()).getString("purchase_id"));
  }

  @Test
  void numbersInTheCreateBodyAreExactIntegersNeverNarrowed() throws Exception {
    poller("stop");
    long before = count("SELECT COUNT(*) FROM partner_purchases");
    JsonObject body = body("exact-" + UUID.randomUUID()).build();
    long price = body.getJsonNumber("expected_unit_price_minor").longValue();
    java.math.BigInteger twoTo64 = java.math.BigInteger.ONE.shiftLeft(64);
    List<Object[]> cases =
        List.of(
            new Object[] {"quantity", new java.math.BigDecimal("4294967297")},
            new Object[] {"quantity", new java.math.BigDecimal("1.9")},
            new Object[] {"quantity", new java.math.BigDecimal("1e400")},
            new Object[] {"quantity", new java.math.BigDecimal("99999999999999999999999")},
            new Object[] {"quantity", "1"},
            new Object[] {
              "expected_unit_price_minor",
              new java.math.BigDecimal(twoTo64.add(java.math.BigInteger.valueOf(price)))
            },
            new Object[] {"expected_unit_price_minor", new java.math.BigDecimal("1e400")},
            new Object[] {
              "expected_unit_price_minor",
              new java.math.BigDecimal(price).add(new java.math.BigDecimal("0.5"))
            });
    for (Object[] c : cases) {
      JsonObjectBuilder b = Json.createObjectBuilder(body);
      if (c[1] instanceof String str) {
        b.add((String) c[0], str);
      } else {
        b.add((String) c[0], (java.math.BigDecimal) c[1]);
      }
      String sent = b.build().toString();
      Http.Answer a = http.post(BASE, sent, me());
      assertEquals(422, a.status(), () -> sent + " -> " + a);
      JsonObject first = a.json().getJsonArray("detail").getJsonObject(0);
      assertEquals("body", first.getJsonArray("loc").getString(0), a::toString);
      assertEquals(c[0], first.getJsonArray("loc").getString(1), a::toString);
    }
    assertEquals(before, count("SELECT COUNT(*) FROM partner_purchases"));
    // an exact integer written with a fraction of zero is still that integer
    assertEquals(
        202,
        http.post(
                BASE,
                Json.createObjectBuilder(body)
                    .add("quantity", new java.math.BigDecimal("1.0"))
                    .build()
                    .toString(),
                me())
            .status());
  }

  @Test
  void anotherAgentOrBuyerSeesNoneOfThemAndListsAreOwnerScoped() throws Exception {
    poller("stop");
    JsonObject body = body("mine-" + UUID.randomUUID()).build();
    String id = create(body).getString("purchase_id");
    String otherBuyer = TestIssuer.token("partner-stranger-" + UUID.randomUUID());
    Agents.Registered otherAgent = Agents.register(http);
    for (String[] stranger : List.of(as(agent, otherBuyer), as(otherAgent, buyer))) {
      Http.Answer get = http.get(BASE + "/" + id, stranger);
      assertEquals(404, get.status(), get::toString);
      assertEquals("PURCHASE_NOT_FOUND", get.json().getJsonObject("detail").getString("error"));
      assertEquals(404, http.post(BASE + "/" + id + "/resume", body.toString(), stranger).status());
      assertEquals(404, http.post(BASE + "/recover", body.toString(), stranger).status());
      JsonObject list = http.get(BASE, stranger).json();
      assertTrue(
          list.getJsonArray("purchases").stream()
              .noneMatch(p -> p.asJsonObject().getString("purchase_id").equals(id)));
    }
    JsonObject mine = http.get(BASE + "?limit=1", me()).json();
    assertEquals(id, mine.getJsonArray("purchases").getJsonObject(0).getString("purchase_id"));
    assertEquals(1, mine.getJsonObject("pagination").getInt("total_count"));
    assertEquals(422, http.get(BASE + "?limit=0", me()).status());
    assertEquals(422, http.get(BASE + "?limit=101", me()).status());
    for (String blank : List.of("%00", "%20", "%09")) {
      Http.Answer a = http.get(BASE + "?limit=" + blank, me());
      assertEquals(422, a.status(), () -> blank + " -> " + a);
      assertEquals(
          "limit",
          a.json().getJsonArray("detail").getJsonObject(0).getJsonArray("loc").getString(1));
    }
    assertEquals(
        50, http.get(BASE + "?limit=", me()).json().getJsonObject("pagination").getInt("limit"));
    assertEquals(200, http.get(BASE + "?limit=100", me()).status());
  }

  @Test
  void thePollerDrivesAPurchaseToCompletedThroughAPartnerOutage() {
    Agents.sql(
        "INSERT INTO sandbox_partner_faults (operation, latency_ms, outage, fail_next,"
            + " lose_answer_next) VALUES ('*', 0, 1, 0, 0)");
    String id = create(body("outage-" + UUID.randomUUID()).build()).getString("purchase_id");
    long deadline = System.currentTimeMillis() + 30_000;
    while (count("SELECT attempts FROM partner_purchases WHERE id = ?", id) < 2) {
      assertTrue(System.currentTimeMillis() < deadline, "the poller never tried");
      sleep(200);
    }
    JsonObject waiting = read(id);
    assertEquals("resolving", waiting.getString("status"));
    assertTrue(
        count(
                "SELECT COUNT(*) FROM sandbox_partner_requests WHERE operation = 'quote'"
                    + " AND reference = ?",
                SINGLE_SKU)
            >= 2);
    Agents.sql("DELETE FROM sandbox_partner_faults");
    // the backoff may be a few seconds by now; the purchase gets there without any nudge
    JsonObject done = await(id, p -> p.getString("status").equals("completed"));
    assertEquals("confirmed", done.getString("dispatch"));
    assertNotNull(done.getString("partner_order_id"));
    assertTrue(done.isNull("poll_after_seconds"));
    String attempt = attempt(id);
    assertEquals(
        1, count("SELECT COUNT(*) FROM sandbox_partner_orders WHERE idempotency_key = ?", attempt));
    assertEquals(1, partnerRequests("place", attempt));
  }

  @Test
  void aPlaceCallWhoseAnswerIsLostIsLookedUpNotSentAgain() throws Exception {
    poller("stop");
    String id = create(body("lost-" + UUID.randomUUID()).build()).getString("purchase_id");
    String attempt = attempt(id);
    parkAllBut(List.of(id)); // the fault is this purchase's
    Agents.sql(
        "INSERT INTO sandbox_partner_faults (operation, latency_ms, outage, fail_next,"
            + " lose_answer_next) VALUES ('place', 0, 0, 0, 1)");
    poller("start");
    JsonObject done;
    try {
      done = await(id, p -> p.getString("status").equals("completed"));
    } finally {
      unpark();
    }
    assertEquals(
        0, count("SELECT lose_answer_next FROM sandbox_partner_faults WHERE operation = 'place'"));
    assertEquals("confirmed", done.getString("dispatch"));
    assertEquals(1, partnerRequests("place", attempt));
    assertTrue(partnerRequests("lookup", attempt) >= 1, "the attempt was not looked up");
    assertEquals(
        1, count("SELECT COUNT(*) FROM sandbox_partner_orders WHERE idempotency_key = ?", attempt));
    assertEquals(1, partnerOrders(id));
    assertEquals(
        done.getString("partner_order_id"),
        Agents.query("SELECT id FROM sandbox_partner_orders WHERE idempotency_key = ?", attempt));
  }

  @Test
  void theGiveUpRuleFailsOnlyPurchasesWhosePlaceCallNeverWentOut() throws Exception {
    poller("stop");
    Agents.sql(
        "INSERT INTO sandbox_partner_faults (operation, latency_ms, outage, fail_next,"
            + " lose_answer_next) VALUES ('*', 0, 1, 0, 0)");
    String tired = create(body("tired-" + UUID.randomUUID()).build()).getString("purchase_id");
    String old = create(body("old-" + UUID.randomUUID()).build()).getString("purchase_id");
    String sent = create(body("sent-" + UUID.randomUUID()).build()).getString("purchase_id");
    // one attempt short of ac.partner.max-attempts (8); past ac.partner.give-up-after; and one
    // whose place call went out without an answer, past both
    Agents.sql("UPDATE partner_purchases SET attempts = 7 WHERE id = ?", tired);
    Agents.sql(
        "UPDATE partner_purchases SET give_up_at = TIMESTAMPADD(SECOND, -1,"
            + " CURRENT_TIMESTAMP(6)) WHERE id = ?",
        old);
    Agents.sql(
        "UPDATE partner_purchases SET status = 'checkout_created', dispatch = 'unknown',"
            + " partner_checkout_id = 'spc_none', attempts = 7, give_up_at = TIMESTAMPADD(SECOND,"
            + " -1, CURRENT_TIMESTAMP(6)) WHERE id = ?",
        sent);
    poller("runOnce");
    JsonObject a = read(tired);
    assertEquals("failed", a.getString("status"));
    assertEquals("partner_unavailable", a.getString("failure_reason"));
    JsonObject b = read(old);
    assertEquals("failed", b.getString("status"));
    assertEquals("gave_up", b.getString("failure_reason"));
    JsonObject c = read(sent);
    assertEquals("checkout_created", c.getString("status"));
    assertEquals("unknown", c.getString("dispatch"));
    assertTrue(c.getInt("poll_after_seconds") >= 1);
    assertEquals(0, partnerRequests("place", attempt(sent)));
    assertTrue(partnerRequests("lookup", attempt(sent)) >= 1);
    Agents.sql("UPDATE partner_purchases SET status = 'failed' WHERE id = ?", sent);
  }

  @Test
  void aMalformedPlaceAnswerIsLookedUpNeverFailedEvenOnTheLastAttempt() throws Exception {
    poller("stop");
    String id = create(body("malformed-" + UUID.randomUUID()).build()).getString("purchase_id");
    String attempt = attempt(id);
    parkAllBut(List.of(id));
    try {
      // quote and checkout go through; the place call meets an outage (nothing placed)
      Agents.sql(
          "INSERT INTO sandbox_partner_faults (operation, latency_ms, outage, fail_next,"
              + " lose_answer_next) VALUES ('place', 0, 1, 0, 0)");
      poller("runOnce");
      assertEquals("checkout_created", read(id).getString("status"));
      assertEquals(0, partnerOrders(id));
      // the last attempt ac.partner.max-attempts (8) allows; the partner places the order and
      // answers 200 without its order id
      Agents.sql(
          "UPDATE sandbox_partner_faults SET outage = 0, malformed_next = 1 WHERE operation ="
              + " 'place'");
      Agents.sql(
          "UPDATE partner_purchases SET dispatch = 'none', attempts = 7, next_attempt_at ="
              + " CURRENT_TIMESTAMP(6) WHERE id = ?",
          id);
      poller("runOnce");
      JsonObject after = read(id);
      assertEquals("checkout_created", after.getString("status"), after::toString);
      assertEquals("unknown", after.getString("dispatch"), after::toString);
      assertEquals(1, partnerOrders(id));
      Agents.sql(
          "UPDATE partner_purchases SET next_attempt_at = CURRENT_TIMESTAMP(6) WHERE id = ?", id);
      poller("start");
      JsonObject done = await(id, p -> p.getString("status").equals("completed"));
      assertEquals("confirmed", done.getString("dispatch"));
      // the outage's call and the malformed one; after that only lookups
      assertEquals(2, partnerRequests("place", attempt));
      assertTrue(partnerRequests("lookup", attempt) >= 1);
      assertEquals(1, partnerOrders(id));
    } finally {
      unpark();
    }
  }

  @Test
  void theSandboxPartnerRefusesAnonymousCallersWhilePurchasesComplete() {
    for (String[] call :
        List.of(
            new String[] {"POST", "/sandbox/partner/v1/quotes"},
            new String[] {"GET", "/sandbox/partner/v1/orders?idempotency_key=x"},
            new String[] {"GET", "/sandbox/partner/v1/orders/spo_x"})) {
      Http.Answer a =
          call[0].equals("GET")
              ? http.get(call[1])
              : http.post(
                  call[1],
                  Json.createObjectBuilder()
                      .add("merchant_id", LUMEN)
                      .add("sku", SINGLE_SKU)
                      .add("quantity", 1)
                      .add("currency", "USD")
                      .build()
                      .toString());
      assertEquals(401, a.status(), () -> call[1] + " -> " + a);
      if (call[0].equals("GET")) {
        Http.Answer wrong = http.get(call[1], "Authorization", "Bearer guess");
        assertEquals(401, wrong.status(), () -> call[1] + " -> " + wrong);
      }
    }
    String id = create(body("keyed-" + UUID.randomUUID()).build()).getString("purchase_id");
    assertEquals(
        "completed", await(id, p -> p.getString("status").equals("completed")).getString("status"));
  }

  @Test
  void aRestartMidPlacementIsPickedUpByAnotherRunWithoutPlacingTwice() throws Exception {
    poller("stop");
    String id = create(body("restart-" + UUID.randomUUID()).build()).getString("purchase_id");
    String attempt = attempt(id);
    // the partner takes 4 s to place: the place call is under way when the node "dies"
    Agents.sql(
        "INSERT INTO sandbox_partner_faults (operation, latency_ms, outage, fail_next,"
            + " lose_answer_next) VALUES ('place', 4000, 0, 0, 0)");
    poller("start");
    long deadline = System.currentTimeMillis() + 30_000;
    while (count("SELECT COUNT(*) FROM partner_purchases WHERE id = ? AND dispatch = 'sent'", id)
        == 0) {
      assertTrue(System.currentTimeMillis() < deadline, "the place call never went out");
      sleep(100);
    }
    // the node goes down: its polling stops, and its lease runs out without being renewed
    poller("stop");
    Agents.sql(
        "UPDATE partner_purchases SET lease_until = TIMESTAMPADD(SECOND, -1, CURRENT_TIMESTAMP(6))"
            + " WHERE id = ?",
        id);
    assertEquals("checkout_created", read(id).getString("status"));
    // another run picks it up: it looks the attempt up, then sends the same attempt id
    int steps = (Integer) poller("runOnce");
    assertTrue(steps >= 1, "no step taken");
    assertTrue(partnerRequests("lookup", attempt) >= 1, "the attempt was not looked up");
    poller("start");
    JsonObject done = await(id, p -> p.getString("status").equals("completed"));
    assertNotNull(done.getString("partner_order_id"));
    sleep(4500); // the first run's call has come back by now, and changed nothing
    assertEquals(
        1, count("SELECT COUNT(*) FROM sandbox_partner_orders WHERE idempotency_key = ?", attempt));
    assertEquals(1, partnerOrders(id));
    assertEquals(
        1,
        count("SELECT COUNT(DISTINCT partner_order_id) FROM partner_purchases WHERE id = ?", id));
    assertEquals("completed", read(id).getString("status"));
  }

  @Test
  void twoConcurrentPollRunsNeverDriveOnePurchaseTogether() throws Exception {
    poller("stop");
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ids.add(create(body("race-" + i + "-" + UUID.randomUUID()).build()).getString("purchase_id"));
    }
    Agents.sql(
        "INSERT INTO sandbox_partner_faults (operation, latency_ms, outage, fail_next,"
            + " lose_answer_next) VALUES ('*', 150, 0, 0, 0)");
    parkAllBut(ids); // the two runs have only these to race over
    ExecutorService pool = Executors.newFixedThreadPool(2);
    int steps = 0;
    try {
      List<Future<Object>> runs = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        runs.add(pool.submit(() -> poller("runOnce")));
      }
      for (Future<Object> run : runs) {
        steps += (Integer) run.get();
      }
    } finally {
      pool.shutdownNow();
    }
    unpark();
    // quote, checkout and place for each purchase: each step taken by exactly one run
    assertEquals(3 * ids.size(), steps);
    for (String id : ids) {
      String attempt = attempt(id);
      assertEquals("placed", read(id).getString("status"));
      assertEquals(1, partnerRequests("place", attempt), id);
      assertEquals(1, partnerOrders(id), id);
      assertEquals(
          1,
          count("SELECT COUNT(*) FROM sandbox_partner_orders WHERE idempotency_key = ?", attempt));
      assertEquals(
          1,
          count(
              "SELECT COUNT(*) FROM sandbox_partner_requests WHERE operation = 'checkout' AND"
                  + " reference LIKE ?",
              id + "-checkout-%"));
    }
  }

  @Test
  void resumeReentersContactOnceAndNeverReplacesTheRequest() throws Exception {
    poller("stop");
    JsonObject body = body("resume-" + UUID.randomUUID()).build();
    String id = create(body).getString("purchase_id");
    Agents.sql(
        "UPDATE partner_purchases SET contact_expires_at = TIMESTAMPADD(SECOND, -1,"
            + " CURRENT_TIMESTAMP(6)) WHERE id = ?",
        id);
    poller("runOnce");
    JsonObject waiting = read(id);
    assertEquals("awaiting_contact", waiting.getString("status"));
    assertTrue(waiting.isNull("poll_after_seconds"));
    assertEquals(
        0,
        count(
            "SELECT COUNT(*) FROM sandbox_partner_requests WHERE operation = 'checkout' AND reference LIKE ?",
            id + "-%"));

    JsonObject otherContact =
        Json.createObjectBuilder(body)
            .add("contact", Json.createObjectBuilder().add("email", "mallory@example.com"))
            .build();
    Http.Answer replaced = http.post(BASE + "/" + id + "/resume", otherContact.toString(), me());
    assertEquals(409, replaced.status(), replaced::toString);
    assertEquals("request_mismatch", replaced.json().getJsonObject("detail").getString("error"));
    assertEquals("awaiting_contact", read(id).getString("status"));

    Http.Answer accepted = http.post(BASE + "/" + id + "/resume", body.toString(), me());
    assertEquals(202, accepted.status(), accepted::toString);
    assertEquals("true", accepted.header("Contact-Renewed").orElse(null));
    assertEquals("quoted", accepted.json().getString("status"));
    String clock = accepted.json().getString("contact_expires_at");
    sleep(1100);
    Http.Answer repeated = http.post(BASE + "/" + id + "/resume", body.toString(), me());
    assertEquals(202, repeated.status(), repeated::toString);
    assertEquals("false", repeated.header("Contact-Renewed").orElse(null));
    assertEquals(clock, repeated.json().getString("contact_expires_at"));

    poller("runOnce");
    assertEquals("placed", read(id).getString("status"));
    Http.Answer whilePlaced = http.post(BASE + "/" + id + "/resume", body.toString(), me());
    assertEquals(202, whilePlaced.status(), whilePlaced::toString);
    assertEquals("false", whilePlaced.header("Contact-Renewed").orElse(null));
    assertEquals(clock, whilePlaced.json().getString("contact_expires_at"));
    // a row whose place call may be at the partner is never rehydrated
    Agents.sql(
        "UPDATE partner_purchases SET status = 'checkout_created', dispatch = 'unknown' WHERE id = ?",
        id);
    Http.Answer afterDispatch = http.post(BASE + "/" + id + "/resume", body.toString(), me());
    assertEquals(409, afterDispatch.status(), afterDispatch::toString);
    assertEquals(
        "PURCHASE_NOT_RESUMABLE", afterDispatch.json().getJsonObject("detail").getString("error"));
    Agents.sql("UPDATE partner_purchases SET status = 'completed' WHERE id = ?", id);
    Http.Answer terminal = http.post(BASE + "/" + id + "/resume", body.toString(), me());
    assertEquals(409, terminal.status(), terminal::toString);
    assertEquals("PURCHASE_TERMINAL", terminal.json().getJsonObject("detail").getString("error"));

    // a legacy row (an older fingerprint format) cannot be rehydrated either
    JsonObject legacyBody = body("legacy-" + UUID.randomUUID()).build();
    String legacy = create(legacyBody).getString("purchase_id");
    Agents.sql("UPDATE partner_purchases SET fingerprint_version = 0 WHERE id = ?", legacy);
    Http.Answer old = http.post(BASE + "/" + legacy + "/resume", legacyBody.toString(), me());
    assertEquals(409, old.status(), old::toString);
    assertEquals("PURCHASE_NOT_RESUMABLE", old.json().getJsonObject("detail").getString("error"));
    Http.Answer uncertain = http.post(BASE + "/recover", legacyBody.toString(), me());
    assertEquals(409, uncertain.status(), uncertain::toString);
    assertFalse(uncertain.json().getJsonObject("detail").getBoolean("create_permitted"));
  }

  @Test
  void recoverIsReadOnlyOnANodeWhereCreateIsDisabledWhosePollerTakesOverFromAStoppedNode()
      throws Exception {
    quiet();
    JsonObject body = body("recover-" + UUID.randomUUID()).build();
    String id = create(body).getString("purchase_id");
    JsonObject never = body("never-" + UUID.randomUUID()).build();
    parkAllBut(List.of()); // the other node's poller leaves the rows alone while recover is counted
    try (SecondNode node =
        SecondNode.start(Deployments.builtWar(), "-Dac.partner.create-enabled=false")) {
      Http other = new Http(node.base());
      // A node of the built WAR with options of its own serves the shared server's document byte
      // for byte: what lets the contract guard read it from one node per WAR (ContractGuard).
      String shared = http.openApiDocument();
      String there = other.openApiDocument();
      if (!shared.equals(there)) {
        java.nio.file.Files.writeString(
            java.nio.file.Path.of("target/openapi-shared.json"), shared);
        java.nio.file.Files.writeString(java.nio.file.Path.of("target/openapi-node.json"), there);
      }
      assertTrue(shared.equals(there), "the same OpenAPI document (target/openapi-*.json)");
      long before = writesEverywhere();
      Http.Answer found = other.post(BASE + "/recover", body.toString(), me());
      assertEquals(200, found.status(), found::toString);
      assertEquals(id, found.json().getString("purchase_id"));
      Http.Answer missing = other.post(BASE + "/recover", never.toString(), me());
      assertEquals(404, missing.status(), missing::toString);
      assertFalse(missing.json().getJsonObject("detail").getBoolean("create_permitted"));
      Http.Answer mismatch =
          other.post(
              BASE + "/recover",
              Json.createObjectBuilder(body).add("quantity", 3).build().toString(),
              me());
      assertEquals(409, mismatch.status(), mismatch::toString);
      assertEquals(
          "idempotency_conflict", mismatch.json().getJsonObject("detail").getString("error"));
      assertEquals(before, writesEverywhere());
      Http.Answer disabled = other.post(BASE, never.toString(), me());
      assertEquals(503, disabled.status(), disabled::toString);
      assertEquals(
          "PARTNER_CREATE_DISABLED", disabled.json().getJsonObject("detail").getString("error"));
      assertEquals(
          0,
          count(
              "SELECT COUNT(*) FROM partner_purchases WHERE idempotency_key = ?",
              never.getString("idempotency_key")));

      // this node's polling is stopped: the other node (create off, poller on) completes it
      Agents.sql(
          "UPDATE partner_purchases SET next_attempt_at = CURRENT_TIMESTAMP(6) WHERE id = ?", id);
      long deadline = System.currentTimeMillis() + 45_000;
      while (!"completed".equals(other.get(BASE + "/" + id, me()).json().getString("status"))) {
        assertTrue(System.currentTimeMillis() < deadline, "the other node never completed it");
        sleep(200);
      }
      assertEquals(1, partnerOrders(id));
    } finally {
      unpark();
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
