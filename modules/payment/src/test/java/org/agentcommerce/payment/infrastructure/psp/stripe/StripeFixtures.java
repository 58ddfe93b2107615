package org.agentcommerce.payment.infrastructure.psp.stripe;

/**
 * Stripe's documented answers (API reference: the PaymentIntent object, the Refund object, search
 * results, errors with type/code/decline_code), trimmed to the fields that matter plus a few that
 * must not leak (client_secret).
 */
final class StripeFixtures {

  static final String PI = "pi_3MtwBwLkdIwHu7ix28a3tqPa";
  static final String CLIENT_SECRET =
      "pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH";

  private StripeFixtures() {}

  static String intent(String status, String nextAction, String lastPaymentError) {
    return "{\"id\":\""
        + PI
        + "\",\"object\":\"payment_intent\",\"amount\":1234,\"amount_capturable\":0,"
        + "\"amount_received\":"
        + ("succeeded".equals(status) ? 1234 : 0)
        + ",\"automatic_payment_methods\":null,\"canceled_at\":null,"
        + "\"capture_method\":\"automatic\",\"client_secret\":\""
        + CLIENT_SECRET
        + "\",\"confirmation_method\":\"automatic\",\"created\":1680800504,\"currency\":\"eur\","
        + "\"customer\":null,\"description\":\"Order ord_1\",\"last_payment_error\":"
        + lastPaymentError
        + ",\"latest_charge\":\"ch_3MtwBwLkdIwHu7ix2JwSMH9M\",\"livemode\":false,"
        + "\"metadata\":{\"ac_reference\":\"att_1\",\"ac_order_id\":\"ord_1\"},"
        + "\"next_action\":"
        + nextAction
        + ",\"payment_method\":\"pm_1MtwBwLkdIwHu7ixmXj3QVZL\",\"payment_method_types\":[\"card\"],"
        + "\"receipt_email\":null,\"status\":\""
        + status
        + "\"}";
  }

  static String intent(String status) {
    return intent(status, "null", "null");
  }

  static final String REDIRECT_URL =
      "https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_1Mtw&payment_intent=" + PI;

  static final String REDIRECT_ACTION =
      "{\"type\":\"redirect_to_url\",\"redirect_to_url\":{\"return_url\":"
          + "\"https://shop.example/return\",\"url\":\""
          + REDIRECT_URL
          + "\"}}";

  static final String SDK_ACTION =
      "{\"type\":\"use_stripe_sdk\",\"use_stripe_sdk\":{\"type\":\"three_d_secure_redirect\","
          + "\"stripe_js\":\"https://hooks.stripe.com/redirect/authenticate/src_1\"}}";

  static final String INSUFFICIENT_FUNDS_ERROR =
      "{\"charge\":\"ch_3MtwBwLkdIwHu7ix2JwSMH9M\",\"code\":\"card_declined\","
          + "\"decline_code\":\"insufficient_funds\","
          + "\"doc_url\":\"https://stripe.com/docs/error-codes/card-declined\","
          + "\"message\":\"Your card has insufficient funds.\","
          + "\"type\":\"card_error\"}";

  /** 402: the card error, carrying the PaymentIntent it left in requires_payment_method. */
  static final String CARD_DECLINED =
      "{\"error\":{\"charge\":\"ch_3MtwBwLkdIwHu7ix2JwSMH9M\",\"code\":\"card_declined\","
          + "\"decline_code\":\"insufficient_funds\","
          + "\"doc_url\":\"https://stripe.com/docs/error-codes/card-declined\","
          + "\"message\":\"Your card has insufficient funds.\",\"payment_intent\":"
          + intent("requires_payment_method", "null", INSUFFICIENT_FUNDS_ERROR)
          + ",\"request_log_url\":\"https://dashboard.stripe.com/test/logs/req_xyz\","
          + "\"type\":\"card_error\"}}";

  static final String RATE_LIMITED =
      "{\"error\":{\"code\":\"rate_limit\",\"doc_url\":\"https://stripe.com/docs/error-codes/rate-limit\","
          + "\"message\":\"Request rate limit exceeded. Learn more about rate limits here "
          + "https://stripe.com/docs/rate-limits.\",\"type\":\"invalid_request_error\"}}";

  static final String API_ERROR =
      "{\"error\":{\"message\":\"An unknown error occurred\",\"type\":\"api_error\"}}";

  static final String IDEMPOTENCY_ERROR =
      "{\"error\":{\"message\":\"Keys for idempotent requests can only be used with the same "
          + "parameters they were first used with. Try using a key other than 'key_1' if you meant "
          + "to execute a different request.\",\"type\":\"idempotency_error\"}}";

  static final String INVALID_API_KEY =
      "{\"error\":{\"message\":\"Invalid API Key provided: sk_test_****************cret\","
          + "\"type\":\"invalid_request_error\"}}";

  static final String PARAMETER_MISSING =
      "{\"error\":{\"code\":\"parameter_missing\","
          + "\"doc_url\":\"https://stripe.com/docs/error-codes/parameter-missing\","
          + "\"message\":\"Missing required param: amount.\",\"param\":\"amount\","
          + "\"type\":\"invalid_request_error\"}}";

  static final String NO_SUCH_INTENT =
      "{\"error\":{\"code\":\"resource_missing\","
          + "\"doc_url\":\"https://stripe.com/docs/error-codes/resource-missing\","
          + "\"message\":\"No such payment_intent: 'pi_missing'\",\"param\":\"intent\","
          + "\"type\":\"invalid_request_error\"}}";

  static String searchResult(String... intents) {
    return "{\"object\":\"search_result\",\"url\":\"/v1/payment_intents/search\",\"has_more\":false,"
        + "\"data\":["
        + String.join(",", intents)
        + "],\"next_page\":null}";
  }

  static String refund(String status) {
    return "{\"id\":\"re_1Nispe2eZvKYlo2Cd31jOCgZ\",\"object\":\"refund\",\"amount\":1234,"
        + "\"balance_transaction\":\"txn_1Nispe2eZvKYlo2CYezqFhEx\","
        + "\"charge\":\"ch_3MtwBwLkdIwHu7ix2JwSMH9M\",\"created\":1692942318,\"currency\":\"eur\","
        + "\"failure_reason\":null,\"metadata\":{\"ac_reference\":\"rf_1\"},"
        + "\"payment_intent\":\""
        + PI
        + "\",\"reason\":null,\"receipt_number\":null,\"source_transfer_reversal\":null,"
        + "\"status\":\""
        + status
        + "\",\"transfer_reversal\":null}";
  }

  static String event(String id, String type, String apiVersion, String object) {
    return "{\"id\":\""
        + id
        + "\",\"object\":\"event\",\"api_version\":\""
        + apiVersion
        + "\",\"created\":1680800510,\"data\":{\"object\":"
        + object
        + "},\"livemode\":false,\"pending_webhooks\":1,"
        + "\"request\":{\"id\":\"req_1\",\"idempotency_key\":\"key_1\"},\"type\":\""
        + type
        + "\"}";
  }

  static final String DISPUTE =
      "{\"id\":\"du_1MtJUT2eZvKYlo2CNaw2HvEv\",\"object\":\"dispute\",\"amount\":1234,"
          + "\"charge\":\"ch_3MtwBwLkdIwHu7ix2JwSMH9M\",\"created\":1680651737,\"currency\":\"eur\","
          + "\"is_charge_refundable\":true,\"livemode\":false,\"metadata\":{},"
          + "\"payment_intent\":\""
          + PI
          + "\",\"reason\":\"fraudulent\",\"status\":\"warning_needs_response\"}";
}
