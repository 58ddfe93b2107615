package org.agentcommerce.mcp.interfaces.mcp;

import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.INTERNAL_ERROR;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.INVALID_PARAMS;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.invalidParams;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolFailure;
import org.agentcommerce.mcp.interfaces.mcp.JsonRpc.RpcError;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * tools/call: finds the tool in the door's dialect, validates the arguments against its input
 * schema, calls it, and answers a {@code CallToolResult}. A tool's refusal (bad arguments, {@link
 * ToolFailure}, {@link ApiException}, {@link InvalidInputException}) is a result with {@code
 * isError}; a bad call of the method itself, or a tool's crash, is a JSON-RPC error.
 */
final class ToolCalls {

  // The endpoint's logger, as before the endpoint was split.
  private static final Logger LOG = Logger.getLogger(McpEndpoint.class.getName());
  private static final Set<String> PRIVATE_HEADERS = Set.of("authorization", "x-api-key", "cookie");

  /** Tools whose answered calls count in the agent's query analytics (docs/analytics.md). */
  private static final Map<String, CountedCall> COUNTED =
      Map.of(
          "search_catalog", CountedCall.CATALOG_SEARCH,
          "ucp_search_catalog", CountedCall.CATALOG_SEARCH,
          "get_product", CountedCall.PRODUCT_READ,
          "ucp_get_product", CountedCall.PRODUCT_READ,
          "ucp_lookup_catalog", CountedCall.PRODUCT_READ);

  private final Door door;
  private final ToolCatalog tools;
  private final Consumer<CountedCall> counted;

  /**
   * @param counted counts an answered call of a {@link #COUNTED} tool for the calling agent
   */
  ToolCalls(Door door, ToolCatalog tools, Consumer<CountedCall> counted) {
    this.door = door;
    this.tools = tools;
    this.counted = counted;
  }

