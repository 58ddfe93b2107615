package org.agentcommerce.payment.infrastructure.psp.stripe;

import static org.agentcommerce.payment.infrastructure.psp.stripe.StripePspAdapter.NAME;

import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.CardException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.StripeError;
import com.stripe.net.StripeResponse;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.time.Duration;
import java.util.Optional;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspRefundResult;
import org.agentcommerce.payment.spi.PspResult;

/**
 * What Stripe's answers mean (the table of {@link StripePspAdapter}): a PaymentIntent or a Refund
 * by its status, a card error as a decline, and a {@link StripeException} as "certainly not
 * accepted" ({@link #notAcceptedOr}) or unknown, described without Stripe's message ({@link
 * #diagnostic}), which may quote a parameter or part of a key.
 */
final class StripeAnswers {

  private StripeAnswers() {}

  /**
   * An error answer to a create-and-confirm may carry the PaymentIntent it created; should that
   * intent say money moved or may move, its status wins over the error's class.
   */
  static Optional<PspResult> intentThatMovedMoney(StripeException e) {
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

  static PspResult fromIntent(PaymentIntent intent) {
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
  static int rank(PaymentIntent intent) {
    return switch (intent.getStatus() == null ? "" : intent.getStatus()) {
      case "succeeded" -> 0;
      case "processing", "requires_capture" -> 1;
      case "requires_action" -> 2;
      default -> 3;
    };
  }

  static PspResult declined(CardException e) {
    StripeError error = e.getStripeError();
    PaymentIntent intent = error == null ? null : error.getPaymentIntent();
    String message = error == null ? null : error.getMessage();
    return PspResult.declined(
        intent == null ? null : intent.getId(), e.getCode(), e.getDeclineCode(), message);
  }

  static PspRefundResult fromRefund(Refund refund) {
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
  static Optional<PspNotAcceptedException> notAcceptedOr(
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

  static PspResult notAcceptedOrUnknown(StripeException e, boolean failoverMatters)
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
  static String diagnostic(StripeException e) {
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
}
