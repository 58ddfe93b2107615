package org.agentcommerce.mcp.interfaces.mcp;

import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.INTERNAL_ERROR;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.METHOD_NOT_FOUND;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.error;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.invalidParams;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.ok;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpProtocolVersions;
import org.agentcommerce.mcp.interfaces.mcp.JsonRpc.RpcError;
import org.agentcommerce.platform.api.ApiVersion;

/**
 * The MCP methods a request may call, and the lifecycle ones answered here: initialize, ping,
 * logging/setLevel and the lists; tools/call goes to {@link ToolCalls}, the resource, prompt and
 * completion methods to {@link ResourcesAndPrompts}. A refusal is a JSON-RPC error with HTTP 200.
 */
final class McpMethods {

  static final String SERVER_NAME = "agent-commerce";
  static final String SERVER_TITLE = "Agent Commerce";

  // The endpoint's logger, as before the endpoint was split.
  private static final Logger LOG = Logger.getLogger(McpEndpoint.class.getName());
  private static final Set<String> LOG_LEVELS =
      Set.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

  private final Door door;
  private final ToolCatalog tools;
  private final ToolCalls toolCalls;

  McpMethods(Door door, ToolCatalog tools, ToolCalls toolCalls) {
    this.door = door;
    this.tools = tools;
    this.toolCalls = toolCalls;
  }

  McpHttpResponse dispatch(
      McpHttpRequest request, JsonValue id, String method, JsonValue rawParams, String version) {
    try {
      if (!isKnown(method)) {
        throw new RpcError(METHOD_NOT_FOUND, "Method not found: " + method, null);
      }
      if (rawParams instanceof JsonArray) {
        throw invalidParams("params must be an object");
      }
      JsonObject params = rawParams == null ? JsonValue.EMPTY_JSON_OBJECT : (JsonObject) rawParams;
      JsonObject result =
          switch (method) {
            case "initialize" -> initialize(request, params);
            case "ping" -> JsonValue.EMPTY_JSON_OBJECT;
            case "tools/list" ->
                list(
                    params, "tools", tools.listing(door, RequestDialect.of(door, request, params)));
            case "tools/call" -> toolCalls.call(request, params, version);
            case "logging/setLevel" -> setLevel(params);
            case "resources/list" -> list(params, "resources", JsonValue.EMPTY_JSON_ARRAY);
            case "resources/templates/list" ->
                list(params, "resourceTemplates", JsonValue.EMPTY_JSON_ARRAY);
            case "prompts/list" -> list(params, "prompts", JsonValue.EMPTY_JSON_ARRAY);
            case "resources/read" -> ResourcesAndPrompts.read(params);
            case "prompts/get" -> ResourcesAndPrompts.getPrompt(params);
            case "completion/complete" -> ResourcesAndPrompts.complete(params);
            default -> throw new IllegalStateException(method);
          };
      return ok(id, result);
    } catch (RpcError e) {
      return error(200, id, e.code, e.getMessage(), e.data);
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "MCP " + method + " failed on the " + door + " door", e);
      return error(200, id, INTERNAL_ERROR, "Internal error", null);
    }
  }

  private static boolean isKnown(String method) {
    return switch (method) {
      case "initialize",
              "ping",
              "tools/list",
              "tools/call",
              "logging/setLevel",
              "resources/list",
              "resources/templates/list",
              "resources/read",
              "prompts/list",
              "prompts/get",
              "completion/complete" ->
          true;
      default -> false;
    };
  }

  private JsonObject initialize(McpHttpRequest request, JsonObject params) {
    if (!(params.get("protocolVersion") instanceof JsonString requested)) {
      throw invalidParams("initialize needs params.protocolVersion (a string)");
    }
    for (String member : new String[] {"capabilities", "clientInfo"}) {
      JsonValue value = params.get(member);
      if (value != null && !(value instanceof JsonObject)) {
        throw invalidParams("initialize: params." + member + " must be an object");
      }
    }
    JsonObject unchanged = Jsons.object().add("listChanged", false).build();
    return Jsons.object()
        .add("protocolVersion", McpProtocolVersions.negotiate(requested.getString()))
        .add(
            "capabilities",
            Jsons.object()
                .add("tools", unchanged)
                .add("logging", JsonValue.EMPTY_JSON_OBJECT)
                .add("completions", JsonValue.EMPTY_JSON_OBJECT)
                .add("resources", unchanged)
                .add("prompts", unchanged))
        .add(
            "serverInfo",
            Jsons.object()
                .add("name", SERVER_NAME)
                .add("title", SERVER_TITLE)
                .add("version", ApiVersion.API))
        .add("instructions", Instructions.forDoor(door, RequestDialect.of(door, request, params)))
        .build();
  }

  private static JsonObject list(JsonObject params, String member, JsonArray items) {
    JsonValue cursor = params.get("cursor");
    if (cursor != null && !(cursor instanceof JsonString)) {
      throw invalidParams("cursor must be a string");
    }
    // One page holds everything, so there is never a nextCursor.
    return Jsons.object().add(member, items).build();
  }

  private static JsonObject setLevel(JsonObject params) {
    if (!(params.get("level") instanceof JsonString level)
        || !LOG_LEVELS.contains(level.getString())) {
      throw invalidParams(
          "level must be one of " + String.join(", ", LOG_LEVELS.stream().sorted().toList()));
    }
    // Stateless, JSON-only: there is no stream to send log messages on, so nothing to remember.
    return JsonValue.EMPTY_JSON_OBJECT;
  }
}
