package org.agentcommerce.payment.infrastructure.psp.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.platform.api.Database;

/**
 * The sandbox PSP's own books. Each write is a transaction of its own (REQUIRES_NEW), as a real
 * PSP's would be: what it recorded stays recorded whatever happens to the caller's transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
public class SandboxLedger {

  private static final String NOW = "CURRENT_TIMESTAMP(6)";
  private static final String COLUMNS =
      "id, idempotency_key, reference, amount_minor, currency, token, status, decline_code,"
          + " return_url, refunded_minor, request_hash";

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** A charge as the sandbox holds it. */
  public record Charge(
      String id,
      String idempotencyKey,
      String reference,
      long amountMinor,
      String currency,
      String token,
      String status,
      String declineCode,
      String returnUrl,
      long refundedMinor,
      String requestHash) {

    /** A fence's record: no charge, the key closed to charges. */
    public boolean fenced() {
      return FENCED.equals(status);
    }
  }

  /** The status of a fence's record under a key. */
  public static final String FENCED = "fenced";

  /** The fingerprint a fence records (no charge request has it). */
  static final String FENCE_HASH = "0".repeat(64);

  /**
   * Another request was sent under a key whose first request differed (Stripe's idempotency_error,
   * Adyen's 422 on a reused key): refused, nothing recorded, nothing charged.
   */
  public static class KeyReused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public final transient Charge first;

    KeyReused(Charge first) {
      super("the idempotency key was used with another request", null, false, false);
      this.first = first;
    }
  }

  /**
   * Records a charge once per idempotency key, as Stripe's and Adyen's idempotency do: a second
   * call with the key and the same request ({@code requestHash}) answers the first charge (settled
   * first when it is due); a call with the key and another request — a fence's record included — is
   * refused with {@link KeyReused}, whatever the first became.
   */
  public Charge record(
      String requestHash,
      String id,
      String idempotencyKey,
      String reference,
      long amountMinor,
      String currency,
      String token,
      String status,
      String declineCode,
      long settleAfterMillis,
      String settleTo,
      String returnUrl) {
    // A plain read first: no locking read or update of a key that is not there (on MariaDB that
    // takes a gap lock, and two concurrent first charges then deadlock on their inserts).
    Optional<Charge> existing = first("idempotency_key", idempotencyKey);
    if (existing.isPresent()) {
      return sameRequest(existing.get(), requestHash);
    }
    em.createNativeQuery(
            "INSERT INTO sandbox_psp_charges (id, idempotency_key, reference, amount_minor,"
                + " currency, token, status, decline_code, settle_at, settle_to, return_url,"
                + " refunded_minor, request_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?,"
                + " ?, ?, ?, "
                + (settleTo == null
                    ? "NULL"
                    : "TIMESTAMPADD(MICROSECOND, " + settleAfterMillis * 1000 + ", " + NOW + ")")
                + ", ?, ?, 0, ?, "
                + NOW
                + ", "
                + NOW
                + ")")
        .setParameter(1, id)
        .setParameter(2, idempotencyKey)
        .setParameter(3, reference)
        .setParameter(4, amountMinor)
        .setParameter(5, currency)
        .setParameter(6, token)
        .setParameter(7, status)
        .setParameter(8, declineCode)
        .setParameter(9, settleTo)
        .setParameter(10, returnUrl)
        .setParameter(11, requestHash)
        .executeUpdate();
    return byKey(idempotencyKey).orElseThrow();
  }

  private Charge sameRequest(Charge first, String requestHash) {
    if (first.fenced()
        || (first.requestHash() != null && !first.requestHash().equals(requestHash))) {
      throw new KeyReused(first);
    }
    return settled(first);
  }

  /**
   * Closes {@code idempotencyKey} to charges: records a fence (no money, status {@link #FENCED})
   * unless something is recorded under the key already, and answers what the key holds now — the
   * fence, or the charge that came first. A concurrent charge and fence both insert the key; the
   * key's UNIQUE constraint lets one of them in, and the loser reads the winner's record.
   */
  public Charge fence(String id, String idempotencyKey, String reference, String currency) {
    Optional<Charge> existing = first("idempotency_key", idempotencyKey);
    if (existing.isPresent()) {
      return settled(existing.get());
    }
    em.createNativeQuery(
            "INSERT INTO sandbox_psp_charges (id, idempotency_key, reference, amount_minor,"
                + " currency, token, status, refunded_minor, request_hash, created_at, updated_at)"
                + " VALUES (?, ?, ?, 0, ?, 'fence', '"
                + FENCED
                + "', 0, ?, "
                + NOW
                + ", "
                + NOW
                + ")")
        .setParameter(1, id)
        .setParameter(2, idempotencyKey)
        .setParameter(3, reference)
        .setParameter(4, currency)
        .setParameter(5, FENCE_HASH)
        .executeUpdate();
    return byKey(idempotencyKey).orElseThrow();
  }

  public Optional<Charge> byKey(String idempotencyKey) {
    return first("idempotency_key", idempotencyKey).map(this::settled);
  }

  public Optional<Charge> byId(String id) {
    return first("id", id).map(this::settled);
  }

  public Optional<Charge> byReference(String reference) {
    return first("reference", reference).map(this::settled);
  }

  /** A processing charge whose time has come settles (by its primary key), then is read again. */
  private Charge settled(Charge c) {
    if (!"processing".equals(c.status())) {
      return c;
    }
    int n =
        em.createNativeQuery(
                "UPDATE sandbox_psp_charges SET status = settle_to, settle_to = NULL, settle_at = NULL,"
                    + " updated_at = "
                    + NOW
                    + " WHERE id = ? AND status = 'processing' AND settle_to IS NOT NULL AND settle_at"
                    + " <= "
                    + NOW)
            .setParameter(1, c.id())
            .executeUpdate();
    return n == 0 ? c : first("id", c.id()).orElse(c);
  }

  /** The buyer's answer to a 3-D Secure challenge; only a charge that waits for it moves. */
  public boolean challengeAnswered(String id, boolean approved) {
    return em.createNativeQuery(
                "UPDATE sandbox_psp_charges SET status = ?, decline_code = ?, updated_at = "
                    + NOW
                    + " WHERE id = ? AND status = 'requires_action'")
            .setParameter(1, approved ? "succeeded" : "failed")
            .setParameter(2, approved ? null : "authentication_failed")
            .setParameter(3, id)
            .executeUpdate()
        == 1;
  }

  /**
   * Cancels a charge that waits for the buyer or settles later; answers the charge as it stands
   * (cancelled, or what it became first).
   */
  public Optional<Charge> cancel(String id) {
    em.createNativeQuery(
            "UPDATE sandbox_psp_charges SET status = 'canceled', settle_to = NULL, settle_at ="
                + " NULL, updated_at = "
                + NOW
                + " WHERE id = ? AND status IN ('requires_action', 'processing')")
        .setParameter(1, id)
        .executeUpdate();
    return first("id", id);
  }

  private Optional<Charge> first(String column, String value) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT " + COLUMNS + " FROM sandbox_psp_charges WHERE " + column + " = ?")
            .setParameter(1, value)
            .getResultList();
    return rows.stream()
        .findFirst()
        .map(
            r ->
                new Charge(
                    (String) r[0],
                    (String) r[1],
                    (String) r[2],
                    ((Number) r[3]).longValue(),
                    ((String) r[4]).trim(),
                    (String) r[5],
                    (String) r[6],
                    (String) r[7],
                    (String) r[8],
                    ((Number) r[9]).longValue(),
                    r[10] == null ? null : ((String) r[10]).trim()));
  }
}
