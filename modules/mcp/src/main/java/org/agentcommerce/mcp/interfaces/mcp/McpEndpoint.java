package org.agentcommerce.mcp.interfaces.mcp;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.CharacterCodingException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpProtocolVersions;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolFailure;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.ApiVersion;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.Utf8;
import org.agentcommerce.platform.api.security.RateLimits;

/**
 * One tool door: the MCP Streamable HTTP transport in its stateless, JSON-only form, and the MCP
 * methods on top of JSON-RPC 2.0. Every request is complete in itself: no session header is issued
 * or required, and no server-to-client stream is offered (GET and DELETE answer 405).
 *
 * <p>Checks, in order: the open door's rate limit per client address (429), {@code Host} and {@code
 * Origin} against DNS rebinding (403), the HTTP method (405), {@code Accept} (406), {@code
 * Content-Type} (415), body size (413), JSON (400, -32700), the JSON-RPC shape (400, -32600), then
 * {@code MCP-Protocol-Version} (400) except on {@code initialize}. Notifications and client
 * responses then get 202 without a body; requests get 200 with a JSON-RPC result or error.
 */
public final class McpEndpoint {

  /** Bodies above this size are refused with 413 before parsing. */
  public static final int MAX_BODY_BYTES = 1 << 20;

  // The HTTP statuses of the transport's refusals, in one place: the MCP conformance suite is the
  // judge of them, and may move them.
  static final int STATUS_DNS_REBINDING = 403;
  static final int STATUS_PARSE_ERROR = 400;
  static final int STATUS_INVALID_REQUEST = 400;
  static final int STATUS_UNSUPPORTED_PROTOCOL_VERSION = 400;

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;
  static final int INTERNAL_ERROR = -32603;
  static final int TRANSPORT_ERROR = -32000;
  static final int RESOURCE_NOT_FOUND = -32002;

  static final String SERVER_NAME = "agent-commerce";
  static final String SERVER_TITLE = "Agent Commerce";
  static final String UCP_AGENT = "ucp-agent";
  static final String RATE_BUCKET_PREFIX = "mcp-open:";

  private static final Logger LOG = Logger.getLogger(McpEndpoint.class.getName());
  private static final Set<String> LOG_LEVELS =
      Set.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");
  private static final Set<String> PRIVATE_HEADERS = Set.of("authorization", "x-api-key", "cookie");
  private static final Map<String, String> JSON_HEADERS =
      Map.of("Content-Type", "application/json");

  private final Door door;
  private final ToolCatalog tools;
  private final McpSettings settings;
  private final DnsRebindingGuard guard;
  private final RateLimits rateLimits;
  private final Clock clock;
  private final Consumer<CountedCall> counted;

  /** Tools whose answered calls count in the agent's query analytics (docs/analytics.md). */
  private static final Map<String, CountedCall> COUNTED =
      Map.of(
          "search_catalog", CountedCall.CATALOG_SEARCH,
          "ucp_search_catalog", CountedCall.CATALOG_SEARCH,
          "get_product", CountedCall.PRODUCT_READ,
          "ucp_get_product", CountedCall.PRODUCT_READ,
          "ucp_lookup_catalog", CountedCall.PRODUCT_READ);

  /**
   * @param rateLimits counters for the per-address limit, or null for no limit (the keyed door,
   *     whose key the platform limits)
   * @param counted counts an answered call of a {@link #COUNTED} tool for the calling agent
   */
  McpEndpoint(
      Door door,
      ToolCatalog tools,
      McpSettings settings,
      RateLimits rateLimits,
      Clock clock,
      Consumer<CountedCall> counted) {
    this.door = door;
    this.tools = tools;
    this.settings = settings;
    this.guard = new DnsRebindingGuard(settings);
    this.rateLimits = rateLimits;
    this.clock = clock;
    this.counted = counted;
  }

  public Door door() {
    return door;
  }

