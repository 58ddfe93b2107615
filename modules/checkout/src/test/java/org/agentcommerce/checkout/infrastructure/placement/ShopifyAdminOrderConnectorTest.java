package org.agentcommerce.checkout.infrastructure.placement;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.checkout.domain.placement.PlacementException;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.placement.PlacementResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Shopify Admin order connector against a local WireMock stand-in for a shop's Admin API. */
class ShopifyAdminOrderConnectorTest {

  static final String TOKEN = "shpat_0123456789abcdef0123456789abcdef";
  static final String ORDERS = "/admin/api/2025-01/orders.json";
  static final String EMPTY_PAGE = "{\"orders\":[]}";
  static final String CREATED =
      "{\"order\":{\"id\":450789469,\"name\":\"#1001\",\"order_number\":1001,"
          + "\"source_identifier\":\"ord_abc\",\"financial_status\":\"paid\"}}";

  static WireMockServer shop;
  ShopifyAdminOrderConnector connector;
  PlacementRequest request;

  @BeforeAll
  static void start() {
    shop =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    shop.start();
  }

  @AfterAll
  static void stop() {
    shop.stop();
  }

  @BeforeEach
  void setUp() {
    shop.resetAll();
    connector =
        new ShopifyAdminOrderConnector() {
          @Override
          Optional<String> secret(String key) {
            return "ac.shops.lumen.token".equals(key) ? Optional.of(TOKEN) : Optional.empty();
          }
        };
    connector.clock = Clock.fixed(Instant.parse("2026-11-24T00:00:00Z"), ZoneOffset.UTC);
    connector.apiVersion = "2025-01";
    connector.timeout = Duration.ofSeconds(2);
    connector.lookupWindow = Duration.ofDays(3);
    request =
        new PlacementRequest(
            "ord_abc",
            "merch_lumen",
            new PlacementRequest.Channel(
                "shopify", "http://127.0.0.1:" + shop.port(), "ac.shops.lumen.token"),
            "USD",
            List.of(
                new PlacementRequest.Line(
                    "7001", "44124137099697", "LUM-1", "BHA gel", 2, 1890, 3780)),
            4200,
            420,
            595,
            385,
            4760,
            "standard",
            "ada@example.com",
            "Ada Lovelace",
            Map.of(
                "name", "Ada Lovelace",
                "address_line1", "1 Main St",
                "city", "New York",
                "state", "NY",
                "postal_code", "10001",
                "country", "US"));
  }

  private void noExistingOrders() {
    shop.stubFor(
        get(urlPathEqualTo(ORDERS)).willReturn(aResponse().withStatus(200).withBody(EMPTY_PAGE)));
  }

  @Test
  void createsThePaidOrderWithOurReferenceAfterLookingForOne() throws Exception {
    noExistingOrders();
    shop.stubFor(
        post(urlPathEqualTo(ORDERS)).willReturn(aResponse().withStatus(201).withBody(CREATED)));
    PlacementResult r = connector.place(request);
    assertEquals("450789469", r.platformOrderId());
    assertEquals("#1001", r.orderNumber());
    assertFalse(r.existing());
    shop.verify(
        getRequestedFor(urlPathEqualTo(ORDERS))
            .withHeader("X-Shopify-Access-Token", equalTo(TOKEN))
            .withQueryParam("status", equalTo("any"))
            .withQueryParam("created_at_min", equalTo("2026-11-21T00:00:00Z")));
    shop.verify(
        postRequestedFor(urlPathEqualTo(ORDERS))
            .withHeader("X-Shopify-Access-Token", equalTo(TOKEN))
            .withRequestBody(
                equalToJson(
                    "{\"order\":{\"source_identifier\":\"ord_abc\",\"financial_status\":\"paid\","
                        + "\"email\":\"ada@example.com\",\"currency\":\"USD\","
                        + "\"line_items\":[{\"variant_id\":44124137099697,\"quantity\":2,\"price\":\"18.90\"}],"
                        + "\"shipping_address\":{\"first_name\":\"Ada\",\"last_name\":\"Lovelace\","
                        + "\"province_code\":\"NY\",\"zip\":\"10001\",\"country_code\":\"US\"}}}",
                    true,
                    true)));
  }

