package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.domain.agent.Agent;
import org.agentcommerce.platform.domain.agent.AgentRepository;
import org.agentcommerce.platform.domain.agent.ApiKey;

/**
 * Turns a presented key into an agent: 401 for a missing, malformed, unknown, revoked or expired
 * key; 403 for a deactivated agent. Keys are found by their hash, so no secret is ever compared
 * byte by byte against stored secrets.
 */
@ApplicationScoped
public class AuthenticationService {

  @Inject AgentRepository agents;
  @Inject Clock clock;

  /** The agent and key behind a valid secret. */
  public record Authenticated(Agent agent, ApiKey key) {}

  @Transactional
  public Authenticated authenticate(String secret) {
    if (!ApiKeys.isWellFormed(secret)) {
      throw invalidKey();
    }
    String hash = ApiKeys.hash(secret);
    ApiKey key = agents.findKeyByHash(hash).orElseThrow(AuthenticationService::invalidKey);
    Instant now = clock.instant();
    if (!ApiKeys.sameHash(hash, key.keyHash()) || !key.isUsableAt(now)) {
      throw invalidKey();
    }
    Agent agent = agents.findById(key.agentId()).orElseThrow(AuthenticationService::invalidKey);
    if (!agent.isActive()) {
      throw new ApiException(
          403, "AGENT_DEACTIVATED", "This agent is deactivated; its keys no longer work.");
    }
    key.touch(now);
    return new Authenticated(agent, key);
  }

  public static ApiException missingKey() {
    return new ApiException(
        401,
        "AUTHENTICATION_REQUIRED",
        "Send your API key in the X-API-Key header or as Authorization: Bearer <key>.",
        Map.of(),
        Map.of("WWW-Authenticate", "Bearer"));
  }

  static ApiException invalidKey() {
    return new ApiException(
        401,
        "INVALID_API_KEY",
        "The API key is not valid: unknown, revoked or expired.",
        Map.of(),
        Map.of("WWW-Authenticate", "Bearer error=\"invalid_token\""));
  }
}
