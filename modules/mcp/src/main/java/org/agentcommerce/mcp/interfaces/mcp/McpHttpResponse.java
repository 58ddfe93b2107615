package org.agentcommerce.mcp.interfaces.mcp;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answer of a tool door: a status, headers and a JSON body, or no body (202).
 *
 * @param body the JSON text, or null for no body
 */
public record McpHttpResponse(int status, Map<String, String> headers, String body) {

  public McpHttpResponse {
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  /** The same answer with one more header. */
  McpHttpResponse withHeader(String name, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(name, value);
    return new McpHttpResponse(status, h, body);
  }
}
