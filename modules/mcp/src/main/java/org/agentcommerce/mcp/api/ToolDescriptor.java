package org.agentcommerce.mcp.api;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What {@code tools/list} says about a tool, and where it is offered.
 *
 * <p>The input schema is a JSON Schema object ({@code "type":"object"}) written in the subset the
 * doors validate: {@code type} (also as an array, e.g. {@code ["string","null"]}), {@code
 * properties}, {@code required}, {@code additionalProperties}, {@code items}, {@code minItems},
 * {@code maxItems}, {@code minimum}, {@code maximum}, {@code exclusiveMinimum}, {@code
 * exclusiveMaximum}, {@code minLength}, {@code maxLength}, {@code pattern}, {@code enum}, {@code
 * const}; plus annotations that are passed through unchecked ({@code $schema}, {@code title},
 * {@code description}, {@code default}, {@code examples}, {@code format}). A schema with any other
 * keyword is refused when the doors start, so that no rule is silently unchecked. {@code $schema}
 * is optional: both MCP revisions accept it and 2025-11-25 assumes JSON Schema 2020-12 without it;
 * if present it must name 2020-12.
 *
 * <p>The output schema, if any, describes the tool's result object. It is listed on the open door
 * only, because only the open door returns {@code structuredContent} (MCP requires structured
 * results from a tool that declares an output schema).
 *
 * @param name the native name: 1 to 64 of {@code A-Z a-z 0-9 _ -}, which every MCP client and model
 *     vendor accepts
 * @param title a short human title, or null
 * @param description what the tool does, for the model; required
 * @param inputSchema JSON Schema of {@code arguments}
 * @param outputSchema JSON Schema of the result object, or null
 * @param annotations behaviour hints
 * @param doors the doors that list the tool; at least one
 * @param dialectNames the tool's name in a dialect where it differs from {@code name}
 * @param dialects the dialects that list the tool; at least one
 */
public record ToolDescriptor(
    String name,
    String title,
    String description,
    JsonObject inputSchema,
    JsonObject outputSchema,
    ToolAnnotations annotations,
    Set<Door> doors,
    Map<Dialect, String> dialectNames,
    Set<Dialect> dialects) {

  /** The JSON Schema dialect the doors validate; a schema may name it in {@code $schema}. */
  public static final String JSON_SCHEMA_2020_12 = "https://json-schema.org/draft/2020-12/schema";

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  public ToolDescriptor {
    requireName(name, "name");
    if (description == null || description.isBlank()) {
      throw new IllegalArgumentException("Tool " + name + " needs a description");
    }
    requireObjectSchema(name, "inputSchema", Objects.requireNonNull(inputSchema, "inputSchema"));
    if (outputSchema != null) {
      requireObjectSchema(name, "outputSchema", outputSchema);
    }
    Objects.requireNonNull(annotations, "annotations");
    if (doors == null || doors.isEmpty()) {
      throw new IllegalArgumentException("Tool " + name + " must be offered on at least one door");
    }
    if (dialects == null || dialects.isEmpty()) {
      throw new IllegalArgumentException("Tool " + name + " must speak at least one dialect");
    }
    doors = Set.copyOf(doors);
    dialects = Set.copyOf(dialects);
    dialectNames = dialectNames == null ? Map.of() : Map.copyOf(dialectNames);
    for (Map.Entry<Dialect, String> e : dialectNames.entrySet()) {
      if (!dialects.contains(e.getKey())) {
        throw new IllegalArgumentException(
            "Tool " + name + " names itself in " + e.getKey() + " but does not speak it");
      }
      requireName(e.getValue(), "dialect name of " + name);
    }
  }

  /** The name the tool is listed and called by in a dialect. */
  public String nameIn(Dialect dialect) {
    return dialectNames.getOrDefault(dialect, name);
  }

  /** Whether {@code tools/list} on this door, in this dialect, lists the tool. */
  public boolean offeredOn(Door door, Dialect dialect) {
    return doors.contains(door) && dialects.contains(dialect);
  }

  /** Starts a descriptor; by default keyed door only, native dialect only, read-only hints. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  private static void requireName(String name, String what) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "Tool " + what + " must be 1 to 64 of A-Z a-z 0-9 _ -, not " + name);
    }
  }

  private static void requireObjectSchema(String tool, String what, JsonObject schema) {
    if (!(schema.get("type") instanceof JsonString type) || !"object".equals(type.getString())) {
      throw new IllegalArgumentException(
          "Tool " + tool + ": " + what + " must be a JSON Schema with \"type\":\"object\"");
    }
    JsonValue dialect = schema.get("$schema");
    if (dialect != null
        && !(dialect instanceof JsonString s && JSON_SCHEMA_2020_12.equals(s.getString()))) {
      throw new IllegalArgumentException(
          "Tool " + tool + ": " + what + " may only name $schema " + JSON_SCHEMA_2020_12);
    }
  }

  /** Fluent construction of a {@link ToolDescriptor}. */
  public static final class Builder {
    private final String name;
    private String title;
    private String description;
    private JsonObject inputSchema;
    private JsonObject outputSchema;
    private ToolAnnotations annotations = ToolAnnotations.READ_ONLY;
    private final EnumSet<Door> doors = EnumSet.of(Door.KEYED);
    private final EnumSet<Dialect> dialects = EnumSet.of(Dialect.NATIVE);
    private final EnumMap<Dialect, String> dialectNames = new EnumMap<>(Dialect.class);

    private Builder(String name) {
      this.name = name;
    }

    public Builder title(String title) {
      this.title = title;
      return this;
    }

    public Builder description(String description) {
      this.description = description;
      return this;
    }

    public Builder inputSchema(JsonObject inputSchema) {
      this.inputSchema = inputSchema;
      return this;
    }

    public Builder outputSchema(JsonObject outputSchema) {
      this.outputSchema = outputSchema;
      return this;
    }

    public Builder annotations(ToolAnnotations annotations) {
      this.annotations = annotations;
      return this;
    }

    /** Replaces the doors (default: keyed only). */
    public Builder doors(Door first, Door... rest) {
      doors.clear();
      doors.add(first);
      doors.addAll(List.of(rest));
      return this;
    }

    /** Replaces the dialects (default: native only). */
    public Builder dialects(Dialect first, Dialect... rest) {
      dialects.clear();
      dialects.add(first);
      dialects.addAll(List.of(rest));
      return this;
    }

    /** Speaks the dialect under another name. */
    public Builder dialectName(Dialect dialect, String nameInDialect) {
      dialects.add(dialect);
      dialectNames.put(dialect, nameInDialect);
      return this;
    }

    public ToolDescriptor build() {
      return new ToolDescriptor(
          name,
          title,
          description,
          inputSchema,
          outputSchema,
          annotations,
          doors,
          dialectNames,
          dialects);
    }
  }
}