  @Test
  void anOrderAnEarlierAttemptCreatedIsFoundAndNotCreatedAgain() throws Exception {
    shop.stubFor(
        get(urlPathEqualTo(ORDERS))
            .inScenario("pages")
            .whenScenarioStateIs(Scenario.STARTED)
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader(
                        "Link",
                        "<http://127.0.0.1:"
                            + shop.port()
                            + ORDERS
                            + "?page_info=abc&limit=250>; rel=\"next\"")
                    .withBody(
                        "{\"orders\":[{\"id\":1,\"name\":\"#0999\",\"source_identifier\":\"ord_other\"}]}"))
            .willSetStateTo("second"));
    shop.stubFor(
        get(urlPathEqualTo(ORDERS))
            .inScenario("pages")
            .whenScenarioStateIs("second")
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withBody(
                        "{\"orders\":[{\"id\":450789469,\"name\":\"#1001\",\"source_identifier\":\"ord_abc\"}]}")));
    PlacementResult r = connector.place(request);
    assertTrue(r.existing());
    assertEquals("#1001", r.orderNumber());
    shop.verify(0, postRequestedFor(urlPathEqualTo(ORDERS)));
    shop.verify(2, getRequestedFor(urlPathEqualTo(ORDERS)));
  }

  @Test
  void throttlingIsRetryableAfterShopifysRetryAfter() {
    noExistingOrders();
    shop.stubFor(
        post(urlPathEqualTo(ORDERS))
            .willReturn(
                aResponse()
                    .withStatus(429)
                    .withHeader("Retry-After", "2.0")
                    .withBody("{\"errors\":\"Exceeded 2 calls per second\"}")));
    PlacementException e = assertThrows(PlacementException.class, () -> connector.place(request));
    assertTrue(e.retryable());
    assertEquals(2L, e.retryAfterSeconds());
  }

  @Test
  void serverErrorsResetsAndSlowAnswersAreRetryable() {
    noExistingOrders();
    shop.stubFor(post(urlPathEqualTo(ORDERS)).willReturn(aResponse().withStatus(503)));
    assertTrue(assertThrows(PlacementException.class, () -> connector.place(request)).retryable());
    shop.stubFor(
        post(urlPathEqualTo(ORDERS))
            .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
    assertTrue(assertThrows(PlacementException.class, () -> connector.place(request)).retryable());
    shop.stubFor(
        post(urlPathEqualTo(ORDERS))
            .willReturn(aResponse().withStatus(201).withBody(CREATED).withFixedDelay(3000)));
    assertTrue(assertThrows(PlacementException.class, () -> connector.place(request)).retryable());
  }

  @Test
  void aValidationRefusalIsFinalAndCarriesShopifysWordsButNeverTheToken() {
    noExistingOrders();
    shop.stubFor(
        post(urlPathEqualTo(ORDERS))
            .willReturn(
                aResponse()
                    .withStatus(422)
                    .withBody("{\"errors\":{\"line_items\":[\"Unable to find variant\"]}}")));
    PlacementException e = assertThrows(PlacementException.class, () -> connector.place(request));
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("Unable to find variant"), e.getMessage());
    assertFalse(e.getMessage().contains(TOKEN));
  }

  @Test
  void aMissingTokenOrShopIsAConfigurationRefusalWithoutACall() {
    PlacementRequest noToken =
        new PlacementRequest(
            request.reference(),
            request.merchantId(),
            new PlacementRequest.Channel(
                "shopify", "http://127.0.0.1:" + shop.port(), "ac.shops.unknown.token"),
            request.currency(),
            request.lines(),
            0,
            0,
            0,
            0,
            0,
            null,
            null,
            null,
            Map.of());
    PlacementException e = assertThrows(PlacementException.class, () -> connector.place(noToken));
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("ac.shops.unknown.token"));
    assertEquals(0, shop.getAllServeEvents().size());
  }

  static final String GRAPHQL = "/admin/api/2025-01/graphql.json";

  @Test
  void readsTheOrdersReturnsThroughTheGraphqlAdminApi() throws Exception {
    shop.stubFor(
        post(urlPathEqualTo(GRAPHQL))
            .withHeader("X-Shopify-Access-Token", equalTo(TOKEN))
            .withRequestBody(
                equalToJson(
                    "{\"variables\":{\"id\":\"gid://shopify/Order/450789469\"}}", true, true))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withBody(
                        "{\"data\":{\"order\":{\"returns\":{\"nodes\":[{\"id\":"
                            + "\"gid://shopify/Return/945000954\",\"status\":\"OPEN\","
                            + "\"createdAt\":\"2026-11-20T10:00:00Z\",\"returnLineItems\":"
                            + "{\"nodes\":[{\"quantity\":1,\"returnReason\":\"SIZE_TOO_SMALL\","
                            + "\"fulfillmentLineItem\":{\"lineItem\":{\"variant\":"
                            + "{\"legacyResourceId\":\"44124137099697\"}}}}]}}]}}}}")));
    var returns = connector.returns(request.channel(), "merch_lumen", "450789469");
    assertEquals(1, returns.size());
    assertEquals("gid://shopify/Return/945000954", returns.get(0).returnId());
    assertEquals("open", returns.get(0).status());
    assertEquals(Instant.parse("2026-11-20T10:00:00Z"), returns.get(0).requestedAt());
    assertEquals("44124137099697", returns.get(0).lines().get(0).variantId());
    assertEquals(1, returns.get(0).lines().get(0).quantity());
    assertEquals("SIZE_TOO_SMALL", returns.get(0).lines().get(0).reason());
    assertTrue(
        shop.findAll(postRequestedFor(urlPathEqualTo(GRAPHQL)))
            .get(0)
            .getBodyAsString()
            .contains("returns(first: 50)"));
  }

  @Test
  void graphqlErrorsAndUnknownOrdersAreRefusalsAndOutagesRetryable() {
    shop.stubFor(
        post(urlPathEqualTo(GRAPHQL))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withBody("{\"errors\":[{\"message\":\"Access denied for returns\"}]}")));
    PlacementException denied =
        assertThrows(
            PlacementException.class,
            () -> connector.returns(request.channel(), "merch_lumen", "1"));
    assertFalse(denied.retryable());
    shop.resetAll();
    shop.stubFor(
        post(urlPathEqualTo(GRAPHQL))
            .willReturn(aResponse().withStatus(200).withBody("{\"data\":{\"order\":null}}")));
    assertFalse(
        assertThrows(
                PlacementException.class,
                () -> connector.returns(request.channel(), "merch_lumen", "2"))
            .retryable());
    shop.resetAll();
    shop.stubFor(post(urlPathEqualTo(GRAPHQL)).willReturn(aResponse().withStatus(503)));
    assertTrue(
        assertThrows(
                PlacementException.class,
                () -> connector.returns(request.channel(), "merch_lumen", "3"))
            .retryable());
    assertFalse(denied.getMessage().contains(TOKEN));
  }
}
