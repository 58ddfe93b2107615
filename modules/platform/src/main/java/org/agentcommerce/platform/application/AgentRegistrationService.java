package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
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
 * {@code POST /agent/v1/auth}: registers a new agent and shows its key once; for a known agent,
 * only its own current key retrieves the record or rotates the key. A key is never handed out on
 * the strength of an e-mail address alone.
 */
@ApplicationScoped
public class AgentRegistrationService {

  @Inject AgentRepository agents;
  @Inject AuthenticationService authentication;
  @Inject RateLimiter rateLimiter;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.auth.default-tier", defaultValue = "standard")
  String defaultTier;

  @Inject
  @ConfigProperty(name = "ac.auth.rotation-grace", defaultValue = "PT24H")
  Duration rotationGrace;

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
      ApiKey key = newKey(agent, secret, request.allowedMerchantIds(), now);
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
    Instant graceEnd = now.plus(rotationGrace);
    for (ApiKey old : agents.findUsableKeys(agent.id(), now)) {
      old.expireAt(graceEnd);
    }
    authentication.forgetCached();
    String secret = ApiKeys.newSecret();
    Set<String> scope =
        request.allowedMerchantIds() == null
            ? caller.key().merchantIds()
            : request.allowedMerchantIds();
    ApiKey key = newKey(agent, secret, scope, now);
    return new Result(
        agent,
        rateLimiter.limitFor(agent.tier()),
        Optional.of(secret),
        Optional.of(key),
        Optional.of(graceEnd),
        false);
  }

  private ApiKey newKey(Agent agent, String secret, Set<String> merchants, Instant now) {
    ApiKey key =
        new ApiKey(
            Ids.newId("key", 8),
            agent.id(),
            ApiKeys.hash(secret),
            ApiKeys.hint(secret),
            merchants == null ? Set.of() : merchants,
            now);
    agents.add(key);
    return key;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }
}
