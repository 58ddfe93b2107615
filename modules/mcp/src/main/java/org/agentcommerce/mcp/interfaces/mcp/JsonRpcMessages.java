package org.agentcommerce.mcp.interfaces.mcp;

import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.accepted;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.invalidRequest;
import static org.agentcommerce.mcp.interfaces.mcp.JsonRpc.unsupportedVersion;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.agentcommerce.mcp.api.McpProtocolVersions;

/**
 * The JSON-RPC messages of one POST: a request goes on to {@link McpMethods}; a notification or a
 * client's response is accepted with 202; a batch (protocol 2025-03-26 only) is answered message by
 * message; anything else is an invalid request. {@code MCP-Protocol-Version} is checked here.
 */
final class JsonRpcMessages {

  /** Messages one batch may hold. */
  static final int MAX_BATCH = 50;

  private final McpMethods methods;

  JsonRpcMessages(McpMethods methods) {
    this.methods = methods;
  }

  /** Tells requests, notifications and responses apart, and refuses anything else. */
  McpHttpResponse receive(McpHttpRequest request, JsonValue message) {
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
      return methods.dispatch(request, id, method, params, version);
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
    return new McpHttpResponse(200, JsonRpc.JSON_HEADERS, answers.append(']').toString());
  }

  private static boolean isValidId(JsonValue id) {
    // An integer in JSON Schema's sense: 1.0 counts; its text is echoed back as sent.
    return id instanceof JsonString
        || (id instanceof JsonNumber n
            && (n.isIntegral() || n.bigDecimalValue().stripTrailingZeros().scale() <= 0));
  }
}
