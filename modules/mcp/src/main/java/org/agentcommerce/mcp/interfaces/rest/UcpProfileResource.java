package org.agentcommerce.mcp.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.mcp.application.UcpProfileService;
import org.agentcommerce.mcp.interfaces.mcp.DnsRebindingGuard;
import org.agentcommerce.mcp.interfaces.mcp.McpSettings;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The UCP capability profile. No credential. */
@RequestScoped
@Path("/.well-known/ucp")
@Tag(name = "Discovery", description = "UCP capability profile; no credential")
public class UcpProfileResource {

  /** Five minutes: the profile changes only with a deployment or a configuration change. */
  private static final int MAX_AGE_SECONDS = 300;

  @Inject UcpProfileService profiles;

  private final DnsRebindingGuard hosts =
      new DnsRebindingGuard(McpSettings.from(ConfigProvider.getConfig()));

  @Context UriInfo uriInfo;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @SecurityRequirementsSet
  @Operation(
      operationId = "getUcpProfile",
      summary = "UCP capability profile",
      description =
          "The UCP 2026-04-08 business profile: the keyed tool door as the dev.ucp.shopping MCP"
              + " transport, the REST API under org.agentcommerce.agent, and the capabilities"
              + " catalog.search, catalog.lookup, checkout, identity_linking, fulfillment and the"
              + " org.agentcommerce.insights extension. Endpoints are absolute: under"
              + " ac.public-base-url when it is set (then cacheable by shared caches), else under"
              + " the address of the request, if its Host is one of ac.mcp.allowed-hosts (then"
              + " private to the client); any other Host is refused with 421 HOST_NOT_ALLOWED.")
  @APIResponse(
      responseCode = "200",
      description = "The profile",
      headers =
          @Header(
              name = "Cache-Control",
              description =
                  "public, max-age=300 with ac.public-base-url; private, max-age=300 otherwise"),
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "UcpProfile")))
  @APIResponse(
      responseCode = "421",
      description =
          "HOST_NOT_ALLOWED: no ac.public-base-url is set and the request's Host is not one of"
              + " ac.mcp.allowed-hosts",
      content =
          @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ErrorResponse")))
  public Response profile(@HeaderParam(HttpHeaders.HOST) String host) {
    if (profiles.hasConfiguredBase()) {
      // Written out: CacheControl has no "public" directive.
      return Response.ok(profiles.profileFor(uriInfo.getBaseUri()), MediaType.APPLICATION_JSON_TYPE)
          .header(HttpHeaders.CACHE_CONTROL, "public, max-age=" + MAX_AGE_SECONDS)
          .build();
    }
    // Endpoints under the request's own address: only for a Host of ours (ac.mcp.allowed-hosts),
    // and never for a shared cache, so one request cannot plant another host in it.
    Optional<String> refused = hosts.rejection(host, null);
    if (refused.isPresent()) {
      throw new ApiException(
          421,
          "HOST_NOT_ALLOWED",
          "This server does not answer for the Host '"
              + host
              + "'. Its public address is configured with ac.public-base-url, or the host is"
              + " listed in ac.mcp.allowed-hosts.",
          Map.of(),
          Map.of());
    }
    return Response.ok(profiles.profileFor(uriInfo.getBaseUri()), MediaType.APPLICATION_JSON_TYPE)
        .header(HttpHeaders.CACHE_CONTROL, "private, max-age=" + MAX_AGE_SECONDS)
        .header(HttpHeaders.VARY, HttpHeaders.HOST)
        .build();
  }
}
