package org.agentcommerce.platform.interfaces.rest;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.config.PropertyNamingStrategy;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/**
 * JSON-B for every resource: wire names by {@link WireNames}, nulls written out, and text fields
 * that take only JSON strings (a number or boolean sent for a string is a 422, not silently turned
 * into text, and booleans that take only JSON true or false), and decimals that are JSON numbers or
 * plain ASCII decimal strings.
 */
@Provider
public class JsonbProvider implements ContextResolver<Jsonb> {

  private static final Jsonb JSONB =
      JsonbBuilder.create(
          new JsonbConfig()
              .withPropertyNamingStrategy((PropertyNamingStrategy) WireNames::toWire)
              .withNullValues(true)
              .withDeserializers(
                  new StrictStringDeserializer(),
                  new StrictBooleanDeserializer(),
                  new StrictDecimalDeserializer()));

  /** Reads a JSON string or null; anything else is a binding error. */
  static final class StrictStringDeserializer
      implements jakarta.json.bind.serializer.JsonbDeserializer<String> {
    @Override
    public String deserialize(
        jakarta.json.stream.JsonParser parser,
        jakarta.json.bind.serializer.DeserializationContext ctx,
        java.lang.reflect.Type type) {
      jakarta.json.JsonValue value = parser.getValue();
      if (value instanceof jakarta.json.JsonString s) {
        return s.getString();
      }
      if (value == jakarta.json.JsonValue.NULL) {
        return null;
      }
      throw new jakarta.json.bind.JsonbException("Input should be a valid string");
    }
  }

  /** Reads JSON true, false or null; a string such as "maybe" or "true" is a binding error. */
  static final class StrictBooleanDeserializer
      implements jakarta.json.bind.serializer.JsonbDeserializer<Boolean> {
    @Override
    public Boolean deserialize(
        jakarta.json.stream.JsonParser parser,
        jakarta.json.bind.serializer.DeserializationContext ctx,
        java.lang.reflect.Type type) {
      jakarta.json.JsonValue value = parser.getValue();
      if (value == jakarta.json.JsonValue.TRUE) {
        return Boolean.TRUE;
      }
      if (value == jakarta.json.JsonValue.FALSE) {
        return Boolean.FALSE;
      }
      if (value == jakarta.json.JsonValue.NULL) {
        return null;
      }
      throw new jakarta.json.bind.JsonbException("Input should be a valid boolean");
    }
  }

  /**
   * Reads a JSON number, a plain decimal string of ASCII digits ({@link
   * org.agentcommerce.platform.api.WireDecimal#isPlain}) or null; "٣" or "1e3" is a binding error,
   * where the default would read any Unicode digits.
   */
  static final class StrictDecimalDeserializer
      implements jakarta.json.bind.serializer.JsonbDeserializer<java.math.BigDecimal> {
    @Override
    public java.math.BigDecimal deserialize(
        jakarta.json.stream.JsonParser parser,
        jakarta.json.bind.serializer.DeserializationContext ctx,
        java.lang.reflect.Type type) {
      jakarta.json.JsonValue value = parser.getValue();
      if (value instanceof jakarta.json.JsonNumber n) {
        return n.bigDecimalValue();
      }
      if (value instanceof jakarta.json.JsonString s
          && org.agentcommerce.platform.api.WireDecimal.isPlain(s.getString())) {
        return new java.math.BigDecimal(s.getString());
      }
      if (value == jakarta.json.JsonValue.NULL) {
        return null;
      }
      throw new jakarta.json.bind.JsonbException("Input should be a decimal number");
    }
  }

  @Override
  public Jsonb getContext(Class<?> type) {
    return JSONB;
  }

  /** The same configuration for code that writes JSON outside JAX-RS. */
  public static Jsonb jsonb() {
    return JSONB;
  }
}
