package org.agentcommerce.platform.application.idempotency;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.platform.api.Database;

/**
 * The idempotency protocol's SQL. Every change is a compare-and-set on the claim's holder token, so
 * a request that lost its claim can neither complete nor release the claim of the request that took
 * it over. Times are the database's ({@code CURRENT_TIMESTAMP}), written and compared in SQL, so
 * nodes in other time zones or with drifting clocks agree on a lease's age.
 *
 * <p>Claiming, taking over, releasing and renewing commit on their own so every node sees them at
 * once; {@link #completeInCurrentTransaction} joins the caller's transaction, so a key is completed
 * if and only if the operation's own database work commits.
 */
@ApplicationScoped
public class IdempotencyStore {

  static final String IN_FLIGHT = "in_flight";
  static final String COMPLETED = "completed";
  static final String OUTCOME_UNKNOWN = "outcome_unknown";

  private static final String NOW = "CURRENT_TIMESTAMP(6)";

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** What a new claim is. */
  public record Claim(
      String id,
      String agentId,
      String operation,
      String key,
      String requestHash,
      String holder,
      boolean outsideEffects) {}

  /**
   * Inserts the claim in its own commit; returns false when another request holds the key (the
   * unique key on agent, operation and key). Plain JDBC, so that a lost race is an answer and not a
   * logged persistence failure: any client can cause one at will.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean claim(Claim claim, long leaseSeconds, long ttlSeconds) {
    try (Connection connection = Database.lookupDataSource().getConnection();
        PreparedStatement insert =
            connection.prepareStatement(
                "INSERT INTO idempotency_records (id, agent_id, operation, idem_key,"
                    + " request_hash, state, holder, outside_effects, created_at, lease_until,"
                    + " expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                    + NOW
                    + ", TIMESTAMPADD(SECOND, ?, "
                    + NOW
                    + "), TIMESTAMPADD(SECOND, ?, "
                    + NOW
                    + "))")) {
      insert.setString(1, claim.id());
      insert.setString(2, claim.agentId());
      insert.setString(3, claim.operation());
      insert.setString(4, claim.key());
      insert.setString(5, claim.requestHash());
      insert.setString(6, IN_FLIGHT);
      insert.setString(7, claim.holder());
      insert.setInt(8, claim.outsideEffects() ? 1 : 0);
      insert.setLong(9, leaseSeconds);
      insert.setLong(10, ttlSeconds);
      insert.executeUpdate();
      return true;
    } catch (SQLException e) {
      if (isUniqueViolation(e)) {
        return false;
      }
      throw new IllegalStateException("Cannot claim an idempotency key", e);
    }
  }

  @Transactional(TxType.REQUIRES_NEW)
  public Optional<Snapshot> find(String agentId, String operation, String key) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT id, holder, request_hash, state, response_status, response_body,"
                    + " response_headers, outside_effects, CASE WHEN lease_until < "
                    + NOW
                    + " THEN 1 ELSE 0 END, CASE WHEN expires_at < "
                    + NOW
                    + " THEN 1 ELSE 0 END FROM idempotency_records WHERE agent_id = ?1 AND"
                    + " operation = ?2 AND idem_key = ?3")
            .setParameter(1, agentId)
            .setParameter(2, operation)
            .setParameter(3, key)
            .getResultList();
    return rows.stream().findFirst().map(Snapshot::of);
  }

  /**
   * Takes over the claim from {@code seenHolder} when its lease ran out (the holder stopped
   * renewing it: its node is gone) and its operation has no outside effects, or when its stored
   * answer expired. A claim whose outcome is unknown is never taken over, however old. Returns
   * whether this request won.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean takeOver(
      String id,
      String seenHolder,
      String newHolder,
      String requestHash,
      boolean outsideEffects,
      long leaseSeconds,
      long ttlSeconds) {
    return em.createNativeQuery(
                "UPDATE idempotency_records SET holder = ?1, request_hash = ?2, state = ?3,"
                    + " outside_effects = ?4, response_status = NULL, response_body = NULL,"
                    + " response_headers = NULL, created_at = "
                    + NOW
                    + ", lease_until = TIMESTAMPADD(SECOND, ?5, "
                    + NOW
                    + "), expires_at = TIMESTAMPADD(SECOND, ?6, "
                    + NOW
                    + ") WHERE id = ?7 AND holder = ?8 AND ((state = ?9 AND expires_at < "
                    + NOW
                    + ") OR (state = ?3 AND outside_effects = 0 AND lease_until < "
                    + NOW
                    + "))")
            .setParameter(1, newHolder)
            .setParameter(2, requestHash)
            .setParameter(3, IN_FLIGHT)
            .setParameter(4, outsideEffects ? 1 : 0)
            .setParameter(5, leaseSeconds)
            .setParameter(6, ttlSeconds)
            .setParameter(7, id)
            .setParameter(8, seenHolder)
            .setParameter(9, COMPLETED)
            .executeUpdate()
        == 1;
  }

  /**
   * Stores the answer in the caller's transaction, if {@code holder} still holds the claim. The
   * update locks the row until that transaction ends, so a take-over waits for the outcome.
   */
  @Transactional(TxType.MANDATORY)
  public boolean completeInCurrentTransaction(
      String id, String holder, int status, String body, String headers) {
    return complete(id, holder, status, body, headers);
  }

