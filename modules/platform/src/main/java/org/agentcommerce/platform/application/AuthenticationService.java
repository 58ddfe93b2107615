package org.agentcommerce.platform.application;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
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
import org.agentcommerce.platform.infrastructure.grid.DataGrid;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Turns a presented key into an agent: 401 for a missing, malformed, unknown, revoked or expired
 * key; 403 for a deactivated agent. Keys are found by their hash, so no secret is ever compared
 * byte by byte against stored secrets. A verified key is remembered for {@code ac.auth.cache-ttl}
 * (5 s) so that a busy agent costs no database read per request; expiry takes effect at once.
 * Revocations and rotations made through the API ({@link KeysChanged}) clear the cache of this node
 * once they are committed and, when the nodes share a data grid, of every node through the grid
 * topic {@value #TOPIC} (within milliseconds); changes made otherwise (straight in the database),
 * and every change on nodes without a grid, take effect within the cache time.
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

  /** The grid topic on which nodes tell each other to forget remembered keys. */
  static final String TOPIC = "agentcommerce.key-changes";

  @Inject DataGrid grid;

  private final Map<String, Cached> cache = new ConcurrentHashMap<>();

  /** How many times the cache was cleared; a lookup that saw it change does not cache. */
  private final java.util.concurrent.atomic.AtomicLong clears =
      new java.util.concurrent.atomic.AtomicLong();

  /** Fired in the transaction that revokes, expires or replaces an agent's keys. */
  public record KeysChanged(String agentId) {}

  @PostConstruct
  void listenToOtherNodes() {
    grid.listen(TOPIC, agentId -> forgetCached());
  }

  /**
   * Once the change is committed, forgets remembered keys here and tells every other node of the
   * grid to do the same (the agent id travels, never a key).
   */
  void keysChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) KeysChanged change) {
    forgetCached();
    grid.publish(TOPIC, change.agentId());
  }

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
      // Read before the database: a clear that happens while this request reads (a revocation
      // committed elsewhere) must not be undone by putting what it read into the cache.
      long generation = clears.get();
      ApiKey key = agents.findKeyByHash(hash).orElseThrow(AuthenticationService::invalidKey);
      if (!ApiKeys.sameHash(hash, key.keyHash())) {
        throw invalidKey();
      }
      Agent agent = agents.findById(key.agentId()).orElseThrow(AuthenticationService::invalidKey);
      auth = new Authenticated(agent, key);
      if (cache.size() > MAX_CACHED) {
        cache.clear();
      }
      if (!cacheTtl.isZero() && clears.get() == generation) {
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
    clears.incrementAndGet();
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
