package org.agentcommerce.catalog.infrastructure.connector;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.catalog.spi.ConnectorException;
import org.agentcommerce.catalog.spi.ConnectorException.Kind;
import org.agentcommerce.catalog.spi.ConnectorTarget;
import org.agentcommerce.catalog.spi.Page;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.agentcommerce.catalog.spi.VariantSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The Shopify connector against a local WireMock stand-in for a Shopify storefront. */
class ShopifyStorefrontConnectorTest {

  private static final Instant NOW = Instant.parse("2026-03-02T12:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  private static final String JSON = "application/json; charset=utf-8";

  private static WireMockServer server;

  private ShopifyStorefrontConnector connector;
  private ConnectorTarget usdShop;
  private ConnectorTarget jpyShop;

  @BeforeAll
  static void startServer() {
    server =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    server.start();
  }

  @AfterAll
  static void stopServer() {
    server.stop();
  }

  @BeforeEach
  void setUp() {
    server.resetAll();
    connector = new ShopifyStorefrontConnector(ShopifyStorefrontConnector.newHttpClient(), CLOCK);
    URI base = URI.create("http://127.0.0.1:" + server.port());
    usdShop = new ConnectorTarget("mer_lumen", base, "USD");
    jpyShop = new ConnectorTarget("mer_kyoto", URI.create(base + "/"), "JPY");
  }

  @Test
  void sourceIsShopify() {
    assertEquals("shopify", connector.source());
  }

  @Nested
  class Listing {

    @BeforeEach
    void stubPages() {
      stubJson("/products.json?limit=2&page=1", "products-page-1.json");
      stubJson("/products.json?limit=2&page=2", "products-page-2.json");
      stubJson("/products.json?limit=2&page=3", "products-empty.json");
    }

    @Test
    void pagesUntilAnEmptyPage() throws Exception {
      Page first = connector.listProducts(usdShop, 2, null);
      assertEquals(List.of("lumen-hydrating-serum", "everyday-sunscreen-spf-50"), handles(first));
      assertEquals("2", first.nextCursor());

      Page second = connector.listProducts(usdShop, 2, first.nextCursor());
      assertEquals(List.of("night-repair-cream"), handles(second));
      assertEquals("3", second.nextCursor());

      Page third = connector.listProducts(usdShop, 2, second.nextCursor());
      assertTrue(third.products().isEmpty());
      assertNull(third.nextCursor());
      assertFalse(third.hasMore());

      server.verify(
          getRequestedFor(urlEqualTo("/products.json?limit=2&page=1"))
              .withHeader("Accept", equalTo("application/json"))
              .withHeader("User-Agent", equalTo("AgentCommerce/1.0 (+catalog connector)")));
      server.verify(getRequestedFor(urlEqualTo("/products.json?limit=2&page=3")));
    }

    @Test
    void capsThePageSizeAtShopifysMaximum() throws Exception {
      stubJson("/products.json?limit=250&page=1", "products-empty.json");
      Page page = connector.listProducts(usdShop, 1000, null);
      assertNull(page.nextCursor());
      server.verify(getRequestedFor(urlEqualTo("/products.json?limit=250&page=1")));
    }

    @Test
    void readsDecimalStringPricesInMajorUnits() throws Exception {
      ProductSnapshot serum = connector.listProducts(usdShop, 2, null).products().get(0);
      List<VariantSnapshot> variants = serum.variants();
      assertEquals(3, variants.size());

      assertEquals(new BigDecimal("24.00"), variants.get(0).price());
      assertEquals(new BigDecimal("30.00"), variants.get(0).compareAtPrice());
      assertEquals("USD", variants.get(0).currency());
      assertEquals(new BigDecimal("38.00"), variants.get(1).price());
      assertNull(variants.get(1).compareAtPrice());
      // "39.5" is read at USD's exponent; an empty compare_at_price is no compare-at price.
      assertEquals(new BigDecimal("39.50"), variants.get(2).price());
      assertNull(variants.get(2).compareAtPrice());
    }

    @Test
    void keepsIdsDigitForDigit() throws Exception {
      Page first = connector.listProducts(usdShop, 2, null);
      ProductSnapshot serum = first.products().get(0);
      assertEquals("8123456789012", serum.platformProductId());
      assertEquals(
          List.of("44123456789012", "44123456789013", "44123456789029"),
          serum.variants().stream().map(VariantSnapshot::platformVariantId).toList());

      // Ids sent as strings, one beyond the range of a long, stay as sent.
      ProductSnapshot cream = connector.listProducts(usdShop, 2, "2").products().get(0);
      assertEquals("8123456789999", cream.platformProductId());
      assertEquals("12345678901234567890", cream.variants().get(0).platformVariantId());
    }

    @Test
    void readsTagsAsAListOrACommaSeparatedString() throws Exception {
      List<ProductSnapshot> products = connector.listProducts(usdShop, 2, null).products();
      assertEquals(List.of("hydration", "hyaluronic acid", "vegan"), products.get(0).tags());
      assertEquals(List.of("spf", "sunscreen", "Summer Edit"), products.get(1).tags());
    }

    @Test
    void stripsHtmlFromTheDescription() throws Exception {
      List<ProductSnapshot> products = connector.listProducts(usdShop, 2, null).products();
      assertEquals(
          "Hyaluronic acid serum for all skin types & tones.\n"
              + "Fragrance free\n"
              + "Dermatologist\u2011tested \u2014 98% agreed",
          products.get(0).description());
      assertEquals("Lightweight, no white cast.", products.get(1).description());
      assertNull(connector.listProducts(usdShop, 2, "2").products().get(0).description());
    }

    @Test
    void mapsProductFieldsOptionsImagesAndAvailability() throws Exception {
      List<ProductSnapshot> products = connector.listProducts(usdShop, 2, null).products();
      ProductSnapshot serum = products.get(0);
      assertEquals("Lumen Hydrating Serum", serum.title());
      assertEquals("Lumen Labs", serum.vendor());
      assertEquals("Serum", serum.productType());
      assertEquals(Instant.parse("2026-03-01T15:00:00Z"), serum.updatedAt());
      String cdn = "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/";
      assertEquals(cdn + "serum-30.jpg?v=1705266765", serum.imageUrl());
      assertEquals(
          List.of(
              cdn + "serum-30.jpg?v=1705266765",
              cdn + "serum-50.jpg?v=1705266765",
              cdn + "serum-rose.jpg?v=1706878800"),
          serum.images());

      VariantSnapshot small = serum.variants().get(0);
      assertEquals("30 ml / Unscented", small.title());
      assertEquals("LUM-HYD-30", small.sku());
      assertEquals(Map.of("Size", "30 ml", "Scent", "Unscented"), small.options());
      assertEquals(List.of("Size", "Scent"), List.copyOf(small.options().keySet()));
      assertTrue(small.available());
      assertNull(small.inventoryQuantity());
      assertNull(small.imageUrl());
      assertEquals(1, small.position());

      VariantSnapshot large = serum.variants().get(1);
      assertFalse(large.available());
      assertEquals(cdn + "serum-50.jpg?v=1705266765", large.imageUrl());

      VariantSnapshot rose = serum.variants().get(2);
      assertEquals(Map.of("Size", "50 ml", "Scent", "Rose"), rose.options());
      assertEquals(cdn + "serum-rose.jpg?v=1706878800", rose.imageUrl(), "by image_id");
      assertEquals(3, rose.position());

      ProductSnapshot sunscreen = products.get(1);
      assertEquals(Instant.parse("2026-02-20T15:30:00Z"), sunscreen.updatedAt());
      assertNull(sunscreen.imageUrl());
      assertTrue(sunscreen.images().isEmpty());
      VariantSnapshot only = sunscreen.variants().get(0);
      assertEquals(Map.of(), only.options(), "Shopify's placeholder option is dropped");
      assertNull(only.sku(), "an empty SKU is no SKU");
    }

    @Test
    void readsInventoryQuantityWhenPresent() throws Exception {
      ProductSnapshot cream = connector.listProducts(usdShop, 2, "2").products().get(0);
      assertEquals(12, cream.variants().get(0).inventoryQuantity());
      assertNull(cream.productType(), "an empty product type is none");
      assertEquals(Instant.parse("2026-02-28T22:59:59Z"), cream.updatedAt());
    }

    @Test
    void readsJpyPricesAtExponentZero() throws Exception {
      stubJson("/products.json?limit=50&page=1", "jpy-products.json");
      ProductSnapshot matcha = connector.listProducts(jpyShop, 50, null).products().get(0);
      VariantSnapshot small = matcha.variants().get(0);
      assertEquals(new BigDecimal("3300"), small.price());
      assertEquals(0, small.price().scale());
      assertEquals(new BigDecimal("4000"), small.compareAtPrice());
      assertEquals("JPY", small.currency());
      assertEquals(new BigDecimal("9800"), matcha.variants().get(1).price());
      assertEquals(List.of("matcha", "抹茶", "ceremonial"), matcha.tags());
      assertEquals("京都・宇治産の一番茶。\n30 g 缶入り", matcha.description());
      assertEquals(Map.of("Weight", "30 g"), small.options());
    }

    @Test
    void rejectsABadCursor() {
      assertThrows(IllegalArgumentException.class, () -> connector.listProducts(usdShop, 2, "x"));
      assertThrows(IllegalArgumentException.class, () -> connector.listProducts(usdShop, 2, "0"));
      assertThrows(IllegalArgumentException.class, () -> connector.listProducts(usdShop, 0, null));
    }
  }

  @Nested
  class ByHandle {

    @Test
    void readsIntegerCentPricesAndProtocolRelativeImages() throws Exception {
      stubJs("/products/lumen-hydrating-serum.js", "product-lumen-hydrating-serum.js");

      ProductSnapshot serum =
          connector.productByHandle(usdShop, "lumen-hydrating-serum").orElseThrow();

      assertEquals("8123456789012", serum.platformProductId());
      assertEquals("lumen-hydrating-serum", serum.handle());
      assertEquals("Serum", serum.productType(), "from the .js 'type'");
      assertEquals(
          "Hyaluronic acid serum for all skin types & tones.\n"
              + "Fragrance free\n"
              + "Dermatologist\u2011tested \u2014 98% agreed",
          serum.description());
      assertNull(serum.updatedAt(), ".js has no updated_at");
      String cdn = "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/";
      assertEquals(cdn + "serum-30.jpg?v=1705266765", serum.imageUrl());
      assertEquals(3, serum.images().size());
      assertTrue(serum.images().stream().allMatch(u -> u.startsWith("https://cdn.shopify.com/")));

      List<VariantSnapshot> variants = serum.variants();
      assertEquals(
          List.of("44123456789012", "44123456789013", "44123456789029"),
          variants.stream().map(VariantSnapshot::platformVariantId).toList());
      assertEquals(new BigDecimal("24.00"), variants.get(0).price());
      assertEquals(new BigDecimal("30.00"), variants.get(0).compareAtPrice());
      assertEquals(new BigDecimal("38.00"), variants.get(1).price());
      assertEquals(new BigDecimal("39.50"), variants.get(2).price());
      assertEquals(Map.of("Size", "50 ml", "Scent", "Rose"), variants.get(2).options());
      assertEquals(List.of(1, 2, 3), variants.stream().map(VariantSnapshot::position).toList());
      assertFalse(variants.get(1).available());
      assertEquals(cdn + "serum-50.jpg?v=1705266765", variants.get(1).imageUrl());
      assertEquals("USD", variants.get(0).currency());

      server.verify(
          getRequestedFor(urlPathEqualTo("/products/lumen-hydrating-serum.js"))
              .withHeader("Accept", equalTo("application/json")));
    }

    @Test
    void readsJpyCentsAsYen() throws Exception {
      stubJs("/products/uji-matcha-ceremonial.js", "jpy-product-uji-matcha-ceremonial.js");

      ProductSnapshot matcha =
          connector.productByHandle(jpyShop, "uji-matcha-ceremonial").orElseThrow();

      VariantSnapshot small = matcha.variants().get(0);
      assertEquals(new BigDecimal("3300"), small.price());
      assertEquals(new BigDecimal("4000"), small.compareAtPrice());
      assertEquals("JPY", small.currency());
      assertEquals(new BigDecimal("9800"), matcha.variants().get(1).price());
      assertFalse(matcha.variants().get(1).available());
      assertEquals(Map.of("Weight", "100 g"), matcha.variants().get(1).options());
      assertEquals(
          "https://cdn.shopify.com/s/files/1/0700/0000/0001/files/matcha.jpg?v=1",
          matcha.imageUrl());
    }

    @Test
    void unknownHandleIsEmpty() throws Exception {
      server.stubFor(
          get(urlPathEqualTo("/products/no-such-thing.js"))
              .willReturn(aResponse().withStatus(404).withBody("Not Found")));
      assertEquals(Optional.empty(), connector.productByHandle(usdShop, "no-such-thing"));
    }

    @Test
    void encodesTheHandleAsOnePathSegment() throws Exception {
      server.stubFor(
          get(urlEqualTo("/products/a%2Fb%20c.js")).willReturn(aResponse().withStatus(404)));
      assertEquals(Optional.empty(), connector.productByHandle(usdShop, "a/b c"));
      server.verify(getRequestedFor(urlEqualTo("/products/a%2Fb%20c.js")));
    }
  }

  @Nested
  class Failures {

    @Test
    void listingAMissingStoreIsNotFound() {
      server.stubFor(get(urlPathEqualTo("/products.json")).willReturn(aResponse().withStatus(404)));
      ConnectorException e = assertFails(() -> connector.listProducts(usdShop, 10, null));
      assertEquals(Kind.NOT_FOUND, e.kind());
      assertFalse(e.retriable());
      assertEquals(404, e.httpStatus().orElseThrow());
    }

    @Test
    void tooManyRequestsIsRateLimitedWithRetryAfter() {
      server.stubFor(
          get(urlPathEqualTo("/products.json"))
              .willReturn(
                  aResponse()
                      .withStatus(429)
                      .withHeader("Retry-After", "7")
                      .withBody("Too Many Requests")));
      ConnectorException e = assertFails(() -> connector.listProducts(usdShop, 10, null));
      assertEquals(Kind.RATE_LIMITED, e.kind());
      assertTrue(e.retriable());
      assertEquals(7, e.retryAfterSeconds().orElseThrow());
      assertEquals(429, e.httpStatus().orElseThrow());
    }

    @Test
    void retryAfterMayBeFractionalOrADate() {
      server.stubFor(
          get(urlPathEqualTo("/products/a.js"))
              .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "2.0")));
      server.stubFor(
          get(urlPathEqualTo("/products/b.js"))
              .willReturn(
                  aResponse()
                      .withStatus(429)
                      .withHeader("Retry-After", "Mon, 02 Mar 2026 12:01:30 GMT")));
      server.stubFor(get(urlPathEqualTo("/products/c.js")).willReturn(aResponse().withStatus(429)));

      assertEquals(
          2,
          assertFails(() -> connector.productByHandle(usdShop, "a"))
              .retryAfterSeconds()
              .orElseThrow());
      assertEquals(
          90,
          assertFails(() -> connector.productByHandle(usdShop, "b"))
              .retryAfterSeconds()
              .orElseThrow());
      ConnectorException none = assertFails(() -> connector.productByHandle(usdShop, "c"));
      assertEquals(Kind.RATE_LIMITED, none.kind());
      assertTrue(none.retryAfterSeconds().isEmpty());
    }

