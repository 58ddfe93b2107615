package org.agentcommerce.checkout.application.partner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class PurchaseRequestTest {

  private static PurchaseRequest request(String key, String email, String line2) {
    return new PurchaseRequest(
        key,
        "merch_1",
        "prod_1",
        "SKU-1",
        2,
        1299,
        "USD",
        new PurchaseRequest.Contact(email, "Ada", null),
        new org.agentcommerce.checkout.application.ShipTo(
            "Ada", "1 Way", line2, "London", null, "N1", "GB", null));
  }

  @Test
  void canonicalFormSortsKeysAndLeavesOutAbsentFieldsAndTheIdempotencyKey() {
    assertEquals(
        "{\"contact\":{\"email\":\"ada@example.com\",\"name\":\"Ada\"},\"expected_currency\":\"USD\","
            + "\"expected_unit_price_minor\":1299,\"merchant_id\":\"merch_1\",\"product_id\":\"prod_1\","
            + "\"quantity\":2,\"shipping_address\":{\"address_line1\":\"1 Way\",\"city\":\"London\","
            + "\"country\":\"GB\",\"name\":\"Ada\",\"postal_code\":\"N1\"},\"sku\":\"SKU-1\"}",
        request("k1", "ada@example.com", null).canonicalJson());
  }

  @Test
  void theFingerprintCoversTheContactAndTheAddressButNotTheKey() {
    String base = request("k1", "ada@example.com", null).fingerprint();
    assertEquals(base, request("k2", "ada@example.com", null).fingerprint());
    assertNotEquals(base, request("k1", "eve@example.com", null).fingerprint());
    assertNotEquals(base, request("k1", "ada@example.com", "Flat 2").fingerprint());
    assertEquals(64, base.length());
  }

  @Test
  void thePartnerContactComesBackFromTheStoredCanonicalForm() {
    var c =
        PurchaseRequest.partnerContact(request("k", "ada@example.com", "Flat 2").canonicalJson());
    assertEquals("ada@example.com", c.email());
    assertEquals("Ada", c.name());
    assertEquals("Flat 2", c.addressLine2());
    assertEquals("GB", c.country());
  }
}
