package org.agentcommerce.platform.api;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A decimal a client sends as a JSON string or number (prices, amounts). Anything else is a 422 at
 * {@code loc}; so is a decimal with more digits or a larger exponent than the caller allows: no
 * field needs them, and {@code 1E+2000000000} would cost gigabytes the moment anything printed it.
 *
 * <p>A decimal string is plain: ASCII digits with at most one point between digits ({@code 12},
 * {@code 12.50}), a leading {@code -} only where negatives are legal. No other digits ({@code
 * BigDecimal} alone reads {@code "٣"} as 3 and {@code "３"} as 3), no sign {@code +}, no exponent,
 * no spaces. A JSON number is ASCII by JSON's own grammar and keeps its exponent form.
 */
public final class WireDecimal {

  /**
   * The bounds of a decimal query parameter (and of the same input sent in a body instead): at most
   * this many digits, and an exponent within ± {@link #PARAMETER_MAX_SCALE}.
   */
  public static final int PARAMETER_MAX_PRECISION = 30;

  /** See {@link #PARAMETER_MAX_PRECISION}. */
  public static final int PARAMETER_MAX_SCALE = 12;

  private static final Pattern PLAIN = Pattern.compile("-?[0-9]+(?:\\.[0-9]+)?");

  /** The longest decimal string read; longer ones are refused before any parsing. */
  private static final int MAX_LENGTH = 64;

  private WireDecimal() {}

  /**
   * An amount: the decimal, or null when absent or JSON null. Never negative: a negative value
   * (string or number) is 422 {@code greater_than_equal}.
   */
  public static BigDecimal parse(JsonValue v, List<Object> loc, int maxPrecision, int maxScale) {
    BigDecimal d = parseSigned(v, loc, maxPrecision, maxScale);
    if (d != null && d.signum() < 0) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              loc, "Input should be greater than or equal to 0", "greater_than_equal"));
    }
    return d;
  }

  /**
   * A decimal that may be negative (the caller's own constraints say what is legal): the decimal,
   * or null when absent or JSON null.
   */
  public static BigDecimal parseSigned(
      JsonValue v, List<Object> loc, int maxPrecision, int maxScale) {
    if (v == null || v == JsonValue.NULL) {
      return null;
    }
    BigDecimal d = null;
    if (v instanceof JsonNumber n) {
      d = n.bigDecimalValue();
    } else if (v instanceof JsonString s && isPlain(s.getString())) {
      d = new BigDecimal(s.getString());
    }
    if (d == null) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              loc,
              "Input should be a decimal number or a decimal string of ASCII digits (12.50)",
              "decimal_parsing"));
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

  /**
   * Whether {@code text} is a plain decimal string: ASCII digits, at most one point between digits,
   * an optional leading {@code -}; at most {@value #MAX_LENGTH} characters.
   */
  public static boolean isPlain(String text) {
    return text != null && text.length() <= MAX_LENGTH && PLAIN.matcher(text).matches();
  }
}
