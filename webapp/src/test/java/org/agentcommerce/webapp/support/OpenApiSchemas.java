package org.agentcommerce.webapp.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/** Reading schemas of the served document: references, nullable branches, types. */
final class OpenApiSchemas {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

  private OpenApiSchemas() {}

  /** One operation of the document. */
  interface OperationVisitor {
    void visit(String template, String method, JsonNode operation);
  }

  static JsonNode read(String document) {
    try {
      return JSON.readTree(document);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every operation of the document, in its order: path template, method (lower case). */
  static void forEachOperation(JsonNode document, OperationVisitor visitor) {
    Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields();
    while (paths.hasNext()) {
      Map.Entry<String, JsonNode> path = paths.next();
      Iterator<Map.Entry<String, JsonNode>> operations = path.getValue().fields();
      while (operations.hasNext()) {
        Map.Entry<String, JsonNode> operation = operations.next();
        if (METHODS.contains(operation.getKey())) {
          visitor.visit(path.getKey(), operation.getKey(), operation.getValue());
        }
      }
    }
  }

  /** The schema behind {@code $ref}s, and the non-null branch of a nullable {@code anyOf}. */
  static JsonNode resolve(JsonNode document, JsonNode schema) {
    for (int i = 0; i < 10; i++) {
      if (schema.has("$ref")) {
        schema = document.at(schema.path("$ref").asText().substring(1));
      } else if (schema.has("anyOf")) {
        JsonNode chosen = null;
        for (JsonNode branch : schema.path("anyOf")) {
          if (!"null".equals(branch.path("type").asText())) {
            chosen = branch;
            break;
          }
        }
        if (chosen == null) {
          return schema;
        }
        schema = chosen;
      } else {
        return schema;
      }
    }
    return schema;
  }

  /** The schema's type, the non-null one of a type list; "object" when it says nothing. */
  static String type(JsonNode schema) {
    JsonNode type = schema.path("type");
    if (type.isArray()) {
      for (JsonNode t : type) {
        if (!t.asText().equals("null")) {
          return t.asText();
        }
      }
    }
    return type.isTextual() ? type.asText() : "object";
  }
}
