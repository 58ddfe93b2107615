package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.domain.agent.Agent;
import org.agentcommerce.platform.domain.agent.AgentRepository;
import org.agentcommerce.platform.domain.agent.ApiKey;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Turns a presented key into an agent: 401 for a missing, malformed, unknown, revoked or expired
 * key; 403 for a deactivated agent. Keys are found by their hash, so no secret is ever compared
 * byte by byte against stored secrets. A verified key is remembered for {@code ac.auth.cache-ttl}
 * (5 s) so that a busy agent costs no database read per request; revocation, deactivation and tier
 * changes take effect within that time, expiry at once.
 */
@ApplicationScoped
public class AuthenticationService {

  private static final int MAX_CACHED = 50_000;

  @Inject AgentRepository agents;
  @Inject KeyUsage usage;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.auth.cache-ttl", defaultValue = "PT5S")
  Duration cacheTtl;

  private final Map<String, Cached> cache = new ConcurrentHashMap<>();

  private record Cached(Authenticated auth, Instant until) {}

  /** The agent and key behind a valid secret. */
  public record Authenticated(Agent agent, ApiKey key) {}

  public Authenticated authenticate(String secret) {
    if (!ApiKeys.isWellFormed(secret)) {
      throw invalidKey();
    }
    String hash = ApiKeys.hash(secret);
    Instant now = clock.instant();
    Cached cached = cache.get(hash);
    Authenticated auth;
    if (cached != null && cached.until().isAfter(now)) {
      auth = cached.auth();
    } else {
      ApiKey key = agents.findKeyByHash(hash).orElseThrow(AuthenticationService::invalidKey);
      if (!ApiKeys.sameHash(hash, key.keyHash())) {
        throw invalidKey();
      }
      Agent agent = agents.findById(key.agentId()).orElseThrow(AuthenticationService::invalidKey);
      auth = new Authenticated(agent, key);
      if (cache.size() > MAX_CACHED) {
        cache.clear();
      }
      if (!cacheTtl.isZero()) {
        cache.put(hash, new Cached(auth, now.plus(cacheTtl)));
      }
    }
    if (!auth.key().isUsableAt(now)) {
      throw invalidKey();
    }
    if (!auth.agent().isActive()) {
      throw new ApiException(
          403, "AGENT_DEACTIVATED", "This agent is deactivated; its keys no longer work.");
    }
    if (auth.key().touch(now)) {
      usage.recordUse(auth.key().id(), now);
    }
    return auth;
  }

  /** Forgets remembered keys, e.g. after a rotation on this node. */
  public void forgetCached() {
    cache.clear();
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
