package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.platform.api.InvalidInputException.Violation;

/** Builds the two error bodies of the wire contract. */
public final class ErrorBodies {

  private ErrorBodies() {}

  /** {@code {"detail":{"error":code,"message":message,...context}}}. */
  public static Response error(
      int status, String code, String message, Map<String, Object> context) {
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("error", code);
    detail.put("message", message);
    detail.putAll(context);
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(Map.of("detail", detail))
        .build();
  }

  /** 422 with {@code {"detail":[{"loc":[...],"msg":...,"type":...}]}}. */
  public static Response validation(List<Violation> violations) {
    List<Map<String, Object>> items =
        violations.stream()
            .map(
                v -> {
                  Map<String, Object> item = new LinkedHashMap<>();
                  item.put("loc", v.loc());
                  item.put("msg", v.msg());
                  item.put("type", v.type());
                  return item;
                })
            .toList();
    return Response.status(422)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(Map.of("detail", items))
        .build();
  }
}
