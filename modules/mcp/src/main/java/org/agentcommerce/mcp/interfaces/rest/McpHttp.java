package org.agentcommerce.mcp.interfaces.rest;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;
import org.agentcommerce.mcp.interfaces.mcp.McpEndpoint;
import org.agentcommerce.mcp.interfaces.mcp.McpHttpRequest;
import org.agentcommerce.mcp.interfaces.mcp.McpHttpResponse;

/** Translates between JAX-RS and a door's {@link McpEndpoint}; nothing else. */
final class McpHttp {

  private McpHttp() {}

  static Response answer(
      McpEndpoint endpoint,
      String method,
      HttpHeaders headers,
      HttpServletRequest servlet,
      InputStream body) {
    Map<String, String> flat = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers
        .getRequestHeaders()
        .forEach(
            (name, values) -> {
              if (values != null && !values.isEmpty()) {
                flat.put(name, String.join(", ", values));
              }
            });
    McpHttpResponse answer =
        endpoint.handle(
            new McpHttpRequest(
                method, flat, read(body), servlet == null ? null : servlet.getRemoteAddr()));
    Response.ResponseBuilder response = Response.status(answer.status());
    answer.headers().forEach(response::header);
    if (answer.body() != null) {
      response.entity(answer.body());
    }
    return response.build();
  }

  /** The body, cut one byte past the limit so that the endpoint can tell it was too long. */
  private static byte[] read(InputStream body) {
    if (body == null) {
      return new byte[0];
    }
    try {
      return body.readNBytes(McpEndpoint.MAX_BODY_BYTES + 1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