    @Test
    void serviceUnavailableIsRetriable() {
      server.stubFor(
          get(urlPathEqualTo("/products/lumen-hydrating-serum.js"))
              .willReturn(aResponse().withStatus(503).withBody("<html>busy</html>")));
      ConnectorException e =
          assertFails(() -> connector.productByHandle(usdShop, "lumen-hydrating-serum"));
      assertEquals(Kind.UNAVAILABLE, e.kind());
      assertTrue(e.retriable());
      assertEquals(503, e.httpStatus().orElseThrow());
    }

    @Test
    void aResponseSlowerThanTheTimeoutIsUnavailable() {
      server.stubFor(
          get(urlPathEqualTo("/products.json"))
              .willReturn(
                  aResponse()
                      .withStatus(200)
                      .withHeader("Content-Type", JSON)
                      .withBody(fixture("products-empty.json"))
                      .withFixedDelay(1500)));
      ShopifyStorefrontConnector impatient =
          new ShopifyStorefrontConnector(
              ShopifyStorefrontConnector.newHttpClient(), CLOCK, Duration.ofMillis(250));

      ConnectorException e =
          assertTimeoutPreemptively(
              Duration.ofSeconds(4),
              () -> assertFails(() -> impatient.listProducts(usdShop, 5, null)));
      assertEquals(Kind.UNAVAILABLE, e.kind());
      assertTrue(e.retriable());
    }

