package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.time.Instant;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.application.buyer.DevBuyerIssuer;
import org.agentcommerce.platform.interfaces.rest.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Mints buyer tokens from the development issuer for local trials. Answers 404 unless the
 * development issuer is on ({@code ac.dev-issuer.enabled=true} on the embedded H2 default, with the
 * server listening on loopback only).
 */
@RequestScoped
@Path("/agent/v1/dev/buyer-tokens")
@Authenticated
@Tag(name = "Development", description = "Local trials on the embedded default only")
@SecurityRequirementsSet(@SecurityRequirement(name = OpenApiFilter.API_KEY_SCHEME))
@SecurityRequirementsSet(@SecurityRequirement(name = OpenApiFilter.BEARER_SCHEME))
public class DevBuyerTokenResource {

  @Inject DevBuyerIssuer issuer;

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "mintDevBuyerToken",
      summary = "Mint a development buyer token",
      description =
          "Signs a buyer token (RS256) with the development issuer, to send as X-Agent-User-JWT"
              + " in local trials. Off unless ac.dev-issuer.enabled=true on the embedded H2"
              + " database with the server listening on loopback only; never available with a"
              + " real issuer configured.")
  @APIResponse(
      responseCode = "200",
      description = "A signed token",
      content = @Content(schema = @Schema(implementation = TokenResponse.class)))
  @APIResponse(responseCode = "404", description = "The development issuer is off")
  public TokenResponse mint(@NotNull @Valid TokenRequest body) {
    if (!issuer.isEnabled()) {
      throw new ApiException(
          404,
          "DEV_ISSUER_DISABLED",
          "The development buyer-token issuer is off (ac.dev-issuer.enabled; embedded H2 and a"
              + " loopback-only listener required).");
    }
    int ttl = body.ttlSeconds() == null ? 3600 : body.ttlSeconds();
    DevBuyerIssuer.Minted minted =
        issuer.mint(body.subject(), body.email(), Duration.ofSeconds(ttl));
    return new TokenResponse(
        "success",
        minted.token(),
        "JWT",
        minted.expiresAt(),
        DevBuyerIssuer.ISSUER,
        DevBuyerIssuer.AUDIENCE);
  }

  /** Who the token is for. */
  @Schema(name = "DevBuyerTokenRequest")
  public record TokenRequest(
      @NotBlank @Size(max = 128) @Schema(required = true, example = "user-1842") String subject,
      @Email @Size(max = 320) String email,
      @Min(60)
          @Max(86400)
          @Schema(
              description = "Lifetime in seconds (default 3600)",
              minimum = "60",
              maximum = "86400",
              defaultValue = "3600")
          Integer ttlSeconds) {}

  /** A minted token. */
  @Schema(name = "DevBuyerTokenResponse")
  public record TokenResponse(
      String status,
      String token,
      String tokenType,
      Instant expiresAt,
      String issuer,
      String audience) {}
}
