package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Locale;

/**
 * Boolean parameters accept true/false (also 1/0, yes/no, on/off) and nothing else: JAX-RS would
 * read "maybe" as false, silently. Anything else is a 422 at the parameter.
 */
@Provider
public class StrictBooleanParamConverters implements ParamConverterProvider {

  static final String MESSAGE = "Input should be a valid boolean";

  private static final ParamConverter<Boolean> STRICT =
      new ParamConverter<>() {
        @Override
        public Boolean fromString(String value) {
          if (value == null) {
            return null;
          }
          return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on" -> Boolean.TRUE;
            case "false", "0", "no", "off" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException(MESSAGE);
          };
        }

        @Override
        public String toString(Boolean value) {
          return String.valueOf(value);
        }
      };

  @Override
  @SuppressWarnings("unchecked")
  public <T> ParamConverter<T> getConverter(
      Class<T> rawType, Type genericType, Annotation[] annotations) {
    if (rawType == Boolean.class || rawType == boolean.class) {
      return (ParamConverter<T>) STRICT;
    }
    return null;
  }
}