  /** Answers one HTTP request to this door. */
  public McpHttpResponse handle(McpHttpRequest request) {
    if (rateLimits == null) {
      return answer(request);
    }
    RateLimits.Decision rate =
        rateLimits.acquire(
            RATE_BUCKET_PREFIX + clientAddress(request), settings.openRequestsPerMinute());
    McpHttpResponse response;
    if (rate.allowed()) {
      response = answer(request);
    } else {
      long retryAfter = rate.retryAfterSeconds(clock.millis() / 1000);
      response =
          error(
                  429,
                  JsonValue.NULL,
                  TRANSPORT_ERROR,
                  "Too Many Requests: the open door allows "
                      + rate.limit()
                      + " requests per minute per client; retry after "
                      + retryAfter
                      + " s, or use the keyed door with an API key.",
                  Jsons.object()
                      .add("error", "RATE_LIMITED")
                      .add("limit", rate.limit())
                      .add("retry_after_seconds", retryAfter)
                      .build())
              .withHeader("Retry-After", String.valueOf(retryAfter));
    }
    return response
        .withHeader("X-RateLimit-Limit", String.valueOf(rate.limit()))
        .withHeader("X-RateLimit-Remaining", String.valueOf(rate.remaining()))
        .withHeader("X-RateLimit-Reset", String.valueOf(rate.resetEpochSecond()))
        .withHeader("X-RateLimit-Scope", rate.scope());
  }

