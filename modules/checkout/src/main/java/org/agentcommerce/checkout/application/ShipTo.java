package org.agentcommerce.checkout.application;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A shipping address (the fields of the wire shape). Country is ISO 3166-1 alpha-2. */
public record ShipTo(
    String name,
    String addressLine1,
    String addressLine2,
    String city,
    String state,
    String postalCode,
    String country,
    String phone) {

  public ShipTo {
    country = country == null ? null : country.toUpperCase(Locale.ROOT);
    state = state == null || state.isBlank() ? null : state.trim().toUpperCase(Locale.ROOT);
  }

  /** The wire fields that are present, in wire order. */
  public Map<String, String> asMap() {
    Map<String, String> m = new LinkedHashMap<>();
    put(m, "name", name);
    put(m, "address_line1", addressLine1);
    put(m, "address_line2", addressLine2);
    put(m, "city", city);
    put(m, "state", state);
    put(m, "postal_code", postalCode);
    put(m, "country", country);
    put(m, "phone", phone);
    return m;
  }

  private static void put(Map<String, String> m, String k, String v) {
    if (v != null) {
      m.put(k, v);
    }
  }
}
