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
 * into text).
 */
@Provider
public class JsonbProvider implements ContextResolver<Jsonb> {

  private static final Jsonb JSONB =
      JsonbBuilder.create(
          new JsonbConfig()
              .withPropertyNamingStrategy((PropertyNamingStrategy) WireNames::toWire)
              .withNullValues(true)
              .withDeserializers(new StrictStringDeserializer()));

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

  @Override
  public Jsonb getContext(Class<?> type) {
    return JSONB;
  }

  /** The same configuration for code that writes JSON outside JAX-RS. */
  public static Jsonb jsonb() {
    return JSONB;
  }
}
