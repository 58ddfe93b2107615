package org.agentcommerce.mcp.interfaces.rest;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The HTTP surface both tool doors share, declared once: the three methods, the body, and the
 * answers the {@link org.agentcommerce.mcp.interfaces.mcp.McpEndpoint} gives on either door. A door
 * resource implements it and keeps only what is its own: its path and credential, each operation's
 * {@code @Operation} (and, for the open door, {@code @SecurityRequirementsSet}), and its own
 * answers as class-level {@code @APIResponses}.
 *
 * <p>Both runtimes take these annotations from here: JAX-RS, because the implementing methods carry
 * no JAX-RS annotation of their own; the OpenAPI scanner, which merges an interface's method
 * annotations into the implementing method and adds the class's {@code @APIResponses} to each
 * operation. The class-level answers must be an {@code @APIResponses} container (two or more
 * repeated {@code @APIResponse}, or one inside an explicit {@code @APIResponses}): a lone
 * class-level {@code @APIResponse} is not merged with the several declared here.
 */
public interface McpDoorOperations {

  @POST
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
  Response post(
      @RequestBody(
              required = true,
              description = McpDocs.BODY,
              content =
                  @Content(
                      mediaType = MediaType.APPLICATION_JSON,
                      schema = @Schema(ref = "JsonRpcMessages")))
          InputStream body);

  @GET
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
  Response get();

  @DELETE
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
  Response delete();
}
