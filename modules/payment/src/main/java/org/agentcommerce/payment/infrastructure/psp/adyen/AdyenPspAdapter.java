package org.agentcommerce.payment.infrastructure.psp.adyen;

import jakarta.json.JsonObject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;
import org.agentcommerce.payment.infrastructure.psp.adyen.AdyenExchange.Answered;
import org.agentcommerce.payment.infrastructure.psp.adyen.AdyenExchange.Lost;
import org.agentcommerce.payment.infrastructure.psp.adyen.AdyenExchange.NotSent;
import org.agentcommerce.payment.spi.PspAdapter;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspLookup;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundLookup;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;

/**
 * Adyen as a {@link PspAdapter}: a client of the Checkout API v71 ({@code POST /payments}, {@code
 * POST /payments/{pspReference}/refunds}) authenticated with {@code X-API-Key}, every POST carrying
 * the caller's key as Adyen's {@code Idempotency-Key}. {@link PspCredentials#baseUrl()} is the
 * Checkout API root including its version: {@code https://checkout-test.adyen.com/v71} in test,
 * {@code https://{prefix}-checkout-live.adyenpayments.com/checkout/v71} live.
 *
 * <p>A plain, stateless, thread-safe class: the caller wraps it (CDI, fault tolerance,
 * configuration). It never logs, and no exception or result carries the API key, the HMAC key, a
 * payment token or Adyen's raw answer.
 *
 * <p>This class decides what to send and when; {@link AdyenRequests} writes the bodies, {@link
 * AdyenHttp} sends them ({@link AdyenExchange} tells what became of the exchange), {@link
 * AdyenAnswers} classifies the answers and {@link AdyenNotifications} verifies the webhooks.
 *
 * <p>How an exchange is classified (see {@link PspAdapter} for what each class means):
 *
 * <ul>
 *   <li>200 with {@code resultCode} Authorised: SUCCEEDED (the merchant account captures
 *       automatically); RedirectShopper, ChallengeShopper, IdentifyShopper: REQUIRES_ACTION with
 *       {@code action.url}; Pending, Received: PROCESSING; Refused, Cancelled, and Error with a
 *       {@code refusalReason}: DECLINED; anything else: UNKNOWN.
 *   <li>Not accepted, failover safe: the connection refused or timed out while connecting, or the
 *       TLS handshake failed (no byte of the request was sent); 429 (retriable, with {@code
 *       Retry-After} when given); 401, 403 and other 4xx refusals of the request itself (not
 *       retriable).
 *   <li>Not accepted, <em>not</em> failover safe: a 4xx about the idempotency key (the key was
 *       already used with another request, or its first request is still in progress, which Adyen
 *       flags with {@code Transient-Error: true} and which is retriable): an earlier request under
 *       this key may have created a payment.
 *   <li>UNKNOWN: 5xx, 408, no answer within the read timeout, the connection reset after sending,
 *       an answer that is not JSON, an unexpected status.
 * </ul>
 */
public class AdyenPspAdapter implements PspAdapter {

  public static final String NAME = "adyen";

  /**
   * How long after the first send {@link #replay} still trusts Adyen's idempotency store. Adyen
   * documents that "idempotency keys are valid for a minimum period of 31 days after first
   * submission"; one day of margin covers clock skew between us and Adyen.
   */
  public static final Duration REPLAY_WINDOW = Duration.ofDays(30);

  static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final int MAX_IDEMPOTENCY_KEY = 64;

  /** Metadata key whose value becomes Adyen's {@code shopperReference} (tokens are per shopper). */
  public static final String SHOPPER_REFERENCE = "shopper_reference";

  private static final Pattern PSP_REFERENCE = Pattern.compile("[A-Za-z0-9]{1,64}");

  private final AdyenHttp http;
  private final Clock clock;

  /**
   * An adapter whose every call gives up waiting for Adyen's answer after {@code readTimeout} (then
   * the outcome is UNKNOWN), connecting within five seconds.
   */
  public AdyenPspAdapter(Duration readTimeout) {
    this(DEFAULT_CONNECT_TIMEOUT, readTimeout, Clock.systemUTC());
  }

