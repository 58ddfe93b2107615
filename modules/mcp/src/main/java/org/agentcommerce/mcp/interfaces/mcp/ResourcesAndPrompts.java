package org.agentcommerce.mcp.interfaces.mcp;

import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.RESOURCE_NOT_FOUND;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.invalidParams;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.agentcommerce.mcp.interfaces.mcp.JsonRpc.RpcError;

/**
 * resources/read, prompts/get and completion/complete: a door offers no resources, prompts or
 * resource templates, so each checks its params and answers not found, or nothing to complete.
 */
final class ResourcesAndPrompts {

  private ResourcesAndPrompts() {}

  static JsonObject read(JsonObject params) {
    if (!(params.get("uri") instanceof JsonString uri)) {
      throw invalidParams("resources/read needs params.uri (a string)");
    }
    throw new RpcError(
        RESOURCE_NOT_FOUND,
        "Resource not found: " + uri.getString(),
        Jsons.object().add("uri", uri.getString()).build());
  }

  static JsonObject getPrompt(JsonObject params) {
    if (!(params.get("name") instanceof JsonString name)) {
      throw invalidParams("prompts/get needs params.name (a string)");
    }
    throw invalidParams("Unknown prompt: " + name.getString());
  }

  static JsonObject complete(JsonObject params) {
    if (!(params.get("ref") instanceof JsonObject ref)
        || !(ref.get("type") instanceof JsonString type)) {
      throw invalidParams("completion/complete needs params.ref with a type");
    }
    switch (type.getString()) {
      case "ref/prompt" -> {
        if (!(ref.get("name") instanceof JsonString)) {
          throw invalidParams("a ref/prompt reference needs a name (a string)");
        }
      }
      case "ref/resource" -> {
        if (!(ref.get("uri") instanceof JsonString)) {
          throw invalidParams("a ref/resource reference needs a uri (a string)");
        }
      }
      default -> throw invalidParams("params.ref.type must be ref/prompt or ref/resource");
    }
    if (!(params.get("argument") instanceof JsonObject argument)
        || !(argument.get("name") instanceof JsonString)
        || !(argument.get("value") instanceof JsonString)) {
      throw invalidParams(
          "completion/complete needs params.argument with name and value (strings)");
    }
    JsonValue context = params.get("context");
    if (context != null) {
      if (!(context instanceof JsonObject c)) {
        throw invalidParams("params.context must be an object");
      }
      JsonValue arguments = c.get("arguments");
      if (arguments != null
          && (!(arguments instanceof JsonObject a)
              || a.values().stream().anyMatch(v -> !(v instanceof JsonString)))) {
        throw invalidParams("params.context.arguments must map names to strings");
      }
    }
    // No prompts and no resource templates: nothing to complete.
    return Jsons.object()
        .add(
            "completion",
            Jsons.object()
                .add("values", JsonValue.EMPTY_JSON_ARRAY)
                .add("total", 0)
                .add("hasMore", false))
        .build();
  }
}
