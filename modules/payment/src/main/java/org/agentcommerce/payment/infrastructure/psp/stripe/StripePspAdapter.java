package org.agentcommerce.payment.infrastructure.psp.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.CardException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.exception.StripeException;
import com.stripe.model.Dispute;
import com.stripe.model.Event;
import com.stripe.model.EventDataObjectDeserializer;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.StripeError;
import com.stripe.model.StripeObject;
import com.stripe.model.StripeSearchResult;
import com.stripe.net.RequestOptions;
import com.stripe.net.StripeResponse;
import com.stripe.net.Webhook;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.param.PaymentIntentSearchParams;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.RefundListParams;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.agentcommerce.payment.spi.PspAdapter;
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
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;
import org.agentcommerce.payment.spi.PspWebhookRequest;

/**
 * Stripe through the PaymentIntents API, on stripe-java with a {@link StripeClient} per call built
 * from the call's {@link PspCredentials} (API key, API base) and its own network retries off: the
 * caller owns retries, always with the same idempotency key.
 *
 * <p>How an answer is classified (the {@link PspAdapter} contract):
 *
 * <table>
 *   <caption>charge</caption>
 *   <tr><th>Stripe answered</th><th>caller sees</th></tr>
 *   <tr><td>2xx, status succeeded</td><td>SUCCEEDED</td></tr>
 *   <tr><td>2xx, requires_action</td><td>REQUIRES_ACTION, next_action.redirect_to_url.url
 *       (null for use_stripe_sdk)</td></tr>
 *   <tr><td>2xx, processing or requires_capture</td><td>PROCESSING</td></tr>
 *   <tr><td>2xx, requires_payment_method or canceled</td><td>DECLINED, last_payment_error</td></tr>
 *   <tr><td>402 card error</td><td>DECLINED with code, decline_code, message</td></tr>
 *   <tr><td>429</td><td>not accepted: rate_limited, retriable, failover safe, Retry-After</td></tr>
 *   <tr><td>400/404 invalid request</td><td>not accepted: invalid_request, failover safe</td></tr>
 *   <tr><td>401 / 403</td><td>not accepted: authentication_failed / permission_denied, failover
 *       safe</td></tr>
 *   <tr><td>5xx with Stripe-Should-Retry: true</td><td>not accepted: psp_unavailable, retriable
 *       with the same key, not failover safe</td></tr>
 *   <tr><td>connection refused, connect timeout</td><td>not accepted: connection_refused /
 *       connect_timeout, retriable, failover safe</td></tr>
 *   <tr><td>400 idempotency_error, 409, other 5xx, read timeout, reset, unreadable 2xx</td>
 *       <td>UNKNOWN: reconcile through {@link #retrieve}</td></tr>
 * </table>
 *
 * <p>An idempotency error means an earlier request with this key exists with other parameters: that
 * earlier request may have charged, so it is UNKNOWN (reconcile), never "not accepted".
 *
 * <p>Nothing this class returns or throws carries the API key, the webhook secret, a client secret
 * or the payment method token: Stripe's own messages are passed on only for card declines.
 */
public final class StripePspAdapter implements PspAdapter {

  /** Metadata key of our reference (the payment attempt id) on the PaymentIntent. */
  public static final String REFERENCE_KEY = "ac_reference";

  /**
   * Metadata key of a fence's PaymentIntent: the attempt it fences (never {@link #REFERENCE_KEY}).
   */
  public static final String FENCED_REFERENCE_KEY = "ac_fenced_reference";

  /** Stripe's documented default tolerance for a webhook's timestamp. */
  public static final Duration WEBHOOK_TOLERANCE = Duration.ofSeconds(300);

  /**
   * How long after a charge an empty Search answer is trusted as "no such payment". Stripe's Search
   * is eventually consistent: data is searchable in under a minute normally, up to an hour behind
   * during outages (Stripe's API reference). Twice that hour, to be safe.
   */
  public static final Duration DEFAULT_SEARCH_SETTLED_AFTER = Duration.ofHours(2);

  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(10);

