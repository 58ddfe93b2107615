package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.agentcommerce.platform.application.AgentRegistrationService;
import org.agentcommerce.platform.domain.agent.Agent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /agent/v1/auth}: register an agent, read its record, or rotate its key. Throttled
 * before the body is read: per client address without a key, by the agent's limit with one.
 */
@RequestScoped
@Path("/agent/v1/auth")
@Tag(name = "Agent", description = "Agent registration and keys")
public class AuthResource {

  @Inject AgentRegistrationService registration;

  @Context ContainerRequestContext request;

  @POST
  @Throttled
  @SecurityRequirementsSet
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "agentAuth",
      summary = "Generate or retrieve an agent API key",
      description =
          "Without a credential, registers a new agent and returns its API key once (keys are"
              + " stored only as hashes). For an e-mail already registered, send that agent's"
              + " own key (X-API-Key or Authorization: Bearer) to read the record; with its"
              + " current key add \"rotate\": true to get a new key, and the replaced keys keep"
              + " working for the rotation grace period. allowed_merchant_ids limits the new key"
              + " to those merchants: on rotation it may only keep or narrow the current key's"
              + " merchants (omit it to keep them). Calls without a key are limited per client"
              + " address, calls with a key count against the agent's rate limit.")
  @APIResponse(
      responseCode = "200",
      description = "The agent, with api_key when a key was issued",
      content = @Content(schema = @Schema(implementation = AgentAuthResponse.class)))
  @APIResponse(responseCode = "401", description = "A key was sent but is not valid")
  @APIResponse(
      responseCode = "403",
      description =
          "KEY_AGENT_MISMATCH: the key belongs to another agent; AGENT_DEACTIVATED;"
              + " KEY_NOT_CURRENT: only the agent's current key may rotate;"
              + " MERCHANT_ACCESS_DENIED: a rotation asked for merchants outside the current"
              + " key's scope")
  @APIResponse(
      responseCode = "409",
      description = "AGENT_ALREADY_REGISTERED: the e-mail is registered and no key was sent")
  @APIResponse(
      responseCode = "422",
      description =
          "Validation error, including an empty allowed_merchant_ids (value_error.empty_scope)",
      content = @Content(schema = @Schema(ref = "HTTPValidationError")))
  @APIResponse(
      responseCode = "429",
      description =
          "RATE_LIMITED: too many registrations from this client address, or the agent's rate"
              + " limit is spent; see Retry-After")
  public AgentAuthResponse register(@NotNull @Valid AgentAuthRequest body) {
    AgentRegistrationService.Result result =
        registration.register(
            new AgentRegistrationService.Request(
                body.agentName(),
                body.agentEmail(),
                body.company(),
                body.description(),
                Boolean.TRUE.equals(body.rotate()),
                body.allowedMerchantIds() == null
                    ? null
                    : new TreeSet<>(body.allowedMerchantIds())),
            Optional.ofNullable(AuthenticationFilter.presentedKey(request)));
    Agent agent = result.agent();
    String message =
        result.created()
            ? "Agent registered. Store the API key now: it is shown only once."
            : result.newSecret().isPresent()
                ? "New API key issued. Store it now; the previous key stops working at"
                    + " previous_key_expires_at."
                : "Agent already registered; no new key was issued.";
    return new AgentAuthResponse(
        "success",
        message,
        agent.id(),
        result.newSecret().orElse(null),
        result.newKey().map(k -> k.keyHint()).orElse(null),
        result.newKey().map(k -> List.copyOf(k.merchantIds())).orElse(null),
        result.previousKeyExpiresAt().orElse(null),
        agent.name(),
        agent.email(),
        agent.company(),
        agent.description(),
        agent.status(),
        agent.createdAt(),
        new AgentAuthResponse.RateLimit(result.requestsPerMinute(), agent.tier()));
  }

  /** Registration, retrieval or rotation. */
  @Schema(name = "AgentAuthRequest")
  public record AgentAuthRequest(
      @NotBlank
          @Size(max = 200)
          @Schema(description = "Name of the agent platform", required = true)
          String agentName,
      @NotBlank
          @Email
          @Size(max = 320)
          @Schema(description = "Contact e-mail; identifies the agent", required = true)
          String agentEmail,
      @Size(max = 200) @Schema(maxLength = 200) String company,
      @Size(max = 2000) @Schema(maxLength = 2000) String description,
      @Schema(description = "With the agent's current key: issue a new key") Boolean rotate,
      @Size(max = 100)
          @Schema(
              description =
                  "Limit the issued key to these merchants; never empty. Omit at registration"
                      + " for every merchant, on rotation to keep the current key's merchants; a"
                      + " rotation may only keep or narrow them",
              type = SchemaType.ARRAY,
              implementation = String.class,
              minItems = 1,
              maxItems = 100,
              uniqueItems = true)
          Set<@NotBlank @Size(max = 64) @Pattern(regexp = "[A-Za-z0-9_.:-]+") String>
              allowedMerchantIds) {}

  /** The agent record; api_key only when a key was issued by this call. */
  @Schema(name = "AgentAuthResponse")
  public record AgentAuthResponse(
      String status,
      String message,
      @Schema(example = "agent_3f9c2a7d1b0e4c55") String agentId,
      @Schema(description = "The new key, shown only in this response", nullable = true)
          String apiKey,
      @Schema(description = "Prefix and last four characters of the issued key", nullable = true)
          String keyHint,
      @Schema(
              description =
                  "Merchants the issued key is limited to, empty for all; null when no key was"
                      + " issued",
              nullable = true)
          List<String> allowedMerchantIds,
      @Schema(
              description = "After a rotation: when the previous key stops working",
              nullable = true)
          Instant previousKeyExpiresAt,
      String agentName,
      String agentEmail,
      @Schema(nullable = true) String company,
      @Schema(nullable = true) String description,
      @Schema(description = "active or deactivated") String agentStatus,
      Instant createdAt,
      RateLimit rateLimit) {

    /** The key's rate limit. */
    @Schema(name = "RateLimit")
    public record RateLimit(int requestsPerMinute, String tier) {}
  }
}
