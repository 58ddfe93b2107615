package org.agentcommerce.platform.api;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.List;

/**
 * A decimal a client sends as a JSON string or number (prices, amounts). Anything else is a 422 at
 * {@code loc}; so is a decimal with more digits or a larger exponent than the caller allows: no
 * field needs them, and {@code 1E+2000000000} would cost gigabytes the moment anything printed it.
 */
public final class WireDecimal {

  private WireDecimal() {}

  /** The decimal, or null when absent or JSON null. */
  public static BigDecimal parse(JsonValue v, List<Object> loc, int maxPrecision, int maxScale) {
    if (v == null || v == JsonValue.NULL) {
      return null;
    }
    BigDecimal d = null;
    try {
      if (v instanceof JsonNumber n) {
        d = n.bigDecimalValue();
      } else if (v instanceof JsonString s && s.getString().length() <= 64) {
        d = new BigDecimal(s.getString().trim());
      }
    } catch (NumberFormatException bad) {
      // falls through
    }
    if (d == null) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              loc, "Input should be a decimal number or a decimal string", "decimal_parsing"));
    }
    if (d.precision() > maxPrecision || Math.abs(d.scale()) > maxScale) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              loc,
              "Input should be a decimal with at most "
                  + maxPrecision
                  + " digits and an exponent within ±"
                  + maxScale,
              "decimal_parsing"));
    }
    return d;
  }
}
