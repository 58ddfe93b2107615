package org.agentcommerce.webapp.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;

/** Makes an order the way an agent does: POST /agent/v1/orders/create, in USD. */
public final class TestOrders {

  private TestOrders() {}

  /** Orders {@code quantity} of one product of a merchant; answers the order id. */
  public static String create(
      Http http, String apiKey, String merchantId, String productId, int quantity) {
    String body =
        Json.createObjectBuilder()
            .add("merchant_id", merchantId)
            .add(
                "items",
                Json.createArrayBuilder()
                    .add(
                        Json.createObjectBuilder()
                            .add("product_id", productId)
                            .add("quantity", quantity)))
            .add("customer_email", "ada@example.com")
            .add("currency", "USD")
            .build()
            .toString();
    Http.Answer created = http.post("/agent/v1/orders/create", body, "X-API-Key", apiKey);
    assertEquals(200, created.status(), created::toString);
    return created.json().getString("order_id");
  }
}
