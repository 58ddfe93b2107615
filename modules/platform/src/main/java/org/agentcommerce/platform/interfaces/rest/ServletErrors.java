package org.agentcommerce.platform.interfaces.rest;

import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Writes the API's error shape from servlet code, where no JAX-RS exception mapper runs. */
final class ServletErrors {

  private ServletErrors() {}

  /** {@code {"detail":{"error":code,"message":message,...context}}} with {@code status}. */
  static void write(
      HttpServletResponse response,
      int status,
      String code,
      String message,
      Map<String, Object> context)
      throws IOException {
    byte[] body = json(code, message, context);
    response.resetBuffer();
    response.setStatus(status);
    response.setContentType("application/json");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
    response.flushBuffer();
  }

  /** The error shape as UTF-8 bytes: {@code {"detail":{"error":code,"message":message,...}}}. */
  static byte[] json(String code, String message, Map<String, Object> context) {
    JsonObjectBuilder detail =
        org.agentcommerce.platform.api.Jsonp.PROVIDER
            .createObjectBuilder()
            .add("error", code)
            .add("message", message);
    context.forEach(
        (name, value) -> {
          if (value instanceof Number n) {
            detail.add(name, n.longValue());
          } else {
            detail.add(name, String.valueOf(value));
          }
        });
    return org.agentcommerce.platform.api.Jsonp.PROVIDER
        .createObjectBuilder()
        .add("detail", detail)
        .build()
        .toString()
        .getBytes(StandardCharsets.UTF_8);
  }
}