  JsonObject call(McpHttpRequest request, JsonObject params, String version) {
    if (!(params.get("name") instanceof JsonString nameValue)) {
      throw invalidParams("tools/call needs params.name (a string)");
    }
    String name = nameValue.getString();
    JsonValue rawArguments = params.get("arguments");
    JsonObject arguments;
    if (rawArguments == null || rawArguments == JsonValue.NULL) {
      arguments = JsonValue.EMPTY_JSON_OBJECT;
    } else if (rawArguments instanceof JsonObject o) {
      arguments = o;
    } else {
      throw invalidParams("params.arguments must be an object");
    }
    JsonObject meta = meta(params);
    Dialect dialect = RequestDialect.of(door, request, params);
    ToolCatalog.Entry entry =
        tools
            .find(door, dialect, name)
            .orElseThrow(
                () ->
                    new RpcError(
                        INVALID_PARAMS,
                        "Unknown tool: " + name,
                        Jsons.object().add("name", name).build()));
    boolean structured = door == Door.OPEN;
    boolean errorsStructured = structured && entry.descriptor().outputSchema() == null;
    List<ArgumentValidator.Violation> violations =
        ArgumentValidator.validate(entry.descriptor().inputSchema(), arguments);
    if (!violations.isEmpty()) {
      return toolResult(invalidArguments(violations), true, errorsStructured);
    }
    ToolCallContext context =
        new ToolCallContext(door, dialect, version, meta, toolHeaders(request));
    JsonObject payload;
    try {
      payload = entry.tool().call(arguments, context);
    } catch (ToolFailure f) {
      return toolResult(
          errorBody(f.code(), f.getMessage(), f.retriable(), f.details()), true, errorsStructured);
    } catch (ApiException e) {
      return toolResult(apiError(e), true, errorsStructured);
    } catch (InvalidInputException e) {
      return toolResult(invalidInput(e), true, errorsStructured);
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "Tool " + name + " failed on the " + door + " door", e);
      throw new RpcError(INTERNAL_ERROR, "Internal error", null);
    }
    if (payload == null) {
      LOG.severe("Tool " + name + " answered null on the " + door + " door");
      throw new RpcError(INTERNAL_ERROR, "Internal error", null);
    }
    CountedCall call = COUNTED.get(entry.descriptor().name());
    if (call != null) {
      counted.accept(call);
    }
    return toolResult(payload, false, structured);
  }

  /**
   * The {@code CallToolResult}: the JSON as text always, as {@code structuredContent} when asked.
   * Error results of a tool with an output schema carry text only: clients check any {@code
   * structuredContent} against the output schema, error or not.
   */
  private static JsonObject toolResult(JsonObject payload, boolean isError, boolean structured) {
    JsonObjectBuilder result =
        Jsons.object()
            .add(
                "content",
                Jsons.array()
                    .add(Jsons.object().add("type", "text").add("text", payload.toString())));
    if (structured) {
      result.add("structuredContent", payload);
    }
    if (isError) {
      result.add("isError", true);
    }
    return result.build();
  }

  private static JsonObject errorBody(
      String code, String message, boolean retriable, JsonObject details) {
    JsonObjectBuilder error =
        Jsons.object().add("code", code).add("message", message).add("retriable", retriable);
    if (details != null) {
      details.forEach(
          (k, v) -> {
            if (!"code".equals(k) && !"message".equals(k) && !"retriable".equals(k)) {
              error.add(k, v);
            }
          });
    }
    return Jsons.object().add("error", error).build();
  }

  private static JsonObject invalidArguments(List<ArgumentValidator.Violation> violations) {
    var list = Jsons.array();
    violations.forEach(
        v -> list.add(Jsons.object().add("path", v.path()).add("message", v.message())));
    ArgumentValidator.Violation first = violations.get(0);
    String where = first.path().isEmpty() ? "arguments" : "arguments" + first.path();
    String more = violations.size() > 1 ? " (and " + (violations.size() - 1) + " more)" : "";
    return errorBody(
        "INVALID_ARGUMENTS",
        "Invalid arguments: " + where + " " + first.message() + more + ".",
        false,
        Jsons.object().add("violations", list).build());
  }

  private static JsonObject apiError(ApiException e) {
    JsonObjectBuilder details = Jsons.object();
    e.context().forEach((k, v) -> details.add(k, Jsons.toJson(v)));
    String retryAfter = e.headers().get("Retry-After");
    if (retryAfter != null && retryAfter.matches("\\d{1,9}")) {
      details.add("retry_after_seconds", Long.parseLong(retryAfter));
    }
    // The HTTP status the same refusal has on REST (e.g. 403 for a payment gate).
    details.add("http_status", e.status());
    boolean retriable =
        e.status() == 429
            || (e.status() >= 502 && e.status() <= 504 && !"acp_capture_failed".equals(e.code()))
            || "idempotency_in_flight".equals(e.code())
            || "completion_in_progress".equals(e.code());
    return errorBody(e.code(), e.getMessage(), retriable, details.build());
  }

  private static JsonObject invalidInput(InvalidInputException e) {
    var list = Jsons.array();
    for (InvalidInputException.Violation v : e.violations()) {
      StringBuilder path = new StringBuilder();
      v.loc().forEach(part -> path.append('/').append(part));
      list.add(Jsons.object().add("path", path.toString()).add("message", v.msg()));
    }
    return errorBody(
        "INVALID_ARGUMENTS", e.getMessage(), false, Jsons.object().add("violations", list).build());
  }

  private static JsonObject meta(JsonObject params) {
    JsonValue meta = params.get("_meta");
    if (meta == null || meta == JsonValue.NULL) {
      return JsonValue.EMPTY_JSON_OBJECT;
    }
    if (meta instanceof JsonObject o) {
      return o;
    }
    throw invalidParams("params._meta must be an object");
  }

  private static Map<String, String> toolHeaders(McpHttpRequest request) {
    Map<String, String> headers = new LinkedHashMap<>(request.headers());
    headers.keySet().removeAll(PRIVATE_HEADERS);
    return headers;
  }
}