    @Test
    void aRefusedConnectionIsUnavailable() throws IOException {
      int closedPort;
      try (ServerSocket socket =
          new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
        closedPort = socket.getLocalPort();
      }
      ConnectorTarget gone =
          new ConnectorTarget("mer_gone", URI.create("http://127.0.0.1:" + closedPort), "USD");
      ConnectorException e = assertFails(() -> connector.listProducts(gone, 5, null));
      assertEquals(Kind.UNAVAILABLE, e.kind());
      assertTrue(e.retriable());
    }

    @Test
    void malformedJsonIsAnInvalidResponse() {
      server.stubFor(
          get(urlPathEqualTo("/products.json"))
              .willReturn(
                  aResponse()
                      .withStatus(200)
                      .withHeader("Content-Type", JSON)
                      .withBody(fixture("malformed.json"))));
      ConnectorException e = assertFails(() -> connector.listProducts(usdShop, 10, null));
      assertEquals(Kind.INVALID_RESPONSE, e.kind());
      assertFalse(e.retriable());
    }

    @Test
    void anUnexpectedShapeIsAnInvalidResponse() {
      stubBody("/products.json?limit=10&page=1", "{\"products\":{\"id\":1}}");
      stubBody("/products.json?limit=11&page=1", "[1,2,3]");
      stubBody("/products.json?limit=12&page=1", "{\"products\":[{\"id\":1.5,\"handle\":\"x\"}]}");
      stubBody(
          "/products.json?limit=13&page=1",
          "{\"products\":[{\"id\":1,\"handle\":\"x\",\"variants\":[{\"id\":2,\"price\":\"abc\"}]}]}");
      stubBody(
          "/products.json?limit=14&page=1",
          "{\"products\":[{\"id\":1,\"handle\":\"x\",\"variants\":[{\"id\":2,\"price\":\"1.005\"}]}]}");
      for (int limit = 10; limit <= 14; limit++) {
        int l = limit;
        ConnectorException e = assertFails(() -> connector.listProducts(usdShop, l, null));
        assertEquals(Kind.INVALID_RESPONSE, e.kind(), "limit " + limit + ": " + e.getMessage());
      }
    }

