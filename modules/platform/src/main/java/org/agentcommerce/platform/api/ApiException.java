package org.agentcommerce.platform.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure a client can act on: an HTTP status, an error code and a human sentence, plus optional
 * context fields. Rendered as {@code {"detail":{"error":CODE,"message":...,...context}}}.
 */
public class ApiException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final int status;
  private final String code;
  private final Map<String, Object> context;
  private final Map<String, String> headers;

  public ApiException(int status, String code, String message) {
    this(status, code, message, Map.of(), Map.of());
  }

  public ApiException(
      int status,
      String code,
      String message,
      Map<String, Object> context,
      Map<String, String> headers) {
    super(message);
    this.status = status;
    this.code = code;
    this.context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
    this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }

  /** Extra members of the error object, such as the field or resource the error is about. */
  public Map<String, Object> context() {
    return context;
  }

  /** Response headers that belong to this error, such as {@code Retry-After}. */
  public Map<String, String> headers() {
    return headers;
  }

  public static ApiException notFound(String what) {
    return new ApiException(404, "NOT_FOUND", what + " was not found.");
  }
}