  private static final String NAME = "stripe";

  private final StripeHttpTransport transport;
  private final Duration searchSettledAfter;
  private final Clock clock;

  /** Read timeout 10 s, connect timeout 2 s. */
  public StripePspAdapter() {
    this(DEFAULT_READ_TIMEOUT);
  }

  /** {@code readTimeout}: how long to wait for Stripe's answer once the request is sent. */
  public StripePspAdapter(Duration readTimeout) {
    this(CONNECT_TIMEOUT, readTimeout, DEFAULT_SEARCH_SETTLED_AFTER, Clock.systemUTC());
  }

  /**
   * Everything explicit: {@code searchSettledAfter} is how old a charge must be before an empty
   * Search answer means NOT_FOUND ({@link #retrieve(PspLookup, Instant)}); {@code clock} decides
   * that age and webhook staleness.
   */
  public StripePspAdapter(
      Duration connectTimeout, Duration readTimeout, Duration searchSettledAfter, Clock clock) {
    this.transport =
        new StripeHttpTransport(
            Objects.requireNonNull(connectTimeout), Objects.requireNonNull(readTimeout));
    this.searchSettledAfter = Objects.requireNonNull(searchSettledAfter);
    this.clock = Objects.requireNonNull(clock);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public PspResult charge(PspCharge charge) throws PspNotAcceptedException {
    PaymentIntentCreateParams params = chargeParams(charge);
    RequestOptions options =
        RequestOptions.builder().setIdempotencyKey(charge.idempotencyKey()).build();
    try {
      return fromIntent(client(charge.credentials()).paymentIntents().create(params, options));
    } catch (CardException e) {
      return declined(e);
    } catch (IdempotencyException e) {
      return PspResult.unknown(null, "idempotency_error: the key was used with other parameters");
    } catch (StripeException e) {
      Optional<PspResult> moved = intentThatMovedMoney(e);
      if (moved.isPresent()) {
        return moved.get();
      }
      return notAcceptedOrUnknown(e, true);
    }
  }

  /**
   * An error answer to a create-and-confirm may carry the PaymentIntent it created; should that
   * intent say money moved or may move, its status wins over the error's class.
   */
  private static Optional<PspResult> intentThatMovedMoney(StripeException e) {
    StripeError error = e.getStripeError();
    PaymentIntent intent = error == null ? null : error.getPaymentIntent();
    if (intent == null || intent.getStatus() == null) {
      return Optional.empty();
    }
    return switch (intent.getStatus()) {
      case "succeeded", "processing", "requires_capture", "requires_action" ->
          Optional.of(fromIntent(intent));
      default -> Optional.empty();
    };
  }

  /**
   * Looks a charge up by Stripe's PaymentIntent id, or else by our reference through Search. An
   * empty Search answer is UNKNOWN here, because this method does not know how old the charge is;
   * see {@link #retrieve(PspLookup, Instant)}.
   */
  @Override
  public PspResult retrieve(PspLookup lookup) throws PspNotAcceptedException {
    return retrieve(lookup, lookup.attemptedAt());
  }

  /**
   * As {@link #retrieve(PspLookup)}, knowing when the charge was attempted: by id it is a GET of
   * the PaymentIntent (404 is NOT_FOUND); by reference it is a Search on {@code
   * metadata['ac_reference']}, whose index lags writes (under a minute, up to an hour during Stripe
   * outages). So an empty answer is NOT_FOUND only when {@code attemptedAt} is older than the
   * search window ({@link #DEFAULT_SEARCH_SETTLED_AFTER} unless configured), and UNKNOWN otherwise
   * or when {@code attemptedAt} is null. Never a POST.
   */
  public PspResult retrieve(PspLookup lookup, Instant attemptedAt) throws PspNotAcceptedException {
    StripeClient client = client(lookup.credentials());
    try {
      if (lookup.pspPaymentId() != null) {
        return fromIntent(client.paymentIntents().retrieve(lookup.pspPaymentId()));
      }
      StripeSearchResult<PaymentIntent> found =
          client
              .paymentIntents()
              .search(
                  PaymentIntentSearchParams.builder()
                      .setQuery(
                          "metadata['" + REFERENCE_KEY + "']:'" + quoted(lookup.reference()) + "'")
                      .setLimit(10L)
                      .build());
      List<PaymentIntent> intents = found.getData() == null ? List.of() : found.getData();
      if (intents.isEmpty()) {
        boolean settled =
            attemptedAt != null
                && attemptedAt.plus(searchSettledAfter).isBefore(Instant.now(clock));
        return settled
            ? PspResult.notFound()
            : PspResult.unknown(null, "not yet searchable: Stripe Search lags recent charges");
      }
      return fromIntent(intents.stream().min(Comparator.comparingInt(this::rank)).orElseThrow());
    } catch (InvalidRequestException e) {
      if (Integer.valueOf(404).equals(e.getStatusCode())
          && "resource_missing".equals(e.getCode())) {
        return PspResult.notFound();
      }
      return notAcceptedOrUnknown(e, false);
    } catch (StripeException e) {
      return notAcceptedOrUnknown(e, false);
    }
  }

  /**
   * Cancels a PaymentIntent that waits for the buyer ({@code requires_action}) or for a payment
   * method: {@code POST /v1/payment_intents/{id}/cancel}. Stripe refuses to cancel an intent that
   * succeeded or is processing ({@code payment_intent_unexpected_state}): the intent is then read
   * again and its own outcome answered (a capture is SUCCEEDED, to be recorded).
   */
  @Override
  public PspResult cancel(PspLookup lookup) throws PspNotAcceptedException {
    if (lookup.pspPaymentId() == null) {
      return PspResult.unknown(null, "no PaymentIntent id to cancel");
    }
    StripeClient client = client(lookup.credentials());
    try {
      return fromIntent(client.paymentIntents().cancel(lookup.pspPaymentId()));
    } catch (InvalidRequestException e) {
      return retrieve(lookup);
    } catch (StripeException e) {
      return notAcceptedOrUnknown(e, false);
    }
  }

  /**
   * Fences the attempt's key: a PaymentIntent created under the attempt's {@code Idempotency-Key}
   * that is not confirmed (no payment method, no money) and is then cancelled. Stripe keeps the
   * first request under a key for at least 24 hours and answers a later request with other
   * parameters — the late charge's create-and-confirm — with {@code idempotency_error}: refused,
   * nothing charged. Its metadata names the reference under another key ({@code
   * ac_fenced_reference}), so that Search by reference never takes the fence for the charge. A
   * fence sent again sends the same parameters and gets Stripe's stored answer. When the key is
   * already taken by another request (the charge got there first) the answer is UNKNOWN: the charge
   * is then found by {@link #retrieve}.
   */
  @Override
  public PspResult fence(PspFence fence) throws PspNotAcceptedException {
    PaymentIntentCreateParams params =
        PaymentIntentCreateParams.builder()
            .setAmount(fence.amount().minorUnits())
            .setCurrency(fence.amount().currencyCode().toLowerCase(Locale.ROOT))
            .setConfirm(false)
            .addPaymentMethodType("card")
            .putMetadata(FENCED_REFERENCE_KEY, fence.reference())
            .setDescription("Fence of attempt " + fence.reference() + " (no charge)")
            .build();
    RequestOptions options =
        RequestOptions.builder().setIdempotencyKey(fence.idempotencyKey()).build();
    StripeClient client = client(fence.credentials());
    PaymentIntent intent;
    try {
      intent = client.paymentIntents().create(params, options);
    } catch (IdempotencyException e) {
      return PspResult.unknown(null, "the key was used by another request: a charge to look up");
    } catch (StripeException e) {
      Optional<PspNotAcceptedException> notAccepted = notAcceptedOr(e, false);
      if (notAccepted.isPresent()) {
        throw notAccepted.get();
      }
      return PspResult.unknown(null, diagnostic(e));
    }
    if (!isFenceOf(intent, fence.reference())) {
      return PspResult.unknown(intent.getId(), "the key answered an intent that is no fence");
    }
    if (!"canceled".equals(intent.getStatus())) {
      try {
        client.paymentIntents().cancel(intent.getId());
      } catch (StripeException e) {
        // The key is fenced whether or not the empty intent is cancelled; it expires unused.
      }
    }
    return PspResult.notFound();
  }

  private static boolean isFenceOf(PaymentIntent intent, String reference) {
    return intent.getMetadata() != null
        && reference.equals(intent.getMetadata().get(FENCED_REFERENCE_KEY));
  }

  @Override
  public PspRefundResult refund(PspRefund refund) throws PspNotAcceptedException {
    RefundCreateParams params =
        RefundCreateParams.builder()
            .setPaymentIntent(refund.pspPaymentId())
            .setAmount(refund.amount().minorUnits())
            .putMetadata(REFERENCE_KEY, refund.reference())
            .build();
    RequestOptions options =
        RequestOptions.builder().setIdempotencyKey(refund.idempotencyKey()).build();
    try {
      Refund created = client(refund.credentials()).refunds().create(params, options);
      return fromRefund(created);
    } catch (IdempotencyException e) {
      return new PspRefundResult("unknown", null, "idempotency_error");
    } catch (StripeException e) {
      Optional<PspNotAcceptedException> notAccepted = notAcceptedOr(e, false);
      if (notAccepted.isPresent()) {
        throw notAccepted.get();
      }
      return new PspRefundResult("unknown", null, diagnostic(e));
    }
  }

  /**
   * Looks a refund up: a GET of the refund by Stripe's id when known, else the PaymentIntent's
   * refunds listed (a list reads what was written, unlike Search) and matched on our reference in
   * {@code metadata['ac_reference']}; none matching is NOT_FOUND. Never a POST.
   */
  @Override
  public PspRefundResult retrieveRefund(PspRefundLookup lookup) throws PspNotAcceptedException {
    StripeClient client = client(lookup.credentials());
    try {
      if (lookup.pspRefundId() != null) {
        return fromRefund(client.refunds().retrieve(lookup.pspRefundId()));
      }
      if (lookup.pspPaymentId() == null || lookup.reference() == null) {
        return PspRefundResult.unknown(
            null, "neither a refund id nor a PaymentIntent and reference");
      }
      RefundListParams params =
          RefundListParams.builder().setPaymentIntent(lookup.pspPaymentId()).setLimit(100L).build();
      for (Refund refund : client.refunds().list(params).autoPagingIterable()) {
        Map<String, String> metadata = refund.getMetadata();
        if (metadata != null && lookup.reference().equals(metadata.get(REFERENCE_KEY))) {
          return fromRefund(refund);
        }
      }
      return PspRefundResult.notFound();
    } catch (StripeException e) {
      if (e instanceof InvalidRequestException
          && Integer.valueOf(404).equals(e.getStatusCode())
          && "resource_missing".equals(e.getCode())
          && lookup.pspRefundId() != null) {
        return PspRefundResult.notFound();
      }
      Optional<PspNotAcceptedException> notAccepted = notAcceptedOr(e, false);
      if (notAccepted.isPresent()) {
        throw notAccepted.get();
      }
      return PspRefundResult.unknown(null, diagnostic(e));
    }
  }

  /**
   * Stripe removes idempotency keys once they are at least 24 hours old (its API reference,
   * Idempotent requests); an hour of margin.
   */
  @Override
  public Duration idempotencyWindow() {
    return Duration.ofHours(23);
  }

  @Override
  public PspWebhookEvent verifyWebhook(PspWebhookRequest request, PspCredentials credentials)
      throws PspWebhookException {
    String signature = request.header("Stripe-Signature");
    if (signature == null || signature.isBlank()) {
      throw new PspWebhookException("missing Stripe-Signature header");
    }
    if (credentials.webhookSecret() == null || credentials.webhookSecret().isBlank()) {
      throw new PspWebhookException("no Stripe webhook secret configured");
    }
    String payload = new String(request.body(), StandardCharsets.UTF_8);
    Event event;
    try {
      event =
          Webhook.constructEvent(
              payload,
              signature,
              credentials.webhookSecret(),
              WEBHOOK_TOLERANCE.toSeconds(),
              clock);
    } catch (SignatureVerificationException e) {
      throw new PspWebhookException("Stripe signature invalid or stale");
    } catch (RuntimeException e) {
      throw new PspWebhookException("Stripe webhook is not a readable event");
    }
    return readEvent(event);
  }

  private static PspWebhookEvent readEvent(Event event) throws PspWebhookException {
    String type = event.getType();
    if (type == null || event.getId() == null) {
      throw new PspWebhookException("Stripe webhook without id or type");
    }
    if (type.startsWith("payment_intent.")) {
      PaymentIntent intent = dataObject(event, PaymentIntent.class);
      String reference =
          intent.getMetadata() == null ? null : intent.getMetadata().get(REFERENCE_KEY);
      StripeError error = intent.getLastPaymentError();
      PspOutcome outcome =
          switch (type) {
            case "payment_intent.succeeded" -> PspOutcome.SUCCEEDED;
            case "payment_intent.payment_failed" -> PspOutcome.DECLINED;
            case "payment_intent.processing" -> PspOutcome.PROCESSING;
            case "payment_intent.requires_action" -> PspOutcome.REQUIRES_ACTION;
            default -> null;
          };
      String declineCode =
          outcome == PspOutcome.DECLINED && error != null
              ? firstNonNull(error.getDeclineCode(), error.getCode())
              : null;
      return new PspWebhookEvent(
          event.getId(), type, intent.getId(), reference, outcome, declineCode, false);
    }
    if (type.startsWith("charge.dispute.")) {
      Dispute dispute = dataObject(event, Dispute.class);
      return new PspWebhookEvent(
          event.getId(), type, dispute.getPaymentIntent(), null, null, null, true);
    }
    return new PspWebhookEvent(event.getId(), type, null, null, null, null, false);
  }

  private static <T extends StripeObject> T dataObject(Event event, Class<T> type)
      throws PspWebhookException {
    EventDataObjectDeserializer data = event.getDataObjectDeserializer();
    StripeObject object;
    try {
      // getObject() is empty when the event's API version differs from stripe-java's; the fields
      // read here are stable across versions, so read it anyway.
      object = data.getObject().isPresent() ? data.getObject().get() : data.deserializeUnsafe();
    } catch (StripeException | RuntimeException e) {
      throw new PspWebhookException("Stripe webhook data is not readable");
    }
    if (!type.isInstance(object)) {
      throw new PspWebhookException("Stripe webhook data is not a " + type.getSimpleName());
    }
    return type.cast(object);
  }

  private StripeClient client(PspCredentials credentials) {
    StripeClient.StripeClientBuilder builder =
        StripeClient.builder()
            .setApiKey(credentials.apiKey())
            .setMaxNetworkRetries(0)
            .setHttpClient(transport);
    if (credentials.baseUrl() != null) {
      String base = credentials.baseUrl().toString();
      builder.setApiBase(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
    }
    return builder.build();
  }

  /**
   * The PaymentIntent to create and confirm. The buyer's email is not sent as receipt_email: Stripe
   * would then mail its own receipt from the platform's account, besides the merchant's.
   */
  private static PaymentIntentCreateParams chargeParams(PspCharge charge) {
    PaymentIntentCreateParams.Builder params =
        PaymentIntentCreateParams.builder()
            .setAmount(charge.amount().minorUnits())
            .setCurrency(charge.amount().currencyCode().toLowerCase(Locale.ROOT))
            .setConfirm(true)
            .putMetadata(REFERENCE_KEY, charge.reference());
    if (charge.metadata() != null) {
      charge.metadata().forEach((key, value) -> params.putMetadata("ac_" + key, value));
    }
    String token = charge.paymentMethodToken();
    if (token != null && token.startsWith("spt_")) {
      // A shared payment token an agent platform granted the merchant (ACP, docs/acp.md): Stripe
      // holds its usage limits (amount, currency, expiry) and refuses a charge outside them.
      params.putExtraParam("payment_method_data", Map.of("shared_payment_granted_token", token));
    } else if (token != null && token.startsWith("tok_")) {
      // A legacy card token becomes a PaymentMethod at confirmation (Stripe's documented way).
      params.putExtraParam(
          "payment_method_data", Map.of("type", "card", "card", Map.of("token", token)));
    } else {
      params.setPaymentMethod(token);
    }
    if (charge.offSession()) {
      params.setOffSession(true);
    }
    if (charge.returnUrl() != null && !charge.offSession()) {
      params.setReturnUrl(charge.returnUrl());
    } else {
      // Without a return URL Stripe refuses methods that redirect; cards still get 3-D Secure.
      params.setAutomaticPaymentMethods(
          PaymentIntentCreateParams.AutomaticPaymentMethods.builder()
              .setEnabled(true)
              .setAllowRedirects(
                  PaymentIntentCreateParams.AutomaticPaymentMethods.AllowRedirects.NEVER)
              .build());
    }
    if (charge.description() != null) {
      params.setDescription(charge.description());
    }
    return params.build();
  }

  private static PspResult fromIntent(PaymentIntent intent) {
    String status = intent.getStatus() == null ? "" : intent.getStatus();
    return switch (status) {
      case "succeeded" -> PspResult.succeeded(intent.getId());
      case "requires_action" -> PspResult.requiresAction(intent.getId(), redirectUrl(intent));
      case "processing", "requires_capture" -> PspResult.processing(intent.getId());
      case "requires_payment_method", "canceled" -> {
        StripeError error = intent.getLastPaymentError();
        yield error == null
            ? PspResult.declined(intent.getId(), status, null, null)
            : PspResult.declined(
                intent.getId(), error.getCode(), error.getDeclineCode(), error.getMessage());
      }
      default -> PspResult.unknown(intent.getId(), "unexpected PaymentIntent status " + status);
    };
  }

  private static String redirectUrl(PaymentIntent intent) {
    PaymentIntent.NextAction next = intent.getNextAction();
    if (next == null || next.getRedirectToUrl() == null) {
      return null;
    }
    return next.getRedirectToUrl().getUrl();
  }

  /** Prefers what settles the charge when Search finds several PaymentIntents for one reference. */
  private int rank(PaymentIntent intent) {
    return switch (intent.getStatus() == null ? "" : intent.getStatus()) {
      case "succeeded" -> 0;
      case "processing", "requires_capture" -> 1;
      case "requires_action" -> 2;
      default -> 3;
    };
  }

  private static PspResult declined(CardException e) {
    StripeError error = e.getStripeError();
    PaymentIntent intent = error == null ? null : error.getPaymentIntent();
    String message = error == null ? null : error.getMessage();
    return PspResult.declined(
        intent == null ? null : intent.getId(), e.getCode(), e.getDeclineCode(), message);
  }

  private static PspRefundResult fromRefund(Refund refund) {
    String status = refund.getStatus() == null ? "" : refund.getStatus();
    return switch (status) {
      case "succeeded" -> new PspRefundResult("succeeded", refund.getId(), null);
      case "pending", "requires_action" -> new PspRefundResult("pending", refund.getId(), null);
      case "failed", "canceled" ->
          new PspRefundResult("failed", refund.getId(), refund.getFailureReason());
      default -> new PspRefundResult("unknown", refund.getId(), "unexpected status " + status);
    };
  }

  /**
   * The failures after which Stripe certainly did not act on the request; empty for those after
   * which it may have. {@code failoverMatters}: for a charge, whether another PSP may be tried.
   */
  private static Optional<PspNotAcceptedException> notAcceptedOr(
      StripeException e, boolean failoverMatters) {
    if (e instanceof RateLimitException) {
      return Optional.of(
          notAccepted("rate_limited", e, true, failoverMatters, retryAfter(e), null));
    }
    if (e instanceof AuthenticationException) {
      return Optional.of(
          notAccepted("authentication_failed", e, false, failoverMatters, null, null));
    }
    if (e instanceof PermissionException) {
      return Optional.of(notAccepted("permission_denied", e, false, failoverMatters, null, null));
    }
    if (e instanceof InvalidRequestException) {
      return Optional.of(notAccepted("invalid_request", e, false, failoverMatters, null, null));
    }
    if (e instanceof ApiConnectionException) {
      Throwable cause = e.getCause();
      if (cause instanceof ConnectException) {
        return Optional.of(
            notAccepted("connection_refused", e, true, failoverMatters, null, cause));
      }
      if (cause instanceof HttpConnectTimeoutException) {
        return Optional.of(notAccepted("connect_timeout", e, true, failoverMatters, null, cause));
      }
      return Optional.empty();
    }
    Integer status = e.getStatusCode();
    if (status != null && status >= 500 && "true".equals(header(e, "Stripe-Should-Retry"))) {
      return Optional.of(notAccepted("psp_unavailable", e, true, false, retryAfter(e), null));
    }
    return Optional.empty();
  }

  private static PspNotAcceptedException notAccepted(
      String code,
      StripeException e,
      boolean retriable,
      boolean failoverSafe,
      Duration retryAfter,
      Throwable cause) {
    return new PspNotAcceptedException(
        NAME, code, diagnostic(e), retriable, failoverSafe, retryAfter, cause);
  }

  private static PspResult notAcceptedOrUnknown(StripeException e, boolean failoverMatters)
      throws PspNotAcceptedException {
    Optional<PspNotAcceptedException> notAccepted = notAcceptedOr(e, failoverMatters);
    if (notAccepted.isPresent()) {
      throw notAccepted.get();
    }
    return PspResult.unknown(null, diagnostic(e));
  }

  /**
   * What can be said without echoing Stripe's message (which may quote a parameter or part of a
   * key): HTTP status, error type and code, the parameter's name, Stripe's request id, or the
   * transport failure's class.
   */
  private static String diagnostic(StripeException e) {
    StringBuilder text = new StringBuilder();
    if (e.getStatusCode() != null && e.getStatusCode() > 0) {
      text.append("HTTP ").append(e.getStatusCode());
    }
    StripeError error = e.getStripeError();
    if (error != null) {
      append(text, error.getType());
      append(text, error.getCode());
      if (error.getParam() != null) {
        append(text, "param " + error.getParam());
      }
    }
    if (e instanceof ApiConnectionException && e.getCause() != null) {
      append(text, "no answer: " + e.getCause().getClass().getSimpleName());
    }
    if (e.getRequestId() != null) {
      append(text, "request " + e.getRequestId());
    }
    return text.isEmpty() ? e.getClass().getSimpleName() : text.toString();
  }

  private static void append(StringBuilder text, String part) {
    if (part != null) {
      text.append(text.isEmpty() ? "" : ", ").append(part);
    }
  }

  private static String header(StripeException e, String name) {
    StripeError error = e.getStripeError();
    StripeResponse response = error == null ? null : error.getLastResponse();
    if (response == null || response.headers() == null) {
      return null;
    }
    return response.headers().firstValue(name).orElse(null);
  }

  private static Duration retryAfter(StripeException e) {
    String value = header(e, "Retry-After");
    if (value == null) {
      return null;
    }
    try {
      long seconds = Long.parseLong(value.trim());
      return seconds >= 0 ? Duration.ofSeconds(seconds) : null;
    } catch (NumberFormatException notSeconds) {
      return null;
    }
  }

  private static String quoted(String reference) {
    Objects.requireNonNull(reference, "reference or pspPaymentId is required");
    return reference.replace("\\", "\\\\").replace("'", "\\'");
  }

  private static String firstNonNull(String first, String second) {
    return first != null ? first : second;
  }
}
