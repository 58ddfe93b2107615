package org.agentcommerce.payment.infrastructure.psp.adyen;

import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenJson.str;
import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenJson.truncate;
import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenPspAdapter.NAME;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.Locale;
import org.agentcommerce.payment.infrastructure.psp.adyen.AdyenExchange.Answered;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspResult;

/**
 * What Adyen's answers mean: a 200 payment answer by its {@code resultCode} ({@link
 * #paymentResult}), a refusal reason as a portable decline code ({@link #declineCode}), and a
 * non-2xx answer as "certainly not accepted" or unknown ({@link #refusal}), with a description that
 * never quotes a key or a token ({@link #describe}). The classes are those of {@link
 * AdyenPspAdapter}.
 */
final class AdyenAnswers {

  private static final int MAX_TEXT = 200;

  private AdyenAnswers() {}

  // ---- the payment answer

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
}
