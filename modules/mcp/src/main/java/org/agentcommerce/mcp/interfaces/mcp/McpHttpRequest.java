package org.agentcommerce.mcp.interfaces.mcp;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One HTTP request to a tool door, as the protocol needs it.
 *
 * @param method the HTTP method, upper case
 * @param headers header names lower-cased; repeated headers joined with {@code ", "}
 * @param body the raw body; at most {@link McpEndpoint#MAX_BODY_BYTES} + 1 bytes need be read
 * @param remoteAddress the socket peer's address
 */
public record McpHttpRequest(
    String method, Map<String, String> headers, byte[] body, String remoteAddress) {

  public McpHttpRequest {
    TreeMap<String, String> lower = new TreeMap<>();
    headers.forEach((k, v) -> lower.merge(k.toLowerCase(Locale.ROOT), v, (a, b) -> a + ", " + b));
    headers = Collections.unmodifiableMap(lower);
    body = body == null ? new byte[0] : body;
  }

  /** A header by its lower-case name, or null. */
  public String header(String lowerCaseName) {
    return headers.get(lowerCaseName);
  }
}
