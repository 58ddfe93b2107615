package org.agentcommerce.mcp.api;

import jakarta.json.JsonObject;

/**
 * One tool of the tool doors. Implementations are CDI beans (give them a bean-defining annotation
 * such as {@code @ApplicationScoped}; the doors find every bean of this type). The doors read
 * {@link #descriptor()} once, when they start, and check it: tool names must be unique per door and
 * dialect, and the input schema must keep to the validated subset (see {@link ToolDescriptor}).
 *
 * <p>Before {@link #call} the door has already checked the arguments against the input schema; a
 * call that does not conform never reaches the tool and gets an {@code INVALID_ARGUMENTS} tool
 * error. The tool answers with a JSON object, which the open door returns as {@code
 * structuredContent} plus the same JSON as text, and the keyed door as text only.
 *
 * <p>Failures: throw {@link ToolFailure} for anything the agent should read. The platform's {@code
 * ApiException} (e.g. {@code USER_AUTH_REQUIRED}, {@code MERCHANT_ACCESS_DENIED}) and {@code
 * InvalidInputException} are rendered the same way, so services can be called as they are. Any
 * other exception is a bug: it is logged and answered with JSON-RPC error -32603 without details.
 */
public interface McpTool {

  /** The tool's listing and where it is offered; read once. */
  ToolDescriptor descriptor();

  /**
   * Whether the tool can run in this deployment, for instance whether the service it calls is
   * deployed. Read once, when the doors start: a tool that cannot run is listed on no door, and a
   * call to it is an unknown tool.
   */
  default boolean available() {
    return true;
  }

  /**
   * Runs the tool.
   *
   * @param arguments the call's {@code arguments}, valid against the input schema ({@code {}} when
   *     the client sent none)
   * @param context door, dialect, {@code _meta} and headers of the call
   * @return the result object; in the UCP dialect, amounts in minor units
   */
  JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure;
}
