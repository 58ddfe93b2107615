package org.agentcommerce.payment.infrastructure.psp.stripe;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.API_ERROR;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.CARD_DECLINED;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.CLIENT_SECRET;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.IDEMPOTENCY_ERROR;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.INVALID_API_KEY;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.NO_SUCH_INTENT;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.PARAMETER_MISSING;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.PI;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.RATE_LIMITED;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.REDIRECT_ACTION;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.REDIRECT_URL;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.SDK_ACTION;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.intent;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.refund;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripeFixtures.searchResult;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.http.Fault;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspFence;
import org.agentcommerce.payment.spi.PspLookup;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundLookup;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.platform.api.Money;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Stripe adapter against a local WireMock stand-in for api.stripe.com. */
class StripePspAdapterTest {

  static final String API_KEY = "sk_test_51Hq0aBCdEfGhIjKlMnOpQrStUvWxYz0123456789secret";
  static final String KEY = "idem_att_1_charge";
  static final String INTENTS = "/v1/payment_intents";
  static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

  static WireMockServer stripe;
  StripePspAdapter adapter;
  PspCredentials credentials;

  @BeforeAll
  static void start() {
    stripe =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    stripe.start();
  }

  @AfterAll
  static void stop() {
    stripe.stop();
  }

  @BeforeEach
  void setUp() {
    stripe.resetAll();
    adapter =
        new StripePspAdapter(
            Duration.ofSeconds(2),
            Duration.ofMillis(700),
            StripePspAdapter.DEFAULT_SEARCH_SETTLED_AFTER,
            Clock.fixed(NOW, ZoneOffset.UTC));
    credentials =
        new PspCredentials(URI.create(stripe.baseUrl()), API_KEY, null, "whsec_unused", false);
  }

  PspCharge charge(String token, boolean offSession, String returnUrl) {
    return new PspCharge(
        KEY,
        "att_1",
        Money.of("12.34", "EUR"),
        "card",
        token,
        offSession,
        returnUrl,
        null,
        "Order ord_1",
        Map.of("order_id", "ord_1"),
        credentials);
  }

  PspCharge charge() {
    return charge("pm_card_visa", false, "https://shop.example/return");
  }

  void answerCharge(ResponseDefinitionBuilder response) {
    stripe.stubFor(post(urlPathEqualTo(INTENTS)).willReturn(response));
  }

  static ResponseDefinitionBuilder json(int status, String body) {
    return aResponse()
        .withStatus(status)
        .withHeader("Content-Type", "application/json")
        .withHeader("Request-Id", "req_test_1")
        .withBody(body);
  }

  void exactlyOnePost() {
    stripe.verify(1, postRequestedFor(urlPathEqualTo(INTENTS)));
    stripe.verify(1, anyRequestedFor(anyUrl()));
  }

  static void noSecretIn(String text) {
    assertFalse(text.contains(API_KEY), text);
    assertFalse(text.contains("sk_test"), text);
    assertFalse(text.contains(CLIENT_SECRET), text);
    assertFalse(text.contains("pm_card_visa"), text);
  }

  // --- charge: known outcomes -------------------------------------------------------------------

  @Test
  void succeededChargeIsOneIdempotentPostWithOurReferenceAndTheKeyAsBearer() throws Exception {
    answerCharge(json(200, intent("succeeded")));

    PspResult result = adapter.charge(charge());

    assertEquals(PspOutcome.SUCCEEDED, result.outcome());
    assertEquals(PI, result.pspPaymentId());
    noSecretIn(result.toString());
    exactlyOnePost();
    stripe.verify(
        postRequestedFor(urlPathEqualTo(INTENTS))
            .withHeader("Idempotency-Key", equalTo(KEY))
            .withHeader("Authorization", equalTo("Bearer " + API_KEY))
            .withHeader("Content-Type", equalTo("application/x-www-form-urlencoded;charset=UTF-8"))
            .withFormParam("amount", equalTo("1234"))
            .withFormParam("currency", equalTo("eur"))
            .withFormParam("confirm", equalTo("true"))
            .withFormParam("payment_method", equalTo("pm_card_visa"))
            .withFormParam("return_url", equalTo("https://shop.example/return"))
            .withFormParam("metadata[ac_reference]", equalTo("att_1"))
            .withFormParam("metadata[ac_order_id]", equalTo("ord_1"))
            .withFormParam("off_session", absent()));
  }

