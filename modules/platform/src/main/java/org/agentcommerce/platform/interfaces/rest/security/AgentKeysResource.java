package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.application.AgentKeyService;
import org.agentcommerce.platform.domain.agent.ApiKey;
import org.agentcommerce.platform.interfaces.rest.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The calling agent's API keys: list them (never their secrets) and revoke a leaked one. Changes
 * need the agent's current key; they reach every node within {@code ac.auth.cache-ttl}.
 */
@RequestScoped
@Path("/agent/v1/auth/keys")
@Authenticated
@Tag(name = "Agent", description = "Agent registration and keys")
@SecurityRequirementsSet(@SecurityRequirement(name = OpenApiFilter.API_KEY_SCHEME))
@SecurityRequirementsSet(@SecurityRequirement(name = OpenApiFilter.BEARER_SCHEME))
public class AgentKeysResource {

  @Inject AgentKeyService keys;
  @Inject Caller caller;
  @Inject Clock clock;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "listAgentKeys",
      summary = "List the agent's API keys",
      description =
          "The calling agent's keys, newest first (at most 100), by id and hint with their"
              + " state: current (the one key that may rotate and revoke), grace (replaced by a"
              + " rotation, works until expires_at), expired or revoked. Secrets are never shown."
              + " Any usable key of the agent may list.")
  @APIResponse(
      responseCode = "200",
      description = "The keys",
      content = @Content(schema = @Schema(implementation = AgentKeyList.class)))
  @APIResponse(responseCode = "403", description = "AGENT_DEACTIVATED")
  @APIResponse(
      responseCode = "429",
      description = "RATE_LIMITED: the agent's rate limit is spent; see Retry-After")
  public AgentKeyList list() {
    Instant now = clock.instant();
    return new AgentKeyList(
        "success",
        caller.keyId(),
        keys.keys(caller.agentId()).stream().map(k -> view(k, now)).toList());
  }

  @POST
  @Path("/{key_id}/revoke")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "revokeAgentKey",
      summary = "Revoke one of the agent's API keys",
      description =
          "Revokes a key of the calling agent for good, e.g. a leaked one: it is refused on every"
              + " node within the key cache time (ac.auth.cache-ttl, 5 s by default), on this node"
              + " at once. Only the agent's current key may revoke; it cannot revoke itself (rotate"
              + " first, then revoke the old key with the new one). Revoking a revoked key again"
              + " changes nothing.")
  @APIResponse(
      responseCode = "200",
      description = "The key, now revoked",
      content = @Content(schema = @Schema(implementation = RevokedKey.class)))
  @APIResponse(
      responseCode = "403",
      description =
          "KEY_NOT_CURRENT: only the agent's current key may revoke keys; AGENT_DEACTIVATED")
  @APIResponse(
      responseCode = "404",
      description = "API_KEY_NOT_FOUND: the agent has no key with this id")
  @APIResponse(
      responseCode = "409",
      description = "CURRENT_KEY_NOT_REVOCABLE: the key named is the calling, current key")
  @APIResponse(
      responseCode = "429",
      description = "RATE_LIMITED: the agent's rate limit is spent; see Retry-After")
  public RevokedKey revoke(
      @PathParam("key_id")
          @Parameter(description = "The key's id, as listed", example = "key_3f9c2a7d1b0e4c55")
          String keyId) {
    ApiKey key = keys.revoke(caller.agentId(), caller.keyId(), keyId);
    return new RevokedKey("success", "API key revoked.", view(key, clock.instant()));
  }

  private static AgentKey view(ApiKey key, Instant now) {
    return new AgentKey(
        key.id(),
        key.keyHint(),
        key.stateAt(now).name().toLowerCase(Locale.ROOT),
        List.copyOf(key.merchantIds()),
        key.createdAt(),
        key.expiresAt(),
        key.lastUsedAt());
  }

  /** The agent's keys. */
  @Schema(name = "AgentKeyList")
  public record AgentKeyList(
      String status,
      @Schema(description = "The key this request was made with") String callingKeyId,
      List<AgentKey> keys) {}

  /** The answer to a revocation. */
  @Schema(name = "RevokedAgentKey")
  public record RevokedKey(String status, String message, AgentKey key) {}

  /** One key as its agent sees it: never the secret. */
  @Schema(name = "AgentKey")
  public record AgentKey(
      @Schema(example = "key_3f9c2a7d1b0e4c55") String keyId,
      @Schema(description = "Prefix and last four characters of the key") String keyHint,
      @Schema(
              description = "current, grace, expired or revoked",
              enumeration = {"current", "grace", "expired", "revoked"})
          String keyStatus,
      @Schema(
              type = SchemaType.ARRAY,
              implementation = String.class,
              description = "Merchants the key is limited to; empty for all")
          List<String> allowedMerchantIds,
      Instant createdAt,
      @Schema(description = "When a replaced key stops working; null for the current key")
          Instant expiresAt,
      @Schema(description = "Last use, recorded at most once a minute") Instant lastUsedAt) {}
}
