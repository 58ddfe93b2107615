package org.agentcommerce.payment.infrastructure.psp.adyen;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import javax.net.ssl.SSLHandshakeException;
import org.agentcommerce.payment.spi.PspAdapter;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspLookup;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.payment.spi.PspRefundLookup;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.payment.spi.PspResult;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;
import org.agentcommerce.platform.api.Jsonp;

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
  private static final int MAX_BODY = 1024 * 1024;
  private static final int MAX_TEXT = 200;
  private static final int MAX_IDEMPOTENCY_KEY = 64;
  private static final int MAX_METADATA_ENTRIES = 20;
  private static final int MAX_METADATA_KEY = 20;
  private static final int MAX_METADATA_VALUE = 80;

  /** Metadata key whose value becomes Adyen's {@code shopperReference} (tokens are per shopper). */
  public static final String SHOPPER_REFERENCE = "shopper_reference";

  private static final Pattern PSP_REFERENCE = Pattern.compile("[A-Za-z0-9]{1,64}");

  private final HttpClient http;
  private final Duration connectTimeout;
  private final Duration readTimeout;
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
    this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout");
    this.readTimeout = Objects.requireNonNull(readTimeout, "readTimeout");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(connectTimeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PspResult charge(PspCharge charge) throws PspNotAcceptedException {
    PspCredentials credentials = requireCredentials(charge.credentials());
    requireIdempotencyKey(charge.idempotencyKey());
    JsonObject body = paymentRequest(charge, credentials);
    Exchange exchange =
        post(credentials, "/payments", charge.idempotencyKey(), body.toString(), "the payment");
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
          : paymentResult(answer.json());
    }
    PspNotAcceptedException refused = refusal(answer, "the payment");
    if (refused != null) {
      throw refused;
    }
    return PspResult.unknown(str(answer.json(), "pspReference"), describe(answer));
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
    JsonObject body =
        Jsonp.PROVIDER
            .createObjectBuilder()
            .add("merchantAccount", credentials.merchantAccount())
            .add("amount", amount(refund.amount().minorUnits(), refund.amount().currencyCode()))
            .add("reference", refund.reference())
            .build();
    Exchange exchange =
        post(
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
      String id = str(answer.json(), "pspReference");
      return id == null
          ? new PspRefundResult("unknown", null, "Adyen accepted the refund without a pspReference")
          : new PspRefundResult("pending", id, null);
    }
    PspNotAcceptedException refused = refusal(answer, "the refund");
    if (refused != null) {
      throw refused;
    }
    return new PspRefundResult("unknown", null, describe(answer));
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

  // ---- the payment request and its answer

  static JsonObject paymentRequest(PspCharge charge, PspCredentials credentials)
      throws PspNotAcceptedException {
    var json = Jsonp.PROVIDER;
    JsonObject paymentMethod = paymentMethod(charge);
    boolean stored = paymentMethod.containsKey("storedPaymentMethodId");
    JsonObjectBuilder b =
        json.createObjectBuilder()
            .add("amount", amount(charge.amount().minorUnits(), charge.amount().currencyCode()))
            .add("reference", charge.reference())
            .add("merchantAccount", credentials.merchantAccount())
            .add("paymentMethod", paymentMethod);
    if (stored) {
      // A stored token: the shopper is present (CardOnFile) or not (a mandate, off session).
      b.add("shopperInteraction", "ContAuth")
          .add(
              "recurringProcessingModel",
              charge.offSession() ? "UnscheduledCardOnFile" : "CardOnFile");
    }
    Map<String, String> metadata =
        new TreeMap<>(charge.metadata() == null ? Map.of() : charge.metadata());
    String shopperReference = metadata.remove(SHOPPER_REFERENCE);
    if (shopperReference != null) {
      b.add("shopperReference", shopperReference);
    }
    if (charge.returnUrl() != null) {
      b.add("returnUrl", charge.returnUrl());
    }
    if (charge.customerEmail() != null) {
      b.add("shopperEmail", charge.customerEmail());
    }
    if (!metadata.isEmpty()) {
      JsonObjectBuilder m = json.createObjectBuilder();
      metadata.entrySet().stream()
          .filter(e -> e.getKey().length() <= MAX_METADATA_KEY && e.getValue() != null)
          .limit(MAX_METADATA_ENTRIES)
          .forEach(e -> m.add(e.getKey(), truncate(e.getValue(), MAX_METADATA_VALUE)));
      b.add("metadata", m);
    }
    return b.build();
  }

  /**
   * The {@code paymentMethod} object: the token is either the {@code paymentMethod} JSON object
   * that Adyen's Drop-in or Components produced in the browser (encrypted card fields), passed
   * through, or a stored payment method id ({@code storedPaymentMethodId}). The type {@code card}
   * is Adyen's {@code scheme}.
   */
  private static JsonObject paymentMethod(PspCharge charge) throws PspNotAcceptedException {
    String token = charge.paymentMethodToken();
    if (token == null || token.isBlank()) {
      throw new PspNotAcceptedException(
          NAME, "invalid_request", "the charge has no payment method", false, true, null, null);
    }
    String type =
        charge.paymentMethodType() == null || "card".equals(charge.paymentMethodType())
            ? "scheme"
            : charge.paymentMethodType();
    String trimmed = token.strip();
    if (trimmed.startsWith("{")) {
      JsonObject given;
      try (var reader = Jsonp.PROVIDER.createReader(new StringReader(trimmed))) {
        given = reader.readObject();
      } catch (RuntimeException notJson) {
        throw new PspNotAcceptedException(
            NAME,
            "invalid_request",
            "the payment method token is not a readable Adyen paymentMethod object",
            false,
            true,
            null,
            null);
      }
      return given.containsKey("type")
          ? given
          : Jsonp.PROVIDER.createObjectBuilder(given).add("type", type).build();
    }
    return Jsonp.PROVIDER
        .createObjectBuilder()
        .add("type", type)
        .add("storedPaymentMethodId", trimmed)
        .build();
  }

  static PspResult paymentResult(JsonObject json) {
    String psp = str(json, "pspReference");
    String resultCode = str(json, "resultCode");
    if (resultCode == null) {
      return PspResult.unknown(psp, "Adyen's answer has no resultCode");
    }
    switch (resultCode) {
      case "Authorised":
        return PspResult.succeeded(psp);
      case "RedirectShopper":
      case "ChallengeShopper":
      case "IdentifyShopper":
      case "PresentToShopper":
        String url = actionUrl(json);
        if (url != null) {
          return PspResult.requiresAction(psp, url);
        }
        if ("PresentToShopper".equals(resultCode)) {
          return PspResult.processing(psp);
        }
        return new PspResult(
            PspOutcome.REQUIRES_ACTION,
            psp,
            null,
            "action_without_url",
            null,
            "Adyen asked for a shopper action (" + resultCode + ") that has no URL");
      case "Pending":
      case "Received":
        return PspResult.processing(psp);
      case "Refused":
        return declined(psp, "card_declined", json);
      case "Cancelled":
        return declined(psp, "payment_cancelled", json);
      case "Error":
        return str(json, "refusalReason") == null
            ? PspResult.unknown(psp, "Adyen answered Error without a refusal reason")
            : declined(psp, "payment_error", json);
      default:
        return PspResult.unknown(psp, "Adyen answered resultCode " + truncate(resultCode, 40));
    }
  }

  private static String actionUrl(JsonObject json) {
    JsonValue action = json.get("action");
    if (action == null || action.getValueType() != JsonValue.ValueType.OBJECT) {
      return null;
    }
    String url = str(action.asJsonObject(), "url");
    return url != null && (url.startsWith("https://") || url.startsWith("http://")) ? url : null;
  }

  private static PspResult declined(String psp, String errorCode, JsonObject json) {
    String reason = str(json, "refusalReason");
    String code = str(json, "refusalReasonCode");
    String message =
        reason == null
            ? null
            : truncate(reason, MAX_TEXT)
                + (code == null ? "" : " (refusalReasonCode " + code + ")");
    return PspResult.declined(psp, errorCode, declineCode(reason, code), message);
  }

  /**
   * A portable decline code from Adyen's refusal reason (the texts of Adyen's refusal reasons
   * page), else {@code adyen_<refusalReasonCode>}, else {@code generic_decline}.
   */
  static String declineCode(String refusalReason, String refusalReasonCode) {
    String r = refusalReason == null ? "" : refusalReason.strip().toLowerCase(Locale.ROOT);
    switch (r) {
      case "not enough balance":
        return "insufficient_funds";
      case "expired card":
        return "expired_card";
      case "cvc declined":
        return "incorrect_cvc";
      case "invalid card number":
        return "incorrect_number";
      case "blocked card":
        return "card_blocked";
      case "fraud":
      case "issuer suspected fraud":
        return "fraudulent";
      case "3d not authenticated":
        return "authentication_failed";
      case "refused":
        return "generic_decline";
      default:
        return refusalReasonCode == null || refusalReasonCode.isBlank()
            ? "generic_decline"
            : "adyen_" + truncate(refusalReasonCode, 10);
    }
  }

  // ---- refusals: what a non-2xx answer means

  /**
   * The exception for an answer that certainly created nothing under this request, or null when the
   * outcome is unknown (5xx, 408, unexpected statuses).
   */
  static PspNotAcceptedException refusal(Answered a, String what) {
    int status = a.status();
    String detail = describe(a);
    if (status == 429) {
      return new PspNotAcceptedException(
          NAME, "rate_limited", detail, true, true, retryAfter(a.headers()), null);
    }
    if (status < 400 || status >= 500 || status == 408) {
      return null;
    }
    boolean transientError =
        a.headers().firstValue("Transient-Error").map("true"::equalsIgnoreCase).orElse(false);
    if (transientError || status == 409 || idempotencyConflict(a.json())) {
      // The key is known to Adyen: its first request may have created a payment. Retrying with the
      // same key and request returns that request's answer once it is done.
      return new PspNotAcceptedException(
          NAME,
          "idempotency_conflict",
          "Adyen refused " + what + " for its idempotency key: " + detail,
          transientError || status == 409,
          false,
          retryAfter(a.headers()),
          null);
    }
    if (status == 401) {
      return new PspNotAcceptedException(
          NAME, "authentication_failed", detail, false, true, null, null);
    }
    if (status == 403) {
      return new PspNotAcceptedException(
          NAME, "permission_denied", detail, false, true, null, null);
    }
    return new PspNotAcceptedException(NAME, "invalid_request", detail, false, true, null, null);
  }

  /** Adyen's error body names the idempotency key when the key was used with another request. */
  private static boolean idempotencyConflict(JsonObject json) {
    String message = str(json, "message");
    String detail = str(json, "detail");
    String title = str(json, "title");
    return mentionsIdempotency(message)
        || mentionsIdempotency(detail)
        || mentionsIdempotency(title);
  }

  private static boolean mentionsIdempotency(String text) {
    return text != null && text.toLowerCase(Locale.ROOT).contains("idempotency");
  }

  /** Status and Adyen's error fields (errorCode, errorType, message; or RFC 7807's), trimmed. */
  static String describe(Answered a) {
    StringBuilder s = new StringBuilder("HTTP ").append(a.status());
    JsonObject json = a.json();
    if (json == null) {
      return s.append(", body not JSON").toString();
    }
    String errorType = str(json, "errorType");
    String errorCode = str(json, "errorCode");
    String message = str(json, "message");
    if (message == null) {
      message = str(json, "detail") != null ? str(json, "detail") : str(json, "title");
    }
    if (errorType != null) {
      s.append(' ').append(truncate(errorType, 40));
    }
    if (errorCode != null) {
      s.append(' ').append(truncate(errorCode, 40));
    }
    if (message != null) {
      s.append(": ").append(truncate(message, MAX_TEXT));
    }
    return s.toString();
  }

  private static Duration retryAfter(HttpHeaders headers) {
    return headers
        .firstValue("Retry-After")
        .map(
            v -> {
              try {
                return Duration.ofSeconds(Math.max(0, Long.parseLong(v.strip())));
              } catch (NumberFormatException notSeconds) {
                return null;
              }
            })
        .orElse(null);
  }

  // ---- the exchange

  /** What became of one HTTP exchange. */
  sealed interface Exchange permits Answered, NotSent, Lost {}

  /** Adyen answered; {@code json} is null when the body is not a JSON object. */
  record Answered(int status, JsonObject json, HttpHeaders headers) implements Exchange {}

  /** Not a byte of the request left this machine. */
  record NotSent(String code, String reason) implements Exchange {
    PspNotAcceptedException toException() {
      return new PspNotAcceptedException(NAME, code, reason, true, true, null, null);
    }
  }

  /** The request may have reached Adyen, and its answer did not reach us. */
  record Lost(String reason) implements Exchange {}

  private Exchange post(
      PspCredentials credentials, String path, String idempotencyKey, String body, String what)
      throws PspNotAcceptedException {
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(URI.create(base(credentials) + path))
              .timeout(readTimeout)
              .header("Content-Type", "application/json")
              .header("Accept", "application/json")
              .header("X-API-Key", credentials.apiKey())
              .header("Idempotency-Key", idempotencyKey)
              .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
              .build();
    } catch (IllegalArgumentException badValue) {
      // The message may quote a header value: the API key. Drop it.
      throw new PspNotAcceptedException(
          NAME,
          "not_configured",
          "the Adyen base URL, API key or idempotency key is not usable in an HTTP request",
          false,
          true,
          null,
          null);
    }
    CompletableFuture<HttpResponse<byte[]>> pending =
        http.sendAsync(request, AdyenPspAdapter::boundedBody);
    HttpResponse<byte[]> response;
    try {
      // The request timeout covers the wait for the headers; this deadline covers the body too.
      response =
          pending.get(
              connectTimeout.plus(readTimeout).plusMillis(250).toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException slow) {
      pending.cancel(true);
      return new Lost("Adyen did not answer " + what + " in time");
    } catch (InterruptedException interrupted) {
      pending.cancel(true);
      Thread.currentThread().interrupt();
      return new Lost("interrupted while waiting for Adyen's answer to " + what);
    } catch (ExecutionException failed) {
      return failure(failed.getCause(), what);
    }
    byte[] bytes = response.body();
    return new Answered(response.statusCode(), jsonObject(bytes), response.headers());
  }

  private static HttpResponse.BodySubscriber<byte[]> boundedBody(HttpResponse.ResponseInfo info) {
    long length = info.headers().firstValueAsLong("Content-Length").orElse(-1L);
    return length > MAX_BODY
        ? HttpResponse.BodySubscribers.replacing(null)
        : HttpResponse.BodySubscribers.ofByteArray();
  }

  /** Classifies a failed exchange by the first telling cause: was anything sent? */
  static Exchange failure(Throwable error, String what) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof HttpConnectTimeoutException) {
        return new NotSent("connect_timeout", "could not connect to Adyen in time");
      }
      if (t instanceof HttpTimeoutException) {
        return new Lost("Adyen did not answer " + what + " in time");
      }
      if (t instanceof ConnectException) {
        return new NotSent("connection_refused", "could not connect to Adyen");
      }
      if (t instanceof SSLHandshakeException) {
        return new NotSent("tls_handshake_failed", "the TLS handshake with Adyen failed");
      }
    }
    return new Lost(
        "the connection to Adyen failed while sending "
            + what
            + " or awaiting its answer ("
            + (error == null ? "unknown error" : error.getClass().getSimpleName())
            + ")");
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

  private static String base(PspCredentials c) {
    String base = c.baseUrl().toString();
    return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
  }

  static JsonObject amount(long minorUnits, String currency) {
    return Jsonp.PROVIDER
        .createObjectBuilder()
        .add("value", minorUnits)
        .add("currency", currency)
        .build();
  }

  static JsonObject jsonObject(byte[] bytes) {
    if (bytes == null || bytes.length == 0) {
      return null;
    }
    try (var reader =
        Jsonp.PROVIDER.createReader(new StringReader(new String(bytes, StandardCharsets.UTF_8)))) {
      return reader.readObject();
    } catch (RuntimeException notJson) {
      return null;
    }
  }

  /** A member as text: strings as they are, numbers and booleans as written; else null. */
  static String str(JsonObject json, String name) {
    if (json == null) {
      return null;
    }
    JsonValue v = json.get(name);
    if (v == null) {
      return null;
    }
    switch (v.getValueType()) {
      case STRING:
        return ((jakarta.json.JsonString) v).getString();
      case NUMBER:
      case TRUE:
      case FALSE:
        return v.toString();
      default:
        return null;
    }
  }

  static String truncate(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max);
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
