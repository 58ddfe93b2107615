package org.agentcommerce.mcp.interfaces.mcp;

import jakarta.json.JsonObject;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;

/** Which dialect, native or UCP, a request to a door speaks. */
final class RequestDialect {

  static final String UCP_AGENT = "ucp-agent";

  private RequestDialect() {}

  /**
   * The dialect of a request: UCP on the keyed door when the agent announces itself as a UCP agent,
   * by the {@code UCP-Agent} header, {@code params._meta["ucp-agent"]}, or (as UCP's own MCP
   * binding does) {@code params.arguments.meta["ucp-agent"]}; native otherwise.
   */
  static Dialect of(Door door, McpHttpRequest request, JsonObject params) {
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
}
