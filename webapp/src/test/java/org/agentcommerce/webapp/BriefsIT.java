package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.net.URL;
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

/** Shopping briefs over REST on the demo catalog: clarify, build, read, check, recommend. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BriefsIT {

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private String key;

  @BeforeEach
  void agent() {
    http = new Http(base);
    key = Agents.register(http).apiKey();
    long deadline = System.currentTimeMillis() + 60_000;
    while (http.get("/health/ready").status() != 200) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("never ready");
      }
      sleep(200);
    }
  }

  private Http.Answer post(String path, String json, String... extra) {
    String[] headers = new String[extra.length + 2];
    headers[0] = "X-API-Key";
    headers[1] = key;
    System.arraycopy(extra, 0, headers, 2, extra.length);
    return http.post(path, json, headers);
  }

  private JsonObject ok(Http.Answer a) {
    assertEquals(200, a.status(), a::toString);
    return a.json();
  }

  @Test
  void clarifyAsksAtMostTwoQuestionsTheProductTypeFirst() {
    JsonObject c =
        ok(post("/agent/v1/briefs/clarify", "{\"raw_query\":\"something for my sister\"}"));
    assertEquals("success", c.getString("status"));
    JsonArray questions = c.getJsonArray("questions");
    assertEquals(2, questions.size(), c::toString);
    assertEquals("q_category", questions.getJsonObject(0).getString("id"));
    assertEquals("q_budget", questions.getJsonObject(1).getString("id"));
    assertTrue(c.getJsonArray("missing_fields").contains(jakarta.json.Json.createValue("budget")));

    JsonObject known =
        ok(
            post(
                "/agent/v1/briefs/clarify",
                "{\"raw_query\":\"a serum\",\"partial_brief\":{\"budget\":40},\"currency\":\"USD\"}"));
    assertFalse(
        known.getJsonArray("missing_fields").toString().contains("\"budget\""), known::toString);
    for (JsonValue q : known.getJsonArray("questions")) {
      assertFalse(q.asJsonObject().getString("id").equals("q_budget"));
    }
  }

  @Test
  void buildIsDeterministicStoredAndReadableOnlyByItsAgent() {
    String body =
        "{\"raw_query\":\"fragrance-free moisturiser for dry skin under $30, no retinol\"}";
    JsonObject first = ok(post("/agent/v1/briefs/build", body));
    JsonObject second = ok(post("/agent/v1/briefs/build", body));
    JsonObject brief = first.getJsonObject("brief");
    assertEquals("0.1.0", brief.getString("schema_version"));
    assertTrue(brief.getString("brief_id").startsWith("brf_"));
    assertEquals("Moisturizer", brief.getString("product_type"));
    JsonObject budget = brief.getJsonObject("constraints").getJsonObject("budget");
    assertEquals(0, new BigDecimal("30").compareTo(budget.getJsonNumber("max").bigDecimalValue()));
    assertEquals("USD", budget.getString("currency"));
    JsonObject beauty = brief.getJsonObject("extensions").getJsonObject("beauty");
    assertEquals("dry", beauty.getString("skin_type"));
    assertTrue(beauty.getJsonArray("avoid_ingredients").toString().contains("fragrance"));
    assertTrue(beauty.getJsonArray("avoid_ingredients").toString().contains("retinol"));
    assertFalse(beauty.getJsonArray("wanted_ingredients").toString().contains("retinol"));
    String text = brief.getJsonObject("raw_intent").getString("text");
    for (JsonValue v : brief.getJsonObject("evidence").getJsonArray("applied_rules")) {
      JsonObject rule = v.asJsonObject();
      assertFalse(rule.getString("rule_id").isBlank());
      if (rule.get("span") instanceof JsonObject span) {
        assertEquals(
            text.substring(span.getInt("start"), span.getInt("end")), span.getString("text"));
      }
    }
    assertEquals(without(brief), without(second.getJsonObject("brief")), "same words, same brief");

    String id = brief.getString("brief_id");
    JsonObject read =
        ok(http.get("/agent/v1/briefs/" + id, "X-API-Key", key)).getJsonObject("brief");
    assertEquals(brief, read);
    String other = Agents.register(http).apiKey();
    Http.Answer foreign = http.get("/agent/v1/briefs/" + id, "X-API-Key", other);
    assertEquals(404, foreign.status(), foreign::toString);
  }

  @Test
  void buildReplaysWithTheSameIdempotencyKey() {
    String body = "{\"raw_query\":\"vitamin c serum under 40 euros\"}";
    Http.Answer a = post("/agent/v1/briefs/build", body, "Idempotency-Key", "brief-1");
    Http.Answer b = post("/agent/v1/briefs/build", body, "Idempotency-Key", "brief-1");
    assertEquals(
        a.json().getJsonObject("brief").getString("brief_id"),
        b.json().getJsonObject("brief").getString("brief_id"));
    assertEquals(List.of("true"), b.headers().get("Idempotent-Replayed"));
    Http.Answer c =
        post("/agent/v1/briefs/build", "{\"raw_query\":\"a toner\"}", "Idempotency-Key", "brief-1");
    assertEquals(409, c.status(), c::toString);
    assertEquals(
        "EUR",
        a.json()
            .getJsonObject("brief")
            .getJsonObject("constraints")
            .getJsonObject("budget")
            .getString("currency"));
  }

  @Test
  void answersFillTheUnknowns() {
    JsonObject b =
        ok(
            post(
                "/agent/v1/briefs/build",
                "{\"raw_query\":\"a moisturizer\",\"currency\":\"USD\","
                    + "\"answers\":{\"q_budget\":25,\"q_skin_type\":\"oily\"}}"));
    JsonObject brief = b.getJsonObject("brief");
    assertEquals(
        "oily", brief.getJsonObject("extensions").getJsonObject("beauty").getString("skin_type"));
    assertFalse(brief.getJsonArray("unknowns").toString().contains("budget"));
    assertTrue(brief.getJsonObject("evidence").toString().contains("answer.q_budget"));
    Http.Answer bad =
        post(
            "/agent/v1/briefs/build",
            "{\"raw_query\":\"a toner\",\"answers\":{\"q_color\":\"red\"}}");
    assertEquals(422, bad.status(), bad::toString);
  }

  @Test
  void compatibilitySaysWhyAProductDoesNotFit() {
    String brief =
        ok(post(
                "/agent/v1/briefs/build",
                "{\"raw_query\":\"fragrance-free body lotion under $12\"}"))
            .getJsonObject("brief")
            .getString("brief_id");
    Object scented =
        Agents.query(
            "SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id"
                + " JOIN offers o ON o.variant_id = v.id WHERE p.status = 'active'"
                + " AND p.product_type = 'Body Lotion' AND o.market = 'US'"
                + " AND LOWER(p.ingredients) LIKE '%parfum%' ORDER BY p.id LIMIT 1");
    Object pricey =
        Agents.query(
            "SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id"
                + " JOIN offers o ON o.variant_id = v.id WHERE p.status = 'active'"
                + " AND o.market = 'US' AND o.price_minor > 1200 ORDER BY p.id LIMIT 1");
    assertNotNull(scented, "the demo catalog has a scented US body lotion");
    JsonObject r =
        ok(
            post(
                "/agent/v1/briefs/compatibility/check",
                "{\"brief_id\":\""
                    + brief
                    + "\",\"products\":[{\"product_id\":\""
                    + scented
                    + "\"},{\"product_id\":\""
                    + pricey
                    + "\"},{\"product_id\":\"prod_nope\"}]}"));
    JsonArray results = r.getJsonArray("results");
    assertEquals(3, results.size());
    assertTrue(
        results.getJsonObject(0).getJsonArray("reasons").toString().contains("EXCLUDED_INGREDIENT"),
        r::toString);
    assertTrue(
        results.getJsonObject(1).getJsonArray("reasons").toString().contains("OVER_BUDGET"),
        r::toString);
    assertTrue(results.getJsonObject(2).getJsonArray("reasons").toString().contains("NOT_FOUND"));
    assertEquals(3, r.getInt("incompatible_count"));

    Http.Answer none =
        post("/agent/v1/briefs/compatibility/check", "{\"products\":[{\"product_id\":\"x\"}]}");
    assertEquals(422, none.status());
    Http.Answer empty =
        post(
            "/agent/v1/briefs/compatibility/check",
            "{\"brief_id\":\"" + brief + "\",\"products\":[]}");
    assertEquals(422, empty.status());
  }

  @Test
  void recommendationsForABriefStayWithinItsBudgetAndSayWhy() {
    String brief =
        ok(post(
                "/agent/v1/briefs/build",
                "{\"raw_query\":\"hydrating serum for dry skin under $25\"}"))
            .getJsonObject("brief")
            .getString("brief_id");
    JsonObject r =
        ok(http.get("/agent/v1/briefs/" + brief + "/recommendations?limit=5", "X-API-Key", key));
    JsonArray products = r.getJsonArray("products");
    assertFalse(products.isEmpty(), r::toString);
    assertTrue(products.size() <= 5);
    for (JsonValue v : products) {
      JsonObject p = v.asJsonObject().getJsonObject("product");
      assertEquals("USD", p.getString("currency"));
      assertTrue(
          p.getJsonNumber("price").bigDecimalValue().compareTo(new BigDecimal("25")) <= 0,
          p::toString);
      assertFalse(v.asJsonObject().getJsonArray("reasons").isEmpty());
    }
    assertTrue(r.getJsonArray("applied_constraints").toString().contains("\"source\":\"brief\""));
    assertEquals(
        422,
        http.get("/agent/v1/briefs/" + brief + "/recommendations?limit=21", "X-API-Key", key)
            .status());
  }

  @Test
  void recommendProductsEnforcesABudgetInTheWordsAndOneSentAsANumber() {
    JsonObject prose = recommend("{\"need\":\"sunscreen for oily skin under $20\",\"limit\":10}");
    assertBudget(prose, "20", "USD");
    assertTrue(
        prose.getJsonArray("applied_constraints").toString().contains("\"source\":\"need\""),
        prose::toString);
    assertTrue(prose.getJsonArray("applied_constraints").toString().contains("under $20"));

    JsonObject number =
        recommend(
            "{\"need\":\"vitamin c serum\",\"constraints\":{\"price_max\":3000,"
                + "\"currency\":\"JPY\"},\"limit\":10}");
    assertBudget(number, "3000", "JPY");
    assertTrue(
        number
            .getJsonArray("applied_constraints")
            .toString()
            .contains("\"source\":\"constraints.price_max\""));

    JsonObject avoided =
        recommend("{\"need\":\"moisturizer without fragrance, no retinol\",\"limit\":10}");
    assertTrue(
        avoided.getJsonArray("applied_constraints").toString().contains("exclude_ingredient"));
  }

  /**
   * Issue 38: the origin's recommend_products{language}. The reasons are written in English, so
   * English (with any region) is honoured and said in the answer; any other language is refused,
   * never taken and ignored.
   */
  @Test
  void recommendProductsTakesEnglishAsItsLanguageAndRefusesAnother() {
    JsonObject english =
        recommend("{\"need\":\"vitamin c serum\",\"language\":\"en-GB\",\"limit\":3}");
    assertEquals("en", english.getString("language"));
    assertFalse(english.getJsonArray("products").isEmpty(), english::toString);
    assertFalse(
        english.getJsonArray("products").getJsonObject(0).getJsonArray("reasons").isEmpty());
    JsonObject french =
        toolResult("recommend_products", "{\"need\":\"sérum vitamine c\",\"language\":\"fr\"}");
    assertTrue(french.getBoolean("isError", false), french::toString);
    String text = french.getJsonArray("content").getJsonObject(0).getString("text");
    JsonObject error =
        jakarta.json.Json.createReader(new java.io.StringReader(text))
            .readObject()
            .getJsonObject("error");
    assertEquals("INVALID_ARGUMENTS", error.getString("code"), text);
    assertTrue(error.getString("message").contains("English"), text);
  }

  private JsonObject toolResult(String tool, String arguments) {
    Http.Answer a =
        post(
            "/commerce/mcp",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\""
                + tool
                + "\",\"arguments\":"
                + arguments
                + "}}",
            "Accept",
            "application/json, text/event-stream");
    return ok(a).getJsonObject("result");
  }

  private JsonObject recommend(String arguments) {
    Http.Answer a =
        post(
            "/commerce/mcp",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"recommend_products\",\"arguments\":"
                + arguments
                + "}}",
            "Accept",
            "application/json, text/event-stream");
    JsonObject result = ok(a).getJsonObject("result");
    assertFalse(result.getBoolean("isError", false), result::toString);
    String text = result.getJsonArray("content").getJsonObject(0).getString("text");
    return jakarta.json.Json.createReader(new java.io.StringReader(text)).readObject();
  }

  private static void assertBudget(JsonObject answer, String max, String currency) {
    JsonArray products = answer.getJsonArray("products");
    assertFalse(products.isEmpty(), answer::toString);
    for (JsonValue v : products) {
      JsonObject price = v.asJsonObject().getJsonObject("price");
      assertEquals(currency, price.getString("currency"), answer::toString);
      assertTrue(
          price.getJsonNumber("amount").bigDecimalValue().compareTo(new BigDecimal(max)) <= 0,
          v::toString);
    }
  }

  @Test
  void recommendationsOfAStoredBriefFollowItsAnswers() {
    String brief =
        ok(post(
                "/agent/v1/briefs/build",
                "{\"raw_query\":\"a gift for my sister\",\"currency\":\"USD\","
                    + "\"answers\":{\"product_type\":\"serum\",\"budget\":40}}"))
            .getJsonObject("brief")
            .getString("brief_id");
    JsonObject r =
        ok(http.get("/agent/v1/briefs/" + brief + "/recommendations?limit=5", "X-API-Key", key));
    JsonArray products = r.getJsonArray("products");
    assertFalse(products.isEmpty(), r::toString);
    for (JsonValue v : products) {
      JsonObject p = v.asJsonObject().getJsonObject("product");
      assertEquals("Serum", p.getString("product_type"), p::toString);
      assertTrue(p.getJsonNumber("price").bigDecimalValue().compareTo(new BigDecimal("40")) <= 0);
    }
  }

  @Test
  void aBudgetWithoutCurrencyIsComparedInOneCurrencyAndSaysSo() {
    JsonObject r =
        recommend("{\"need\":\"vitamin c serum\",\"constraints\":{\"price_max\":30},\"limit\":10}");
    assertBudget(r, "30", "USD");
    assertTrue(
        r.getJsonArray("applied_constraints").toString().contains("\"assumed\""), r::toString);
  }

  @Test
  void malformedBriefsAndAnswersAre422NotErrors() {
    String product =
        String.valueOf(
            Agents.query("SELECT id FROM products WHERE status = 'active' ORDER BY id LIMIT 1"));
    for (String brief :
        new String[] {
          "{\"constraints\":{\"budget\":{\"max\":1e10000000,\"currency\":\"USD\"}}}",
          "{\"constraints\":{\"budget\":{\"max\":\"abc\"}}}",
          "{\"extensions\":[]}",
          "{\"constraints\":{\"budget\":{\"max\":-1,\"currency\":\"USD\"}}}"
        }) {
      Http.Answer a =
          post(
              "/agent/v1/briefs/compatibility/check",
              "{\"brief\":" + brief + ",\"products\":[{\"product_id\":\"" + product + "\"}]}");
      assertEquals(422, a.status(), () -> brief + " → " + a);
    }
    for (String answers :
        new String[] {
          "[1]",
          "{\"market\":null}",
          "{\"market\":\"United States of A\"}",
          "{\"budget\":{\"max\":30,\"currency\":{\"a\":1}}}",
          "{\"budget\":{\"max\":-5}}",
          "{\"budget\":1e400}"
        }) {
      Http.Answer a =
          post("/agent/v1/briefs/build", "{\"raw_query\":\"a serum\",\"answers\":" + answers + "}");
      assertEquals(422, a.status(), () -> answers + " → " + a);
    }
  }

  @Test
  void invalidBodiesAre422() {
    for (String bad :
        new String[] {
          "{}",
          "{\"raw_query\":\"\"}",
          "{\"raw_query\":42}",
          "not json",
          "{\"raw_query\":\"x\",\"currency\":\"dollars\"}"
        }) {
      Http.Answer a = post("/agent/v1/briefs/build", bad);
      assertEquals(422, a.status(), () -> bad + " → " + a);
    }
    assertEquals(401, http.post("/agent/v1/briefs/build", "{\"raw_query\":\"x\"}").status());
  }

  private static JsonObject without(JsonObject brief) {
    var b = jakarta.json.Json.createObjectBuilder(brief);
    b.remove("brief_id");
    b.remove("created_at");
    return b.build();
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
