package org.agentcommerce.mcp.interfaces.mcp;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON-P with the provider looked up once: {@code Json.createReader} and friends look the provider
 * up on every call, which is slow in Payara.
 */
final class Jsons {

  static final JsonProvider PROVIDER = org.agentcommerce.platform.api.Jsonp.PROVIDER;
  private static final JsonParserFactory PARSERS = PROVIDER.createParserFactory(Map.of());

  private Jsons() {}

  static JsonObjectBuilder object() {
    return PROVIDER.createObjectBuilder();
  }

  static JsonArrayBuilder array() {
    return PROVIDER.createArrayBuilder();
  }

  static JsonString string(String value) {
    return PROVIDER.createValue(value);
  }

  /**
   * Parses exactly one JSON text; throws {@link JsonException} when the text is empty, malformed,
   * or followed by anything but white space.
   */
  static JsonValue parse(String text) {
    try (JsonParser parser = PARSERS.createParser(new StringReader(text))) {
      if (!parser.hasNext()) {
        throw new JsonException("No JSON value");
      }
      parser.next();
      JsonValue value = parser.getValue();
      if (parser.hasNext()) {
        throw new JsonException("More than one JSON value");
      }
      return value;
    }
  }

  /** A Java value (string, number, boolean, collection, map, null) as JSON. */
  static JsonValue toJson(Object value) {
    if (value == null) {
      return JsonValue.NULL;
    }
    if (value instanceof JsonValue json) {
      return json;
    }
    if (value instanceof String s) {
      return PROVIDER.createValue(s);
    }
    if (value instanceof Boolean b) {
      return b ? JsonValue.TRUE : JsonValue.FALSE;
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return PROVIDER.createValue(((Number) value).longValue());
    }
    if (value instanceof BigDecimal d) {
      return PROVIDER.createValue(d);
    }
    if (value instanceof Number n) {
      return PROVIDER.createValue(new BigDecimal(n.toString()));
    }
    if (value instanceof Map<?, ?> map) {
      JsonObjectBuilder b = object();
      map.forEach((k, v) -> b.add(String.valueOf(k), toJson(v)));
      return b.build();
    }
    if (value instanceof Collection<?> list) {
      JsonArrayBuilder b = array();
      list.forEach(v -> b.add(toJson(v)));
      return b.build();
    }
    return PROVIDER.createValue(value.toString());
  }

  /** JSON Schema equality: numbers by value ({@code 1 == 1.0}), objects regardless of order. */
  static boolean sameValue(JsonValue a, JsonValue b) {
    if (a instanceof JsonNumber x && b instanceof JsonNumber y) {
      return x.bigDecimalValue().compareTo(y.bigDecimalValue()) == 0;
    }
    if (a instanceof JsonArray x && b instanceof JsonArray y) {
      if (x.size() != y.size()) {
        return false;
      }
      Iterator<JsonValue> i = x.iterator();
      Iterator<JsonValue> j = y.iterator();
      while (i.hasNext()) {
        if (!sameValue(i.next(), j.next())) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof JsonObject x && b instanceof JsonObject y) {
      if (!x.keySet().equals(y.keySet())) {
        return false;
      }
      for (String key : x.keySet()) {
        if (!sameValue(x.get(key), y.get(key))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }
}
