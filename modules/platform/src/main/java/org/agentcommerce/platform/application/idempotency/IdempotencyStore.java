package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Instant;
import java.util.Optional;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.domain.idempotency.IdempotencyRecord;

/**
 * Each step of the idempotency protocol in its own committed transaction, so that every node sees a
 * key as soon as one node claims it. The claim itself is an INSERT that the unique key on (agent,
 * operation, key) lets only one request win.
 */
@ApplicationScoped
public class IdempotencyStore {

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** Inserts the claim; throws if another request holds the key already. */
  @Transactional(TxType.REQUIRES_NEW)
  public void claim(IdempotencyRecord record) {
    em.persist(record);
    em.flush();
  }

  @Transactional(TxType.REQUIRES_NEW)
  public Optional<Snapshot> find(String agentId, String operation, String key) {
    return em.createNamedQuery("IdempotencyRecord.find", IdempotencyRecord.class)
        .setParameter("agentId", agentId)
        .setParameter("operation", operation)
        .setParameter("key", key)
        .getResultStream()
        .findFirst()
        .map(Snapshot::of);
  }

  /**
   * Takes over a record whose holder is gone (in flight since before {@code staleBefore}) or whose
   * stored result has expired. Returns whether this request won the take-over.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean takeOver(
      String id, Instant seenCreatedAt, String requestHash, Instant now, Instant expiresAt) {
    IdempotencyRecord record = em.find(IdempotencyRecord.class, id);
    if (record == null || !record.createdAt().equals(seenCreatedAt)) {
      return false;
    }
    em.lock(record, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE);
    em.refresh(record);
    if (!record.createdAt().equals(seenCreatedAt)) {
      return false;
    }
    record.restart(requestHash, now, expiresAt);
    return true;
  }

  @Transactional(TxType.REQUIRES_NEW)
  public void complete(String id, int status, String body) {
    IdempotencyRecord record = em.find(IdempotencyRecord.class, id);
    if (record != null) {
      record.complete(status, body);
    }
  }

  /** Forgets a claim whose request failed on our side, so that a retry runs again. */
  @Transactional(TxType.REQUIRES_NEW)
  public void release(String id) {
    IdempotencyRecord record = em.find(IdempotencyRecord.class, id);
    if (record != null) {
      em.remove(record);
    }
  }

  @Transactional(TxType.REQUIRES_NEW)
  public int deleteExpired(Instant now) {
    return em.createNamedQuery("IdempotencyRecord.deleteExpired")
        .setParameter("now", now)
        .executeUpdate();
  }

  /** A detached view of a record. */
  public record Snapshot(
      String id,
      String requestHash,
      boolean completed,
      Integer status,
      String body,
      Instant createdAt,
      Instant expiresAt) {
    static Snapshot of(IdempotencyRecord r) {
      return new Snapshot(
          r.id(),
          r.requestHash(),
          r.isCompleted(),
          r.responseStatus(),
          r.responseBody(),
          r.createdAt(),
          r.expiresAt());
    }
  }
}
