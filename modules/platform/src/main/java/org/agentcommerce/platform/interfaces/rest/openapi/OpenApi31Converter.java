package org.agentcommerce.platform.interfaces.rest.openapi;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.Map;

/**
 * Rewrites the OpenAPI 3.0 document the runtime derives into an honest OpenAPI 3.1.0 document:
 * {@code nullable} becomes a {@code "null"} type, boolean {@code exclusiveMinimum}/{@code
 * exclusiveMaximum} become the numeric bounds of JSON Schema 2020-12, and the versions are set.
 *
 * <p>It also mends what the runtime gets wrong about named schemas: a component that is only a
 * scalar (an {@code Instant} mapped to a date-time string by {@code mp.openapi.schema.*}) is
 * written where it is used; a body or answer the runtime wrote out inline although it is a named
 * component (same properties) refers to that component, whose list items the inline copy corrects;
 * and components nothing refers to are dropped.
 */
public final class OpenApi31Converter {

  public static final String OPENAPI_VERSION = "3.1.0";

  private OpenApi31Converter() {}

  private static final java.util.Set<String> ROOT_FIELDS =
      java.util.Set.of(
          "openapi",
          "info",
          "jsonSchemaDialect",
          "servers",
          "paths",
          "webhooks",
          "components",
          "security",
          "tags",
          "externalDocs");

  public static JsonObject convert(JsonObject document, String apiVersion) {
    JsonObject named = NamedSchemas.mend(document);
    JsonObject converted = (JsonObject) rewrite(named, false);
    if (converted.get("paths") instanceof JsonObject paths) {
      converted = Json.createObjectBuilder(converted).add("paths", pathItems(paths)).build();
    }
    JsonObjectBuilder root = Json.createObjectBuilder();
    // Fields OpenAPI does not define (the runtime adds "endpoints") are dropped; x- stays.
    converted.forEach(
        (k, v) -> {
          if (ROOT_FIELDS.contains(k) || k.startsWith("x-")) {
            root.add(k, v);
          }
        });
    root.add("openapi", OPENAPI_VERSION);
    JsonObject info = converted.getJsonObject("info");
    root.add(
        "info",
        Json.createObjectBuilder(info == null ? JsonValue.EMPTY_JSON_OBJECT : info)
            .add("version", apiVersion));
    return root.build();
  }

  /** Members that map names to schemas: their keys are names, never keywords. */
  private static final java.util.Set<String> NAME_MAPS =
      java.util.Set.of("properties", "patternProperties", "schemas", "$defs", "definitions");

  private static JsonValue rewrite(JsonValue value, boolean nameMap) {
    return switch (value.getValueType()) {
      case OBJECT ->
          nameMap ? rewriteNameMap(value.asJsonObject()) : rewriteObject(value.asJsonObject());
      case ARRAY -> {
        JsonArrayBuilder out = Json.createArrayBuilder();
        for (JsonValue item : value.asJsonArray()) {
          out.add(rewrite(item, false));
        }
        yield out.build();
      }
      default -> value;
    };
  }

  private static JsonObject rewriteNameMap(JsonObject names) {
    JsonObjectBuilder out = Json.createObjectBuilder();
    names.forEach((name, schema) -> out.add(name, rewrite(schema, false)));
    return out.build();
  }

  private static JsonObject rewriteObject(JsonObject object) {
    JsonObjectBuilder out = Json.createObjectBuilder();
    for (Map.Entry<String, JsonValue> e : object.entrySet()) {
      String key = e.getKey();
      if (key.equals("nullable")) {
        continue;
      }
      if ((key.equals("exclusiveMinimum") || key.equals("exclusiveMaximum"))
          && isBoolean(e.getValue())) {
        continue;
      }
      if ((key.equals("minimum") && isTrue(object.get("exclusiveMinimum")))
          || (key.equals("maximum") && isTrue(object.get("exclusiveMaximum")))) {
        out.add(key.equals("minimum") ? "exclusiveMinimum" : "exclusiveMaximum", e.getValue());
        continue;
      }
      if (key.equals("responses") && e.getValue() instanceof JsonObject answers) {
        out.add(key, responses(answers));
        continue;
      }
      out.add(key, rewrite(e.getValue(), NAME_MAPS.contains(key)));
    }
    JsonObject rewritten = numericDefault(out.build());
    if (!isTrue(object.get("nullable")) || NamedSchemas.untyped(rewritten)) {
      return rewritten;
    }
    if (rewritten.get("enum") instanceof JsonArray values && !values.contains(JsonValue.NULL)) {
      rewritten =
          Json.createObjectBuilder(rewritten)
              .add("enum", Json.createArrayBuilder(values).add(JsonValue.NULL))
              .build();
    }
    JsonValue type = rewritten.get("type");
    if (type instanceof jakarta.json.JsonString single) {
      return Json.createObjectBuilder(rewritten)
          .add("type", Json.createArrayBuilder().add(single.getString()).add("null"))
          .build();
    }
    if (type instanceof JsonArray many) {
      JsonArrayBuilder types = Json.createArrayBuilder(many);
      if (!many.contains(Json.createValue("null"))) {
        types.add("null");
      }
      return Json.createObjectBuilder(rewritten).add("type", types).build();
    }
    return Json.createObjectBuilder()
        .add(
            "anyOf",
            Json.createArrayBuilder()
                .add(rewritten)
                .add(Json.createObjectBuilder().add("type", "null")))
        .build();
  }

