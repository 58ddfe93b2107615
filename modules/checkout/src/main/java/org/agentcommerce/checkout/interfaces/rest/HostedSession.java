package org.agentcommerce.checkout.interfaces.rest;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.checkout.application.BasketItem;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * The free-form body of {@code POST /agent/v1/checkout/acp-session}, read strictly: {@code
 * merchant_id} (string), {@code items} (1..50 of {@code {id, quantity, variant_id?}}), {@code
 * return_url} (absolute http(s)), {@code buyer_ref}. Anything else in it is ignored.
 */
record HostedSession(String merchantId, List<BasketItem> items, String returnUrl, String buyerRef) {

  static HostedSession parse(JsonObject body) {
    String merchantId = string(body, "merchant_id", 64, true);
    JsonValue raw = body.get("items");
    if (raw == null || raw.getValueType() != JsonValue.ValueType.ARRAY) {
      throw invalid(
          List.of("body", "items"), "Field required: a list of {id, quantity}", "missing");
    }
    List<BasketItem> items = new ArrayList<>();
    List<JsonValue> list = raw.asJsonArray();
    if (list.isEmpty() || list.size() > 50) {
      throw invalid(List.of("body", "items"), "A checkout holds 1 to 50 lines", "too_long");
    }
    for (int i = 0; i < list.size(); i++) {
      JsonValue v = list.get(i);
      if (v.getValueType() != JsonValue.ValueType.OBJECT) {
        throw invalid(List.of("body", "items", i), "Input should be an object", "model_type");
      }
      JsonObject it = v.asJsonObject();
      String id = itemString(it, "id", i, true);
      String variant = itemString(it, "variant_id", i, false);
      int quantity =
          WireItems.quantity(it.get("quantity"), List.of("body", "items", i, "quantity"));
      items.add(new BasketItem(i, id, variant, quantity, null, null));
    }
    String returnUrl = string(body, "return_url", 2000, false);
    if (returnUrl != null) {
      try {
        URI u = new URI(returnUrl);
        if (u.getHost() == null
            || !("http".equalsIgnoreCase(u.getScheme())
                || "https".equalsIgnoreCase(u.getScheme()))) {
          throw new URISyntaxException(returnUrl, "not an absolute http(s) URL");
        }
      } catch (URISyntaxException e) {
        throw invalid(
            List.of("body", "return_url"),
            "Input should be an absolute http(s) URL",
            "url_parsing");
      }
    }
    return new HostedSession(merchantId, items, returnUrl, string(body, "buyer_ref", 100, false));
  }

  private static String itemString(JsonObject it, String name, int index, boolean required) {
    JsonValue v = it.get(name);
    if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
      if (required) {
        throw invalid(List.of("body", "items", index, name), "Field required", "missing");
      }
      return null;
    }
    if (!(v instanceof JsonString s) || s.getString().isBlank() || s.getString().length() > 200) {
      throw invalid(
          List.of("body", "items", index, name),
          "Input should be a non-empty string of at most 200 characters",
          "string_type");
    }
    return s.getString();
  }

  private static String string(JsonObject body, String name, int max, boolean required) {
    JsonValue v = body.get(name);
    if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
      if (required) {
        throw invalid(List.of("body", name), "Field required", "missing");
      }
      return null;
    }
    if (!(v instanceof JsonString s) || s.getString().isBlank() || s.getString().length() > max) {
      throw invalid(
          List.of("body", name),
          "Input should be a non-empty string of at most " + max + " characters",
          "string_type");
    }
    return s.getString();
  }

  private static InvalidInputException invalid(List<Object> loc, String msg, String type) {
    return new InvalidInputException(new InvalidInputException.Violation(loc, msg, type));
  }
}