  /** The address the open door's limit counts: the socket peer, or the proxy-reported client. */
  String clientAddress(McpHttpRequest request) {
    if (settings.trustForwardedFor()) {
      String forwarded = request.header("x-forwarded-for");
      if (forwarded != null) {
        String[] hops = forwarded.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
          if (!hops[i].isBlank()) {
            return hops[i].trim();
          }
        }
      }
    }
    return request.remoteAddress() == null ? "unknown" : request.remoteAddress();
  }

  private McpHttpResponse answer(McpHttpRequest request) {
    var refused = guard.rejection(request.header("host"), request.header("origin"));
    if (refused.isPresent()) {
      return transportError(STATUS_DNS_REBINDING, refused.get());
    }
    if (!"POST".equals(request.method())) {
      return transportError(
              405,
              "Method Not Allowed: this MCP endpoint takes JSON-RPC messages by POST; it offers no"
                  + " SSE stream and keeps no sessions.")
          .withHeader("Allow", "POST");
    }
    if (!acceptsJson(request.header("accept"))) {
      return transportError(
          406, "Not Acceptable: this endpoint answers application/json; list it in Accept.");
    }
    if (!isJson(request.header("content-type"))) {
      return transportError(415, "Unsupported Media Type: send Content-Type: application/json.");
    }
    if (request.body().length > MAX_BODY_BYTES) {
      return transportError(
          413, "Payload Too Large: a message may have at most " + MAX_BODY_BYTES + " bytes.");
    }
    JsonValue message;
    try {
      message = Jsons.parse(Utf8.strict(request.body()));
    } catch (RuntimeException | CharacterCodingException e) {
      return error(
          STATUS_PARSE_ERROR,
          JsonValue.NULL,
          PARSE_ERROR,
          "Parse error: the body is not a JSON text.",
          null);
    }
    return receive(request, message);
  }

  /** Tells requests, notifications and responses apart, and refuses anything else. */
  private McpHttpResponse receive(McpHttpRequest request, JsonValue message) {
    if (message instanceof JsonArray batch) {
      String stated = request.header("mcp-protocol-version");
      if (stated == null || McpProtocolVersions.WHEN_UNSTATED.equals(stated.trim())) {
        return receiveBatch(request, batch);
      }
      return invalidRequest(
          JsonValue.NULL,
          "Invalid Request: batches are not supported in protocol "
              + stated.trim()
              + "; send one JSON-RPC message per POST.");
    }
    if (!(message instanceof JsonObject m)) {
      return invalidRequest(JsonValue.NULL, "Invalid Request: expected a JSON-RPC object.");
    }
    JsonValue rawId = m.get("id");
    JsonValue id = isValidId(rawId) ? rawId : JsonValue.NULL;
    if (!(m.get("jsonrpc") instanceof JsonString v) || !"2.0".equals(v.getString())) {
      return invalidRequest(id, "Invalid Request: jsonrpc must be \"2.0\".");
    }
    if (m.containsKey("method")) {
      if (!(m.get("method") instanceof JsonString methodName)) {
        return invalidRequest(id, "Invalid Request: method must be a string.");
      }
      if (rawId != null && !isValidId(rawId)) {
        return invalidRequest(
            JsonValue.NULL, "Invalid Request: id must be a string or an integer.");
      }
      JsonValue params = m.get("params");
      if (params != null
          && params.getValueType() != JsonValue.ValueType.OBJECT
          && params.getValueType() != JsonValue.ValueType.ARRAY) {
        return invalidRequest(id, "Invalid Request: params must be an object.");
      }
      String method = methodName.getString();
      boolean isRequest = rawId != null;
      String version = McpProtocolVersions.WHEN_UNSTATED;
      if (!(isRequest && "initialize".equals(method))) {
        String stated = request.header("mcp-protocol-version");
        if (stated != null) {
          if (!McpProtocolVersions.isSupported(stated.trim())) {
            return unsupportedVersion(stated);
          }
          version = stated.trim();
        }
      }
      if (!isRequest) {
        return accepted();
      }
      return dispatch(request, id, method, params, version);
    }
    if (m.containsKey("result") || m.containsKey("error")) {
      boolean isResponse =
          m.containsKey("result") != m.containsKey("error")
              && (isValidId(rawId) || (m.containsKey("error") && rawId == JsonValue.NULL));
      if (!isResponse) {
        return invalidRequest(
            id, "Invalid Request: a response carries an id and either result or error.");
      }
      String stated = request.header("mcp-protocol-version");
      if (stated != null && !McpProtocolVersions.isSupported(stated.trim())) {
        return unsupportedVersion(stated);
      }
      return accepted();
    }
    return invalidRequest(id, "Invalid Request: expected a method, or a result or error.");
  }

  /**
   * A JSON-RPC batch, which protocol 2025-03-26 (also what a request without MCP-Protocol-Version
   * speaks) requires servers to accept: each message is answered as if sent alone, the answers to
   * requests come back as one array, and a batch of notifications and responses only is accepted
   * with 202. An empty batch is an invalid request.
   */
  private McpHttpResponse receiveBatch(McpHttpRequest request, JsonArray batch) {
    if (batch.isEmpty()) {
      return invalidRequest(JsonValue.NULL, "Invalid Request: an empty batch.");
    }
    if (batch.size() > MAX_BATCH) {
      return invalidRequest(
          JsonValue.NULL, "Invalid Request: at most " + MAX_BATCH + " messages per batch.");
    }
    StringBuilder answers = new StringBuilder("[");
    boolean any = false;
    for (JsonValue item : batch) {
      McpHttpResponse one =
          item instanceof JsonArray
              ? invalidRequest(JsonValue.NULL, "Invalid Request: a batch inside a batch.")
              : receive(request, item);
      if (one.body() != null) {
        answers.append(any ? "," : "").append(one.body());
        any = true;
      }
    }
    if (!any) {
      return accepted();
    }
    return new McpHttpResponse(
        200, java.util.Map.of("Content-Type", "application/json"), answers.append(']').toString());
  }

  /** Messages one batch may hold. */
  static final int MAX_BATCH = 50;

  private McpHttpResponse dispatch(
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
                list(params, "tools", tools.listing(door, dialect(request, params)));
            case "tools/call" -> callTool(request, params, version);
            case "logging/setLevel" -> setLevel(params);
            case "resources/list" -> list(params, "resources", JsonValue.EMPTY_JSON_ARRAY);
            case "resources/templates/list" ->
                list(params, "resourceTemplates", JsonValue.EMPTY_JSON_ARRAY);
            case "prompts/list" -> list(params, "prompts", JsonValue.EMPTY_JSON_ARRAY);
            case "resources/read" -> readResource(params);
            case "prompts/get" -> getPrompt(params);
            case "completion/complete" -> complete(params);
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
        .add("instructions", Instructions.forDoor(door, dialect(request, params)))
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

  private JsonObject callTool(McpHttpRequest request, JsonObject params, String version) {
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
    Dialect dialect = dialect(request, params);
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

  private static JsonObject setLevel(JsonObject params) {
    if (!(params.get("level") instanceof JsonString level)
        || !LOG_LEVELS.contains(level.getString())) {
      throw invalidParams(
          "level must be one of " + String.join(", ", LOG_LEVELS.stream().sorted().toList()));
    }
    // Stateless, JSON-only: there is no stream to send log messages on, so nothing to remember.
    return JsonValue.EMPTY_JSON_OBJECT;
  }

  private static JsonObject readResource(JsonObject params) {
    if (!(params.get("uri") instanceof JsonString uri)) {
      throw invalidParams("resources/read needs params.uri (a string)");
    }
    throw new RpcError(
        RESOURCE_NOT_FOUND,
        "Resource not found: " + uri.getString(),
        Jsons.object().add("uri", uri.getString()).build());
  }

  private static JsonObject getPrompt(JsonObject params) {
    if (!(params.get("name") instanceof JsonString name)) {
      throw invalidParams("prompts/get needs params.name (a string)");
    }
    throw invalidParams("Unknown prompt: " + name.getString());
  }

  private static JsonObject complete(JsonObject params) {
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

  /**
   * The dialect of a request: UCP on the keyed door when the agent announces itself as a UCP agent,
   * by the {@code UCP-Agent} header, {@code params._meta["ucp-agent"]}, or (as UCP's own MCP
   * binding does) {@code params.arguments.meta["ucp-agent"]}; native otherwise.
   */
  private Dialect dialect(McpHttpRequest request, JsonObject params) {
    if (door == Door.OPEN) {
      return Dialect.NATIVE;
    }
    String header = request.header(UCP_AGENT);
    if (header != null && !header.isBlank()) {
      return Dialect.UCP;
    }
    if (params.get("_meta") instanceof JsonObject meta && meta.containsKey(UCP_AGENT)) {
      return Dialect.UCP;
    }
    if (params.get("arguments") instanceof JsonObject arguments
        && arguments.get("meta") instanceof JsonObject meta
        && meta.containsKey(UCP_AGENT)) {
      return Dialect.UCP;
    }
    return Dialect.NATIVE;
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

  /** Absent, blank, or any range that admits application/json with a non-zero quality. */
  static boolean acceptsJson(String accept) {
    if (accept == null || accept.isBlank()) {
      return true;
    }
    for (String range : accept.split(",")) {
      String[] parts = range.split(";");
      String type = parts[0].trim().toLowerCase(Locale.ROOT);
      if (!type.equals("application/json")
          && !type.equals("application/*")
          && !type.equals("*/*")) {
        continue;
      }
      boolean refused = false;
      for (int i = 1; i < parts.length; i++) {
        String p = parts[i].trim().toLowerCase(Locale.ROOT);
        if (p.startsWith("q=")) {
          try {
            refused = Double.parseDouble(p.substring(2).trim()) <= 0;
          } catch (NumberFormatException e) {
            refused = false;
          }
        }
      }
      if (!refused) {
        return true;
      }
    }
    return false;
  }

  /** Absent, or application/json (any parameters), or a {@code +json} type. */
  static boolean isJson(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return true;
    }
    String type = contentType.split(";")[0].trim().toLowerCase(Locale.ROOT);
    return type.equals("application/json")
        || (type.startsWith("application/") && type.endsWith("+json"));
  }

  private static boolean isValidId(JsonValue id) {
    // An integer in JSON Schema's sense: 1.0 counts; its text is echoed back as sent.
    return id instanceof JsonString
        || (id instanceof JsonNumber n
            && (n.isIntegral() || n.bigDecimalValue().stripTrailingZeros().scale() <= 0));
  }

  private static McpHttpResponse ok(JsonValue id, JsonObject result) {
    String body =
        Jsons.object().add("jsonrpc", "2.0").add("id", id).add("result", result).build().toString();
    return new McpHttpResponse(200, JSON_HEADERS, body);
  }

  private static McpHttpResponse accepted() {
    return new McpHttpResponse(202, Map.of(), null);
  }

  private static McpHttpResponse invalidRequest(JsonValue id, String message) {
    return error(STATUS_INVALID_REQUEST, id, INVALID_REQUEST, message, null);
  }

  private static McpHttpResponse unsupportedVersion(String stated) {
    return transportError(
        STATUS_UNSUPPORTED_PROTOCOL_VERSION,
        "Bad Request: unsupported MCP-Protocol-Version "
            + stated
            + "; supported: "
            + String.join(", ", McpProtocolVersions.SUPPORTED)
            + ".");
  }

  private static McpHttpResponse transportError(int status, String message) {
    return error(status, JsonValue.NULL, TRANSPORT_ERROR, message, null);
  }

  private static McpHttpResponse error(
      int status, JsonValue id, int code, String message, JsonValue data) {
    JsonObjectBuilder error = Jsons.object().add("code", code).add("message", message);
    if (data != null) {
      error.add("data", data);
    }
    String body =
        Jsons.object().add("jsonrpc", "2.0").add("id", id).add("error", error).build().toString();
    return new McpHttpResponse(status, JSON_HEADERS, body);
  }

  private static RpcError invalidParams(String message) {
    return new RpcError(INVALID_PARAMS, "Invalid params: " + message, null);
  }

  /** A JSON-RPC error answer to a well-formed request (HTTP 200). */
  private static final class RpcError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;
    private final transient JsonValue data;

    RpcError(int code, String message, JsonValue data) {
      super(message, null, false, false);
      this.code = code;
      this.data = data;
    }
  }
}