  /** As {@link #AdyenPspAdapter(Duration)} with the connect timeout and the clock chosen. */
  public AdyenPspAdapter(Duration connectTimeout, Duration readTimeout, Clock clock) {
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(readTimeout, "readTimeout");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.http = new AdyenHttp(connectTimeout, readTimeout);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PspResult charge(PspCharge charge) throws PspNotAcceptedException {
    PspCredentials credentials = requireCredentials(charge.credentials());
    requireIdempotencyKey(charge.idempotencyKey());
    JsonObject body = AdyenRequests.paymentRequest(charge, credentials);
    AdyenExchange exchange =
        http.post(
            credentials, "/payments", charge.idempotencyKey(), body.toString(), "the payment");
    if (exchange instanceof NotSent notSent) {
      throw notSent.toException();
    }
    if (exchange instanceof Lost lost) {
      return PspResult.unknown(null, lost.reason());
    }
    Answered answer = (Answered) exchange;
    if (answer.status() == 200) {
      return answer.json() == null
          ? PspResult.unknown(null, "Adyen answered 200 with a body that is not JSON")
          : AdyenAnswers.paymentResult(answer.json());
    }
    PspNotAcceptedException refused = AdyenAnswers.refusal(answer, "the payment");
    if (refused != null) {
      throw refused;
    }
    return PspResult.unknown(
        AdyenJson.str(answer.json(), "pspReference"), AdyenAnswers.describe(answer));
  }

  /**
   * Always UNKNOWN, without a request: Adyen's Checkout API has no way to read a payment (there is
   * no {@code GET /payments/…}), and the only request that answers "what became of this payment" is
   * the original {@code POST /payments} sent again with the same {@code Idempotency-Key}, which
   * needs the original body that a {@link PspLookup} does not carry. Sending anything else under
   * the key could create a payment that was never meant, so this method sends nothing: it certainly
   * creates nothing. Adyen documents two ways to learn a lost outcome, and this adapter supports
   * both: the AUTHORISATION webhook (read by {@link #verifyWebhook}), and the idempotent resend of
   * the identical request (see {@link #replay}).
   */
  @Override
  public PspResult retrieve(PspLookup lookup) {
    return PspResult.unknown(
        lookup.pspPaymentId(),
        "Adyen has no payment lookup: await the AUTHORISATION webhook or replay the original charge");
  }

  /**
   * Learns the outcome of a charge whose answer was lost (UNKNOWN) by sending the identical request
   * again: same body (the request is a pure function of {@code original}), same {@code
   * Idempotency-Key}.
   *
   * <p>Why this never charges twice: Adyen documents that "if you don't receive a response (for
   * example, in case of a timeout), you can safely retry the request with the same header. If the
   * Adyen payments platform already processed the request, the response to the first attempt will
   * be returned without duplication", and that keys "are valid for a minimum period of 31 days
   * after first submission" (docs.adyen.com/development-resources/api-idempotency). So within the
   * window the answer is the first attempt's answer when that attempt reached Adyen, and otherwise
   * this request is the first and only payment under the key. Outside {@link #REPLAY_WINDOW}
   * (measured from {@code firstSentAt}, which the caller stored before the first send) the key may
   * have been forgotten and a resend could create a second payment, so nothing is sent and the
   * answer stays UNKNOWN. Keys are checked per region: {@code credentials} must be the account and
   * endpoint of the first attempt.
   *
   * <p>The answer is the first attempt's answer, not the payment's current state: after
   * REQUIRES_ACTION or PROCESSING the final outcome comes with the AUTHORISATION webhook.
   */
  public PspResult replay(PspCharge original, Instant firstSentAt) throws PspNotAcceptedException {
    Instant now = clock.instant();
    if (firstSentAt == null || now.isAfter(firstSentAt.plus(REPLAY_WINDOW))) {
      return PspResult.unknown(
          null,
          "not replayed: Adyen keeps idempotency keys for 31 days and this charge is older than "
              + REPLAY_WINDOW.toDays()
              + " days (or its first send time is unknown)");
    }
    return charge(original);
  }

  @Override
  public PspRefundResult refund(PspRefund refund) throws PspNotAcceptedException {
    PspCredentials credentials = requireCredentials(refund.credentials());
    requireIdempotencyKey(refund.idempotencyKey());
    if (refund.pspPaymentId() == null || !PSP_REFERENCE.matcher(refund.pspPaymentId()).matches()) {
      throw new PspNotAcceptedException(
          NAME,
          "invalid_request",
          "the payment to refund has no Adyen pspReference",
          false,
          true,
          null,
          null);
    }
    JsonObject body = AdyenRequests.refundRequest(refund, credentials);
    AdyenExchange exchange =
        http.post(
            credentials,
            "/payments/" + refund.pspPaymentId() + "/refunds",
            refund.idempotencyKey(),
            body.toString(),
            "the refund");
    if (exchange instanceof NotSent notSent) {
      throw notSent.toException();
    }
    if (exchange instanceof Lost lost) {
      return new PspRefundResult("unknown", null, lost.reason());
    }
    Answered answer = (Answered) exchange;
    if (answer.status() == 201 || answer.status() == 200) {
      String id = AdyenJson.str(answer.json(), "pspReference");
      return id == null
          ? new PspRefundResult("unknown", null, "Adyen accepted the refund without a pspReference")
          : new PspRefundResult("pending", id, null);
    }
    PspNotAcceptedException refused = AdyenAnswers.refusal(answer, "the refund");
    if (refused != null) {
      throw refused;
    }
    return new PspRefundResult("unknown", null, AdyenAnswers.describe(answer));
  }

  /**
   * Always UNKNOWN, without a request: Adyen's Checkout API cannot read a refund, and a refund is
   * asynchronous there (the REFUND webhook tells its outcome). What this adapter can do instead is
   * send the refund again with the same {@code Idempotency-Key} within {@link #idempotencyWindow()}
   * ({@link #refund}): Adyen then answers the first request's answer without refunding twice.
   */
  @Override
  public PspRefundResult retrieveRefund(PspRefundLookup lookup) {
    return PspRefundResult.unknown(
        lookup.pspRefundId(),
        "Adyen has no refund lookup: await the REFUND webhook or send the refund again");
  }

  /** {@link #REPLAY_WINDOW}: Adyen keeps idempotency keys for at least 31 days. */
  @Override
  public Duration idempotencyWindow() {
    return REPLAY_WINDOW;
  }

  /**
   * Verifies one Adyen standard notification (see {@link AdyenNotifications}) with the HMAC key in
   * {@code credentials.webhookSecret()}. Adyen signs no timestamp and retries a notification for
   * days, so there is no freshness window: replays are harmless because the event id ({@code
   * pspReference:eventCode}) is handled at most once by the caller.
   */
  @Override
  public PspWebhookEvent verifyWebhook(PspWebhookRequest request, PspCredentials credentials)
      throws PspWebhookException {
    return AdyenNotifications.verify(request.body(), credentials);
  }

  // ---- kept here for the tests of this package

  /** {@link AdyenAnswers#paymentResult}. */
  static PspResult paymentResult(JsonObject json) {
    return AdyenAnswers.paymentResult(json);
  }

  /** {@link AdyenJson#jsonObject}. */
  static JsonObject jsonObject(byte[] bytes) {
    return AdyenJson.jsonObject(bytes);
  }

  // ---- helpers

  private static PspCredentials requireCredentials(PspCredentials c)
      throws PspNotAcceptedException {
    if (c == null
        || c.baseUrl() == null
        || isBlank(c.apiKey())
        || isBlank(c.merchantAccount())
        || !("https".equalsIgnoreCase(c.baseUrl().getScheme())
            || "http".equalsIgnoreCase(c.baseUrl().getScheme()))) {
      throw new PspNotAcceptedException(
          NAME,
          "not_configured",
          "Adyen's base URL, API key or merchant account is not configured",
          false,
          true,
          null,
          null);
    }
    return c;
  }

  private static void requireIdempotencyKey(String key) throws PspNotAcceptedException {
    if (isBlank(key) || key.length() > MAX_IDEMPOTENCY_KEY) {
      throw new PspNotAcceptedException(
          NAME,
          "invalid_request",
          "Adyen needs an idempotency key of 1 to " + MAX_IDEMPOTENCY_KEY + " characters",
          false,
          true,
          null,
          null);
    }
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
