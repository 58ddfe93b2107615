package org.agentcommerce.platform.api;

import jakarta.json.JsonNumber;
import jakarta.json.JsonValue;
import jakarta.json.bind.JsonbException;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.stream.JsonParser;
import java.lang.reflect.Type;
import java.math.BigDecimal;

/**
 * Strict JSON-B readers for integer fields, for {@code @JsonbTypeDeserializer} on a record
 * component: only a JSON number whose value is an exact integer in the Java type's range is taken
 * (JSON null stays null, for {@code @NotNull}). JSON-B's default reading narrows silently: 1.9
 * would be 1, 4294967297 an int 1, 1e400 zero and 2^64 + 2100 a long 2100. A refused value is a
 * binding error, which the API answers as a 422 that names the field.
 */
public final class ExactIntegers {

  private ExactIntegers() {}

  /** The value of a JSON number that is an exact integer; a binding error otherwise. */
  static BigDecimal exact(JsonParser parser) {
    JsonValue value = parser.getValue();
    if (value == JsonValue.NULL) {
      return null;
    }
    if (!(value instanceof JsonNumber n)) {
      throw new JsonbException("Input should be a valid integer");
    }
    return n.bigDecimalValue();
  }

  private static JsonbException outOfRange() {
    return new JsonbException("Input should be a valid integer within the field's range");
  }

  /** An {@code Integer} component: intValueExact semantics. */
  public static final class AsInt implements JsonbDeserializer<Integer> {
    @Override
    public Integer deserialize(JsonParser parser, DeserializationContext ctx, Type type) {
      BigDecimal v = exact(parser);
      try {
        return v == null ? null : v.intValueExact();
      } catch (ArithmeticException e) {
        throw outOfRange();
      }
    }
  }

  /** A {@code Long} component: longValueExact semantics. */
  public static final class AsLong implements JsonbDeserializer<Long> {
    @Override
    public Long deserialize(JsonParser parser, DeserializationContext ctx, Type type) {
      BigDecimal v = exact(parser);
      try {
        return v == null ? null : v.longValueExact();
      } catch (ArithmeticException e) {
        throw outOfRange();
      }
    }
  }
}