  @Test
  void legacyCardTokenIsSentAsPaymentMethodDataAndOffSessionRefusesRedirects() throws Exception {
    answerCharge(json(200, intent("succeeded")));

    adapter.charge(charge("tok_visa", true, null));

    stripe.verify(
        postRequestedFor(urlPathEqualTo(INTENTS))
            .withFormParam("payment_method_data[type]", equalTo("card"))
            .withFormParam("payment_method_data[card][token]", equalTo("tok_visa"))
            .withFormParam("payment_method", absent())
            .withFormParam("off_session", equalTo("true"))
            .withFormParam("automatic_payment_methods[enabled]", equalTo("true"))
            .withFormParam("automatic_payment_methods[allow_redirects]", equalTo("never"))
            .withFormParam("return_url", absent()));
  }

  @Test
  void sharedPaymentTokenIsSentAsTheGrantedTokenNeverAsAPaymentMethod() throws Exception {
    answerCharge(json(200, intent("succeeded")));

    adapter.charge(charge("spt_1PgafyB7WZ01zgkW", true, null));

    stripe.verify(
        postRequestedFor(urlPathEqualTo(INTENTS))
            .withFormParam(
                "payment_method_data[shared_payment_granted_token]",
                equalTo("spt_1PgafyB7WZ01zgkW"))
            .withFormParam("payment_method", absent())
            .withFormParam("payment_method_data[card][token]", absent())
            .withFormParam("confirm", equalTo("true"))
            .withFormParam("off_session", equalTo("true")));
  }

  @Test
  void cardDeclinedIsDeclinedWithCodeDeclineCodeAndThePaymentIntent() throws Exception {
    answerCharge(json(402, CARD_DECLINED));

    PspResult result = adapter.charge(charge());

    assertEquals(PspOutcome.DECLINED, result.outcome());
    assertEquals("card_declined", result.errorCode());
    assertEquals("insufficient_funds", result.declineCode());
    assertEquals("Your card has insufficient funds.", result.message());
    assertEquals(PI, result.pspPaymentId());
    noSecretIn(result.toString());
    exactlyOnePost();
  }

  @Test
  void requiresActionGivesTheRedirectUrl() throws Exception {
    answerCharge(json(200, intent("requires_action", REDIRECT_ACTION, "null")));

    PspResult result = adapter.charge(charge());

    assertEquals(PspOutcome.REQUIRES_ACTION, result.outcome());
    assertEquals(REDIRECT_URL, result.actionUrl());
    assertEquals(PI, result.pspPaymentId());
  }

  @Test
  void requiresActionThroughStripeSdkIsStillRequiresActionWithoutUrl() throws Exception {
    answerCharge(json(200, intent("requires_action", SDK_ACTION, "null")));

    PspResult result = adapter.charge(charge());

    assertEquals(PspOutcome.REQUIRES_ACTION, result.outcome());
    assertNull(result.actionUrl());
  }

  @Test
  void processingIsProcessing() throws Exception {
    answerCharge(json(200, intent("processing")));

    assertEquals(PspOutcome.PROCESSING, adapter.charge(charge()).outcome());
  }

  // --- charge: certainly not accepted -----------------------------------------------------------