  /** The order of a path item's fields (OpenAPI's own), whatever order the runtime wrote. */
  private static final java.util.List<String> PATH_ITEM_FIELDS =
      java.util.List.of(
          "$ref",
          "summary",
          "description",
          "servers",
          "parameters",
          "get",
          "put",
          "post",
          "delete",
          "options",
          "head",
          "patch",
          "trace");

  /**
   * Each path item with its operations in {@link #PATH_ITEM_FIELDS} order, others after them as
   * written: the runtime writes a path's operations in the order reflection lists the resource's
   * methods, which differs from one JVM to the next (two nodes of one WAR served {@code put} before
   * {@code get} on one path and the other way round on the other), and the document is the same
   * bytes on every node and after every restart.
   */
  private static JsonObject pathItems(JsonObject paths) {
    return eachInOrder(paths, PATH_ITEM_FIELDS, item -> item);
  }

  /** The order of a response's fields in the document, whatever order the runtime wrote. */
  private static final java.util.List<String> RESPONSE_FIELDS =
      java.util.List.of("$ref", "content", "headers", "links", "description");

  /**
   * An operation's (or the components') responses, each rewritten with its fields in {@link
   * #RESPONSE_FIELDS} order, others after them as written: the runtime writes a response's {@code
   * content} and {@code headers} in an order that differs from one start to the next, and the
   * document is the same bytes on every node and after every restart.
   */
  private static JsonObject responses(JsonObject answers) {
    return eachInOrder(answers, RESPONSE_FIELDS, answer -> rewrite(answer, false));
  }

  /**
   * {@code members} with each member, once {@code rewritten}, written with its fields in {@code
   * order}, others after them as written.
   */
  private static JsonObject eachInOrder(
      JsonObject members,
      java.util.List<String> order,
      java.util.function.UnaryOperator<JsonValue> rewritten) {
    JsonObjectBuilder out = Json.createObjectBuilder();
    members.forEach(
        (name, member) -> {
          JsonValue value = rewritten.apply(member);
          if (!(value instanceof JsonObject fields)) {
            out.add(name, value);
            return;
          }
          JsonObjectBuilder ordered = Json.createObjectBuilder();
          order.stream().filter(fields::containsKey).forEach(f -> ordered.add(f, fields.get(f)));
          fields.forEach(
              (f, v) -> {
                if (!order.contains(f)) {
                  ordered.add(f, v);
                }
              });
          out.add(name, ordered);
        });
    return out.build();
  }

  /** A numeric schema's default written as a string ("50") becomes the number it means. */
  private static JsonObject numericDefault(JsonObject schema) {
    JsonValue type = schema.get("type");
    if (schema.get("default") instanceof jakarta.json.JsonString flag
        && type instanceof jakarta.json.JsonString b
        && b.getString().equals("boolean")
        && (flag.getString().equals("true") || flag.getString().equals("false"))) {
      return Json.createObjectBuilder(schema)
          .add("default", Boolean.parseBoolean(flag.getString()))
          .build();
    }
    if (!(schema.get("default") instanceof jakarta.json.JsonString text)
        || !(type instanceof jakarta.json.JsonString t)
        || !(t.getString().equals("integer") || t.getString().equals("number"))) {
      return schema;
    }
    try {
      return Json.createObjectBuilder(schema)
          .add("default", Json.createValue(new java.math.BigDecimal(text.getString())))
          .build();
    } catch (NumberFormatException notANumber) {
      return schema;
    }
  }

  private static boolean isBoolean(JsonValue v) {
    return v == JsonValue.TRUE || v == JsonValue.FALSE;
  }

  private static boolean isTrue(JsonValue v) {
    return v != null && v.getValueType() == JsonValue.ValueType.TRUE;
  }
}
