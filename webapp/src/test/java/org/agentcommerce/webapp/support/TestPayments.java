package org.agentcommerce.webapp.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;

/**
 * Pays an order for real, the way an agent does: POST /agent/v1/payments with a verified buyer
 * token and the sandbox PSP's succeeding test token.
 */
public final class TestPayments {

  private TestPayments() {}

  /** Pays the order with tok_visa; answers the payment, which must have succeeded. */
  public static JsonObject pay(Http http, String apiKey, String orderId) {
    Http.Answer a =
        http.post(
            "/agent/v1/payments",
            "{\"order_id\":\""
                + orderId
                + "\",\"payment_method\":{\"type\":\"card\","
                + "\"token\":\"tok_visa\"}}",
            "X-API-Key",
            apiKey,
            "X-Agent-User-JWT",
            TestIssuer.token("buyer-pays-" + orderId));
    assertEquals(200, a.status(), a::toString);
    JsonObject payment = a.json();
    assertEquals("succeeded", payment.getString("status"), a::toString);
    return payment;
  }
}
