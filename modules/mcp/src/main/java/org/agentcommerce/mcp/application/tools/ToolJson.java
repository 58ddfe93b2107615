package org.agentcommerce.mcp.application.tools;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.Currency;
import java.util.Optional;
import org.agentcommerce.mcp.api.ToolFailure;
import org.agentcommerce.platform.api.Money;

/**
 * JSON for the tools: the JSON-P provider looked up once (a lookup per call is slow in Payara),
 * reading arguments, and rendering prices in the two units the doors speak.
 */
final class ToolJson {

  static final JsonProvider PROVIDER = org.agentcommerce.platform.api.Jsonp.PROVIDER;

  private ToolJson() {}

  static JsonObjectBuilder object() {
    return PROVIDER.createObjectBuilder();
  }

  /** A builder starting with the members of {@code from}. */
  static JsonObjectBuilder object(JsonObject from) {
    return PROVIDER.createObjectBuilder(from);
  }

  static JsonArrayBuilder array() {
    return PROVIDER.createArrayBuilder();
  }

  /** A JSON text written in the source (schemas), parsed once. */
  static JsonObject parse(String text) {
    try (var reader = PROVIDER.createReader(new StringReader(text))) {
      return reader.readObject();
    }
  }

  /** Strings as a JSON array; null is an empty array. */
  static JsonArray strings(Collection<String> values) {
    JsonArrayBuilder b = array();
    if (values != null) {
      values.forEach(v -> b.add(v == null ? JsonValue.NULL : PROVIDER.createValue(v)));
    }
    return b.build();
  }

  /** A string member, or JSON null. */
  static JsonValue stringOrNull(String value) {
    return value == null ? JsonValue.NULL : PROVIDER.createValue(value);
  }

  /** An exact decimal, or JSON null: never through a double. */
  static JsonValue numberOrNull(BigDecimal value) {
    return value == null ? JsonValue.NULL : PROVIDER.createValue(value);
  }

  // ---- reading arguments (already checked against the input schema by the door)

  static Optional<String> string(JsonObject o, String name) {
    return o != null && o.get(name) instanceof JsonString s
        ? Optional.of(s.getString())
        : Optional.empty();
  }

  /** A non-blank string member, trimmed. */
  static Optional<String> text(JsonObject o, String name) {
    return string(o, name).map(String::trim).filter(s -> !s.isEmpty());
  }

  static Optional<BigDecimal> decimal(JsonObject o, String name) {
    return o != null && o.get(name) instanceof JsonNumber n
        ? Optional.of(n.bigDecimalValue())
        : Optional.empty();
  }

  static int integer(JsonObject o, String name, int fallback) {
    return o != null && o.get(name) instanceof JsonNumber n ? n.intValue() : fallback;
  }

  static boolean bool(JsonObject o, String name) {
    return o != null && o.get(name) == JsonValue.TRUE;
  }

  static Optional<JsonObject> objectMember(JsonObject o, String name) {
    return o != null && o.get(name) instanceof JsonObject v ? Optional.of(v) : Optional.empty();
  }

  /**
   * An {@code INVALID_ARGUMENTS} failure shaped like the door's own schema errors: {@code
   * violations: [{path, message}]}.
   *
   * @param path JSON Pointer into the arguments, such as {@code /currency}
   * @param problem what is wrong there, such as {@code "no market sells in GBP"}
   * @param message one sentence for the agent
   */
  static ToolFailure invalidArgument(String path, String problem, String message) {
    return new ToolFailure(
        "INVALID_ARGUMENTS",
        message,
        false,
        object()
            .add("violations", array().add(object().add("path", path).add("message", problem)))
            .build());
  }

  // ---- prices

  /**
   * {@code {amount, currency}} in major units, the amount an exact JSON number ({@code 24.00}, not
   * {@code 24.000000001}); JSON null when there is no price.
   */
  static JsonValue majorPrice(BigDecimal amount, String currency) {
    if (amount == null || currency == null) {
      return JsonValue.NULL;
    }
    return object().add("amount", amount).add("currency", currency).build();
  }

  /**
   * {@code {amount, currency}} with the amount an integer in ISO 4217 minor units for the
   * currency's own exponent: $24.00 is 2400, ¥3000 is 3000.
   */
  static JsonObject minorPrice(BigDecimal amount, String currency) {
    return object().add("amount", minorUnits(amount, currency)).add("currency", currency).build();
  }

  /** Whether the code is an ISO 4217 currency the JDK knows. */
  static boolean isCurrency(String code) {
    try {
      Currency.getInstance(code);
      return true;
    } catch (IllegalArgumentException | NullPointerException e) {
      return false;
    }
  }

  static long minorUnits(BigDecimal amount, String currency) {
    return new Money(amount, Currency.getInstance(currency)).minorUnits();
  }

  /** Minor units of a currency back to a major-unit amount. */
  static BigDecimal fromMinor(long minor, String currency) {
    return Money.ofMinor(minor, currency).amount();
  }
}