    @Test
    void anHtmlAnswerIsInvalidAndQuotedAtMost200Characters() {
      String longHtml = "<!doctype html><html><body>" + "x".repeat(5_000) + "</body></html>";
      stubBody("/products/serum.js", longHtml);
      ConnectorException e = assertFails(() -> connector.productByHandle(usdShop, "serum"));
      assertEquals(Kind.INVALID_RESPONSE, e.kind());
      String message = e.getMessage();
      assertTrue(message.contains("<!doctype html>"), message);
      assertFalse(message.contains("x".repeat(201)), message);
      assertTrue(message.length() < 500, "message length " + message.length());
    }

    @Test
    void aPasswordProtectedStoreIsUnavailable() {
      server.stubFor(
          get(urlPathEqualTo("/products.json"))
              .willReturn(aResponse().withStatus(302).withHeader("Location", "/password")));
      server.stubFor(
          get(urlPathEqualTo("/password"))
              .willReturn(
                  aResponse()
                      .withStatus(200)
                      .withHeader("Content-Type", "text/html; charset=utf-8")
                      .withBody(fixture("password-page.html"))));
      ConnectorException e = assertFails(() -> connector.listProducts(usdShop, 10, null));
      assertEquals(Kind.UNAVAILABLE, e.kind());
      assertTrue(e.getMessage().contains("password"), e.getMessage());
    }

