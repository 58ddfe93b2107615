package org.agentcommerce.payment.infrastructure.psp.adyen;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.exactly;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspLookup;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.platform.api.Money;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Adyen adapter against a local WireMock stand-in for Adyen's Checkout API v71, answering with
 * the shapes Adyen documents (payments response, service error body, refund response).
 */
class AdyenPspAdapterTest {

  static final String API_KEY = "AQEyhmfxK4_test_api_key_never_shown_0123456789";
  static final String MERCHANT = "AgentCommerceECOM";
  static final String PAYMENTS = "/v71/payments";
  static final String KEY = "idem_att_7Q2c9";
  static final String STORED_TOKEN = "8415718415172200";
  static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

  static WireMockServer adyen;
  AdyenPspAdapter adapter;
  PspCredentials credentials;
  PspCharge charge;

  @BeforeAll
  static void start() {
    adyen =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    adyen.start();
  }

  @AfterAll
  static void stop() {
    adyen.stop();
  }

  @BeforeEach
  void setUp() {
    adyen.resetAll();
    adapter =
        new AdyenPspAdapter(
            Duration.ofSeconds(2), Duration.ofMillis(700), Clock.fixed(NOW, ZoneOffset.UTC));
    credentials = credentials("http://127.0.0.1:" + adyen.port() + "/v71");
    charge = charge(STORED_TOKEN, false, credentials);
  }

  static PspCredentials credentials(String baseUrl) {
    return new PspCredentials(
        URI.create(baseUrl), API_KEY, MERCHANT, AdyenNotificationsTest.HMAC_KEY, false);
  }

  static PspCharge charge(String token, boolean offSession, PspCredentials credentials) {
    return new PspCharge(
        KEY,
        "att_7Q2c9",
        Money.of("12.90", "EUR"),
        "card",
        token,
        offSession,
        "https://agent.example/return/att_7Q2c9",
        "ada@example.com",
        "Order ord_1",
        Map.of("order_id", "ord_1", "payment_id", "pay_1", "shopper_reference", "buyer_42"),
        credentials);
  }

  private void paymentsAnswer(int status, String body) {
    adyen.stubFor(
        post(urlPathEqualTo(PAYMENTS))
            .willReturn(
                aResponse()
                    .withStatus(status)
                    .withHeader("Content-Type", "application/json")
                    .withBody(body)));
  }

  private void exactlyOnePost() {
    adyen.verify(exactly(1), postRequestedFor(urlPathEqualTo(PAYMENTS)));
    assertEquals(1, adyen.findAll(anyRequestedFor(anyUrl())).size());
  }

  // ---- known outcomes

  @Test
  void authorisedChargeSucceedsWithOnePostCarryingTheIdempotencyKeyAndApiKey() throws Exception {
    paymentsAnswer(
        200,
        """
        {"additionalData":{"cardSummary":"1111"},"pspReference":"FJM8JLXTKLTXVP65",\
        "resultCode":"Authorised","amount":{"currency":"EUR","value":1290},\
        "merchantReference":"att_7Q2c9"}""");

    PspResult r = adapter.charge(charge);

    assertEquals(PspOutcome.SUCCEEDED, r.outcome());
    assertEquals("FJM8JLXTKLTXVP65", r.pspPaymentId());
    exactlyOnePost();
    adyen.verify(
        postRequestedFor(urlPathEqualTo(PAYMENTS))
            .withHeader("Idempotency-Key", equalTo(KEY))
            .withHeader("X-API-Key", equalTo(API_KEY))
            .withHeader("Content-Type", equalTo("application/json"))
            .withRequestBody(
                equalToJson(
                    """
                    {"amount":{"value":1290,"currency":"EUR"},"reference":"att_7Q2c9",
                     "merchantAccount":"AgentCommerceECOM",
                     "paymentMethod":{"type":"scheme","storedPaymentMethodId":"8415718415172200"},
                     "shopperInteraction":"ContAuth","recurringProcessingModel":"CardOnFile",
                     "shopperReference":"buyer_42",
                     "returnUrl":"https://agent.example/return/att_7Q2c9",
                     "shopperEmail":"ada@example.com",
                     "metadata":{"order_id":"ord_1","payment_id":"pay_1"}}""")));
  }

