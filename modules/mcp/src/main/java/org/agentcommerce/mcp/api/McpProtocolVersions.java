package org.agentcommerce.mcp.api;

import java.util.List;

/** The Model Context Protocol revisions the tool doors speak, newest first. */
public final class McpProtocolVersions {

  public static final List<String> SUPPORTED = List.of("2025-11-25", "2025-06-18", "2025-03-26");

  /**
   * The revision a request speaks when it carries no {@code MCP-Protocol-Version} header: the
   * Streamable HTTP transport says to assume the first revision that had the transport.
   */
  public static final String WHEN_UNSTATED = "2025-03-26";

  private McpProtocolVersions() {}

  /** Whether the doors speak this revision. */
  public static boolean isSupported(String version) {
    return version != null && SUPPORTED.contains(version);
  }

  /** The version to answer an {@code initialize} with: the client's if we speak it, else ours. */
  public static String negotiate(String requested) {
    return SUPPORTED.contains(requested) ? requested : SUPPORTED.get(0);
  }
}
