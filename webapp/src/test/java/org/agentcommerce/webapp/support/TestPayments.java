package org.agentcommerce.webapp.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;

/**
 * Pays an order for real, the way an agent does: POST /agent/v1/payments with a verified buyer
 * token and the sandbox PSP's succeeding test token.
 */
public final class TestPayments {

  private TestPayments() {}

  /** Creates an order of one Lumen single (21.00 USD) to pay; answers its id. */
  public static String payableOrder(Http http, String apiKey) {
    Http.Answer a =
        http.post(
            "/agent/v1/orders/create",
            "{\"merchant_id\":\"merch_7c1e4a9d2b5f3e80\",\"items\":[{\"product_id\":"
                + "\"prod_aecc96e30d0fbb41\",\"quantity\":1}],\"customer_email\":"
                + "\"ada@example.com\",\"currency\":\"USD\"}",
            "X-API-Key",
            apiKey);
    assertEquals(200, a.status(), a::toString);
    return a.json().getString("order_id");
  }

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
