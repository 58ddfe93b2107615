package org.agentcommerce.payment.infrastructure.psp.adyen;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.agentcommerce.platform.api.Jsonp;

/** Reading Adyen's JSON: a body as an object, a member as text, a text cut to length. */
final class AdyenJson {

  private AdyenJson() {}

  /** The body as a JSON object, or null when it is empty or not a JSON object. */
  static JsonObject jsonObject(byte[] bytes) {
    if (bytes == null || bytes.length == 0) {
      return null;
    }
    try (var reader =
        Jsonp.PROVIDER.createReader(new StringReader(new String(bytes, StandardCharsets.UTF_8)))) {
      return reader.readObject();
    } catch (RuntimeException notJson) {
      return null;
    }
  }

  /** A member as text: strings as they are, numbers and booleans as written; else null. */
  static String str(JsonObject json, String name) {
    if (json == null) {
      return null;
    }
    JsonValue v = json.get(name);
    if (v == null) {
      return null;
    }
    switch (v.getValueType()) {
      case STRING:
        return ((jakarta.json.JsonString) v).getString();
      case NUMBER:
      case TRUE:
      case FALSE:
        return v.toString();
      default:
        return null;
    }
  }

  static String truncate(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max);
  }
}
