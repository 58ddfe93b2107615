package org.agentcommerce.mcp.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.agentcommerce.mcp.api.Door;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /mcp}: the open tool door. No credential; limited per client address. The protocol is in
 * {@link org.agentcommerce.mcp.interfaces.mcp.McpEndpoint}; this class only carries HTTP to it. The
 * methods, body and shared answers are {@link McpDoorOperations}'; the per-client limit's answer is
 * this door's own (in an explicit {@code @APIResponses}, so that it is merged with them).
 */
@RequestScoped
@Path("/mcp")
@Tag(name = "Tool doors", description = McpDocs.TAG)
@APIResponses(
    @APIResponse(
        responseCode = "429",
        description = McpDocs.RATE_LIMITED,
        content =
            @Content(
                mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(ref = "JsonRpcMessage"))))
public class OpenMcpResource extends McpDoorResource implements McpDoorOperations {

  public OpenMcpResource() {
    super(Door.OPEN);
  }

  @Override
  @SecurityRequirementsSet
  @Operation(
      operationId = "mcpOpen",
      summary = "Open tool door (MCP over JSON-RPC 2.0)",
      description = McpDocs.OPEN_POST)
  public Response post(InputStream body) {
    return answer("POST", body);
  }

  @Override
  @SecurityRequirementsSet
  @Operation(
      operationId = "mcpOpenStream",
      summary = "No server-to-client stream",
      description = McpDocs.NO_STREAM)
  public Response get() {
    return answer("GET", null);
  }

  @Override
  @SecurityRequirementsSet
  @Operation(
      operationId = "mcpOpenEndSession",
      summary = "No sessions to end",
      description = McpDocs.NO_SESSION)
  public Response delete() {
    return answer("DELETE", null);
  }
}
