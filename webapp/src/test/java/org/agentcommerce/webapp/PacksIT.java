package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Operations packs on MariaDB: the moves draft → validated → published, every validation rule with
 * its code and JSON path, generation from cached rows, other agents and merchant scope.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PacksIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SAKURA = "merch_9a3d5e7b1c2f4068";
  static final String SINGLE = "prod_aecc96e30d0fbb41";
  static final String LUMEN_OFFER = "off_72521bf813e8a7a7"; // SINGLE in the US
  static final String SAKURA_OFFER = "off_ccbef4e00976d1c4";
  static final String CITATION = "cit_17fee71f03ad8a80";

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private Agents.Registered agent;

  @BeforeEach
  void agent() {
    http = new Http(base).awaitReady();
    agent = Agents.register(http);
  }

  private static final String CLAIM =
      "{\"text\":\"Clears blackheads\",\"evidence\":[{\"type\":\"citation\",\"ref\":\""
          + CITATION
          + "\"},{\"type\":\"intel\",\"ref\":\""
          + SINGLE
          + "\"},{\"type\":\"product\",\"ref\":\""
          + SINGLE
          + "\"}]}";
  private static final String RECOMMENDATION =
      "{\"offer_id\":\""
          + LUMEN_OFFER
          + "\",\"product_id\":\""
          + SINGLE
          + "\",\"claims\":["
          + CLAIM
          + "]}";

  /** A pack that passes every rule. */
  private static JsonObject valid() {
    return json(
        "{\"merchant_id\":\""
            + LUMEN
            + "\",\"session_id\":\"sess-1\",\"title\":\"Clear skin\",\"narrative\":\"For"
            + " congested skin.\",\"language\":\"en-US\",\"geo\":\"US\",\"sponsored\":true,"
            + "\"recommendations\":["
            + RECOMMENDATION
            + "],\"authorized_signals\":[{\"type\":\"creator_pick\",\"ref\":\"@ada\"},"
            + "{\"type\":\"affiliate_code\",\"ref\":\"ADA10\"}],"
            + "\"disclosures\":[{\"type\":\"sponsored\",\"text\":\"Paid placement\"},"
            + "{\"type\":\"affiliate\",\"text\":\"We earn a commission\"}]}");
  }

  private static JsonObject json(String s) {
    return Json.createReader(new StringReader(s)).readObject();
  }

  private static JsonObject with(JsonObject o, String field, String value) {
    return Json.createObjectBuilder(o).add(field, json("{\"v\":" + value + "}").get("v")).build();
  }

  private static JsonObject without(JsonObject o, String field) {
    return Json.createObjectBuilder(o).remove(field).build();
  }

  private static JsonObject withRecommendation(String recommendation) {
    return with(valid(), "recommendations", "[" + recommendation + "]");
  }

  private static JsonObject withClaim(String claim) {
    return withRecommendation("{\"offer_id\":\"" + LUMEN_OFFER + "\",\"claims\":[" + claim + "]}");
  }

  private Http.Answer post(Agents.Registered who, String path, String body) {
    return http.post(path, body, "X-API-Key", who.apiKey());
  }

  private static JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  private JsonObject draft(JsonObject body) {
    return ok(post(agent, "/agent/v1/ops/packs/draft", body.toString())).getJsonObject("pack");
  }

  /**
   * The pack an action answers; for a validate that fails, the 409 VALIDATION_FAILED detail (its
   * pack_id, pack_status and validation, read like a pack's), after checking that the pack read
   * back says the same.
   */
  private JsonObject act(String packId, String action) {
    Http.Answer a = post(agent, "/agent/v1/ops/packs/" + packId + "/" + action, null);
    if ("validate".equals(action) && a.status() == 409) {
      JsonObject detail = a.json().getJsonObject("detail");
      assertEquals("VALIDATION_FAILED", detail.getString("error"), a::toString);
      assertEquals(packId, detail.getString("pack_id"));
      JsonObject stored =
          ok(http.get("/agent/v1/ops/packs/" + packId, "X-API-Key", agent.apiKey()))
              .getJsonObject("pack");
      assertEquals(stored.getString("pack_status"), detail.getString("pack_status"));
      assertEquals(stored.getJsonObject("validation"), detail.getJsonObject("validation"));
      assertFalse(detail.getJsonObject("validation").getBoolean("ok"), a::toString);
      return detail;
    }
    JsonObject answer = ok(a);
    JsonObject pack = answer.getJsonObject("pack");
    // The origin's top-level members say what the pack says.
    assertEquals(pack.getString("pack_id"), answer.getString("pack_id"));
    assertEquals(pack.getString("merchant_id"), answer.getString("merchant_id"));
    assertEquals(pack.getString("pack_status"), answer.getString("pack_status"));
    assertEquals(pack.get("validation"), answer.get("validation"));
    return pack;
  }

  private static void refused(Http.Answer a, int status, String code) {
    assertEquals(status, a.status(), a::toString);
    assertEquals(code, a.json().getJsonObject("detail").getString("error"), a::toString);
  }

  private static List<String> errors(JsonObject pack) {
    List<String> out = new ArrayList<>();
    for (JsonValue e : pack.getJsonObject("validation").getJsonArray("errors")) {
      out.add(e.asJsonObject().getString("code") + " " + e.asJsonObject().getString("path"));
    }
    return out;
  }

  @Test
  void aPackMovesFromDraftToValidatedToPublished() {
    JsonObject d = draft(valid());
    String id = d.getString("pack_id");
    assertTrue(id.startsWith("ops_"), id);
    assertEquals("draft", d.getString("pack_status"));
    assertTrue(d.isNull("validation"));

    Http.Answer early = post(agent, "/agent/v1/ops/packs/" + id + "/publish", null);
    refused(early, 409, "INVALID_STATE");
    assertEquals("draft", early.json().getJsonObject("detail").getString("pack_status"));

    JsonObject v = act(id, "validate");
    assertEquals("validated", v.getString("pack_status"));
    assertTrue(v.getJsonObject("validation").getBoolean("ok"), v::toString);
    assertEquals(List.of(), errors(v));
    assertEquals(0, v.getJsonObject("validation").getJsonArray("warnings").size());

    JsonObject p = act(id, "publish");
    assertEquals("published", p.getString("pack_status"));
    assertTrue(!p.isNull("published_at"));

    // Validating a published pack does not demote it; publishing it again changes nothing.
    assertEquals("published", act(id, "validate").getString("pack_status"));
    assertEquals(p.getString("published_at"), act(id, "publish").getString("published_at"));
    JsonObject read = ok(http.get("/agent/v1/ops/packs/" + id, "X-API-Key", agent.apiKey()));
    assertEquals("published", read.getJsonObject("pack").getString("pack_status"));
    assertEquals(
        LUMEN_OFFER,
        read.getJsonObject("pack")
            .getJsonArray("recommendations")
            .getJsonObject(0)
            .getString("offer_id"));
  }

  @Test
  void eachRuleReportsItsCodeAndPath() {
    String r0 = "$.recommendations[0]";
    String c0 = r0 + ".claims[0]";
    Object[][] table = {
      {without(valid(), "session_id"), "missing_session_id $.session_id"},
      {with(valid(), "title", "\" \""), "missing_title $.title"},
      {without(valid(), "narrative"), "missing_narrative $.narrative"},
      {with(valid(), "language", "\"english\""), "invalid_language $.language"},
      {with(valid(), "geo", "\"XX\""), "invalid_geo $.geo"},
      {with(valid(), "recommendations", "[]"), "missing_recommendations $.recommendations"},
      {withRecommendation("{\"claims\":[" + CLAIM + "]}"), "missing_offer_id " + r0 + ".offer_id"},
      {
        withRecommendation("{\"offer_id\":\"off_nope\",\"claims\":[" + CLAIM + "]}"),
        "unknown_offer " + r0 + ".offer_id"
      },
      {
        withRecommendation("{\"offer_id\":\"" + SAKURA_OFFER + "\",\"claims\":[" + CLAIM + "]}"),
        "offer_not_at_merchant " + r0 + ".offer_id"
      },
      {
        withRecommendation(
            "{\"offer_id\":\""
                + LUMEN_OFFER
                + "\",\"product_id\":\"prod_nope\",\"claims\":["
                + CLAIM
                + "]}"),
        "unknown_product " + r0 + ".product_id"
      },
      {
        withRecommendation("{\"offer_id\":\"" + LUMEN_OFFER + "\"}"),
        "missing_claims " + r0 + ".claims"
      },
      {
        withClaim(
            "{\"text\":\"\",\"evidence\":[{\"type\":\"product\",\"ref\":\"" + SINGLE + "\"}]}"),
        "empty_claim " + c0 + ".text"
      },
      {withClaim("{\"text\":\"Works\"}"), "missing_evidence " + c0 + ".evidence"},
      {
        withClaim("{\"text\":\"Works\",\"evidence\":[{\"type\":\"blog\",\"ref\":\"x\"}]}"),
        "invalid_evidence_type " + c0 + ".evidence[0].type"
      },
      {
        withClaim(
            "{\"text\":\"Works\",\"evidence\":[{\"type\":\"citation\",\"ref\":\"cit_nope\"}]}"),
        "unknown_evidence " + c0 + ".evidence[0].ref"
      },
      {
        withClaim(
            "{\"text\":\"Works\",\"evidence\":[{\"type\":\"product\",\"ref\":\"prod_nope\"}]}"),
        "unknown_evidence " + c0 + ".evidence[0].ref"
      },
      {
        withClaim("{\"text\":\"Works\",\"evidence\":[{\"type\":\"intel\",\"ref\":\"prod_nope\"}]}"),
        "unknown_evidence " + c0 + ".evidence[0].ref"
      },
      {
        with(
            with(valid(), "authorized_signals", "[]"),
            "disclosures",
            "[{\"type\":\"sponsored\",\"text\":\"Paid\"}]"),
        "missing_authorized_signals $.authorized_signals"
      },
      {
        with(
            valid(), "authorized_signals", "[{\"type\":\"creator_pick\"},{\"type\":\"paid_fan\"}]"),
        "unauthorized_signal_type $.authorized_signals[1].type"
      },
      {
        with(valid(), "disclosures", "[{\"type\":\"affiliate\",\"text\":\"Commission\"}]"),
        "missing_sponsored_disclosure $.disclosures"
      },
      {
        with(
            valid(),
            "disclosures",
            "[{\"type\":\"sponsored\",\"text\":\"Paid\"},{\"type\":\"affiliate\",\"text\":\" \"}]"),
        "missing_affiliate_disclosure $.disclosures"
      },
    };
    for (Object[] row : table) {
      String id = draft((JsonObject) row[0]).getString("pack_id");
      JsonObject v = act(id, "validate");
      assertEquals(List.of((String) row[1]), errors(v), () -> row[1] + ": " + v);
      assertEquals("draft", v.getString("pack_status"));
      assertTrue(!v.getJsonObject("validation").getBoolean("ok"));
      refused(post(agent, "/agent/v1/ops/packs/" + id + "/publish", null), 409, "INVALID_STATE");
    }
  }

  @Test
  void aGeneratedPackComesFromTheCatalogWithoutSignals() {
    JsonObject g =
        ok(post(
                agent,
                "/agent/v1/ops/packs/generate",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"session_id\":\"sess-g\",\"product_ids\":[\""
                    + SINGLE
                    + "\"],\"geo\":\"US\"}"))
            .getJsonObject("pack");
    assertEquals("draft", g.getString("pack_status"));
    assertEquals("generated", g.getString("source"));
    assertEquals(0, g.getJsonArray("authorized_signals").size());
    JsonArray recs = g.getJsonArray("recommendations");
    assertEquals(1, recs.size(), g::toString);
    JsonObject r = recs.getJsonObject(0);
    assertEquals(LUMEN_OFFER, r.getString("offer_id"));
    assertEquals(SINGLE, r.getString("product_id"));
    assertEquals(2, r.getJsonArray("claims").size(), r::toString);
    assertEquals(
        CITATION,
        r.getJsonArray("claims")
            .getJsonObject(0)
            .getJsonArray("evidence")
            .getJsonObject(0)
            .getString("ref"));

    JsonObject v = act(g.getString("pack_id"), "validate");
    assertEquals(List.of("missing_authorized_signals $.authorized_signals"), errors(v));

    JsonObject any =
        ok(post(
                agent,
                "/agent/v1/ops/packs/generate",
                "{\"merchant_id\":\"" + LUMEN + "\",\"limit\":3}"))
            .getJsonObject("pack");
    assertEquals(3, any.getJsonArray("recommendations").size(), any::toString);
  }

  /**
   * Issue 38: the origin's shapes — geo as an object, claims as {claim, confidence, evidence[{type,
   * ref{}}]}, the answer's top-level pack_id/merchant_id/pack_status/validation and
   * pack{schema_version, context}, generate's limit clamped rather than refused.
   */
  @Test
  void packsTakeTheOriginShapes() {
    String claim =
        "{\"claim\":\"Clears blackheads\",\"confidence\":0.8,\"evidence\":["
            + "{\"type\":\"citation\",\"ref\":{\"citation_id\":\""
            + CITATION
            + "\",\"note\":\"study\"}},{\"type\":\"product\",\"ref\":{\"product_id\":\""
            + SINGLE
            + "\"}}]}";
    JsonObject body =
        with(
            withClaim(claim),
            "geo",
            "{\"country\":\"US\",\"postal_code\":\"10001\",\"city\":\"New York\",\"state\":\"NY\"}");
    Http.Answer created = post(agent, "/agent/v1/ops/packs/draft", body.toString());
    JsonObject answer = ok(created);
    JsonObject pack = answer.getJsonObject("pack");
    assertEquals(pack.getString("pack_id"), answer.getString("pack_id"));
    assertEquals("draft", answer.getString("pack_status"));
    assertEquals("1.0", pack.getString("schema_version"));
    JsonObject context = pack.getJsonObject("context");
    assertEquals("sess-1", context.getString("session_id"));
    assertEquals(
        json(
            "{\"country\":\"US\",\"postal_code\":\"10001\",\"city\":\"New York\",\"state\":\"NY\"}"),
        context.getJsonObject("geo"));
    assertEquals("US", pack.getString("geo"));
    JsonObject stored =
        pack.getJsonArray("recommendations")
            .getJsonObject(0)
            .getJsonArray("claims")
            .getJsonObject(0);
    assertEquals("Clears blackheads", stored.getString("claim"));
    assertEquals("Clears blackheads", stored.getString("text"));
    assertEquals(0.8, stored.getJsonNumber("confidence").doubleValue());
    assertEquals(
        "study",
        stored.getJsonArray("evidence").getJsonObject(0).getJsonObject("ref").getString("note"));
    // Object refs name catalog evidence: the pack validates.
    JsonObject v = act(pack.getString("pack_id"), "validate");
    assertEquals(List.of(), errors(v), v::toString);

    // An object ref naming nothing in the catalog fails validation with 409 VALIDATION_FAILED.
    JsonObject unknown =
        draft(
            withClaim(
                "{\"claim\":\"x\",\"evidence\":[{\"type\":\"citation\",\"ref\":{\"citation_id\":"
                    + "\"cit_nope\"}}]}"));
    Http.Answer failed =
        post(agent, "/agent/v1/ops/packs/" + unknown.getString("pack_id") + "/validate", null);
    refused(failed, 409, "VALIDATION_FAILED");
    assertEquals(
        List.of("unknown_evidence $.recommendations[0].claims[0].evidence[0].ref"),
        errors(failed.json().getJsonObject("detail")));

    Http.Answer badConfidence =
        post(
            agent,
            "/agent/v1/ops/packs/draft",
            withClaim("{\"claim\":\"x\",\"confidence\":2}").toString());
    assertEquals(422, badConfidence.status(), badConfidence::toString);

    for (int[] limitAndCount : new int[][] {{0, 1}, {50, 20}}) {
      JsonObject g =
          ok(post(
                  agent,
                  "/agent/v1/ops/packs/generate",
                  "{\"merchant_id\":\"" + LUMEN + "\",\"limit\":" + limitAndCount[0] + "}"))
              .getJsonObject("pack");
      int n = g.getJsonArray("recommendations").size();
      assertTrue(
          limitAndCount[1] == 1 ? n == 1 : n > 5 && n <= 20,
          () -> "limit " + limitAndCount[0] + " gave " + n);
    }
  }

  /**
   * Issue 38: the origin's platform_product_ids choose the products (by the merchant platform's id
   * or ours), and an id that names no product of the merchant is 422, never left out in silence.
   */
  @Test
  void generateRecommendsExactlyTheProductsAsked() {
    String platformId =
        (String) Agents.query("SELECT platform_product_id FROM products WHERE id = ?", SINGLE);
    JsonObject g =
        ok(post(
                agent,
                "/agent/v1/ops/packs/generate",
                "{\"merchant_id\":\""
                    + LUMEN
                    + "\",\"platform_product_ids\":[\""
                    + platformId
                    + "\"],\"limit\":5}"))
            .getJsonObject("pack");
    JsonArray recs = g.getJsonArray("recommendations");
    assertEquals(1, recs.size(), g::toString);
    assertEquals(SINGLE, recs.getJsonObject(0).getString("product_id"));
    Http.Answer unknown =
        post(
            agent,
            "/agent/v1/ops/packs/generate",
            "{\"merchant_id\":\""
                + LUMEN
                + "\",\"platform_product_ids\":[\""
                + platformId
                + "\",\"gid-nope\"]}");
    assertEquals(422, unknown.status(), unknown::toString);
    assertTrue(unknown.body().contains("gid-nope"), unknown::toString);
    assertEquals(
        "product_ids",
        unknown.json().getJsonArray("detail").getJsonObject(0).getJsonArray("loc").getString(1));
  }

  /**
   * Issue 38: each recommendation's narrative, authorized_signals and disclosures are stored and
   * read back as sent, and validate checks their signal types and the affiliate disclosure.
   */
  @Test
  void aRecommendationKeepsItsNarrativeSignalsAndDisclosures() {
    String rich =
        "{\"offer_id\":\""
            + LUMEN_OFFER
            + "\",\"product_id\":\""
            + SINGLE
            + "\",\"claims\":["
            + CLAIM
            + "],\"narrative\":\"Our pick for oily skin\","
            + "\"authorized_signals\":[{\"type\":\"verified_review_pointer\",\"ref\":\"rev-9\"}],"
            + "\"disclosures\":[{\"type\":\"affiliate\",\"text\":\"Commission\"}]}";
    JsonObject pack = draft(withRecommendation(rich));
    JsonObject read =
        ok(http.get(
                "/agent/v1/ops/packs/" + pack.getString("pack_id"), "X-API-Key", agent.apiKey()))
            .getJsonObject("pack")
            .getJsonArray("recommendations")
            .getJsonObject(0);
    assertEquals("Our pick for oily skin", read.getString("narrative"));
    assertEquals(
        "rev-9", read.getJsonArray("authorized_signals").getJsonObject(0).getString("ref"));
    assertEquals("Commission", read.getJsonArray("disclosures").getJsonObject(0).getString("text"));
    assertEquals(List.of(), errors(act(pack.getString("pack_id"), "validate")));

    String bad =
        "{\"offer_id\":\""
            + LUMEN_OFFER
            + "\",\"claims\":["
            + CLAIM
            + "],\"authorized_signals\":[{\"type\":\"bought_likes\",\"ref\":\"x\"}]}";
    JsonObject refused = act(draft(withRecommendation(bad)).getString("pack_id"), "validate");
    assertEquals(
        List.of("unauthorized_signal_type $.recommendations[0].authorized_signals[0].type"),
        errors(refused));
  }

  @Test
  void packsOfOtherAgentsAreNotThere() {
    String id = draft(valid()).getString("pack_id");
    Agents.Registered other = Agents.register(http);
    refused(
        http.get("/agent/v1/ops/packs/" + id, "X-API-Key", other.apiKey()), 404, "PACK_NOT_FOUND");
    refused(post(other, "/agent/v1/ops/packs/" + id + "/validate", null), 404, "PACK_NOT_FOUND");
    refused(post(other, "/agent/v1/ops/packs/" + id + "/publish", null), 404, "PACK_NOT_FOUND");
    refused(
        http.get("/agent/v1/ops/packs/ops_nope", "X-API-Key", agent.apiKey()),
        404,
        "PACK_NOT_FOUND");
    assertEquals(
        "draft", act(id, "validate").getString("pack_status").replace("validated", "draft"));
  }

  @Test
  void aKeyLimitedToMerchantsMakesPacksOnlyForThem() {
    Agents.Registered scoped = Agents.register(http, new String[] {SAKURA});
    refused(
        post(scoped, "/agent/v1/ops/packs/draft", valid().toString()),
        403,
        "MERCHANT_ACCESS_DENIED");
    refused(
        post(scoped, "/agent/v1/ops/packs/generate", "{\"merchant_id\":\"" + LUMEN + "\"}"),
        403,
        "MERCHANT_ACCESS_DENIED");
    refused(
        post(
            agent,
            "/agent/v1/ops/packs/draft",
            with(valid(), "merchant_id", "\"merch_nope\"").toString()),
        404,
        "MERCHANT_NOT_FOUND");
  }

  @Test
  void aValidatedPackThatNoLongerPassesGoesBackToDraft() {
    String id = draft(valid()).getString("pack_id");
    assertEquals("validated", act(id, "validate").getString("pack_status"));
    // The pack's offer is now another merchant's (as after a catalog change).
    Agents.sql(
        "UPDATE ops_packs SET content = REPLACE(content, ?, ?) WHERE id = ?",
        LUMEN_OFFER,
        SAKURA_OFFER,
        id);
    JsonObject v = act(id, "validate");
    assertEquals("draft", v.getString("pack_status"));
    assertEquals(List.of("offer_not_at_merchant $.recommendations[0].offer_id"), errors(v));
    refused(post(agent, "/agent/v1/ops/packs/" + id + "/publish", null), 409, "INVALID_STATE");
  }

  @Test
  void aPackOfAMerchantOutsideTheKeyIsNotThere() {
    Agents.Registered scoped = Agents.register(http, new String[] {LUMEN});
    String id =
        ok(post(scoped, "/agent/v1/ops/packs/draft", valid().toString()))
            .getJsonObject("pack")
            .getString("pack_id");
    Agents.sql("UPDATE ops_packs SET merchant_id = ? WHERE id = ?", SAKURA, id);
    refused(
        http.get("/agent/v1/ops/packs/" + id, "X-API-Key", scoped.apiKey()), 404, "PACK_NOT_FOUND");
    refused(post(scoped, "/agent/v1/ops/packs/" + id + "/validate", null), 404, "PACK_NOT_FOUND");
  }

  @Test
  void malformedRequestsAre422() {
    Http.Answer noMerchant =
        post(agent, "/agent/v1/ops/packs/draft", without(valid(), "merchant_id").toString());
    assertEquals(422, noMerchant.status(), noMerchant::toString);
    assertEquals("merchant_id", noMerchant.at("/detail/0/loc/1").toString().replace("\"", ""));
    Http.Answer badGeo =
        post(
            agent,
            "/agent/v1/ops/packs/generate",
            "{\"merchant_id\":\"" + LUMEN + "\",\"geo\":{\"postal_code\":\"10001\",\"zone\":1}}");
    assertEquals(422, badGeo.status(), badGeo::toString);
    assertTrue(badGeo.body().contains("[\"body\",\"geo\",\"zone\"]"), badGeo::toString);
    assertTrue(badGeo.body().contains("[\"body\",\"geo\",\"country\"]"), badGeo::toString);
  }
}
