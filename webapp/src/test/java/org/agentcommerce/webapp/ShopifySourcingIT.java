package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.ShopifyStub;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Cache-first sourcing of a Shopify merchant's catalog, end to end: the server under test reads a
 * Shopify stub running in this JVM on 127.0.0.1, stores what it read, and answers {@code GET
 * /agent/v1/products/merchants/{id}} with where the products came from ({@code source}: cache,
 * realtime or cache_stale) as the {@code allow_external_seed}, {@code allow_stale_cache}, {@code
 * external_seed_strategy} and {@code fast_mode} parameters allow.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ShopifySourcingIT {

  private static final String SERUM_ID = "8123456789012";
  private static final Set<String> VARIANT_IDS =
      Set.of("44123456789012", "44123456789013", "44123456789014");

  /** The merchant directory re-reads merchants every 30 s: a new merchant is visible by then. */
  private static final long VISIBLE_WITHIN_MILLIS = 45_000;

  private static final SecureRandom RANDOM = new SecureRandom();

  // One stub and one merchant per scenario, created once and made visible together.
  private static ShopifyStub syncedStub;
  private static ShopifyStub downStub;
  private static ShopifyStub untouchedStub;
  private static String synced;
  private static String down;
  private static String untouched;

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private String key;

  @BeforeEach
  void setUp() {
    http = new Http(base);
    key = Agents.register(http).apiKey();
    merchantsOnce();
  }

  @AfterAll
  static void stopStubs() {
    for (ShopifyStub stub : new ShopifyStub[] {syncedStub, downStub, untouchedStub}) {
      if (stub != null) {
        stub.close();
      }
    }
  }

  @Test
  void readsThePlatformOnAMissThenServesTheCacheAndFallsBackToItWhenThePlatformFails() {
    // A miss: read from the platform now, every page, and served from what was stored.
    Http.Answer first = products(synced, "");
    assertEquals(200, first.status(), first::toString);
    JsonObject body = first.json();
    assertEquals("realtime", body.getString("source"), body::toString);
    assertEquals(synced, body.getString("merchant_id"));
    assertEquals(2, body.getInt("count"), body::toString);
    JsonArray products = body.getJsonArray("products");
    assertEquals(2, products.size());
    assertEquals(VARIANT_IDS, variantIds(products));
    JsonObject serum = byPlatformId(products, SERUM_ID);
    assertEquals(productId(synced, SERUM_ID), serum.getString("id"));
    assertEquals(
        0, new BigDecimal("24.00").compareTo(serum.getJsonNumber("price").bigDecimalValue()));
    assertEquals("USD", serum.getString("currency"));
    assertEquals("US", serum.getString("market"));
    assertEquals("skincare", serum.getString("category"));
    JsonObject serumVariant = serum.getJsonArray("variants").getJsonObject(0);
    assertEquals("44123456789012", serumVariant.getString("id"));
    assertEquals("44123456789012", serumVariant.getString("variant_id"));
    assertEquals(
        0,
        new BigDecimal("24.00").compareTo(serumVariant.getJsonNumber("price").bigDecimalValue()));
    assertEquals(
        List.of("/products.json?limit=250&page=1", "/products.json?limit=250&page=2"),
        syncedStub.requestedUris());
    assertNotNull(
        Agents.query("SELECT catalog_synced_at FROM merchants WHERE id = ?", synced),
        "catalog_synced_at is set");

    // The next read sees the synced products in search too.
    Http.Answer search = get("/agent/v1/products/search?merchant_id=" + synced + "&query=yuzu");
    assertEquals(200, search.status(), search::toString);
    JsonArray hits = search.json().getJsonArray("products");
    assertTrue(!hits.isEmpty(), search::toString);
    assertEquals(SERUM_ID, hits.getJsonObject(0).getString("platform_product_id"));
    assertEquals(synced, hits.getJsonObject(0).getString("merchant_id"));

    // Fresh: served from the cache without calling out.
    Http.Answer second = products(synced, "");
    assertEquals(200, second.status(), second::toString);
    assertEquals("cache", second.json().getString("source"), second::toString);
    assertEquals(2, second.json().getInt("count"));
    assertEquals(2, syncedStub.requests(), "no new platform request");

    // realtime_first reads the platform every time.
    Http.Answer realtime = products(synced, "?external_seed_strategy=realtime_first");
    assertEquals(200, realtime.status(), realtime::toString);
    assertEquals("realtime", realtime.json().getString("source"), realtime::toString);
    assertEquals(2, realtime.json().getInt("count"));
    assertEquals(4, syncedStub.requests());

    // The platform fails: the stored copy is served, marked stale.
    syncedStub.failWith(503);
    Http.Answer stale = products(synced, "?external_seed_strategy=realtime_first");
    assertEquals(200, stale.status(), stale::toString);
    assertEquals("cache_stale", stale.json().getString("source"), stale::toString);
    assertEquals(2, stale.json().getInt("count"));
    assertEquals(5, syncedStub.requests());
  }

  @Test
  void aFailingPlatformWithNothingCachedIs502() {
    Http.Answer answer = products(down, "");
    assertEquals(502, answer.status(), answer::toString);
    JsonObject detail = answer.json().getJsonObject("detail");
    assertEquals("MERCHANT_CATALOG_UNAVAILABLE", detail.getString("error"));
    assertEquals(down, detail.getString("merchant_id"));
    assertEquals(JsonValue.TRUE, detail.get("retriable"));
    assertTrue(!answer.body().contains("127.0.0.1"), "no upstream address: " + answer);
    assertEquals(1, downStub.requests());
  }

  @Test
  void fastModeNeverCallsOut() {
    Http.Answer answer = products(untouched, "?fast_mode=true");
    assertEquals(200, answer.status(), answer::toString);
    assertEquals("cache_stale", answer.json().getString("source"), answer::toString);
    assertEquals(0, answer.json().getInt("count"));
    assertEquals(0, answer.json().getJsonArray("products").size());

    Http.Answer cacheOnly = products(untouched, "?external_seed_strategy=cache_only");
    assertEquals("cache_stale", cacheOnly.json().getString("source"), cacheOnly::toString);
    Http.Answer noSeed = products(untouched, "?allow_external_seed=false");
    assertEquals("cache_stale", noSeed.json().getString("source"), noSeed::toString);
    assertEquals(0, untouchedStub.requests(), "the platform was never called");
  }

  // ---------------------------------------------------------------------------------------------

  private Http.Answer get(String path) {
    return http.get(path, "X-API-Key", key);
  }

  private Http.Answer products(String merchantId, String query) {
    return get("/agent/v1/products/merchants/" + merchantId + query);
  }

  /** Creates the scenario merchants once, then waits until the server knows all of them. */
  private void merchantsOnce() {
    if (synced != null) {
      return;
    }
    syncedStub = ShopifyStub.start();
    downStub = ShopifyStub.start().failWith(503);
    untouchedStub = ShopifyStub.start();
    String a = insertMerchant(syncedStub);
    String b = insertMerchant(downStub);
    String c = insertMerchant(untouchedStub);
    long deadline = System.currentTimeMillis() + VISIBLE_WITHIN_MILLIS;
    for (String id : List.of(a, b, c)) {
      while (true) {
        // cache_only and fast_mode: never reads the platform, so the scenarios start untouched.
        Http.Answer answer = products(id, "?external_seed_strategy=cache_only&fast_mode=true");
        if (answer.status() == 200) {
          break;
        }
        // 404 until the directory re-reads merchants, 503 while the catalog index is built.
        assertTrue(answer.status() == 404 || answer.status() == 503, answer::toString);
        if (System.currentTimeMillis() > deadline) {
          throw new AssertionError("merchant " + id + " never became visible: " + answer);
        }
        sleep(500);
      }
    }
    assertEquals(0, syncedStub.requests() + downStub.requests() + untouchedStub.requests());
    synced = a;
    down = b;
    untouched = c;
  }

  private static String insertMerchant(ShopifyStub stub) {
    String id = "merch_" + randomHex();
    Timestamp now = Timestamp.from(Instant.now());
    Agents.sql(
        "INSERT INTO merchants (id, business_name, status, platform, region, store_url, website,"
            + " contact_email, psp_connected, psp_type, created_at, updated_at, catalog_source,"
            + " catalog_base_url, default_currency) VALUES (?, ?, 'active', 'shopify', 'US', ?, ?,"
            + " ?, TRUE, 'stripe', ?, ?, 'shopify', ?, 'USD')",
        id,
        "Stub Beauty " + id.substring(6, 12),
        stub.baseUrl(),
        stub.baseUrl(),
        "orders@stub-beauty.test",
        now,
        now,
        stub.baseUrl());
    Agents.sql(
        "INSERT INTO merchant_capabilities (merchant_id, kind, code) VALUES (?, 'market', 'US')",
        id);
    return id;
  }

  private static Set<String> variantIds(JsonArray products) {
    Set<String> ids = new TreeSet<>();
    for (JsonValue p : products) {
      for (JsonValue v : p.asJsonObject().getJsonArray("variants")) {
        ids.add(v.asJsonObject().getString("id"));
      }
    }
    return ids;
  }

  private static JsonObject byPlatformId(JsonArray products, String platformId) {
    Map<String, JsonObject> byId =
        products.stream()
            .map(JsonValue::asJsonObject)
            .collect(Collectors.toMap(p -> p.getString("platform_product_id"), p -> p));
    JsonObject p = byId.get(platformId);
    assertNotNull(p, () -> "no product " + platformId + " in " + products);
    return p;
  }

  /** Our product id of a Shopify product: prod_ and 16 hex of SHA-256("shopify:merchant:id"). */
  private static String productId(String merchantId, String platformProductId) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(
                  ("shopify:" + merchantId + ":" + platformProductId)
                      .getBytes(StandardCharsets.UTF_8));
      return "prod_" + HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String randomHex() {
    byte[] bytes = new byte[8];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
