package org.agentcommerce.platform.interfaces.rest.openapi;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named-schema repairs of {@link OpenApi31Converter}, on the runtime's document before the 3.1
 * rewrite: scalar components inlined, inline copies of components replaced by references, unused
 * components dropped.
 */
final class NamedSchemas {

  private static final String PREFIX = "#/components/schemas/";
  private static final Set<String> SCALARS = Set.of("string", "integer", "number", "boolean");

  private NamedSchemas() {}

  static JsonObject mend(JsonObject document) {
    if (!(document.get("paths") instanceof JsonObject)) {
      // Use is judged from the operations: a document without them is left as it is.
      return document;
    }
    Map<String, JsonObject> scalars = new LinkedHashMap<>();
    components(document)
        .forEach(
            (name, schema) -> {
              if ((schema.get("type") instanceof JsonString t
                      && SCALARS.contains(t.getString())
                      && !schema.containsKey("properties"))
                  || untyped(schema)) {
                scalars.put(name, schema);
              }
            });
    JsonObject inlined = (JsonObject) inlineScalars(document, scalars);
    Map<String, JsonObject> repaired = new LinkedHashMap<>(components(inlined));
    scalars.keySet().forEach(repaired::remove);
    JsonObject paths = inlined.getJsonObject("paths");
    JsonObject referring =
        paths == null ? null : (JsonObject) referToComponents(paths, repaired, false);
    JsonObjectBuilder out = Json.createObjectBuilder(inlined);
    if (referring != null) {
      out.add("paths", referring);
    }
    JsonObject withRefs = out.build();
    Set<String> used = used(withRefs, repaired);
    JsonObjectBuilder kept = Json.createObjectBuilder();
    repaired.forEach(
        (name, schema) -> {
          if (used.contains(name)) {
            kept.add(name, schema);
          }
        });
    JsonObject holder = withRefs.getJsonObject("components");
    if (holder == null) {
      return withRefs;
    }
    return Json.createObjectBuilder(withRefs)
        .add("components", Json.createObjectBuilder(holder).add("schemas", kept))
        .build();
  }

  /** Keywords that constrain a value; a schema with none of them admits any JSON value. */
  private static final Set<String> CONSTRAINING =
      Set.of(
          "type",
          "$ref",
          "properties",
          "additionalProperties",
          "items",
          "anyOf",
          "oneOf",
          "allOf",
          "not",
          "enum",
          "const");

  /**
   * A schema that admits any JSON value (only annotations such as a description): what {@code
   * mp.openapi.schema.jakarta.json.JsonValue} maps members bound to a JSON-P value to. Written
   * where it is used, as a scalar component is, and never wrapped to admit null (it does already):
   * generated clients read it as "any" (a reference to it made typescript-fetch emit code that does
   * not compile).
   */
  static boolean untyped(JsonObject schema) {
    return schema.keySet().stream().noneMatch(CONSTRAINING::contains);
  }

  private static Map<String, JsonObject> components(JsonObject document) {
    Map<String, JsonObject> out = new LinkedHashMap<>();
    JsonObject components = document.getJsonObject("components");
    JsonObject schemas = components == null ? null : components.getJsonObject("schemas");
    if (schemas != null) {
      schemas.forEach(
          (name, schema) -> {
            if (schema instanceof JsonObject object) {
              out.put(name, object);
            }
          });
    }
    return out;
  }

  /** Replaces every reference to a scalar component by the component, keeping siblings. */
  private static JsonValue inlineScalars(JsonValue value, Map<String, JsonObject> scalars) {
    if (value instanceof JsonObject object) {
      JsonObjectBuilder out = Json.createObjectBuilder();
      JsonObject target = null;
      if (object.get("$ref") instanceof JsonString ref && ref.getString().startsWith(PREFIX)) {
        target = scalars.get(ref.getString().substring(PREFIX.length()));
      }
      if (target != null) {
        target.forEach(out::add);
      }
      for (Map.Entry<String, JsonValue> e : object.entrySet()) {
        if (target != null && e.getKey().equals("$ref")) {
          continue;
        }
        if (target != null && target.containsKey(e.getKey()) && !untyped(target)) {
          continue; // an untyped target (any JSON value) takes the use's own description
        }
        out.add(e.getKey(), inlineScalars(e.getValue(), scalars));
      }
      return out.build();
    }
    if (value.getValueType() == JsonValue.ValueType.ARRAY) {
      JsonArrayBuilder out = Json.createArrayBuilder();
      value.asJsonArray().forEach(item -> out.add(inlineScalars(item, scalars)));
      return out.build();
    }
    return value;
  }

