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
  void anOriginRequestIsCanonicalByItsDomainAndKeepsItsConsentSourceAndReturnUrl() {
    PurchaseRequest origin =
        new PurchaseRequest(
            "k1",
            "merch_1",
            "prod_1",
            "SKU-1",
            2,
            1299,
            "USD",
            new PurchaseRequest.Contact("ada@example.com", "Ada", null),
            new org.agentcommerce.checkout.application.ShipTo(
                "Ada", "1 Way", null, "London", null, "N1", "GB", null),
            "WWW.Lumen-Skin.example",
            "cart_link",
            "terms-v1",
            "https://door.example/back");
    String json = origin.canonicalJson();
    assertEquals("lumen-skin.example", PurchaseRequest.member(json, "merchant_domain"));
    assertEquals(null, PurchaseRequest.member(json, "merchant_id"));
    assertEquals("terms-v1", PurchaseRequest.member(json, "consent_version"));
    assertEquals("cart_link", PurchaseRequest.member(json, "item_source"));
    assertEquals("https://door.example/back", PurchaseRequest.member(json, "return_url"));
    // the merchant id create resolved is not part of it (recover looks nothing up)
    PurchaseRequest unresolved =
        new PurchaseRequest(
            "k1",
            null,
            "prod_1",
            "SKU-1",
            2,
            1299,
            "USD",
            origin.contact(),
            origin.shippingAddress(),
            "lumen-skin.example",
            "cart_link",
            "terms-v1",
            "https://door.example/back");
    assertEquals(origin.fingerprint(), unresolved.fingerprint());
    assertNotEquals(request("k1", "ada@example.com", null).fingerprint(), origin.fingerprint());
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
