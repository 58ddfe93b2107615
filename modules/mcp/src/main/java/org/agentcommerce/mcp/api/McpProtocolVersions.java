package org.agentcommerce.mcp.api;

import java.util.List;

/** The Model Context Protocol revisions the tool doors speak, newest first. */
public final class McpProtocolVersions {

  public static final List<String> SUPPORTED = List.of("2025-11-25", "2025-06-18");

  private McpProtocolVersions() {}

  /** The version to answer an {@code initialize} with: the client's if we speak it, else ours. */
  public static String negotiate(String requested) {
    return SUPPORTED.contains(requested) ? requested : SUPPORTED.get(0);
  }
}
