package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.UnknownOutcomes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs a keyed request once. The first request with a key claims it (an INSERT that a unique key
 * lets one request win) and holds the claim with a random holder token and a lease that its node
 * renews while it works; a repeat with the same request gets the stored answer; a repeat with
 * another request is a 409 {@code idempotency_conflict}; a repeat while the first still runs is a
 * 409 {@code idempotency_in_flight} with {@code Retry-After}. A claim is taken over only when its
 * lease ran out (its node stopped renewing it) and the operation has no outside effects.
 */
@ApplicationScoped
public class IdempotencyService {

  private static final Logger LOG = Logger.getLogger(IdempotencyService.class.getName());

  @Inject IdempotencyStore store;
  @Inject IdempotencyLeases leases;
  @Inject Instance<UnknownOutcomes> outcomes;

  @Inject
  @ConfigProperty(name = "ac.idempotency.ttl", defaultValue = "PT24H")
  Duration ttl;

  @Inject
  @ConfigProperty(name = "ac.idempotency.in-flight-timeout", defaultValue = "PT30S")
  Duration inFlightTimeout;

  /** What to do with a request: run it (holding the claim) or answer with a stored reply. */
  public sealed interface Decision permits Proceed, Replay {}

  /** Run the request while holding this claim. */
  public record Proceed(String recordId, String holder) implements Decision {}

  /** Answer with this stored response; {@code headers} as stored (JSON), or null. */
  public record Replay(int status, String body, String headers) implements Decision {}

  public Decision begin(
      String agentId, String operation, String key, String requestHash, boolean outsideEffects) {
    long lease = leaseSeconds();
    long ttlSeconds = Math.max(1, ttl.toSeconds());
    for (int attempt = 0; attempt < 3; attempt++) {
      String holder = Ids.randomHex(16);
      IdempotencyStore.Claim claim =
          new IdempotencyStore.Claim(
              Ids.newId("idem", 10), agentId, operation, key, requestHash, holder, outsideEffects);
      if (store.claim(claim, lease, ttlSeconds)) {
        leases.hold(holder);
        return new Proceed(claim.id(), holder);
      }
      var existing = store.find(agentId, operation, key);
      if (existing.isEmpty()) {
        continue; // released between our insert and our read: try to claim again
      }
      IdempotencyStore.Snapshot held = existing.get();
      boolean holderGone = held.inFlight() && held.leaseExpired();
      if (holderGone && held.outsideEffects()) {
        // Its node died during a call to an outside system: nobody knows whether it happened.
        store.markOutcomeUnknown(held.id(), held.holder());
      } else if ((held.completed() && held.expired()) || holderGone) {
        String newHolder = Ids.randomHex(16);
        if (store.takeOver(
            held.id(), held.holder(), newHolder, requestHash, outsideEffects, lease, ttlSeconds)) {
          leases.hold(newHolder);
          LOG.info(() -> "Took over idempotency claim " + held.id() + " whose holder is gone");
          return new Proceed(held.id(), newHolder);
        }
        continue;
      }
      if (!held.requestHash().equals(requestHash)) {
        throw new ApiException(
            409,
            "idempotency_conflict",
            "This Idempotency-Key was already used with a different request (body, query,"
                + " path parameters, key scope or buyer).",
            Map.of("idempotency_key", key),
            Map.of());
      }
      if (held.inFlight() && !holderGone) {
        throw inFlight(key);
      }
      if (!held.completed()) {
        Optional<UnknownOutcomes.Outcome> decided = decided(operation, held.id());
        if (decided.isPresent() && decided.get() instanceof UnknownOutcomes.Answered answered) {
          String body = IdempotentExecution.storedBody(answered.body());
          String headers =
              IdempotentExecution.storedHeaders(MediaType.APPLICATION_JSON_TYPE, name -> null);
          if (store.resolveUnknown(held.id(), answered.status(), body, headers)) {
            LOG.info(() -> "Idempotency key " + held.id() + " answered as reconciled");
            return new Replay(answered.status(), body, headers);
          }
          continue; // decided by another request meanwhile: read it again
        }
        if (decided.isPresent()) {
          store.resolveUnknown(held.id(), null, null, null);
          LOG.info(() -> "Idempotency key " + held.id() + " released: its request did nothing");
          continue; // released: this request claims the key as the first one
        }
        throw new ApiException(
            409,
            "idempotency_outcome_unknown",
            "The first request with this Idempotency-Key reached an outside system and its"
                + " outcome is not known yet; it is being reconciled. Retry later: the answer will"
                + " be the first request's, never a second execution.",
            Map.of("idempotency_key", key),
            Map.of("Retry-After", "5"));
      }
      return new Replay(held.status(), held.body(), held.headers());
    }
    throw inFlight(key);
  }

  /** What the owner of {@code operation} found out about an unknown key, if anything yet. */
  private Optional<UnknownOutcomes.Outcome> decided(String operation, String recordId) {
    for (UnknownOutcomes owner : outcomes) {
      Optional<UnknownOutcomes.Outcome> decided = owner.decide(operation, recordId);
      if (decided.isPresent()) {
        return decided;
      }
    }
    return Optional.empty();
  }

  private static ApiException inFlight(String key) {
    return new ApiException(
        409,
        "idempotency_in_flight",
        "A request with this Idempotency-Key is still being processed; retry shortly.",
        Map.of("idempotency_key", key),
        Map.of("Retry-After", "1"));
  }

  /**
   * Stores the answer in the current transaction, with the operation's own writes. Throws 409
   * {@code idempotency_in_flight} (rolling the transaction back) when the claim was taken over.
   */
  public void completeWithWork(Proceed claim, int status, String body, String headers) {
    if (!store.completeInCurrentTransaction(
        claim.recordId(), claim.holder(), status, body, headers)) {
      throw lostClaim(claim);
    }
  }

  /** Stores the answer of a request that wrote nothing (a refusal), in its own commit. */
  public void completeAlone(Proceed claim, int status, String body, String headers) {
    if (!store.completeAlone(claim.recordId(), claim.holder(), status, body, headers)) {
      LOG.info(() -> "Idempotency claim " + claim.recordId() + " was lost before its refusal");
    }
  }

  /** Forgets a claim whose request changed nothing, so that a retry runs again. */
  public void release(Proceed claim) {
    store.release(claim.recordId(), claim.holder());
  }

  /** Keeps a claim whose outside effect may have happened, for reconciliation. */
  public void markOutcomeUnknown(Proceed claim) {
    store.markOutcomeUnknown(claim.recordId(), claim.holder());
  }

  /** The claim is no longer worked on by this node: stop renewing its lease. */
  public void letGo(Proceed claim) {
    leases.drop(claim.holder());
  }

  private ApiException lostClaim(Proceed claim) {
    LOG.info(() -> "Idempotency claim " + claim.recordId() + " was taken over; rolling back");
    return new ApiException(
        409,
        "idempotency_in_flight",
        "Another request took over this Idempotency-Key while this one ran; nothing was changed"
            + " by this one. Retry to get the answer.",
        Map.of(),
        Map.of("Retry-After", "1"));
  }

  long leaseSeconds() {
    return Math.max(1, inFlightTimeout.toSeconds());
  }

  /** Deletes expired keys; returns how many. */
  public int purgeExpired() {
    return store.deleteExpired();
  }
}