  /**
   * Under {@code paths}: a media type's inline object schema whose property names are exactly those
   * of one component becomes a reference to it. The runtime's component types the items of a
   * record's {@code List<String>} as arrays, the inline copy gets them right: such items are taken
   * from the inline copy into {@code components}.
   */
  private static JsonValue referToComponents(
      JsonValue value, Map<String, JsonObject> components, boolean isSchema) {
    if (value instanceof JsonObject object) {
      if (isSchema) {
        String name = componentOf(object, components);
        if (name != null) {
          components.put(name, repairItems(components.get(name), object));
          return Json.createObjectBuilder().add("$ref", PREFIX + name).build();
        }
        return object;
      }
      JsonObjectBuilder out = Json.createObjectBuilder();
      object.forEach((k, v) -> out.add(k, referToComponents(v, components, k.equals("schema"))));
      return out.build();
    }
    if (value.getValueType() == JsonValue.ValueType.ARRAY) {
      JsonArrayBuilder out = Json.createArrayBuilder();
      value.asJsonArray().forEach(item -> out.add(referToComponents(item, components, false)));
      return out.build();
    }
    return value;
  }

  private static String componentOf(JsonObject inline, Map<String, JsonObject> components) {
    if (inline.containsKey("$ref") || !(inline.get("properties") instanceof JsonObject props)) {
      return null;
    }
    List<String> matches =
        components.entrySet().stream()
            .filter(
                e ->
                    e.getValue().get("properties") instanceof JsonObject p
                        && !p.isEmpty()
                        && p.keySet().equals(props.keySet()))
            .map(Map.Entry::getKey)
            .toList();
    return matches.size() == 1 ? matches.get(0) : null;
  }

  private static JsonObject repairItems(JsonObject component, JsonObject inline) {
    JsonObject properties = component.getJsonObject("properties");
    JsonObject inlineProperties = inline.getJsonObject("properties");
    JsonObjectBuilder repaired = Json.createObjectBuilder();
    properties.forEach(
        (name, schema) -> {
          if (schema instanceof JsonObject p
              && p.get("items") instanceof JsonObject items
              && items.equals(Json.createObjectBuilder().add("type", "array").build())
              && inlineProperties.get(name) instanceof JsonObject fixed
              && fixed.get("items") instanceof JsonObject fixedItems) {
            repaired.add(name, Json.createObjectBuilder(p).add("items", fixedItems));
          } else {
            repaired.add(name, schema);
          }
        });
    return Json.createObjectBuilder(component).add("properties", repaired).build();
  }

  /** The components reachable from everything outside {@code components.schemas}. */
  private static Set<String> used(JsonObject document, Map<String, JsonObject> components) {
    Set<String> used = new HashSet<>();
    Deque<JsonValue> pending = new ArrayDeque<>();
    document.forEach(
        (k, v) -> {
          if (!k.equals("components")) {
            pending.add(v);
          }
        });
    JsonObject other = document.getJsonObject("components");
    if (other != null) {
      other.forEach(
          (k, v) -> {
            if (!k.equals("schemas")) {
              pending.add(v);
            }
          });
    }
    while (!pending.isEmpty()) {
      JsonValue value = pending.pop();
      if (value instanceof JsonObject object) {
        if (object.get("$ref") instanceof JsonString ref && ref.getString().startsWith(PREFIX)) {
          String name = ref.getString().substring(PREFIX.length());
          if (used.add(name) && components.containsKey(name)) {
            pending.add(components.get(name));
          }
        }
        pending.addAll(object.values());
      } else if (value.getValueType() == JsonValue.ValueType.ARRAY) {
        pending.addAll(value.asJsonArray());
      }
    }
    return used;
  }
}
