package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.domain.agent.Agent;
import org.agentcommerce.platform.domain.agent.AgentRepository;
import org.agentcommerce.platform.domain.agent.ApiKey;
import org.agentcommerce.platform.testing.MutableClock;
import org.junit.jupiter.api.Test;

/** A revocation made on another node reaches this one when its cached entry runs out. */
class AuthenticationServiceTest {

  private final MutableClock clock = MutableClock.at("2025-03-01T12:00:00Z");
  private final Map<String, ApiKey> stored = new HashMap<>();
  private final Agent agent =
      new Agent("agent_1", "A", "a@x.test", null, null, "standard", clock.instant());

  private AuthenticationService service(Duration ttl) {
    AuthenticationService service = new AuthenticationService();
    service.agents = new StoredKeys();
    service.clock = clock;
    service.cacheTtl = ttl;
    service.usage =
        new KeyUsage() {
          @Override
          public void recordUse(String keyId, Instant at) {}
        };
    return service;
  }

  @Test
  void aKeyRevokedElsewhereIsRefusedOnceTheCacheTtlHasPassed() {
    String secret = ApiKeys.newSecret();
    store(secret);
    AuthenticationService node = service(Duration.ofSeconds(5));
    assertEquals("key_1", node.authenticate(secret).key().id());

    // Another node revokes the key in the database.
    ApiKey revoked = store(secret);
    revoked.revoke();

    clock.advance(Duration.ofSeconds(5));
    ApiException refused = assertThrows(ApiException.class, () -> node.authenticate(secret));
    assertEquals("INVALID_API_KEY", refused.code());
  }

  @Test
  void withoutACacheARevocationCountsAtOnce() {
    String secret = ApiKeys.newSecret();
    store(secret);
    AuthenticationService node = service(Duration.ZERO);
    node.authenticate(secret);

    store(secret).revoke();

    assertEquals(
        "INVALID_API_KEY",
        assertThrows(ApiException.class, () -> node.authenticate(secret)).code());
  }

  private ApiKey store(String secret) {
    ApiKey key =
        new ApiKey(
            "key_1",
            agent.id(),
            ApiKeys.hash(secret),
            ApiKeys.hint(secret),
            Set.of(),
            clock.instant());
    stored.put(key.keyHash(), key);
    return key;
  }

  /** The database as every node sees it. */
  private final class StoredKeys implements AgentRepository {
    @Override
    public Optional<Agent> findById(String agentId) {
      return Optional.of(agent).filter(a -> a.id().equals(agentId));
    }

    @Override
    public Optional<ApiKey> findKeyByHash(String keyHash) {
      return Optional.ofNullable(stored.get(keyHash));
    }

    @Override
    public Optional<Agent> findByEmail(String email) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Optional<Agent> lockById(String agentId) {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<ApiKey> findUsableKeys(String agentId, Instant now) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Optional<ApiKey> findKey(String agentId, String keyId) {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<ApiKey> findKeys(String agentId, int max) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void add(Agent agent) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void add(ApiKey key) {
      throw new UnsupportedOperationException();
    }
  }
}
