package org.agentcommerce.checkout.application.partner;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.agentcommerce.checkout.application.ShipTo;
import org.agentcommerce.checkout.domain.partner.PurchasingPartner;

/**
 * A create request as the client sent it, and its canonical form: the request's fields (not the
 * idempotency key) as JSON with sorted keys and without absent fields, and the SHA-256 of that
 * JSON, the request's fingerprint. Create, resume and recover compare fingerprints, and nothing but
 * the body goes into one, so recover can check it without any lookup.
 *
 * <p>A request in the origin service's shape names its merchant by {@code merchantDomain} (then
 * {@code merchantId} is what create resolved it to, and only the domain, folded to lower case
 * without a leading www., is canonical) and may carry {@code itemSource} (cart_link; the default
 * lane is absent), the buyer's {@code consentVersion} and a {@code returnUrl}: each is canonical
 * when present, so a request without them has the same canonical form as before they existed.
 */
public record PurchaseRequest(
    String idempotencyKey,
    String merchantId,
    String productId,
    String sku,
    int quantity,
    long expectedUnitPriceMinor,
    String expectedCurrency,
    Contact contact,
    ShipTo shippingAddress,
    String merchantDomain,
    String itemSource,
    String consentVersion,
    String returnUrl) {

  /** A request in our own shape (no origin members). */
  public PurchaseRequest(
      String idempotencyKey,
      String merchantId,
      String productId,
      String sku,
      int quantity,
      long expectedUnitPriceMinor,
      String expectedCurrency,
      Contact contact,
      ShipTo shippingAddress) {
    this(
        idempotencyKey,
        merchantId,
        productId,
        sku,
        quantity,
        expectedUnitPriceMinor,
        expectedCurrency,
        contact,
        shippingAddress,
        null,
        null,
        null,
        null);
  }

  /** How fingerprints are computed now; rows of another version cannot be rehydrated. */
  public static final int FINGERPRINT_VERSION = 1;

  public record Contact(String email, String name, String phone) {}

  /** The canonical JSON of the request (what is stored, and what the fingerprint hashes). */
  public String canonicalJson() {
    Map<String, Object> m = new TreeMap<>();
    if (merchantDomain != null) {
      m.put("merchant_domain", foldedDomain(merchantDomain));
    } else {
      m.put("merchant_id", merchantId);
    }
    m.put("item_source", itemSource);
    m.put("consent_version", consentVersion);
    m.put("return_url", returnUrl);
    m.put("product_id", productId);
    m.put("sku", sku);
    m.put("quantity", quantity);
    m.put("expected_unit_price_minor", expectedUnitPriceMinor);
    m.put("expected_currency", expectedCurrency);
    Map<String, Object> c = new TreeMap<>();
    c.put("email", contact.email());
    c.put("name", contact.name());
    c.put("phone", contact.phone());
    m.put("contact", c);
    Map<String, Object> a = new TreeMap<>(shippingAddress.asMap());
    m.put("shipping_address", a);
    return object(m).toString();
  }

  @SuppressWarnings("unchecked")
  private static JsonObject object(Map<String, Object> m) {
    JsonObjectBuilder b = Json.createObjectBuilder();
    for (Map.Entry<String, Object> e : m.entrySet()) {
      Object v = e.getValue();
      if (v == null) {
        continue;
      }
      if (v instanceof Map<?, ?> nested) {
        b.add(e.getKey(), object((Map<String, Object>) nested));
      } else if (v instanceof Integer i) {
        b.add(e.getKey(), i);
      } else if (v instanceof Long l) {
        b.add(e.getKey(), l);
      } else {
        b.add(e.getKey(), v.toString());
      }
    }
    return b.build();
  }

  /** A store host as compared: lower case, one leading www. removed. */
  static String foldedDomain(String domain) {
    String d = domain.toLowerCase(java.util.Locale.ROOT);
    return d.startsWith("www.") ? d.substring(4) : d;
  }

  /** A member of a stored canonical request, or null (absent, or not text). */
  static String member(String canonicalJson, String name) {
    JsonObject r = Json.createReader(new java.io.StringReader(canonicalJson)).readObject();
    return r.get(name) instanceof jakarta.json.JsonString s ? s.getString() : null;
  }

  public String fingerprint() {
    return sha256(canonicalJson());
  }

  static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The buyer's contact as the partner's checkout takes it, from a stored canonical request. */
  static PurchasingPartner.Contact partnerContact(String canonicalJson) {
    JsonObject r = Json.createReader(new java.io.StringReader(canonicalJson)).readObject();
    JsonObject c = r.getJsonObject("contact");
    JsonObject a = r.getJsonObject("shipping_address");
    return new PurchasingPartner.Contact(
        c.getString("email"),
        c.getString("name", a.getString("name", null)),
        c.getString("phone", a.getString("phone", null)),
        a.getString("address_line1", null),
        a.getString("address_line2", null),
        a.getString("city", null),
        a.getString("state", null),
        a.getString("postal_code", null),
        a.getString("country", null));
  }
}
