package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.domain.idempotency.IdempotencyRecord;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs a keyed request once. The first request with a key claims it; a repeat with the same body
 * gets the stored response; a repeat with another body is a 409 {@code idempotency_conflict}; a
 * repeat while the first still runs is a 409 {@code idempotency_in_flight} with {@code
 * Retry-After}. Responses of 5xx are never stored. Keys expire after {@code ac.idempotency.ttl}.
 */
@ApplicationScoped
public class IdempotencyService {

  private static final Logger LOG = Logger.getLogger(IdempotencyService.class.getName());

  @Inject IdempotencyStore store;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.idempotency.ttl", defaultValue = "PT24H")
  Duration ttl;

  @Inject
  @ConfigProperty(name = "ac.idempotency.in-flight-timeout", defaultValue = "PT60S")
  Duration inFlightTimeout;

  /** What to do with a request: run it (holding {@code recordId}) or answer with a stored reply. */
  public sealed interface Decision permits Proceed, Replay {}

  /** Run the request; report its response with {@link #finish}. */
  public record Proceed(String recordId) implements Decision {}

  /** Answer with this stored response. */
  public record Replay(int status, String body) implements Decision {}

  public Decision begin(String agentId, String operation, String key, String requestHash) {
    for (int attempt = 0; attempt < 3; attempt++) {
      Instant now = clock.instant();
      IdempotencyRecord claim =
          new IdempotencyRecord(
              Ids.newId("idem", 10), agentId, operation, key, requestHash, now, now.plus(ttl));
      try {
        store.claim(claim);
        return new Proceed(claim.id());
      } catch (RuntimeException lost) {
        // Another request holds the key (unique constraint); see what it left.
        LOG.log(Level.FINE, "idempotency key already claimed", lost);
      }
      Optional<IdempotencyStore.Snapshot> existing = store.find(agentId, operation, key);
      if (existing.isEmpty()) {
        continue; // released between our insert and our read: try to claim again
      }
      IdempotencyStore.Snapshot held = existing.get();
      boolean expired = held.expiresAt().isBefore(now);
      boolean abandoned =
          !held.completed() && held.createdAt().isBefore(now.minus(inFlightTimeout));
      if (expired || abandoned) {
        if (store.takeOver(held.id(), held.createdAt(), requestHash, now, now.plus(ttl))) {
          return new Proceed(held.id());
        }
        continue;
      }
      if (!held.requestHash().equals(requestHash)) {
        throw new ApiException(
            409,
            "idempotency_conflict",
            "This Idempotency-Key was already used with a different request body.",
            Map.of("idempotency_key", key),
            Map.of());
      }
      if (!held.completed()) {
        throw new ApiException(
            409,
            "idempotency_in_flight",
            "A request with this Idempotency-Key is still being processed; retry shortly.",
            Map.of("idempotency_key", key),
            Map.of("Retry-After", "1"));
      }
      return new Replay(held.status(), held.body());
    }
    throw new ApiException(
        409,
        "idempotency_in_flight",
        "A request with this Idempotency-Key is changing state; retry shortly.",
        Map.of("idempotency_key", key),
        Map.of("Retry-After", "1"));
  }

  /** Stores the response to replay, or forgets the key when the server failed (5xx). */
  public void finish(String recordId, int status, String body) {
    if (status >= 500) {
      store.release(recordId);
    } else {
      store.complete(recordId, status, body);
    }
  }

  /** Deletes expired keys; returns how many. */
  public int purgeExpired() {
    return store.deleteExpired(clock.instant());
  }
}
