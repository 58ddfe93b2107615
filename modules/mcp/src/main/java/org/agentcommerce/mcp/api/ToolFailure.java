package org.agentcommerce.mcp.api;

import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * A failure the calling agent should see and can act on, such as an unknown product or a buyer who
 * must sign in. The door renders it as a tool result with {@code "isError": true} whose JSON is
 * {@code {"error":{"code":CODE,"message":...,"retriable":...,...details}}}; it is not a JSON-RPC
 * error, so the model reads it and can correct itself.
 */
public class ToolFailure extends Exception {

  private static final long serialVersionUID = 1L;

  private final String code;
  private final boolean retriable;
  private final transient JsonObject details;

  /**
   * @param code an UPPER_SNAKE code such as {@code NOT_FOUND} or {@code USER_AUTH_REQUIRED}
   * @param message one sentence a model can act on
   * @param retriable whether the same call may succeed later unchanged
   */
  public ToolFailure(String code, String message, boolean retriable) {
    this(code, message, retriable, null);
  }

  /**
   * @param details extra members of the error object (e.g. {@code product_id}), or null; they
   *     cannot replace {@code code}, {@code message} or {@code retriable}
   */
  public ToolFailure(String code, String message, boolean retriable, JsonObject details) {
    super(Objects.requireNonNull(message, "message"));
    this.code = Objects.requireNonNull(code, "code");
    this.retriable = retriable;
    this.details = details;
  }

  public String code() {
    return code;
  }

  public boolean retriable() {
    return retriable;
  }

  /** Extra members of the error object; null when there are none. */
  public JsonObject details() {
    return details;
  }
}
