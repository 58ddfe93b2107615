package org.agentcommerce.mcp.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.platform.api.security.Authenticated;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /commerce/mcp}: the keyed tool door. The platform checks the agent key (401), its rate
 * limit (429) and any buyer token before the protocol runs in {@link
 * org.agentcommerce.mcp.interfaces.mcp.McpEndpoint}; this class only carries HTTP to it. The
 * methods, body and shared answers are {@link McpDoorOperations}'; the platform's two answers are
 * this door's own.
 */
@RequestScoped
@Path("/commerce/mcp")
@Authenticated
@Tag(name = "Tool doors", description = McpDocs.TAG)
@APIResponse(responseCode = "401", description = McpDocs.UNAUTHORIZED)
@APIResponse(responseCode = "429", description = McpDocs.KEY_RATE_LIMITED)
public class KeyedMcpResource extends McpDoorResource implements McpDoorOperations {

  public KeyedMcpResource() {
    super(Door.KEYED);
  }

  @Override
  @Operation(
      operationId = "mcpKeyed",
      summary = "Keyed tool door (MCP over JSON-RPC 2.0)",
      description = McpDocs.KEYED_POST)
  public Response post(InputStream body) {
    return answer("POST", body);
  }

  @Override
  @Operation(
      operationId = "mcpKeyedStream",
      summary = "No server-to-client stream",
      description = McpDocs.NO_STREAM)
  public Response get() {
    return answer("GET", null);
  }

  @Override
  @Operation(
      operationId = "mcpKeyedEndSession",
      summary = "No sessions to end",
      description = McpDocs.NO_SESSION)
  public Response delete() {
    return answer("DELETE", null);
  }
}
