package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Predicate;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Http;

/**
 * What the relevance tests share: a shopper query with what its top result must be, predicates on a
 * product of the search answer, and the check of a list of such cases.
 */
final class RelevanceCases {

  private RelevanceCases() {}

  /** A query, what the shopper meant in words, and the test the top result must pass. */
  record Expect(String query, String what, Predicate<JsonObject> top) {}

  static Predicate<JsonObject> type(String t) {
    return p -> t.equals(p.getString("product_type"));
  }

  static Predicate<JsonObject> category(String c) {
    return p -> c.equals(p.getString("category"));
  }

  static Predicate<JsonObject> vendor(String v) {
    return p -> v.equals(p.getString("vendor"));
  }

  static Predicate<JsonObject> titleHas(String s) {
    return p -> p.getString("title").toLowerCase().contains(s.toLowerCase());
  }

  static Predicate<JsonObject> listHas(String field, String... any) {
    return p ->
        p.getJsonArray(field).getValuesAs(JsonString.class).stream()
            .map(JsonString::getString)
            .anyMatch(List.of(any)::contains);
  }

  /**
   * As a freshly registered agent, once the index is built, searches each query (limit 3) and
   * asserts that every top result is what was expected.
   */
  static void assertTopResults(URL base, List<Expect> expected) {
    Http http = new Http(base);
    String key = Agents.register(http).apiKey();
    awaitIndex(http);
    int passed = 0;
    StringBuilder misses = new StringBuilder();
    for (Expect e : expected) {
      Http.Answer a =
          http.get(
              "/agent/v1/products/search?limit=3&query="
                  + URLEncoder.encode(e.query(), StandardCharsets.UTF_8),
              "X-API-Key",
              key);
      assertEquals(200, a.status(), a::toString);
      var products = a.json().getJsonArray("products");
      if (!products.isEmpty() && e.top().test(products.getJsonObject(0))) {
        passed++;
      } else {
        misses
            .append("\n  ")
            .append(e.query())
            .append(" → expected ")
            .append(e.what())
            .append(", got ")
            .append(products.isEmpty() ? "nothing" : products.getJsonObject(0).getString("title"));
      }
    }
    assertEquals(expected.size(), passed, "relevance misses:" + misses);
  }

  /** Waits until the catalog index is built (the node reports ready). */
  static void awaitIndex(Http http) {
    long deadline = System.currentTimeMillis() + 60_000;
    while (http.get("/health/ready").status() != 200) {
      assertTrue(System.currentTimeMillis() < deadline, "catalog index never became ready");
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
