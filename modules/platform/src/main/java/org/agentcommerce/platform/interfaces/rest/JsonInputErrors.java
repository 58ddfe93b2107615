package org.agentcommerce.platform.interfaces.rest;

import jakarta.json.bind.JsonbException;
import jakarta.json.stream.JsonParsingException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agentcommerce.platform.api.InvalidInputException.Violation;

/**
 * Turns a JSON binding failure (malformed JSON, a value of the wrong type) into a validation error
 * that names the field but never the Java types or parser internals behind it.
 */
final class JsonInputErrors {

  private static final Pattern PROPERTY =
      Pattern.compile("(?:property|field) '?\"?([A-Za-z_][A-Za-z0-9_]*)'?\"?");

  private JsonInputErrors() {}

  /** The violation for a binding failure somewhere in {@code error}'s causes, if there is one. */
  static Optional<Violation> from(Throwable error) {
    JsonParsingException parsing = find(error, JsonParsingException.class);
    if (parsing != null) {
      String where =
          parsing.getLocation() == null
              ? ""
              : " at line "
                  + parsing.getLocation().getLineNumber()
                  + ", column "
                  + parsing.getLocation().getColumnNumber();
      return Optional.of(
          new Violation(List.of("body"), "JSON decode error" + where, "json_invalid"));
    }
    JsonbException binding = find(error, JsonbException.class);
    if (binding == null) {
      return Optional.empty();
    }
    String property = null;
    for (Throwable t = binding; t != null; t = t.getCause()) {
      Matcher m = t.getMessage() == null ? null : PROPERTY.matcher(t.getMessage());
      if (m != null && m.find()) {
        property = m.group(1);
        break;
      }
    }
    if (property == null) {
      boolean syntax = find(error, jakarta.json.JsonException.class) != null;
      return Optional.of(
          new Violation(
              List.of("body"),
              syntax ? "JSON decode error" : "Body does not match the expected object",
              syntax ? "json_invalid" : "model_type"));
    }
    return Optional.of(
        new Violation(
            List.of("body", WireNames.toWire(property)),
            "Value has the wrong type or format",
            "type_error"));
  }

  private static <T extends Throwable> T find(Throwable error, Class<T> type) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }
}
