package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 38, partner purchases: the origin's clients' six calls with their exact bodies, on the
 * origin's path and on ours, and the members they read (docs/compatibility.md). Our own members
 * stay; a member we cannot honour is a 422 at its location and opens nothing.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PartnerOriginIT {

  static final String ORIGIN = "/agent/v2/commerce/reap/purchases";
  static final String OURS = "/agent/v2/commerce/partner/purchases";
  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String DOMAIN = "lumen-skin.example";
  static final String SINGLE = "prod_aecc96e30d0fbb41";

  /** Our status → the origin's state, and our dispatch → its checkout_dispatch_state. */
  static final Map<String, String> STATE =
      Map.of(
          "resolving", "resolving",
          "quoted", "quoting",
          "checkout_created", "processing",
          "placed", "processing",
          "completed", "completed",
          "failed", "failed");

  static final Map<String, String> DISPATCH =
      Map.of(
          "none", "not_dispatched",
          "sent", "dispatch_started",
          "unknown", "unknown",
          "confirmed", "dispatched",
          "refused", "dispatched");

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;

  /**
   * For the origin's path: it is served but not in the document (it names our path), so the
   * contract guard cannot look its operations up; the same calls on our path are guarded.
   */
  private Http door;

  private String[] me;
  private JMXConnector jmx;

  @BeforeEach
  void agent() throws Exception {
    http = new Http(base).awaitReady();
    door = http.unguarded();
    jmx = Jmx.connect(base);
    Agents.Registered agent = Agents.register(http);
    me =
        new String[] {
          "X-API-Key",
          agent.apiKey(),
          "X-Agent-User-JWT",
          TestIssuer.token("origin-buyer-" + UUID.randomUUID())
        };
  }

  @AfterEach
  void restartThePoller() throws Exception {
    poller("start");
    jmx.close();
  }

  /** Stops or starts this node's partner poller, so that a purchase stays where it was opened. */
  private void poller(String operation) throws Exception {
    jmx.getMBeanServerConnection()
        .invoke(new ObjectName("org.agentcommerce:type=PartnerPoller"), operation, null, null);
  }

  private JsonObject answer(Http.Answer a, int status) {
    assertEquals(status, a.status(), a::toString);
    return a.json();
  }

  /** Our own witness for the single-variant product (its platform variant id and market). */
  private JsonObject ourSelection() {
    return answer(
            http.post(
                OURS + "/prepare",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"product_id\":\""
                    + SINGLE
                    + "\",\"selector\":1}",
                me),
            200)
        .getJsonObject("selection");
  }

  /** The gateway's prepare body: exactly the origin's six members. */
  private JsonObject originPrepare(JsonObject ours) {
    return Json.createObjectBuilder()
        .add("item_source", "cart_link")
        .add("merchant_domain", DOMAIN)
        .add("product_key", SINGLE)
        .add("variant_id", ours.getString("variant_id"))
        .add("quantity", 1)
        .add("market_country", ours.getString("market"))
        .build();
  }

  /** The gateway's create body, built from the witness as it builds it. */
  private JsonObjectBuilder originCreate(JsonObject selection, String key) {
    return Json.createObjectBuilder()
        .add("item_source", "cart_link")
        .add("merchant_domain", selection.getString("merchant_domain"))
        .add("product_key", selection.getString("product_key"))
        .add("variant_key", selection.getString("variant_key"))
        .add("quantity", selection.getInt("quantity"))
        .add("expected_unit_price_minor", selection.getJsonNumber("unit_price_minor").longValue())
        .add("expected_currency", selection.getString("currency"))
        .add(
            "buyer",
            Json.createObjectBuilder()
                .add("email", "ada@example.test")
                .add("name", "Ada Lovelace")
                .add("phone", "+15550100")
                .add("consent_version", "reap-agentic-v1")
                .add(
                    "shipping_address",
                    Json.createObjectBuilder()
                        .add("firstName", "Ada")
                        .add("lastName", "Lovelace")
                        .add("phone", "+15550100")
                        .add("addressLine1", "900 Brannan St")
                        .add("addressLine2", "Suite 400")
                        .add("city", "San Francisco")
                        .add("region", "CA")
                        .add("postalCode", "94103")
                        .add("country", "US")))
        .add("return_url", "https://api.pivota.cc/reap/return")
        .add("idempotency_key", key);
  }

  /** What the origin's clients read from a purchase view, consistent with our own members. */
  private static void assertOriginView(JsonObject v, JsonObject selection) {
    assertEquals(v.getString("purchase_id"), v.getString("id"), v::toString);
    assertTrue(v.getString("id").matches("rp_[0-9a-f]{24}"), v::toString);
    boolean waiting = "awaiting_contact".equals(v.getString("status"));
    if (!waiting) {
      assertEquals(STATE.get(v.getString("status")), v.getString("state"), v::toString);
    }
    assertEquals(waiting, v.getBoolean("contact_reentry_required"), v::toString);
    assertEquals(
        DISPATCH.get(v.getString("dispatch")), v.getString("checkout_dispatch_state"), v::toString);
    assertEquals(DOMAIN, v.getString("merchant_domain"));
    assertEquals(selection.getString("product_key"), v.getString("product_key"));
    assertEquals(selection.getString("variant_key"), v.getString("variant_key"));
    assertEquals(v.getString("sku"), v.getString("variant_key"));
    assertEquals(1, v.getInt("quantity"));
    assertEquals("reap-agentic-v1", v.getString("consent_version"));
    JsonObject totals = v.getJsonObject("totals");
    assertEquals(selection.getString("currency"), totals.getString("currency"), v::toString);
    assertEquals(
        selection.getJsonNumber("unit_price_minor").longValue(),
        totals.getJsonNumber("our_price_minor").longValue());
    assertEquals(JsonValue.NULL, totals.get("quoted_total_minor"), v::toString);
  }

  /** The gateway's prepare, create, replay, get, list, recover and resume, on its own path. */
  @Test
  void theOriginsSixCallsWorkWithItsBodiesOnItsPath() throws Exception {
    poller("stop");
    JsonObject ours = ourSelection();
    JsonObject prepared =
        answer(door.post(ORIGIN + "/prepare", originPrepare(ours).toString(), me), 200);
    JsonObject selection = prepared.getJsonObject("selection");
    assertEquals(SINGLE, selection.getString("product_key"), selection::toString);
    assertEquals(ours.getString("variant_id"), selection.getString("variant_id"));
    assertEquals(ours.getString("sku"), selection.getString("variant_key"));
    assertEquals(DOMAIN, selection.getString("merchant_domain"));
    assertEquals(ours.getString("market"), selection.getString("market"));
    assertEquals(ours.getString("currency"), selection.getString("currency"));
    assertEquals(
        ours.getJsonNumber("unit_price_minor").longValue(),
        selection.getJsonNumber("unit_price_minor").longValue());
    assertEquals(1, selection.getInt("quantity"));
    assertEquals("cart_link", selection.getString("item_source"));
    // the witness is the same on our path
    assertEquals(
        prepared, answer(http.post(OURS + "/prepare", originPrepare(ours).toString(), me), 200));

    String key = "door-" + UUID.randomUUID();
    JsonObject body = originCreate(selection, key).build();
    Http.Answer created = door.post(ORIGIN, body.toString(), me);
    JsonObject opened = answer(created, 202);
    // startPurchase reads purchase_id, status, poll_after_seconds and the two dispatch facts
    String id = opened.getString("purchase_id");
    assertEquals("resolving", opened.getString("status"));
    assertEquals("resolving", opened.getString("state"));
    assertTrue(opened.getInt("poll_after_seconds") >= 1, opened::toString);
    assertEquals("not_dispatched", opened.getString("checkout_dispatch_state"));
    assertFalse(opened.getBoolean("contact_reentry_required"));
    assertOriginView(opened, selection);

    // the same body again (its recovery after a lost answer): the same purchase
    Http.Answer replay = door.post(ORIGIN, body.toString(), me);
    assertEquals(id, answer(replay, 202).getString("purchase_id"));
    assertEquals("true", replay.header("Idempotent-Replayed").orElse(null));
    // our path takes the same body and knows the same purchase
    assertEquals(id, answer(http.post(OURS, body.toString(), me), 202).getString("purchase_id"));

    JsonObject read = answer(door.get(ORIGIN + "/" + id, me), 200);
    assertOriginView(read, selection);
    List<JsonObject> listed =
        answer(door.get(ORIGIN, me), 200).getJsonArray("purchases").getValuesAs(JsonObject.class);
    assertEquals(1, listed.size(), listed::toString);
    assertOriginView(listed.get(0), selection);

    JsonObject recovered = answer(door.post(ORIGIN + "/recover", body.toString(), me), 200);
    assertEquals(id, recovered.getString("id"));
    assertOriginView(recovered, selection);
    JsonObject resumed = answer(door.post(ORIGIN + "/" + id + "/resume", body.toString(), me), 202);
    assertEquals(id, resumed.getString("id"));
    assertOriginView(resumed, selection);

    // the buyer's consent tag is part of the request here: another tag is another request
    JsonObject otherConsent =
        Json.createObjectBuilder(body)
            .add(
                "buyer",
                Json.createObjectBuilder(body.getJsonObject("buyer"))
                    .add("consent_version", "reap-agentic-v2"))
            .build();
    assertEquals(
        "idempotency_conflict",
        answer(door.post(ORIGIN, otherConsent.toString(), me), 409)
            .getJsonObject("detail")
            .getString("error"));
  }

  /** Lower-case detail.error on the origin's path; ours unchanged on ours. */
  /**
   * A key scoped to other merchants learns nothing of who is on a host: the answer for a merchant
   * outside its scope is the answer for a host nobody is on (adversary review, 2026-11-29).
   */
  @Test
  void aScopedKeyCannotLearnWhichMerchantIsOnAHost() {
    Agents.Registered scoped = Agents.register(http, new String[] {"merch_9a3d5e7b1c2f4068"});
    String[] them = {"X-API-Key", scoped.apiKey(), me[2], me[3]};
    JsonObject prepare = originPrepare(ourSelection());
    JsonObject outside = answer(door.post(ORIGIN + "/prepare", prepare.toString(), them), 404);
    JsonObject nobody =
        answer(
            door.post(
                ORIGIN + "/prepare",
                Json.createObjectBuilder(prepare)
                    .add("merchant_domain", "nobody-here.example")
                    .build()
                    .toString(),
                them),
            404);
    assertEquals(
        nobody.getJsonObject("detail").getString("error"),
        outside.getJsonObject("detail").getString("error"));
    assertFalse(outside.toString().contains(LUMEN), outside::toString);
    JsonObject create =
        originCreate(
                answer(door.post(ORIGIN + "/prepare", prepare.toString(), me), 200)
                    .getJsonObject("selection"),
                "scoped-" + UUID.randomUUID())
            .build();
    JsonObject refused = answer(door.post(ORIGIN, create.toString(), them), 404);
    assertFalse(refused.toString().contains(LUMEN), refused::toString);
  }

  @Test
  void theOriginsPathAnswersItsReasonCodesAndOursKeepsOurs() {
    String nobody = "/ppur_0123456789abcdef01234567";
    JsonObject missing = answer(door.get(ORIGIN + nobody, me), 404).getJsonObject("detail");
    assertEquals("purchase_not_found", missing.getString("error"), missing::toString);
    assertEquals("PURCHASE_NOT_FOUND", missing.getString("our_error"));
    assertEquals(
        "PURCHASE_NOT_FOUND",
        answer(http.get(OURS + nobody, me), 404).getJsonObject("detail").getString("error"));
    JsonObject selection =
        answer(door.post(ORIGIN + "/prepare", originPrepare(ourSelection()).toString(), me), 200)
            .getJsonObject("selection");
    String body = originCreate(selection, "never-" + UUID.randomUUID()).build().toString();
    assertEquals(
        "purchase_not_found",
        answer(door.post(ORIGIN + "/recover", body, me), 404)
            .getJsonObject("detail")
            .getString("error"));
    JsonObject noBuyer = answer(door.post(ORIGIN, body, me[0], me[1]), 401).getJsonObject("detail");
    assertEquals("agent_user_required", noBuyer.getString("error"), noBuyer::toString);
    JsonObject stale =
        answer(
                door.post(
                    ORIGIN,
                    originCreate(selection, "stale-" + UUID.randomUUID())
                        .add(
                            "expected_unit_price_minor",
                            selection.getJsonNumber("unit_price_minor").longValue() + 1)
                        .build()
                        .toString(),
                    me),
                409)
            .getJsonObject("detail");
    assertEquals("price_changed", stale.getString("error"), stale::toString);
  }

  /** The served document describes the members the origin's clients send and read. */
  @Test
  void theDocumentDescribesTheOriginsMembers() {
    JsonObject schemas =
        answer(door.get("/agent/v1/openapi.json"), 200)
            .getJsonObject("components")
            .getJsonObject("schemas");
    Map<String, List<String>> wanted =
        Map.of(
            "PartnerPrepareRequest",
            List.of(
                "item_source",
                "merchant_domain",
                "product_key",
                "variant_id",
                "quantity",
                "market_country"),
            "PartnerSelection",
            List.of("product_key", "variant_key", "merchant_domain", "market", "item_source"),
            "PartnerPurchaseRequest",
            List.of(
                "item_source",
                "merchant_domain",
                "product_key",
                "variant_key",
                "offer_code",
                "buyer",
                "return_url"),
            "PartnerOriginBuyer",
            List.of("email", "name", "phone", "consent_version", "shipping_address"),
            "PartnerOriginAddress",
            List.of(
                "firstName",
                "lastName",
                "phone",
                "addressLine1",
                "addressLine2",
                "city",
                "region",
                "postalCode",
                "country"),
            "PartnerPurchase",
            List.of(
                "purchase_id",
                "id",
                "state",
                "totals",
                "checkout_dispatch_state",
                "contact_reentry_required"),
            "PartnerPurchaseTotals",
            List.of("currency", "our_price_minor", "quoted_total_minor", "tax_included"));
    wanted.forEach(
        (name, members) -> {
          JsonObject schema = schemas.getJsonObject(name);
          assertTrue(
              schema != null && schema.containsKey("properties"),
              () ->
                  name
                      + " is not a component with properties: "
                      + schema
                      + " among "
                      + schemas.keySet().stream().filter(k -> k.startsWith("Partner")).toList());
          JsonObject properties = schema.getJsonObject("properties");
          for (String m : members) {
            assertTrue(properties.containsKey(m), () -> name + " lacks " + m + ": " + properties);
          }
        });
    assertFalse(
        schemas
            .getJsonObject("PartnerOriginAddress")
            .getJsonObject("properties")
            .containsKey("first_name"));
  }

  /**
   * Members we cannot honour are refused at their own location and open nothing: an offer code, a
   * body without the expected price (the money path fails closed), a buyer without consent, a
   * return address that is not https, and a member sent together with its alias.
   */
  @Test
  void membersWeCannotHonourAre422AndOpenNothing() {
    JsonObject selection =
        answer(door.post(ORIGIN + "/prepare", originPrepare(ourSelection()).toString(), me), 200)
            .getJsonObject("selection");
    String key = "refused-" + UUID.randomUUID();
    JsonObject body = originCreate(selection, key).build();
    JsonObject buyer = body.getJsonObject("buyer");
    Map<List<String>, JsonObject> cases =
        Map.of(
            List.of("body", "offer_code"),
            Json.createObjectBuilder(body).add("offer_code", "WELCOME10").build(),
            List.of("body", "expected_unit_price_minor"),
            Json.createObjectBuilder(body).remove("expected_unit_price_minor").build(),
            List.of("body", "buyer", "consent_version"),
            Json.createObjectBuilder(body)
                .add("buyer", Json.createObjectBuilder(buyer).remove("consent_version"))
                .build(),
            List.of("body", "return_url"),
            Json.createObjectBuilder(body).add("return_url", "http://door.example/back").build(),
            List.of("body", "merchant_domain"),
            Json.createObjectBuilder(body).add("merchant_id", LUMEN).build(),
            List.of("body", "product_key"),
            Json.createObjectBuilder(body).add("product_key", " ").build(),
            List.of("body", "buyer"),
            Json.createObjectBuilder(body)
                .add("contact", Json.createObjectBuilder().add("email", "ada@example.test"))
                .build());
    for (Map.Entry<List<String>, JsonObject> c : cases.entrySet()) {
      for (String path : List.of(ORIGIN, OURS)) {
        Http.Answer a = (path.equals(ORIGIN) ? door : http).post(path, c.getValue().toString(), me);
        assertEquals(422, a.status(), () -> c.getKey() + " " + a);
        List<String> locs =
            a.json().getJsonArray("detail").getValuesAs(JsonObject.class).stream()
                .map(d -> d.getJsonArray("loc").toString())
                .toList();
        String wanted = Json.createArrayBuilder(c.getKey()).build().toString();
        assertTrue(locs.contains(wanted), () -> wanted + " not in " + a);
      }
    }
    assertEquals(
        0L,
        ((Number)
                Agents.query(
                    "SELECT COUNT(*) FROM partner_purchases WHERE idempotency_key = ?", key))
            .longValue());
  }
}
