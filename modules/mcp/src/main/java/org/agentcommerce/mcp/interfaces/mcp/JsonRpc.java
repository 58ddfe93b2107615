package org.agentcommerce.mcp.interfaces.mcp;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.Map;
import org.agentcommerce.mcp.api.McpProtocolVersions;

/** JSON-RPC 2.0 answers: the error codes, results, errors, and 202 for what needs none. */
final class JsonRpc {

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int METHOD_NOT_FOUND = -32601;
  static final int INVALID_PARAMS = -32602;
  static final int INTERNAL_ERROR = -32603;
  static final int TRANSPORT_ERROR = -32000;
  static final int RESOURCE_NOT_FOUND = -32002;

  static final Map<String, String> JSON_HEADERS = Map.of("Content-Type", "application/json");

  private JsonRpc() {}

  static McpHttpResponse ok(JsonValue id, JsonObject result) {
    String body =
        Jsons.object().add("jsonrpc", "2.0").add("id", id).add("result", result).build().toString();
    return new McpHttpResponse(200, JSON_HEADERS, body);
  }

  static McpHttpResponse accepted() {
    return new McpHttpResponse(202, Map.of(), null);
  }

  static McpHttpResponse invalidRequest(JsonValue id, String message) {
    return error(McpEndpoint.STATUS_INVALID_REQUEST, id, INVALID_REQUEST, message, null);
  }

  static McpHttpResponse unsupportedVersion(String stated) {
    return transportError(
        McpEndpoint.STATUS_UNSUPPORTED_PROTOCOL_VERSION,
        "Bad Request: unsupported MCP-Protocol-Version "
            + stated
            + "; supported: "
            + String.join(", ", McpProtocolVersions.SUPPORTED)
            + ".");
  }

  static McpHttpResponse transportError(int status, String message) {
    return error(status, JsonValue.NULL, TRANSPORT_ERROR, message, null);
  }

  static McpHttpResponse error(int status, JsonValue id, int code, String message, JsonValue data) {
    JsonObjectBuilder error = Jsons.object().add("code", code).add("message", message);
    if (data != null) {
      error.add("data", data);
    }
    String body =
        Jsons.object().add("jsonrpc", "2.0").add("id", id).add("error", error).build().toString();
    return new McpHttpResponse(status, JSON_HEADERS, body);
  }

  static RpcError invalidParams(String message) {
    return new RpcError(INVALID_PARAMS, "Invalid params: " + message, null);
  }

  /** A JSON-RPC error answer to a well-formed request (HTTP 200). */
  static final class RpcError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int code;
    final transient JsonValue data;

    RpcError(int code, String message, JsonValue data) {
      super(message, null, false, false);
      this.code = code;
      this.data = data;
    }
  }
}
