package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.domain.agent.AgentRepository;
import org.agentcommerce.platform.domain.agent.ApiKey;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * An agent's keys: issuing, rotation, the listing and revocation. Only the agent's current key may
 * rotate or revoke, a rotated key keeps or narrows its merchant scope, and a leaked key can be
 * revoked by the current one.
 *
 * <p>Rotation and revocation lock the agent's row first, so that an agent's key changes happen one
 * at a time on every node (two rotations by one key cannot both succeed). Each runs in a
 * transaction of its own whose first statement is that lock: under MariaDB's REPEATABLE READ, reads
 * see the changes committed while the lock was awaited only if nothing was read before it.
 */
@ApplicationScoped
@Transactional
public class AgentKeyService {

  /** Keys listed at most, newest first. */
  public static final int LISTED_KEYS = 100;

  @Inject AgentRepository agents;
  @Inject Event<AuthenticationService.KeysChanged> keysChanged;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.auth.rotation-grace", defaultValue = "PT24H")
  Duration rotationGrace;

  /** A new key, its secret (shown once) and when the keys it replaced stop working. */
  public record Rotation(ApiKey key, String secret, Instant previousKeysExpireAt) {}

  /** Issues a key with the given scope (empty: every merchant) and stores only its hash. */
  public ApiKey issue(String agentId, String secret, Set<String> merchantIds, Instant now) {
    ApiKey key =
        new ApiKey(
            Ids.newId("key", 8),
            agentId,
            ApiKeys.hash(secret),
            ApiKeys.hint(secret),
            merchantIds == null ? Set.of() : merchantIds,
            now);
    agents.add(key);
    return key;
  }

  /**
   * Replaces the agent's current key, which must be the caller's: the new key gets the requested
   * scope ({@code null} keeps the caller's), the agent's other usable keys work for the rotation
   * grace period.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Rotation rotate(String agentId, String callerKeyId, Set<String> requestedScope) {
    lockAgent(agentId);
    ApiKey caller = requireCurrent(agentId, callerKeyId);
    Set<String> scope = rotatedScope(caller.merchantIds(), requestedScope);
    Instant now = clock.instant();
    Instant graceEnd = now.plus(rotationGrace);
    for (ApiKey old : agents.findUsableKeys(agentId, now)) {
      old.expireAt(graceEnd);
    }
    String secret = ApiKeys.newSecret();
    ApiKey key = issue(agentId, secret, scope, now);
    keysChanged.fire(new AuthenticationService.KeysChanged(agentId));
    return new Rotation(key, secret, graceEnd);
  }

  /** The agent's keys, newest first, at most {@link #LISTED_KEYS}. */
  public List<ApiKey> keys(String agentId) {
    return agents.findKeys(agentId, LISTED_KEYS);
  }

  /**
   * Revokes one of the agent's keys at the request of its current key. Revoking a revoked key
   * changes nothing; the current key itself cannot be revoked (rotate first).
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public ApiKey revoke(String agentId, String callerKeyId, String keyId) {
    lockAgent(agentId);
    requireCurrent(agentId, callerKeyId);
    ApiKey key =
        agents
            .findKey(agentId, keyId)
            .orElseThrow(
                () ->
                    new ApiException(
                        404,
                        "API_KEY_NOT_FOUND",
                        "This agent has no API key with this id.",
                        Map.of("key_id", keyId),
                        Map.of()));
    if (key.id().equals(callerKeyId)) {
      throw new ApiException(
          409,
          "CURRENT_KEY_NOT_REVOCABLE",
          "A key cannot revoke itself. Rotate first, then revoke this key with the new one.",
          Map.of("key_id", keyId),
          Map.of());
    }
    key.revoke();
    keysChanged.fire(new AuthenticationService.KeysChanged(agentId));
    return key;
  }

  /**
   * Refuses an empty merchant list: it would read as "no merchants" to some and as "every merchant"
   * to others. Omitting the list is how a caller asks for every merchant (at registration) or for
   * the current key's merchants (on rotation).
   */
  public static void requireNonEmptyScope(Set<String> requested) {
    if (requested != null && requested.isEmpty()) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "allowed_merchant_ids"),
              "allowed_merchant_ids must name at least one merchant; omit it for every merchant"
                  + " (registration) or to keep the current key's merchants (rotation)",
              "value_error.empty_scope"));
    }
  }

  /** The rotated key's scope: the current one, or a part of it; never more. */
  static Set<String> rotatedScope(Set<String> current, Set<String> requested) {
    if (requested == null) {
      return current;
    }
    requireNonEmptyScope(requested);
    if (current.isEmpty()) {
      return requested;
    }
    TreeSet<String> outside = new TreeSet<>(requested);
    outside.removeAll(current);
    if (!outside.isEmpty()) {
      throw new ApiException(
          403,
          "MERCHANT_ACCESS_DENIED",
          "A rotated key keeps or narrows the current key's merchants; this key may not act on "
              + String.join(", ", outside)
              + ".",
          Map.of("merchant_ids", List.copyOf(outside)),
          Map.of());
    }
    return requested;
  }

  private void lockAgent(String agentId) {
    agents
        .lockById(agentId)
        .orElseThrow(() -> new IllegalStateException("No agent " + agentId + " to lock"));
  }

  /** The caller's key as stored now (not as cached), which must be the agent's current key. */
  private ApiKey requireCurrent(String agentId, String callerKeyId) {
    ApiKey caller =
        agents.findKey(agentId, callerKeyId).orElseThrow(AuthenticationService::invalidKey);
    if (!caller.isCurrent()) {
      throw new ApiException(
          403,
          "KEY_NOT_CURRENT",
          "Only the agent's current API key may rotate or revoke keys; this key was replaced by a"
              + " rotation or revoked.",
          Map.of("key_id", callerKeyId),
          Map.of());
    }
    return caller;
  }
}
