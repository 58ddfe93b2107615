package org.agentcommerce.mcp.interfaces.rest;

import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.interfaces.mcp.McpDoors;

/**
 * A tool door's resource: carries each request to the {@link
 * org.agentcommerce.mcp.interfaces.mcp.McpEndpoint} of its {@link Door}, where the protocol runs.
 * The two doors ({@link OpenMcpResource}, {@link KeyedMcpResource}) differ only in that door and in
 * their declarations.
 */
public abstract class McpDoorResource {

  @Inject McpDoors doors;

  @Context HttpHeaders headers;
  @Context HttpServletRequest servlet;

  private final Door door;

  McpDoorResource(Door door) {
    this.door = door;
  }

  /** The door's answer to one request; {@code body} is null for a method that takes none. */
  Response answer(String method, InputStream body) {
    return McpHttp.answer(doors.endpoint(door), method, headers, servlet, body);
  }
}