  @Test
  void rateLimitIsNotAcceptedRetriableFailoverSafeWithRetryAfter() {
    answerCharge(json(429, RATE_LIMITED).withHeader("Retry-After", "3"));

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge()));

    assertEquals("stripe", e.psp());
    assertEquals("rate_limited", e.code());
    assertTrue(e.retriable());
    assertTrue(e.failoverSafe());
    assertEquals(Duration.ofSeconds(3), e.retryAfter());
    exactlyOnePost();
  }

  @Test
  void connectionRefusedIsNotAcceptedRetriableAndFailoverSafe() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    PspCredentials nowhere =
        new PspCredentials(
            URI.create("http://127.0.0.1:" + closedPort), API_KEY, null, null, false);
    PspCharge charge = charge();
    PspCharge toNowhere =
        new PspCharge(
            charge.idempotencyKey(),
            charge.reference(),
            charge.amount(),
            charge.paymentMethodType(),
            charge.paymentMethodToken(),
            false,
            charge.returnUrl(),
            null,
            null,
            Map.of(),
            nowhere);

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(toNowhere));

    assertEquals("connection_refused", e.code());
    assertTrue(e.retriable());
    assertTrue(e.failoverSafe());
    noSecretIn(e.getMessage());
  }

  @Test
  void invalidRequestIsNotAcceptedNotRetriableButFailoverSafe() {
    answerCharge(json(400, PARAMETER_MISSING));

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge()));

    assertEquals("invalid_request", e.code());
    assertFalse(e.retriable());
    assertTrue(e.failoverSafe());
    assertTrue(e.getMessage().contains("parameter_missing"), e.getMessage());
    exactlyOnePost();
  }

  @Test
  void rejectedApiKeyIsNotAcceptedAndTheKeyIsNowhereInTheException() {
    answerCharge(json(401, INVALID_API_KEY));

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge()));

    assertEquals("authentication_failed", e.code());
    assertFalse(e.retriable());
    assertTrue(e.failoverSafe());
    noSecretIn(e.getMessage());
    assertFalse(e.getMessage().contains("****"), e.getMessage());
  }

  @Test
  void serverErrorStripeMarksRetryableIsRetriableWithTheSameKeyButNotFailoverSafe() {
    answerCharge(json(500, API_ERROR).withHeader("Stripe-Should-Retry", "true"));

    PspNotAcceptedException e =
        assertThrows(PspNotAcceptedException.class, () -> adapter.charge(charge()));

    assertEquals("psp_unavailable", e.code());
    assertTrue(e.retriable());
    assertFalse(e.failoverSafe());
    exactlyOnePost();
  }

  // --- charge: unknown --------------------------------------------------------------------------

  @Test
  void serverErrorIsUnknownAndStripeJavaDoesNotRetryIt() throws Exception {
    answerCharge(json(500, API_ERROR));

    PspResult result = adapter.charge(charge());

    assertEquals(PspOutcome.UNKNOWN, result.outcome());
    assertTrue(result.message().contains("HTTP 500"), result.message());
    exactlyOnePost();
  }

  @Test
  void serverErrorStripeSaysNotToRetryIsUnknown() throws Exception {
    answerCharge(json(503, API_ERROR).withHeader("Stripe-Should-Retry", "false"));

    assertEquals(PspOutcome.UNKNOWN, adapter.charge(charge()).outcome());
    exactlyOnePost();
  }

  @Test
  void connectionResetAfterSendingIsUnknown() throws Exception {
    answerCharge(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER));

    PspResult result = adapter.charge(charge());

    assertEquals(PspOutcome.UNKNOWN, result.outcome());
    exactlyOnePost();
  }

  @Test
  void answerSlowerThanTheReadTimeoutIsUnknown() throws Exception {
    answerCharge(json(200, intent("succeeded")).withFixedDelay(2_000));

    PspResult result = adapter.charge(charge());

    assertEquals(PspOutcome.UNKNOWN, result.outcome());
    assertTrue(result.message().contains("HttpTimeoutException"), result.message());
    exactlyOnePost();
  }

  @Test
  void idempotencyKeyReusedWithOtherParametersIsUnknownNeverFailover() throws Exception {
    answerCharge(json(400, IDEMPOTENCY_ERROR));

    PspResult result = adapter.charge(charge());

    assertEquals(PspOutcome.UNKNOWN, result.outcome());
    assertTrue(result.message().contains("idempotency_error"), result.message());
  }

  // --- fence ------------------------------------------------------------------------------------

  static String fenceIntent(String status) {
    return intent(status)
        .replace(
            "\"metadata\":{\"ac_reference\":\"att_1\",\"ac_order_id\":\"ord_1\"}",
            "\"metadata\":{\"ac_fenced_reference\":\"att_1\"}");
  }

  PspFence fence() {
    return new PspFence(KEY, "att_1", Money.of("12.34", "EUR"), credentials);
  }

  /** An adapter that waits 10 s for an answer: these tests are about answers, not timeouts. */
  static StripePspAdapter patient() {
    return new StripePspAdapter(
        Duration.ofSeconds(5),
        Duration.ofSeconds(10),
        StripePspAdapter.DEFAULT_SEARCH_SETTLED_AFTER,
        Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @Test
  void fenceIsAnUnconfirmedIntentUnderTheAttemptsKeyThenCancelled() throws Exception {
    answerCharge(json(200, fenceIntent("requires_payment_method")));
    stripe.stubFor(
        post(urlPathEqualTo(INTENTS + "/" + PI + "/cancel"))
            .willReturn(json(200, fenceIntent("canceled"))));

    PspResult result = patient().fence(fence());

    assertEquals(PspOutcome.NOT_FOUND, result.outcome(), result::toString);
    stripe.verify(
        postRequestedFor(urlPathEqualTo(INTENTS))
            .withHeader("Idempotency-Key", equalTo(KEY))
            .withFormParam("amount", equalTo("1234"))
            .withFormParam("currency", equalTo("eur"))
            .withFormParam("confirm", equalTo("false"))
            .withFormParam("metadata[ac_fenced_reference]", equalTo("att_1"))
            // Never the charge's reference (Search would take the fence for the charge), never a
            // payment method (no money can move).
            .withFormParam("metadata[ac_reference]", absent())
            .withFormParam("payment_method", absent())
            .withFormParam("payment_method_data[type]", absent()));
    stripe.verify(1, postRequestedFor(urlPathEqualTo(INTENTS + "/" + PI + "/cancel")));
  }

  @Test
  void fenceOfAKeyTheChargeAlreadyUsedIsUnknownSoTheAttemptStaysOpen() throws Exception {
    answerCharge(json(400, IDEMPOTENCY_ERROR));

    PspResult result = patient().fence(fence());

    assertEquals(PspOutcome.UNKNOWN, result.outcome());
    assertTrue(result.message().contains("used by another request"), result::toString);
    stripe.verify(0, postRequestedFor(urlPathEqualTo(INTENTS + "/" + PI + "/cancel")));
  }

  @Test
  void fenceAnsweredWithAnIntentThatIsNoFenceIsUnknown() throws Exception {
    // A stored answer that is the charge itself (its reference, its status): not fenced.
    answerCharge(json(200, intent("succeeded")));

    PspResult result = patient().fence(fence());
    assertEquals(PspOutcome.UNKNOWN, result.outcome());
    assertTrue(result.message().contains("no fence"), result::toString);
  }

  @Test
  void fenceThatStripeRefusesIsNotAccepted() {
    answerCharge(json(401, INVALID_API_KEY));

    assertThrows(PspNotAcceptedException.class, () -> patient().fence(fence()));
  }

  @Test
  void unreadableSuccessIsUnknown() throws Exception {
    answerCharge(json(200, "<html>gateway</html>"));

    assertEquals(PspOutcome.UNKNOWN, adapter.charge(charge()).outcome());
  }

  // --- retrieve ---------------------------------------------------------------------------------

  @Test
  void retrieveByIdIsAGetAndNeverAPost() throws Exception {
    stripe.stubFor(
        get(urlPathEqualTo(INTENTS + "/" + PI)).willReturn(json(200, intent("succeeded"))));

    PspResult result = adapter.retrieve(new PspLookup(PI, "att_1", KEY, credentials));

    assertEquals(PspOutcome.SUCCEEDED, result.outcome());
    stripe.verify(
        getRequestedFor(urlPathEqualTo(INTENTS + "/" + PI))
            .withHeader("Authorization", equalTo("Bearer " + API_KEY)));
    stripe.verify(0, postRequestedFor(anyUrl()));
  }

  @Test
  void retrieveOfAnIdStripeDoesNotKnowIsNotFound() throws Exception {
    stripe.stubFor(
        get(urlPathEqualTo(INTENTS + "/pi_missing")).willReturn(json(404, NO_SUCH_INTENT)));

    PspResult result = adapter.retrieve(new PspLookup("pi_missing", "att_1", KEY, credentials));

    assertEquals(PspOutcome.NOT_FOUND, result.outcome());
  }

  @Test
  void retrieveOfADeclinedIntentIsDeclined() throws Exception {
    stripe.stubFor(
        get(urlPathEqualTo(INTENTS + "/" + PI))
            .willReturn(
                json(
                    200,
                    intent(
                        "requires_payment_method",
                        "null",
                        StripeFixtures.INSUFFICIENT_FUNDS_ERROR))));

    PspResult result = adapter.retrieve(new PspLookup(PI, "att_1", KEY, credentials));

    assertEquals(PspOutcome.DECLINED, result.outcome());
    assertEquals("insufficient_funds", result.declineCode());
  }

  @Test
  void retrieveByReferenceSearchesOurMetadata() throws Exception {
    stripe.stubFor(
        get(urlPathEqualTo(INTENTS + "/search"))
            .willReturn(json(200, searchResult(intent("processing")))));

    PspResult result = adapter.retrieve(new PspLookup(null, "att_1", KEY, credentials));

    assertEquals(PspOutcome.PROCESSING, result.outcome());
    assertEquals(PI, result.pspPaymentId());
    stripe.verify(
        getRequestedFor(urlPathEqualTo(INTENTS + "/search"))
            .withQueryParam("query", equalTo("metadata['ac_reference']:'att_1'")));
    stripe.verify(0, postRequestedFor(anyUrl()));
  }

  @Test
  void emptySearchForARecentChargeIsUnknownBecauseSearchLags() throws Exception {
    stripe.stubFor(get(urlPathEqualTo(INTENTS + "/search")).willReturn(json(200, searchResult())));
    PspLookup lookup = new PspLookup(null, "att_1", KEY, credentials);

    assertEquals(PspOutcome.UNKNOWN, adapter.retrieve(lookup).outcome());
    assertEquals(
        PspOutcome.UNKNOWN, adapter.retrieve(lookup, NOW.minus(Duration.ofMinutes(30))).outcome());
  }

  @Test
  void emptySearchForAChargeOlderThanTheSearchWindowIsNotFound() throws Exception {
    stripe.stubFor(get(urlPathEqualTo(INTENTS + "/search")).willReturn(json(200, searchResult())));
    PspLookup lookup = new PspLookup(null, "att_1", KEY, credentials);

    PspResult result = adapter.retrieve(lookup, NOW.minus(Duration.ofHours(3)));

    assertEquals(PspOutcome.NOT_FOUND, result.outcome());
  }

  @Test
  void retrieveDuringAnOutageIsUnknown() throws Exception {
    stripe.stubFor(get(urlPathEqualTo(INTENTS + "/" + PI)).willReturn(json(500, API_ERROR)));

    assertEquals(
        PspOutcome.UNKNOWN,
        adapter.retrieve(new PspLookup(PI, "att_1", KEY, credentials)).outcome());
  }

  // --- refund -----------------------------------------------------------------------------------

  @Test
  void refundIsOneIdempotentPostOfThePaymentIntentAndAmount() throws Exception {
    stripe.stubFor(post(urlPathEqualTo("/v1/refunds")).willReturn(json(200, refund("succeeded"))));

    PspRefundResult result =
        adapter.refund(
            new PspRefund("idem_rf_1", "rf_1", PI, Money.of("12.34", "EUR"), credentials));

    assertEquals("succeeded", result.status());
    assertEquals("re_1Nispe2eZvKYlo2Cd31jOCgZ", result.pspRefundId());
    stripe.verify(
        1,
        postRequestedFor(urlPathEqualTo("/v1/refunds"))
            .withHeader("Idempotency-Key", equalTo("idem_rf_1"))
            .withFormParam("payment_intent", equalTo(PI))
            .withFormParam("amount", equalTo("1234"))
            .withFormParam("metadata[ac_reference]", equalTo("rf_1")));
  }

  @Test
  void pendingRefundIsPendingAndAnOutageIsUnknown() throws Exception {
    stripe.stubFor(post(urlPathEqualTo("/v1/refunds")).willReturn(json(200, refund("pending"))));
    PspRefund refund =
        new PspRefund("idem_rf_1", "rf_1", PI, Money.of("12.34", "EUR"), credentials);

    assertEquals("pending", adapter.refund(refund).status());

    stripe.stubFor(post(urlPathEqualTo("/v1/refunds")).willReturn(json(500, API_ERROR)));
    assertEquals("unknown", adapter.refund(refund).status());
  }

  PspRefundLookup refundLookup(String pspRefundId, String reference) {
    return new PspRefundLookup(
        pspRefundId,
        PI,
        reference,
        "idem_" + reference,
        Money.of("12.34", "EUR"),
        credentials,
        NOW);
  }

  @Test
  void aRefundIsLookedUpByItsIdOrAmongThePaymentIntentsRefundsByReferenceNeverPosted()
      throws Exception {
    stripe.stubFor(
        get(urlPathEqualTo("/v1/refunds/re_1Nispe2eZvKYlo2Cd31jOCgZ"))
            .willReturn(json(200, refund("succeeded"))));
    stripe.stubFor(
        get(urlPathEqualTo("/v1/refunds"))
            .withQueryParam("payment_intent", equalTo(PI))
            .willReturn(
                json(
                    200,
                    "{\"object\":\"list\",\"url\":\"/v1/refunds\",\"has_more\":false,\"data\":["
                        + refund("pending")
                        + "]}")));

    PspRefundResult byId =
        adapter.retrieveRefund(refundLookup("re_1Nispe2eZvKYlo2Cd31jOCgZ", "rf_1"));
    assertEquals("succeeded", byId.status());
    PspRefundResult byReference = adapter.retrieveRefund(refundLookup(null, "rf_1"));
    assertEquals("pending", byReference.status());
    assertEquals("re_1Nispe2eZvKYlo2Cd31jOCgZ", byReference.pspRefundId());
    assertEquals(
        PspRefundResult.NOT_FOUND, adapter.retrieveRefund(refundLookup(null, "rf_other")).status());
    stripe.verify(0, postRequestedFor(anyUrl()));
  }

  @Test
  void aRefundLookupThatStripeCannotAnswerIsUnknown() throws Exception {
    stripe.stubFor(get(urlPathEqualTo("/v1/refunds")).willReturn(json(500, API_ERROR)));
    assertEquals("unknown", adapter.retrieveRefund(refundLookup(null, "rf_1")).status());
  }

  @Test
  void stripeKeepsIdempotencyKeysForLessThanADay() {
    assertTrue(adapter.idempotencyWindow().compareTo(Duration.ofHours(24)) < 0);
  }

  @Test
  void nameIsStripe() {
    assertEquals("stripe", adapter.name());
  }
}
