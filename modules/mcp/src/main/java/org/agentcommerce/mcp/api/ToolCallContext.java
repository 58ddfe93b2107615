package org.agentcommerce.mcp.api;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where and how a tool is being called.
 *
 * <p>The agent and the buyer are not in here: on the keyed door the platform has authenticated the
 * key and verified any buyer token before the call, and a tool injects {@code Caller} and {@code
 * BuyerIdentity} (platform API) for them. The credentials themselves ({@code Authorization}, {@code
 * X-API-Key}, {@code Cookie}) are never handed to tools.
 *
 * @param door the door the call came through
 * @param dialect the dialect of the call: always {@link Dialect#NATIVE} on the open door
 * @param protocolVersion the MCP revision of the request ({@code MCP-Protocol-Version}, or {@value
 *     McpProtocolVersions#WHEN_UNSTATED} when the client sent none)
 * @param meta the {@code _meta} object of the call's params; empty when absent
 * @param headers the request's headers, names lower-cased, repeated values joined with {@code ", "}
 */
public record ToolCallContext(
    Door door,
    Dialect dialect,
    String protocolVersion,
    JsonObject meta,
    Map<String, String> headers) {

  public ToolCallContext {
    meta = meta == null ? JsonValue.EMPTY_JSON_OBJECT : meta;
    TreeMap<String, String> lower = new TreeMap<>();
    if (headers != null) {
      headers.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
    }
    headers = Collections.unmodifiableMap(lower);
  }

  /** A request header by name, in any case. */
  public Optional<String> header(String name) {
    return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
  }

  /** A member of the call's {@code _meta}. */
  public Optional<JsonValue> meta(String key) {
    return Optional.ofNullable(meta.get(key));
  }
}
