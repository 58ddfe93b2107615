package org.agentcommerce.mcp.api;

/**
 * The behaviour hints MCP clients show a user before a tool runs. They are hints, never a security
 * boundary: a client must not trust them, and this server does not enforce them.
 *
 * @param readOnlyHint the tool changes nothing
 * @param destructiveHint the tool may overwrite or delete something (meaningful when not read-only)
 * @param idempotentHint repeating the call with the same arguments has no further effect
 * @param openWorldHint the tool reaches systems outside this service (merchants, PSPs)
 */
public record ToolAnnotations(
    boolean readOnlyHint, boolean destructiveHint, boolean idempotentHint, boolean openWorldHint) {

  /** A lookup in this service's own data. */
  public static final ToolAnnotations READ_ONLY = new ToolAnnotations(true, false, true, false);
}
