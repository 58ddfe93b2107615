package org.agentcommerce.payment.infrastructure.psp.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.CardException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.StripeException;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.StripeSearchResult;
import com.stripe.net.RequestOptions;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.RefundListParams;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.agentcommerce.payment.spi.PspAdapter;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspFence;
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
 *
 * <p>This class decides which request to send and what to do next; {@link StripeRequests} builds
 * the parameters, {@link StripeHttpTransport} carries them, {@link StripeAnswers} classifies the
 * answers and errors, and {@link StripeWebhooks} verifies and reads the webhooks.
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

  static final String NAME = "stripe";

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
    PaymentIntentCreateParams params = StripeRequests.chargeParams(charge);
    RequestOptions options = StripeRequests.idempotent(charge.idempotencyKey());
    try {
      return StripeAnswers.fromIntent(
          client(charge.credentials()).paymentIntents().create(params, options));
    } catch (CardException e) {
      return StripeAnswers.declined(e);
    } catch (IdempotencyException e) {
      return PspResult.unknown(null, "idempotency_error: the key was used with other parameters");
    } catch (StripeException e) {
      Optional<PspResult> moved = StripeAnswers.intentThatMovedMoney(e);
      if (moved.isPresent()) {
        return moved.get();
      }
      return StripeAnswers.notAcceptedOrUnknown(e, true);
    }
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
        return StripeAnswers.fromIntent(client.paymentIntents().retrieve(lookup.pspPaymentId()));
      }
      StripeSearchResult<PaymentIntent> found =
          client.paymentIntents().search(StripeRequests.searchByReference(lookup.reference()));
      List<PaymentIntent> intents = found.getData() == null ? List.of() : found.getData();
      if (intents.isEmpty()) {
        boolean settled =
            attemptedAt != null
                && attemptedAt.plus(searchSettledAfter).isBefore(Instant.now(clock));
        return settled
            ? PspResult.notFound()
            : PspResult.unknown(null, "not yet searchable: Stripe Search lags recent charges");
      }
      return StripeAnswers.fromIntent(
          intents.stream().min(Comparator.comparingInt(StripeAnswers::rank)).orElseThrow());
    } catch (InvalidRequestException e) {
      if (Integer.valueOf(404).equals(e.getStatusCode())
          && "resource_missing".equals(e.getCode())) {
        return PspResult.notFound();
      }
      return StripeAnswers.notAcceptedOrUnknown(e, false);
    } catch (StripeException e) {
      return StripeAnswers.notAcceptedOrUnknown(e, false);
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
      return StripeAnswers.fromIntent(client.paymentIntents().cancel(lookup.pspPaymentId()));
    } catch (InvalidRequestException e) {
      return retrieve(lookup);
    } catch (StripeException e) {
      return StripeAnswers.notAcceptedOrUnknown(e, false);
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
    PaymentIntentCreateParams params = StripeRequests.fenceParams(fence);
    RequestOptions options = StripeRequests.idempotent(fence.idempotencyKey());
    StripeClient client = client(fence.credentials());
    PaymentIntent intent;
    try {
      intent = client.paymentIntents().create(params, options);
    } catch (IdempotencyException e) {
      return PspResult.unknown(null, "the key was used by another request: a charge to look up");
    } catch (StripeException e) {
      Optional<PspNotAcceptedException> notAccepted = StripeAnswers.notAcceptedOr(e, false);
      if (notAccepted.isPresent()) {
        throw notAccepted.get();
      }
      return PspResult.unknown(null, StripeAnswers.diagnostic(e));
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
    RefundCreateParams params = StripeRequests.refundParams(refund);
    RequestOptions options = StripeRequests.idempotent(refund.idempotencyKey());
    try {
      Refund created = client(refund.credentials()).refunds().create(params, options);
      return StripeAnswers.fromRefund(created);
    } catch (IdempotencyException e) {
      return new PspRefundResult("unknown", null, "idempotency_error");
    } catch (StripeException e) {
      Optional<PspNotAcceptedException> notAccepted = StripeAnswers.notAcceptedOr(e, false);
      if (notAccepted.isPresent()) {
        throw notAccepted.get();
      }
      return new PspRefundResult("unknown", null, StripeAnswers.diagnostic(e));
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
        return StripeAnswers.fromRefund(client.refunds().retrieve(lookup.pspRefundId()));
      }
      if (lookup.pspPaymentId() == null || lookup.reference() == null) {
        return PspRefundResult.unknown(
            null, "neither a refund id nor a PaymentIntent and reference");
      }
      RefundListParams params = StripeRequests.refundsOf(lookup.pspPaymentId());
      for (Refund refund : client.refunds().list(params).autoPagingIterable()) {
        Map<String, String> metadata = refund.getMetadata();
        if (metadata != null && lookup.reference().equals(metadata.get(REFERENCE_KEY))) {
          return StripeAnswers.fromRefund(refund);
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
      Optional<PspNotAcceptedException> notAccepted = StripeAnswers.notAcceptedOr(e, false);
      if (notAccepted.isPresent()) {
        throw notAccepted.get();
      }
      return PspRefundResult.unknown(null, StripeAnswers.diagnostic(e));
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
    return StripeWebhooks.verify(request, credentials, clock);
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
}