  @Test
  void offSessionChargeIsAnUnscheduledCardOnFilePaymentWithTheStoredToken() throws Exception {
    paymentsAnswer(200, "{\"pspReference\":\"QM6KJ4N5R8Z9X2C1\",\"resultCode\":\"Authorised\"}");

    adapter.charge(charge(STORED_TOKEN, true, credentials));

    adyen.verify(
        postRequestedFor(urlPathEqualTo(PAYMENTS))
            .withRequestBody(matchingJsonPath("$.shopperInteraction", equalTo("ContAuth")))
            .withRequestBody(
                matchingJsonPath("$.recurringProcessingModel", equalTo("UnscheduledCardOnFile")))
            .withRequestBody(
                matchingJsonPath("$.paymentMethod.storedPaymentMethodId", equalTo(STORED_TOKEN))));
  }

  @Test
  void dropInPaymentMethodIsPassedThroughAsAnEcommercePayment() throws Exception {
    paymentsAnswer(200, "{\"pspReference\":\"QM6KJ4N5R8Z9X2C1\",\"resultCode\":\"Authorised\"}");
    String dropIn =
        "{\"type\":\"scheme\",\"encryptedCardNumber\":\"adyenjs_0_1_25$abc\","
            + "\"encryptedExpiryMonth\":\"adyenjs_0_1_25$def\","
            + "\"encryptedExpiryYear\":\"adyenjs_0_1_25$ghi\","
            + "\"encryptedSecurityCode\":\"adyenjs_0_1_25$jkl\"}";

    adapter.charge(charge(dropIn, false, credentials));

    LoggedRequest sent = adyen.findAll(postRequestedFor(urlPathEqualTo(PAYMENTS))).get(0);
    assertTrue(sent.getBodyAsString().contains("\"encryptedCardNumber\":\"adyenjs_0_1_25$abc\""));
    assertFalse(sent.getBodyAsString().contains("shopperInteraction"));
  }

  @Test
  void refusedChargeIsDeclinedWithAdyensRefusalReason() throws Exception {
    paymentsAnswer(
        200,
        """
        {"pspReference":"V4HZ4RBFJGXXGN82","refusalReason":"Not enough balance",\
        "refusalReasonCode":"12","resultCode":"Refused",\
        "amount":{"currency":"EUR","value":1290},"merchantReference":"att_7Q2c9"}""");

    PspResult r = adapter.charge(charge);

    assertEquals(PspOutcome.DECLINED, r.outcome());
    assertEquals("V4HZ4RBFJGXXGN82", r.pspPaymentId());
    assertEquals("card_declined", r.errorCode());
    assertEquals("insufficient_funds", r.declineCode());
    assertEquals("Not enough balance (refusalReasonCode 12)", r.message());
    exactlyOnePost();
  }

  @Test
  void redirectShopperRequiresActionAtAdyensUrl() throws Exception {
    paymentsAnswer(
        200,
        """
        {"resultCode":"RedirectShopper","pspReference":"993617895204576J",\
        "action":{"paymentMethodType":"scheme","method":"GET","type":"redirect",\
        "url":"https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2R"}}""");

    PspResult r = adapter.charge(charge);

    assertEquals(PspOutcome.REQUIRES_ACTION, r.outcome());
    assertEquals("993617895204576J", r.pspPaymentId());
    assertEquals(
        "https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2R",
        r.actionUrl());
    exactlyOnePost();
  }

  @Test
  void pendingIsProcessing() throws Exception {
    paymentsAnswer(
        200,
        "{\"pspReference\":\"NC6HT9CRT65ZGN82\",\"resultCode\":\"Pending\","
            + "\"merchantReference\":\"att_7Q2c9\"}");

    PspResult r = adapter.charge(charge);

    assertEquals(PspOutcome.PROCESSING, r.outcome());
    assertEquals("NC6HT9CRT65ZGN82", r.pspPaymentId());
    exactlyOnePost();
  }

