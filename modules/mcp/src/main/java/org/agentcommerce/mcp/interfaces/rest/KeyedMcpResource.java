package org.agentcommerce.mcp.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.interfaces.mcp.McpDoors;
import org.agentcommerce.platform.api.security.Authenticated;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /commerce/mcp}: the keyed tool door. The platform checks the agent key (401), its rate
 * limit (429) and any buyer token before the protocol runs in {@link
 * org.agentcommerce.mcp.interfaces.mcp.McpEndpoint}; this class only carries HTTP to it.
 */
@RequestScoped
@Path("/commerce/mcp")
@Authenticated
@Tag(name = "Tool doors", description = McpDocs.TAG)
public class KeyedMcpResource {

  @Inject McpDoors doors;

  @Context HttpHeaders headers;
  @Context HttpServletRequest servlet;

  @POST
  @Operation(
      operationId = "mcpKeyed",
      summary = "Keyed tool door (MCP over JSON-RPC 2.0)",
      description = McpDocs.KEYED_POST)
  @APIResponse(
      responseCode = "200",
      description = McpDocs.OK,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessages")))
  @APIResponse(responseCode = "202", description = McpDocs.ACCEPTED)
  @APIResponse(
      responseCode = "400",
      description = McpDocs.BAD_REQUEST,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "403",
      description = McpDocs.FORBIDDEN,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "406",
      description = McpDocs.NOT_ACCEPTABLE,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "413",
      description = McpDocs.TOO_LARGE,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "415",
      description = McpDocs.UNSUPPORTED_TYPE,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "401",
      description = McpDocs.UNAUTHORIZED,
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "429",
      description = McpDocs.KEY_RATE_LIMITED,
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public Response post(
      @RequestBody(
              required = true,
              description = McpDocs.BODY,
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(ref = "JsonRpcMessages")))
          InputStream body) {
    return McpHttp.answer(doors.endpoint(Door.KEYED), "POST", headers, servlet, body);
  }

  @GET
  @Operation(
      operationId = "mcpKeyedStream",
      summary = "No server-to-client stream",
      description = McpDocs.NO_STREAM)
  @APIResponse(
      responseCode = "405",
      description = McpDocs.NOT_ALLOWED,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "403",
      description = McpDocs.FORBIDDEN,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "401",
      description = McpDocs.UNAUTHORIZED,
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "429",
      description = McpDocs.KEY_RATE_LIMITED,
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public Response get() {
    return McpHttp.answer(doors.endpoint(Door.KEYED), "GET", headers, servlet, null);
  }

  @DELETE
  @Operation(
      operationId = "mcpKeyedEndSession",
      summary = "No sessions to end",
      description = McpDocs.NO_SESSION)
  @APIResponse(
      responseCode = "405",
      description = McpDocs.NOT_ALLOWED,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "403",
      description = McpDocs.FORBIDDEN,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "JsonRpcMessage")))
  @APIResponse(
      responseCode = "401",
      description = McpDocs.UNAUTHORIZED,
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  @APIResponse(
      responseCode = "429",
      description = McpDocs.KEY_RATE_LIMITED,
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public Response delete() {
    return McpHttp.answer(doors.endpoint(Door.KEYED), "DELETE", headers, servlet, null);
  }
}