  /** Stores the answer of a request whose work did not commit (a refusal), in its own commit. */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean completeAlone(String id, String holder, int status, String body, String headers) {
    return complete(id, holder, status, body, headers);
  }

  private boolean complete(String id, String holder, int status, String body, String headers) {
    return em.createNativeQuery(
                "UPDATE idempotency_records SET state = ?1, response_status = ?2, response_body ="
                    + " ?3, response_headers = ?4 WHERE id = ?5 AND holder = ?6 AND state = ?7")
            .setParameter(1, COMPLETED)
            .setParameter(2, status)
            .setParameter(3, body)
            .setParameter(4, headers)
            .setParameter(5, id)
            .setParameter(6, holder)
            .setParameter(7, IN_FLIGHT)
            .executeUpdate()
        == 1;
  }

  /**
   * Renews the claim's lease in the caller's transaction if {@code holder} still holds it in
   * flight; the update locks the record until that transaction ends, so a retry cannot declare it
   * unknown meanwhile. Returns whether the holder still holds it.
   */
  @Transactional(TxType.MANDATORY)
  public boolean holdInCurrentTransaction(String id, String holder, long leaseSeconds) {
    return em.createNativeQuery(
                "UPDATE idempotency_records SET lease_until = TIMESTAMPADD(SECOND, ?1, "
                    + NOW
                    + ") WHERE id = ?2 AND holder = ?3 AND state = ?4")
            .setParameter(1, leaseSeconds)
            .setParameter(2, id)
            .setParameter(3, holder)
            .setParameter(4, IN_FLIGHT)
            .executeUpdate()
        == 1;
  }

  /** Forgets a claim whose request changed nothing, so that a retry runs again. */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean release(String id, String holder) {
    return em.createNativeQuery(
                "DELETE FROM idempotency_records WHERE id = ?1 AND holder = ?2 AND state = ?3")
            .setParameter(1, id)
            .setParameter(2, holder)
            .setParameter(3, IN_FLIGHT)
            .executeUpdate()
        == 1;
  }

  /** Keeps a claim whose outside effect may have happened, for reconciliation to decide. */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean markOutcomeUnknown(String id, String holder) {
    return em.createNativeQuery(
                "UPDATE idempotency_records SET state = ?1 WHERE id = ?2 AND holder = ?3 AND"
                    + " state = ?4")
            .setParameter(1, OUTCOME_UNKNOWN)
            .setParameter(2, id)
            .setParameter(3, holder)
            .setParameter(4, IN_FLIGHT)
            .executeUpdate()
        == 1;
  }