  @Test
  void everyOtherResultCodeIsClassifiedWithoutGuessing() {
    assertEquals(PspOutcome.DECLINED, result("{\"resultCode\":\"Cancelled\"}").outcome());
    assertEquals(
        PspOutcome.DECLINED,
        result("{\"resultCode\":\"Error\",\"refusalReason\":\"Acquirer Error\"}").outcome());
    assertEquals(PspOutcome.UNKNOWN, result("{\"resultCode\":\"Error\"}").outcome());
    assertEquals(PspOutcome.PROCESSING, result("{\"resultCode\":\"Received\"}").outcome());
    PspResult nativeChallenge =
        result("{\"resultCode\":\"ChallengeShopper\",\"action\":{\"type\":\"threeDS2\"}}");
    assertEquals(PspOutcome.REQUIRES_ACTION, nativeChallenge.outcome());
    assertNull(nativeChallenge.actionUrl());
    assertEquals(PspOutcome.UNKNOWN, result("{\"resultCode\":\"PartiallyAuthorised\"}").outcome());
    assertEquals(PspOutcome.UNKNOWN, result("{\"pspReference\":\"X\"}").outcome());
  }

  private static PspResult result(String json) {
    return AdyenPspAdapter.paymentResult(
        AdyenPspAdapter.jsonObject(json.getBytes(StandardCharsets.UTF_8)));
  }

  // ---- certainly not accepted