    @Test
    void aForbiddenAnswerIsAnInvalidResponse() {
      server.stubFor(get(urlPathEqualTo("/products.json")).willReturn(aResponse().withStatus(403)));
      ConnectorException e = assertFails(() -> connector.listProducts(usdShop, 10, null));
      assertEquals(Kind.INVALID_RESPONSE, e.kind());
      assertEquals(403, e.httpStatus().orElseThrow());
    }

    @Test
    void anOversizedBodyIsRefused() {
      stubJson("/products.json?limit=2&page=1", "products-page-1.json");
      ShopifyStorefrontConnector stingy =
          new ShopifyStorefrontConnector(
              ShopifyStorefrontConnector.newHttpClient(), CLOCK, Duration.ofSeconds(5), 1024);
      ConnectorException e = assertFails(() -> stingy.listProducts(usdShop, 2, null));
      assertEquals(Kind.INVALID_RESPONSE, e.kind(), e.getMessage());
    }
  }

  // --- helpers ---

  @FunctionalInterface
  interface ConnectorCall {
    Object call() throws ConnectorException;
  }

  private static ConnectorException assertFails(ConnectorCall call) {
    return assertThrows(ConnectorException.class, call::call);
  }

  private static List<String> handles(Page page) {
    return page.products().stream().map(ProductSnapshot::handle).toList();
  }

  private static void stubJson(String url, String fixture) {
    server.stubFor(
        get(urlEqualTo(url))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", JSON)
                    .withBody(fixture(fixture))));
  }

  private static void stubJs(String path, String fixture) {
    server.stubFor(
        get(urlPathEqualTo(path))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", JSON)
                    .withBody(fixture(fixture))));
  }

  private static void stubBody(String url, String body) {
    server.stubFor(
        get(urlEqualTo(url))
            .willReturn(
                aResponse().withStatus(200).withHeader("Content-Type", JSON).withBody(body)));
  }

  static String fixture(String name) {
    try (InputStream in =
        ShopifyStorefrontConnectorTest.class.getResourceAsStream("/shopify/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no fixture shopify/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