  /**
   * Decides a claim left {@code outcome_unknown}, once reconciliation knows what happened: with an
   * answer to replay, or released ({@code status} null) when nothing happened.
   */
  @Transactional(TxType.REQUIRED)
  public boolean resolveUnknown(String id, Integer status, String body, String headers) {
    if (status == null) {
      return em.createNativeQuery("DELETE FROM idempotency_records WHERE id = ?1 AND state = ?2")
              .setParameter(1, id)
              .setParameter(2, OUTCOME_UNKNOWN)
              .executeUpdate()
          == 1;
    }
    return em.createNativeQuery(
                "UPDATE idempotency_records SET state = ?1, response_status = ?2, response_body ="
                    + " ?3, response_headers = ?4 WHERE id = ?5 AND state = ?6")
            .setParameter(1, COMPLETED)
            .setParameter(2, status)
            .setParameter(3, body)
            .setParameter(4, headers)
            .setParameter(5, id)
            .setParameter(6, OUTCOME_UNKNOWN)
            .executeUpdate()
        == 1;
  }

  /** Extends the leases of the claims these holders still have in flight. */
  @Transactional(TxType.REQUIRES_NEW)
  public int renew(List<String> holders, long leaseSeconds) {
    int renewed = 0;
    for (String holder : holders) {
      renewed +=
          em.createNativeQuery(
                  "UPDATE idempotency_records SET lease_until = TIMESTAMPADD(SECOND, ?1, "
                      + NOW
                      + ") WHERE holder = ?2 AND state = ?3")
              .setParameter(1, leaseSeconds)
              .setParameter(2, holder)
              .setParameter(3, IN_FLIGHT)
              .executeUpdate();
    }
    return renewed;
  }

  /**
   * Deletes expired keys; returns how many. Keys whose outcome is unknown (or may become unknown:
   * an outside-effects claim in flight) wait for reconciliation, however old they are.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public int deleteExpired() {
    return em.createNativeQuery(
            "DELETE FROM idempotency_records WHERE expires_at < "
                + NOW
                + " AND (state = ?1 OR (state = ?2 AND outside_effects = 0))")
        .setParameter(1, COMPLETED)
        .setParameter(2, IN_FLIGHT)
        .executeUpdate();
  }

  /** Whether a failure is a unique-key violation: another request won the insert. */
  static boolean isUniqueViolation(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SQLIntegrityConstraintViolationException) {
        return true;
      }
      if (t instanceof SQLException sql
          && sql.getSQLState() != null
          && sql.getSQLState().startsWith("23")) {
        return true;
      }
    }
    return false;
  }

  /** A detached view of a record; lease and expiry as judged by the database's clock. */
  public record Snapshot(
      String id,
      String holder,
      String requestHash,
      String state,
      Integer status,
      String body,
      String headers,
      boolean outsideEffects,
      boolean leaseExpired,
      boolean expired) {

    static Snapshot of(Object[] row) {
      return new Snapshot(
          (String) row[0],
          (String) row[1],
          (String) row[2],
          (String) row[3],
          row[4] == null ? null : ((Number) row[4]).intValue(),
          text(row[5]),
          text(row[6]),
          ((Number) row[7]).intValue() != 0,
          ((Number) row[8]).intValue() != 0,
          ((Number) row[9]).intValue() != 0);
    }

    private static String text(Object column) {
      if (column instanceof Clob clob) {
        try {
          return clob.getSubString(1, (int) clob.length());
        } catch (SQLException e) {
          throw new IllegalStateException("Cannot read a stored idempotent response", e);
        }
      }
      return column == null ? null : column.toString();
    }

    public boolean inFlight() {
      return IN_FLIGHT.equals(state);
    }

    public boolean completed() {
      return COMPLETED.equals(state);
    }
  }
}
