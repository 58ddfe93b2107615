package org.agentcommerce.mcp.interfaces.mcp;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Checks tool arguments against the JSON Schema 2020-12 subset that tool input schemas use (listed
 * on {@link org.agentcommerce.mcp.api.ToolDescriptor}). {@link #checkSupported} refuses a schema
 * with any other keyword, so that a rule a tool author wrote is never silently skipped.
 */
final class ArgumentValidator {

  /** One failed rule: a JSON Pointer into the arguments and what is wrong there. */
  record Violation(String path, String message) {}

  static final int MAX_VIOLATIONS = 20;

  private static final Set<String> ASSERTIONS =
      Set.of(
          "type",
          "properties",
          "required",
          "additionalProperties",
          "items",
          "minItems",
          "maxItems",
          "minimum",
          "maximum",
          "exclusiveMinimum",
          "exclusiveMaximum",
          "minLength",
          "maxLength",
          "pattern",
          "enum",
          "const");
  private static final Set<String> ANNOTATIONS =
      Set.of(
          "$schema",
          "$id",
          "$comment",
          "title",
          "description",
          "default",
          "examples",
          "format",
          "deprecated",
          "readOnly",
          "writeOnly");
  private static final Set<String> TYPES =
      Set.of("object", "array", "string", "integer", "number", "boolean", "null");
  private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

  private ArgumentValidator() {}

  /** Every rule {@code value} breaks, at most {@value #MAX_VIOLATIONS}; empty when it conforms. */
  static List<Violation> validate(JsonObject schema, JsonValue value) {
    List<Violation> out = new ArrayList<>();
    check(schema, value, "", out);
    return out.size() > MAX_VIOLATIONS ? out.subList(0, MAX_VIOLATIONS) : out;
  }

  /**
   * Throws {@link IllegalArgumentException} naming the first keyword or value the validator does
   * not understand. Run once per schema, when the doors start.
   */
  static void checkSupported(JsonObject schema, String where) {
    for (Map.Entry<String, JsonValue> e : schema.entrySet()) {
      String keyword = e.getKey();
      JsonValue v = e.getValue();
      String at = where + "/" + keyword;
      if (ANNOTATIONS.contains(keyword)) {
        continue;
      }
      if (!ASSERTIONS.contains(keyword)) {
        throw new IllegalArgumentException(
            "Unsupported JSON Schema keyword at " + at + " (the doors validate a subset)");
      }
      switch (keyword) {
        case "type" -> {
          List<JsonValue> names = v instanceof JsonArray a ? a : List.of(v);
          for (JsonValue n : names) {
            if (!(n instanceof JsonString s) || !TYPES.contains(s.getString())) {
              throw new IllegalArgumentException("Unknown type at " + at + ": " + n);
            }
          }
        }
        case "properties" -> {
          for (Map.Entry<String, JsonValue> p : requireObject(v, at).entrySet()) {
            checkSupported(
                requireObject(p.getValue(), at + "/" + p.getKey()), at + "/" + p.getKey());
          }
        }
        case "required" -> {
          for (JsonValue n : requireArray(v, at)) {
            if (!(n instanceof JsonString)) {
              throw new IllegalArgumentException("required must list strings at " + at);
            }
          }
        }
        case "additionalProperties" -> {
          if (v instanceof JsonObject o) {
            checkSupported(o, at);
          } else if (v != JsonValue.TRUE && v != JsonValue.FALSE) {
            throw new IllegalArgumentException("additionalProperties must be a boolean or schema");
          }
        }
        case "items" -> checkSupported(requireObject(v, at), at);
        case "minItems", "maxItems", "minLength", "maxLength" -> requireCount(v, at);
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum" -> {
          if (!(v instanceof JsonNumber)) {
            throw new IllegalArgumentException(at + " must be a number");
          }
        }
        case "pattern" -> {
          if (!(v instanceof JsonString s)) {
            throw new IllegalArgumentException(at + " must be a string");
          }
          pattern(s.getString(), at);
        }
        case "enum" -> requireArray(v, at);
        default -> {
          // const: any value
        }
      }
    }
  }

  private static void check(JsonObject schema, JsonValue value, String path, List<Violation> out) {
    if (out.size() > MAX_VIOLATIONS) {
      return;
    }
    JsonValue type = schema.get("type");
    if (type != null && !hasType(type, value)) {
      out.add(new Violation(path, "must be " + describe(type) + ", not " + kindOf(value)));
      return;
    }
    JsonValue constant = schema.get("const");
    if (constant != null && !Jsons.sameValue(constant, value)) {
      out.add(new Violation(path, "must be " + constant));
    }
    if (schema.get("enum") instanceof JsonArray allowed
        && allowed.stream().noneMatch(a -> Jsons.sameValue(a, value))) {
      out.add(new Violation(path, "must be one of " + allowed));
    }
    switch (value.getValueType()) {
      case OBJECT -> checkObject(schema, (JsonObject) value, path, out);
      case ARRAY -> checkArray(schema, (JsonArray) value, path, out);
      case STRING -> checkString(schema, ((JsonString) value).getString(), path, out);
      case NUMBER -> checkNumber(schema, ((JsonNumber) value).bigDecimalValue(), path, out);
      default -> {
        // booleans and null have no further rules
      }
    }
  }

  private static void checkObject(
      JsonObject schema, JsonObject value, String path, List<Violation> out) {
    if (schema.get("required") instanceof JsonArray required) {
      for (JsonValue name : required) {
        String key = ((JsonString) name).getString();
        if (!value.containsKey(key)) {
          out.add(new Violation(path + "/" + pointer(key), "is required"));
        }
      }
    }
    JsonObject properties =
        schema.get("properties") instanceof JsonObject p ? p : JsonValue.EMPTY_JSON_OBJECT;
    JsonValue additional = schema.get("additionalProperties");
    for (Map.Entry<String, JsonValue> member : value.entrySet()) {
      String at = path + "/" + pointer(member.getKey());
      if (properties.get(member.getKey()) instanceof JsonObject propertySchema) {
        check(propertySchema, member.getValue(), at, out);
      } else if (additional == JsonValue.FALSE) {
        out.add(
            new Violation(
                at,
                properties.isEmpty()
                    ? "is not allowed: no arguments are accepted here"
                    : "is not allowed; allowed: " + String.join(", ", properties.keySet())));
      } else if (additional instanceof JsonObject additionalSchema) {
        check(additionalSchema, member.getValue(), at, out);
      }
    }
  }

  private static void checkArray(
      JsonObject schema, JsonArray value, String path, List<Violation> out) {
    if (schema.get("minItems") instanceof JsonNumber min && value.size() < min.intValue()) {
      out.add(new Violation(path, "must have at least " + min + " item(s)"));
    }
    if (schema.get("maxItems") instanceof JsonNumber max && value.size() > max.intValue()) {
      out.add(new Violation(path, "must have at most " + max + " item(s)"));
    }
    if (schema.get("items") instanceof JsonObject items) {
      for (int i = 0; i < value.size(); i++) {
        check(items, value.get(i), path + "/" + i, out);
      }
    }
  }

  private static void checkString(
      JsonObject schema, String value, String path, List<Violation> out) {
    int length = value.codePointCount(0, value.length());
    if (schema.get("minLength") instanceof JsonNumber min && length < min.intValue()) {
      out.add(new Violation(path, "must be at least " + min + " character(s) long"));
    }
    if (schema.get("maxLength") instanceof JsonNumber max && length > max.intValue()) {
      out.add(new Violation(path, "must be at most " + max + " character(s) long"));
    }
    if (schema.get("pattern") instanceof JsonString regex
        && !pattern(regex.getString(), path).matcher(value).find()) {
      out.add(new Violation(path, "must match " + regex.getString()));
    }
  }

  private static void checkNumber(
      JsonObject schema, BigDecimal value, String path, List<Violation> out) {
    if (schema.get("minimum") instanceof JsonNumber min
        && value.compareTo(min.bigDecimalValue()) < 0) {
      out.add(new Violation(path, "must be at least " + min));
    }
    if (schema.get("maximum") instanceof JsonNumber max
        && value.compareTo(max.bigDecimalValue()) > 0) {
      out.add(new Violation(path, "must be at most " + max));
    }
    if (schema.get("exclusiveMinimum") instanceof JsonNumber min
        && value.compareTo(min.bigDecimalValue()) <= 0) {
      out.add(new Violation(path, "must be greater than " + min));
    }
    if (schema.get("exclusiveMaximum") instanceof JsonNumber max
        && value.compareTo(max.bigDecimalValue()) >= 0) {
      out.add(new Violation(path, "must be less than " + max));
    }
  }

  private static boolean hasType(JsonValue type, JsonValue value) {
    if (type instanceof JsonArray any) {
      return any.stream().anyMatch(t -> hasType(t, value));
    }
    String name = ((JsonString) type).getString();
    return switch (name) {
      case "object" -> value.getValueType() == JsonValue.ValueType.OBJECT;
      case "array" -> value.getValueType() == JsonValue.ValueType.ARRAY;
      case "string" -> value.getValueType() == JsonValue.ValueType.STRING;
      case "number" -> value.getValueType() == JsonValue.ValueType.NUMBER;
      case "integer" -> value instanceof JsonNumber n && isIntegral(n.bigDecimalValue());
      case "boolean" ->
          value.getValueType() == JsonValue.ValueType.TRUE
              || value.getValueType() == JsonValue.ValueType.FALSE;
      case "null" -> value.getValueType() == JsonValue.ValueType.NULL;
      default -> false;
    };
  }

  /** JSON Schema counts 1.0 as an integer: what matters is the value, not how it is written. */
  private static boolean isIntegral(BigDecimal n) {
    return n.signum() == 0 || n.stripTrailingZeros().scale() <= 0;
  }

  private static String describe(JsonValue type) {
    if (type instanceof JsonArray any) {
      List<String> names = new ArrayList<>();
      any.forEach(t -> names.add(describe(t)));
      return String.join(" or ", names);
    }
    String name = ((JsonString) type).getString();
    return switch (name) {
      case "object", "array", "integer" -> "an " + name;
      case "null" -> "null";
      default -> "a " + name;
    };
  }

  private static String kindOf(JsonValue value) {
    return switch (value.getValueType()) {
      case OBJECT -> "an object";
      case ARRAY -> "an array";
      case STRING -> "a string";
      case NUMBER -> "a number";
      case TRUE, FALSE -> "a boolean";
      case NULL -> "null";
    };
  }

  /** A member name as a JSON Pointer token (RFC 6901). */
  private static String pointer(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  private static Pattern pattern(String regex, String at) {
    try {
      // ECMA-262 '$' (JSON Schema) matches only at the very end; Java's also before a final
      // line break, so "12\n" would pass ^[0-9]+$. An unescaped trailing '$' becomes \z.
      return PATTERNS.computeIfAbsent(
          regex,
          r ->
              Pattern.compile(
                  r.endsWith("$") && !r.endsWith("\\$")
                      ? r.substring(0, r.length() - 1) + "\\z"
                      : r));
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("Invalid pattern at " + at + ": " + e.getDescription());
    }
  }

  private static JsonObject requireObject(JsonValue v, String at) {
    if (v instanceof JsonObject o) {
      return o;
    }
    throw new IllegalArgumentException(at + " must be a schema object");
  }

  private static JsonArray requireArray(JsonValue v, String at) {
    if (v instanceof JsonArray a) {
      return a;
    }
    throw new IllegalArgumentException(at + " must be an array");
  }

  private static void requireCount(JsonValue v, String at) {
    if (!(v instanceof JsonNumber n) || !n.isIntegral() || n.longValue() < 0) {
      throw new IllegalArgumentException(at + " must be a non-negative integer");
    }
  }
}
