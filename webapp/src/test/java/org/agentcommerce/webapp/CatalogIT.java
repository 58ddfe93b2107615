package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
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

/** The catalog endpoints on the demo data set, as an agent calls them. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CatalogIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String MAISON = "merch_2f8b6d0a4c9e1735";
  static final String SAKURA = "merch_9a3d5e7b1c2f4068";
  static final String NORDLYS = "merch_6d2a0f4e8b3c7159";

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
    waitForIndex();
  }

  private void waitForIndex() {
    long deadline = System.currentTimeMillis() + 60_000;
    while (System.currentTimeMillis() < deadline) {
      if (http.get("/health/ready").status() == 200) {
        return;
      }
      sleep(200);
    }
    throw new AssertionError("catalog index never became ready");
  }

  private Http.Answer get(String path) {
    return http.get(path, "X-API-Key", key);
  }

  private JsonObject ok(String path) {
    Http.Answer a = get(path);
    assertEquals(200, a.status(), () -> path + " → " + a);
    return a.json();
  }

  static String q(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @Test
  void searchReturnsRankedActiveProductsWithRealVariantsAndPrices() {
    JsonObject body = ok("/agent/v1/products/search?query=serum&limit=10");
    JsonArray products = body.getJsonArray("products");
    assertEquals(10, products.size(), body::toString);
    double previous = Double.MAX_VALUE;
    for (JsonValue v : products) {
      JsonObject p = v.asJsonObject();
      assertEquals(p.getString("id"), p.getString("product_id"));
      assertTrue(p.getString("id").startsWith("prod_"));
      assertEquals("active", p.getString("status"));
      assertFalse(p.getJsonArray("variants").isEmpty());
      assertFalse(p.getJsonArray("variants").getJsonObject(0).getString("id").isBlank());
      assertTrue(p.getJsonNumber("price").bigDecimalValue().signum() > 0);
      assertEquals(3, p.getString("currency").length());
      double score = p.getJsonNumber("relevance_score").doubleValue();
      assertTrue(score <= previous, "descending relevance");
      assertTrue(score > 0 && score < 100, () -> "a BM25 score, no internal bonus: " + score);
      previous = score;
    }
    JsonObject pagination = body.getJsonObject("pagination");
    assertTrue(pagination.getJsonNumber("total_count").longValue() > 10);
    assertTrue(pagination.getBoolean("has_more"));
    assertTrue(body.getJsonObject("search_context").getBoolean("cross_merchant_search"));
  }

  @Test
  void theTotalIsExactlyWhatPagingThroughReturnsAndEveryHitPassesTheFilters() {
    // The filters are applied as cached bit sets and the total is counted apart from the top hits:
    // paging through must meet each product once, as many as total_count says, all filtered.
    String[] searches = {
      "query=" + q("serum"),
      "query=" + q("serum") + "&max_price=30&in_stock=true",
      "query=" + q("moisturiser for dry skin"),
      "query=" + q("vitamin c serum") + "&category=skincare",
      "category=skincare&min_price=10",
      "query=" + q("shampoo") + "&in_stock=false",
    };
    for (String search : searches) {
      Set<String> seen = new HashSet<>();
      long total = -1;
      for (int offset = 0; ; offset += 50) {
        JsonObject page = ok("/agent/v1/products/search?limit=50&offset=" + offset + "&" + search);
        JsonObject pagination = page.getJsonObject("pagination");
        long pageTotal = pagination.getJsonNumber("total_count").longValue();
        assertTrue(total < 0 || total == pageTotal, search + ": the total moved while paging");
        total = pageTotal;
        for (JsonValue v : page.getJsonArray("products")) {
          JsonObject p = v.asJsonObject();
          assertTrue(seen.add(p.getString("id")), search + ": twice " + p.getString("id"));
          if (search.contains("max_price=30")) {
            assertTrue(
                p.getJsonNumber("price")
                        .bigDecimalValue()
                        .compareTo(BigDecimal.TEN.multiply(BigDecimal.valueOf(3)))
                    <= 0,
                search);
            assertTrue(p.getBoolean("in_stock"), search);
          }
          if (search.contains("in_stock=false")) {
            assertFalse(p.getBoolean("in_stock"), search);
          }
          if (search.contains("category=skincare")) {
            assertEquals("skincare", p.getString("category"), search);
          }
        }
        if (!pagination.getBoolean("has_more")) {
          break;
        }
      }
      assertTrue(
          total > 0 || search.contains("in_stock=false"),
          search + " finds something in the demo catalog");
      assertEquals(total, seen.size(), search + ": total_count against the pages");
    }
  }

  @Test
  void aChangedProductShowsInTheNextSearchesNotACachedPage() {
    String path = "/agent/v1/products/search?query=" + q("mascara") + "&limit=50";
    JsonObject top = ok(path).getJsonArray("products").getJsonObject(0);
    assertEquals(ok(path), ok(path), "a repeat answers alike");
    String id = top.getString("id");
    String renamed = top.getString("title") + " Zyqwex";
    Agents.sql(
        "UPDATE products SET title = ?, updated_at = CURRENT_TIMESTAMP(6) WHERE id = ?",
        renamed,
        id);
    long deadline = System.currentTimeMillis() + 20_000;
    while (System.currentTimeMillis() < deadline) {
      JsonArray found = ok("/agent/v1/products/search?query=zyqwex").getJsonArray("products");
      if (!found.isEmpty()) {
        assertEquals(id, found.getJsonObject(0).getString("id"));
        JsonObject again =
            ok(path).getJsonArray("products").stream()
                .map(JsonValue::asJsonObject)
                .filter(p -> p.getString("id").equals(id))
                .findFirst()
                .orElseThrow();
        assertEquals(renamed, again.getString("title"));
        return;
      }
      sleep(250);
    }
    throw new AssertionError("the renamed product never showed in search");
  }

  @Test
  void paginationMovesThroughResultsWithoutOverlap() {
    JsonArray first = ok("/agent/v1/products/search?query=cream&limit=5").getJsonArray("products");
    JsonArray second =
        ok("/agent/v1/products/search?query=cream&limit=5&offset=5").getJsonArray("products");
    Set<String> ids = new HashSet<>();
    first.forEach(p -> ids.add(p.asJsonObject().getString("id")));
    second.forEach(p -> assertTrue(ids.add(p.asJsonObject().getString("id")), "no overlap"));
  }

  @Test
  void filtersNarrowTheResults() {
    for (JsonValue v :
        ok("/agent/v1/products/search?query=cream&category=body&limit=50")
            .getJsonArray("products")) {
      assertEquals("body", v.asJsonObject().getString("category"));
    }
    for (JsonValue v :
        ok("/agent/v1/products/search?in_stock_only=true&limit=100").getJsonArray("products")) {
      assertTrue(v.asJsonObject().getBoolean("in_stock"));
    }
    JsonArray outOfStock =
        ok("/agent/v1/products/search?in_stock=false&limit=100").getJsonArray("products");
    assertFalse(outOfStock.isEmpty(), "the demo data has products out of stock");
    outOfStock.forEach(v -> assertFalse(v.asJsonObject().getBoolean("in_stock")));
    for (JsonValue v :
        ok("/agent/v1/products/search?query=cleanser&max_price=20&market=US&limit=50")
            .getJsonArray("products")) {
      assertTrue(
          v.asJsonObject().getJsonNumber("price").bigDecimalValue().compareTo(new BigDecimal("20"))
              <= 0);
      assertEquals("USD", v.asJsonObject().getString("currency"));
    }
    for (JsonValue v :
        ok("/agent/v1/products/search?merchant_id=" + MAISON + "&limit=50")
            .getJsonArray("products")) {
      assertEquals(MAISON, v.asJsonObject().getString("merchant_id"));
      assertEquals("EUR", v.asJsonObject().getString("currency"));
    }
    for (JsonValue v :
        ok("/agent/v1/products/search?catalog_surface=beauty&limit=100").getJsonArray("products")) {
      assertEquals("beauty", v.asJsonObject().getString("catalog_surface"));
    }
  }

  @Test
  void japaneseMarketPricesAreWholeYen() {
    JsonArray products =
        ok("/agent/v1/products/search?market=JP&limit=30").getJsonArray("products");
    assertFalse(products.isEmpty());
    for (JsonValue v : products) {
      JsonObject p = v.asJsonObject();
      assertEquals("JPY", p.getString("currency"));
      assertTrue(
          p.getJsonNumber("price").bigDecimalValue().stripTrailingZeros().scale() <= 0,
          p::toString);
    }
  }

  @Test
  void beautySearchMatchesPaymentFiltersAgainstMerchantCapabilities() {
    JsonObject body = ok("/agent/v1/beauty/products/search?psp=stripe&limit=100");
    JsonArray searched = body.getJsonObject("search_context").getJsonArray("merchants_searched");
    assertFalse(searched.isEmpty());
    assertFalse(searched.toString().contains(NORDLYS), "Nordlys has no PSP");
    for (JsonValue v : body.getJsonArray("products")) {
      assertTrue(v.asJsonObject().getBoolean("in_stock"), "in stock by default");
      assertEquals("beauty", v.asJsonObject().getString("catalog_surface"));
    }
    JsonObject none = ok("/agent/v1/beauty/products/search?psp=no_such_psp");
    assertEquals(0, none.getJsonArray("products").size());
  }

  @Test
  void offVerticalQueriesAreEmptyOrLowAndNeverErrors() {
    JsonObject tyres = ok("/agent/v1/products/search?query=" + q("winter car tyres 205/55 R16"));
    assertEquals(0, tyres.getJsonArray("products").size(), tyres::toString);
    ok("/agent/v1/products/search?query=" + q("¿dónde está la tienda? 🚗 %%% AND OR NOT"));
  }

  @Test
  void invalidSearchParametersAre422() {
    for (String bad :
        new String[] {
          "limit=0",
          "limit=251",
          "offset=-1",
          "min_price=30&max_price=10",
          "min_price=-1",
          "market=USA",
          "external_seed_strategy=sometimes",
          "in_stock=maybe",
          "limit=abc"
        }) {
      Http.Answer a = get("/agent/v1/products/search?" + bad);
      assertEquals(422, a.status(), () -> bad + " → " + a);
      assertEquals(
          "query",
          a.json().getJsonArray("detail").getJsonObject(0).getJsonArray("loc").getString(0));
    }
    assertEquals(422, get("/agent/v1/products/merchants/" + LUMEN + "?limit=251").status());
    assertEquals(422, get("/agent/v1/products/recommendations?merchant_id=" + LUMEN).status());
    assertEquals(422, get("/agent/v1/product-groups/resolve?merchant_id=" + LUMEN).status());
    assertEquals(422, get("/agent/v1/products/resolve").status());
  }

  @Test
  void scopedKeySearchesOnlyItsMerchants() {
    String scoped = Agents.register(http, new String[] {LUMEN}).apiKey();
    Http.Answer all = http.get("/agent/v1/products/search?limit=100", "X-API-Key", scoped);
    assertEquals(200, all.status());
    all.json()
        .getJsonArray("products")
        .forEach(v -> assertEquals(LUMEN, v.asJsonObject().getString("merchant_id")));
    assertEquals(
        403,
        http.get("/agent/v1/products/search?merchant_id=" + SAKURA, "X-API-Key", scoped).status());
    assertEquals(
        403, http.get("/agent/v1/products/merchants/" + SAKURA, "X-API-Key", scoped).status());
  }

  @Test
  void productReadsByEveryKindOfId() {
    JsonObject p =
        ok("/agent/v1/products/search?merchant_id=" + LUMEN + "&limit=1")
            .getJsonArray("products")
            .getJsonObject(0);
    String id = p.getString("id");
    assertEquals(
        id, ok("/agent/v1/products/" + LUMEN + "/" + id).getJsonObject("product").getString("id"));
    assertEquals(
        id,
        ok("/agent/v1/products/merchants/"
                + LUMEN
                + "/product/"
                + p.getString("platform_product_id"))
            .getJsonObject("product")
            .getString("id"));
    assertEquals(
        id,
        ok("/agent/v1/products/merchants/" + LUMEN + "/product/" + p.getString("handle"))
            .getJsonObject("product")
            .getString("id"));
    String variantId = p.getJsonArray("variants").getJsonObject(0).getString("id");
    JsonObject byVariant = ok("/agent/v1/products/merchants/" + LUMEN + "/variant/" + variantId);
    assertEquals(id, byVariant.getJsonObject("product").getString("id"));
    assertEquals(variantId, byVariant.getJsonObject("variant").getString("id"));
    assertEquals(404, get("/agent/v1/products/" + LUMEN + "/prod_0000000000000000").status());
    assertEquals(404, get("/agent/v1/products/merch_0000000000000000/" + id).status());
    assertEquals(
        404, get("/agent/v1/products/" + MAISON + "/" + id).status(), "another merchant's product");

    JsonObject listing = ok("/agent/v1/products/merchants/" + LUMEN + "?limit=250");
    assertTrue(listing.getInt("count") > 10);
    JsonArray related =
        ok("/agent/v1/products/merchants/" + LUMEN + "/product/" + id + "/related?limit=5")
            .getJsonArray("products");
    assertTrue(related.size() <= 5);
    related.forEach(v -> assertNotEquals(id, v.asJsonObject().getString("id")));
  }

  @Test
  void productGroupsListSellersAndRecommendationsPutThemFirst() {
    JsonObject grouped = null;
    for (JsonValue v : ok("/agent/v1/products/search?limit=250").getJsonArray("products")) {
      if (!v.asJsonObject().isNull("product_group_id")) {
        grouped = v.asJsonObject();
        break;
      }
    }
    assertTrue(grouped != null, "the demo data has multi-seller groups");
    String groupId = grouped.getString("product_group_id");
    JsonObject group = ok("/agent/v1/product-groups/" + groupId);
    JsonArray members = group.getJsonArray("members");
    Set<String> sellers = new HashSet<>();
    members.forEach(m -> sellers.add(m.asJsonObject().getString("merchant_id")));
    assertTrue(sellers.size() >= 2, group::toString);
    assertEquals(
        groupId,
        ok("/agent/v1/product-groups/resolve?merchant_id="
                + grouped.getString("merchant_id")
                + "&product_id="
                + grouped.getString("id"))
            .getString("product_group_id"));
    assertEquals(
        groupId,
        ok("/agent/v1/product-groups/resolve-by-product-id?product_id=" + grouped.getString("id"))
            .getString("product_group_id"));
    JsonArray recommended =
        ok("/agent/v1/products/recommendations?merchant_id="
                + grouped.getString("merchant_id")
                + "&platform_product_id="
                + grouped.getString("platform_product_id")
                + "&limit=3")
            .getJsonArray("products");
    assertEquals(
        groupId,
        recommended.getJsonObject(0).getString("product_group_id"),
        "same-group offers first");
    assertNotEquals(grouped.getString("id"), recommended.getJsonObject(0).getString("id"));
  }

  @Test
  void resolveFindsProductsFromIdsRefsUrlsSkusAndWords() {
    JsonObject p =
        ok("/agent/v1/products/search?merchant_id=" + LUMEN + "&limit=1")
            .getJsonArray("products")
            .getJsonObject(0);
    String id = p.getString("id");
    assertEquals(id, firstCandidate(ok("/agent/v1/products/resolve?product_id=" + id)));
    assertEquals(
        id,
        firstCandidate(
            ok("/agent/v1/products/resolve?product_id=" + q(LUMEN + ":" + p.getString("handle")))));
    assertEquals(
        id,
        firstCandidate(
            ok(
                "/agent/v1/products/resolve?product_id="
                    + q("https://lumen-skin.example/products/" + p.getString("handle")))));
    assertEquals(
        id,
        firstCandidate(
            ok(
                "/agent/v1/products/resolve?merchant_id="
                    + LUMEN
                    + "&sku_id="
                    + q(p.getString("sku")))));
    JsonObject byWords =
        ok("/agent/v1/products/resolve?merchant_id=" + LUMEN + "&query=" + q(p.getString("title")));
    assertEquals("search", byWords.getString("resolution"));
    assertEquals(id, firstCandidate(byWords));
  }

  private static String firstCandidate(JsonObject resolution) {
    assertTrue(resolution.getBoolean("resolved"), resolution::toString);
    return resolution
        .getJsonArray("candidates")
        .getJsonObject(0)
        .getJsonObject("product")
        .getString("id");
  }

  @Test
  void citationsNeedNoKeyAndShopIntentIsSuppressed() {
    Http.Answer found = http.get("/agent/v1/citation/search?q=niacinamide&limit=5");
    assertEquals(200, found.status(), found::toString);
    JsonArray citations = found.json().getJsonArray("citations");
    assertFalse(citations.isEmpty());
    assertTrue(citations.size() <= 5);
    String citationId = citations.getJsonObject(0).getString("citation_id");
    Http.Answer one = http.get("/agent/v1/citation/" + citationId);
    assertEquals(200, one.status());
    assertEquals(citationId, one.json().getJsonObject("citation").getString("citation_id"));
    JsonObject shop = http.get("/agent/v1/citation/search?q=niacinamide&intent=shop").json();
    assertTrue(shop.getBoolean("suppressed"));
    assertEquals(0, shop.getJsonArray("citations").size());
    assertFalse(shop.getString("suppressed_reason").isBlank());
    assertEquals(404, http.get("/agent/v1/citation/cit_0000000000000000").status());
    assertEquals(422, http.get("/agent/v1/citation/search?limit=51").status());
    assertEquals(422, http.get("/agent/v1/citation/search?intent=browse").status());
    assertEquals(20, http.get("/agent/v1/citation/search").json().getJsonArray("citations").size());
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
