package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.domain.agent.Agent;
import org.agentcommerce.platform.domain.agent.AgentRepository;
import org.agentcommerce.platform.domain.agent.ApiKey;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code POST /agent/v1/auth}: registers a new agent and shows its key once; for a known agent, its
 * own key retrieves the record and its current key rotates the key ({@link AgentKeyService}). A key
 * is never handed out on the strength of an e-mail address alone.
 */
@ApplicationScoped
public class AgentRegistrationService {

  @Inject AgentRepository agents;
  @Inject AuthenticationService authentication;
  @Inject AgentKeyService keys;
  @Inject RateLimiter rateLimiter;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.auth.default-tier", defaultValue = "standard")
  String defaultTier;

  /** What the caller asked for. */
  public record Request(
      String name,
      String email,
      String company,
      String description,
      boolean rotate,
      Set<String> allowedMerchantIds) {}

  /** The agent, its tier's limit, and a new secret when one was issued (shown only now). */
  public record Result(
      Agent agent,
      int requestsPerMinute,
      Optional<String> newSecret,
      Optional<ApiKey> newKey,
      Optional<Instant> previousKeyExpiresAt,
      boolean created) {}

  @Transactional
  public Result register(Request request, Optional<String> presentedSecret) {
    AgentKeyService.requireNonEmptyScope(request.allowedMerchantIds());
    String email = request.email().trim().toLowerCase(Locale.ROOT);
    Instant now = clock.instant();
    Optional<Agent> existing = agents.findByEmail(email);
    if (existing.isEmpty()) {
      if (presentedSecret.isPresent()) {
        // A key of another agent registering a new e-mail: authenticate it first, so that a
        // wrong key is a 401 and not a silent second registration.
        authentication.authenticate(presentedSecret.get());
      }
      Agent agent =
          new Agent(
              Ids.newId("agent", 8),
              request.name().trim(),
              email,
              blankToNull(request.company()),
              blankToNull(request.description()),
              defaultTier,
              now);
      agents.add(agent);
      String secret = ApiKeys.newSecret();
      ApiKey key = keys.issue(agent.id(), secret, request.allowedMerchantIds(), now);
      return new Result(
          agent,
          rateLimiter.limitFor(agent.tier()),
          Optional.of(secret),
          Optional.of(key),
          Optional.empty(),
          true);
    }
    Agent agent = existing.get();
    if (presentedSecret.isEmpty()) {
      throw new ApiException(
          409,
          "AGENT_ALREADY_REGISTERED",
          "An agent with this e-mail is already registered. Send its current API key to read"
              + " the record, or with \"rotate\": true to get a new key.",
          Map.of("agent_email", email),
          Map.of());
    }
    AuthenticationService.Authenticated caller = authentication.authenticate(presentedSecret.get());
    if (!caller.agent().id().equals(agent.id())) {
      throw new ApiException(
          403,
          "KEY_AGENT_MISMATCH",
          "This API key belongs to a different agent than the e-mail names.");
    }
    if (!request.rotate()) {
      return new Result(
          agent,
          rateLimiter.limitFor(agent.tier()),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          false);
    }
    AgentKeyService.Rotation rotation =
        keys.rotate(agent.id(), caller.key().id(), request.allowedMerchantIds());
    return new Result(
        agent,
        rateLimiter.limitFor(agent.tier()),
        Optional.of(rotation.secret()),
        Optional.of(rotation.key()),
        Optional.of(rotation.previousKeysExpireAt()),
        false);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }
}