  @Test
  void rateLimitedIsNotAcceptedRetriableAndFailoverSafe() {
    adyen.stubFor(
        post(urlPathEqualTo(PAYMENTS))
            .willReturn(
                aResponse()
                    .withStatus(429)
                    .withHeader("Retry-After", "3")
                    .withBody(
                        "{\"status\":429,\"errorCode\":\"too_many_requests\","
                            + "\"message\":\"Too many requests\",\"errorType\":\"security\"}")));

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge));

    assertEquals("rate_limited", e.code());
    assertTrue(e.retriable());
    assertTrue(e.failoverSafe());
    assertEquals(Duration.ofSeconds(3), e.retryAfter());
    exactlyOnePost();
  }

  @Test
  void validationErrorIsNotAcceptedNotRetriableAndFailoverSafe() {
    paymentsAnswer(
        422,
        """
        {"status":422,"errorCode":"101","message":"Invalid card number",\
        "errorType":"validation","pspReference":"F7WCWRG6JPHR8HG2"}""");

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge));

    assertEquals("invalid_request", e.code());
    assertFalse(e.retriable());
    assertTrue(e.failoverSafe());
    assertTrue(e.getMessage().contains("validation 101: Invalid card number"), e.getMessage());
    exactlyOnePost();
  }

  @Test
  void unauthorizedIsNotAcceptedAndNeverShowsTheApiKey() {
    paymentsAnswer(
        401,
        "{\"status\":401,\"errorCode\":\"000\","
            + "\"message\":\"HTTP Status Response - Unauthorized\",\"errorType\":\"security\"}");

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge));

    assertEquals("authentication_failed", e.code());
    assertFalse(e.retriable());
    assertTrue(e.failoverSafe());
    assertFalse(e.getMessage().contains(API_KEY));
    assertNull(e.getCause());
  }

  @Test
  void idempotencyKeyReusedWithAnotherRequestIsNotFailoverSafe() {
    paymentsAnswer(
        422,
        """
        {"status":422,"errorCode":"000",\
        "message":"Idempotency key already used with a different request",\
        "errorType":"validation"}""");

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge));

    assertEquals("idempotency_conflict", e.code());
    assertFalse(e.retriable());
    assertFalse(e.failoverSafe(), "a payment may exist under this key: never fail over");
  }

  @Test
  void keyStillInProgressIsRetriableButNotFailoverSafe() {
    adyen.stubFor(
        post(urlPathEqualTo(PAYMENTS))
            .willReturn(
                aResponse()
                    .withStatus(422)
                    .withHeader("Transient-Error", "true")
                    .withBody(
                        "{\"status\":422,\"errorCode\":\"704\","
                            + "\"message\":\"request already processed or in progress\","
                            + "\"errorType\":\"validation\"}")));

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge));

    assertEquals("idempotency_conflict", e.code());
    assertTrue(e.retriable());
    assertFalse(e.failoverSafe());
  }

  @Test
  void closedPortIsNotAcceptedRetriableAndFailoverSafe() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    PspCharge nowhere =
        charge(STORED_TOKEN, false, credentials("http://127.0.0.1:" + port + "/v71"));

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(nowhere));

    assertEquals("connection_refused", e.code());
    assertTrue(e.retriable());
    assertTrue(e.failoverSafe());
  }

  @Test
  void missingCredentialsAreRefusedBeforeAnythingIsSent() {
    PspCharge unconfigured =
        charge(
            STORED_TOKEN,
            false,
            new PspCredentials(credentials.baseUrl(), null, MERCHANT, null, false));

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(unconfigured));

    assertEquals("not_configured", e.code());
    assertTrue(e.failoverSafe());
    assertEquals(0, adyen.findAll(anyRequestedFor(anyUrl())).size());
  }

  // ---- unknown

  @Test
  void serverErrorIsUnknownAndNotRetriedHere() throws Exception {
    paymentsAnswer(
        500,
        "{\"status\":500,\"errorCode\":\"905\","
            + "\"message\":\"Payment details are not supported\",\"errorType\":\"configuration\"}");

    PspResult r = adapter.charge(charge);

    assertEquals(PspOutcome.UNKNOWN, r.outcome());
    assertEquals("outcome_unknown", r.errorCode());
    exactlyOnePost();
  }

  @Test
  void connectionResetAfterSendingIsUnknown() throws Exception {
    adyen.stubFor(
        post(urlPathEqualTo(PAYMENTS))
            .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));

    PspResult r = adapter.charge(charge);

    assertEquals(PspOutcome.UNKNOWN, r.outcome());
    exactlyOnePost();
  }

  @Test
  void answerSlowerThanTheReadTimeoutIsUnknown() throws Exception {
    adyen.stubFor(
        post(urlPathEqualTo(PAYMENTS))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withFixedDelay(2_000)
                    .withBody("{\"pspReference\":\"X\",\"resultCode\":\"Authorised\"}")));

    long started = System.nanoTime();
    PspResult r = adapter.charge(charge);
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertEquals(PspOutcome.UNKNOWN, r.outcome());
    assertTrue(took.compareTo(Duration.ofMillis(1_900)) < 0, "gave up after " + took);
    // WireMock journals a request once its delayed answer has gone out.
    Thread.sleep(2_500);
    exactlyOnePost();
  }

  @Test
  void unreadableAnswerIsUnknown() throws Exception {
    paymentsAnswer(200, "<html><body>Bad gateway</body></html>");

    PspResult r = adapter.charge(charge);

    assertEquals(PspOutcome.UNKNOWN, r.outcome());
    exactlyOnePost();
  }

  // ---- retrieve and replay

  @Test
  void retrieveSendsNothingAndSaysUnknown() {
    PspResult r =
        adapter.retrieve(new PspLookup("FJM8JLXTKLTXVP65", "att_7Q2c9", KEY, credentials));

    assertEquals(PspOutcome.UNKNOWN, r.outcome());
    assertEquals("FJM8JLXTKLTXVP65", r.pspPaymentId());
    assertEquals(0, adyen.findAll(anyRequestedFor(anyUrl())).size());
  }

  @Test
  void replayAfterALostAnswerSendsTheIdenticalRequestAndReadsTheFirstAnswer() throws Exception {
    adyen.stubFor(
        post(urlPathEqualTo(PAYMENTS))
            .inScenario("lost answer")
            .whenScenarioStateIs(Scenario.STARTED)
            .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER))
            .willSetStateTo("processed"));
    adyen.stubFor(
        post(urlPathEqualTo(PAYMENTS))
            .inScenario("lost answer")
            .whenScenarioStateIs("processed")
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Idempotency-Key", KEY)
                    .withBody(
                        "{\"pspReference\":\"FJM8JLXTKLTXVP65\",\"resultCode\":\"Authorised\"}")));

    assertEquals(PspOutcome.UNKNOWN, adapter.charge(charge).outcome());
    PspResult r = adapter.replay(charge, NOW.minus(Duration.ofMinutes(5)));

    assertEquals(PspOutcome.SUCCEEDED, r.outcome());
    assertEquals("FJM8JLXTKLTXVP65", r.pspPaymentId());
    List<LoggedRequest> posts = adyen.findAll(postRequestedFor(urlPathEqualTo(PAYMENTS)));
    assertEquals(2, posts.size());
    assertEquals(posts.get(0).getBodyAsString(), posts.get(1).getBodyAsString());
    assertEquals(KEY, posts.get(0).getHeader("Idempotency-Key"));
    assertEquals(KEY, posts.get(1).getHeader("Idempotency-Key"));
  }

  @Test
  void replayOutsideAdyensKeyWindowSendsNothing() throws Exception {
    PspResult r = adapter.replay(charge, NOW.minus(Duration.ofDays(30)).minusSeconds(1));

    assertEquals(PspOutcome.UNKNOWN, r.outcome());
    assertEquals(0, adyen.findAll(anyRequestedFor(anyUrl())).size());
  }

  // ---- refunds

  @Test
  void refundIsPendingUnderAdyensReference() throws Exception {
    adyen.stubFor(
        post(urlPathEqualTo("/v71/payments/FJM8JLXTKLTXVP65/refunds"))
            .willReturn(
                aResponse()
                    .withStatus(201)
                    .withBody(
                        """
                        {"merchantAccount":"AgentCommerceECOM",\
                        "paymentPspReference":"FJM8JLXTKLTXVP65","pspReference":"HRJ7N5Q2DZ6T8X43",\
                        "reference":"ref_1","status":"received",\
                        "amount":{"currency":"EUR","value":500}}""")));

    PspRefundResult r =
        adapter.refund(
            new PspRefund(
                "idem_ref_1", "ref_1", "FJM8JLXTKLTXVP65", Money.of("5.00", "EUR"), credentials));

    assertEquals(new PspRefundResult("pending", "HRJ7N5Q2DZ6T8X43", null), r);
    adyen.verify(
        exactly(1),
        postRequestedFor(urlPathEqualTo("/v71/payments/FJM8JLXTKLTXVP65/refunds"))
            .withHeader("Idempotency-Key", equalTo("idem_ref_1"))
            .withHeader("X-API-Key", equalTo(API_KEY))
            .withRequestBody(
                equalToJson(
                    """
                    {"merchantAccount":"AgentCommerceECOM","reference":"ref_1",
                     "amount":{"value":500,"currency":"EUR"}}""")));
  }

  @Test
  void refundServerErrorIsUnknownAndRefusalIsNotAccepted() throws Exception {
    adyen.stubFor(
        post(urlPathEqualTo("/v71/payments/FJM8JLXTKLTXVP65/refunds"))
            .willReturn(aResponse().withStatus(503)));
    PspRefund refund =
        new PspRefund(
            "idem_ref_2", "ref_2", "FJM8JLXTKLTXVP65", Money.of("5.00", "EUR"), credentials);

    assertEquals("unknown", adapter.refund(refund).status());

    adyen.stubFor(
        post(urlPathEqualTo("/v71/payments/FJM8JLXTKLTXVP65/refunds"))
            .willReturn(
                aResponse()
                    .withStatus(422)
                    .withBody(
                        "{\"status\":422,\"errorCode\":\"167\","
                            + "\"message\":\"Original pspReference required for this operation\","
                            + "\"errorType\":\"validation\"}")));
    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.refund(refund));
    assertEquals("invalid_request", e.code());
    assertFalse(e.retriable());
  }
}
