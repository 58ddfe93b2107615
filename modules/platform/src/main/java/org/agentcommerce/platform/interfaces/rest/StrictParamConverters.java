package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.WireDecimal;

/**
 * Parameters read strictly, for every operation: booleans accept true/false (also 1/0, yes/no,
 * on/off) and nothing else (JAX-RS would read "maybe" as false, silently); decimals are bounded
 * like decimals in a body ({@link WireDecimal}: at most {@value #MAX_PRECISION} digits and an
 * exponent within ±{@value #MAX_SCALE}), where JAX-RS would accept a 3000-digit price; an integer
 * with a default value is read as JAX-RS reads it (empty: the default), except that a value of only
 * blanks or control characters (limit=%00) is refused where JAX-RS would take the default. Anything
 * else is a 422 at the parameter.
 */
@Provider
public class StrictParamConverters implements ParamConverterProvider {

  static final String BOOLEAN = "Input should be a valid boolean";
  static final int MAX_PRECISION =
      org.agentcommerce.platform.api.WireDecimal.PARAMETER_MAX_PRECISION;
  static final int MAX_SCALE = org.agentcommerce.platform.api.WireDecimal.PARAMETER_MAX_SCALE;

  private static final ParamConverter<Boolean> STRICT_BOOLEAN =
      new ParamConverter<>() {
        @Override
        public Boolean fromString(String value) {
          if (value == null) {
            return null;
          }
          return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on" -> Boolean.TRUE;
            case "false", "0", "no", "off" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException(BOOLEAN);
          };
        }

        @Override
        public String toString(Boolean value) {
          return String.valueOf(value);
        }
      };

  private static final ParamConverter<BigDecimal> BOUNDED_DECIMAL =
      new ParamConverter<>() {
        @Override
        public BigDecimal fromString(String value) {
          if (value == null) {
            return null;
          }
          try {
            // Signed: the parameter's own constraints (@DecimalMin) say whether negatives are
            // legal.
            return WireDecimal.parseSigned(
                org.agentcommerce.platform.api.Jsonp.PROVIDER.createValue(value),
                List.of(),
                MAX_PRECISION,
                MAX_SCALE);
          } catch (InvalidInputException e) {
            throw new IllegalArgumentException(e.violations().get(0).msg());
          }
        }

        @Override
        public String toString(BigDecimal value) {
          return value.toPlainString();
        }
      };

  /** An int or long parameter with a default; a blank value is refused, not defaulted. */
  private static <N> ParamConverter<N> integer(
      java.util.function.Function<String, N> parse, String defaultValue) {
    return new ParamConverter<>() {
      @Override
      public N fromString(String value) {
        if (value == null || value.isEmpty()) {
          return parse.apply(defaultValue);
        }
        if (value.trim().isEmpty()) {
          throw new IllegalArgumentException("Input should be a valid integer");
        }
        return parse.apply(value);
      }

      @Override
      public String toString(N value) {
        return String.valueOf(value);
      }
    };
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> ParamConverter<T> getConverter(
      Class<T> rawType, Type genericType, Annotation[] annotations) {
    String defaultValue = null;
    for (Annotation a : annotations) {
      if (a instanceof jakarta.ws.rs.DefaultValue d) {
        defaultValue = d.value();
      }
    }
    if (defaultValue != null && (rawType == Integer.class || rawType == int.class)) {
      return (ParamConverter<T>) integer(Integer::valueOf, defaultValue);
    }
    if (defaultValue != null && (rawType == Long.class || rawType == long.class)) {
      return (ParamConverter<T>) integer(Long::valueOf, defaultValue);
    }
    if (rawType == Boolean.class || rawType == boolean.class) {
      return (ParamConverter<T>) STRICT_BOOLEAN;
    }
    if (rawType == BigDecimal.class) {
      return (ParamConverter<T>) BOUNDED_DECIMAL;
    }
    return null;
  }
}
