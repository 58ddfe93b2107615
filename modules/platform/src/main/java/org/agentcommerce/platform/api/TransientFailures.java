package org.agentcommerce.platform.api;

import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Whether a failure is one the same work may succeed at when tried again at once: the database gave
 * up waiting for a row lock another session holds ({@code innodb_lock_wait_timeout}, say behind a
 * paused node), chose this transaction as a deadlock's victim, or timed a statement out. Anything
 * else (a constraint, a bug, a database that is gone) is not.
 */
public final class TransientFailures {

  /** MariaDB/MySQL: lock wait timeout, deadlock. H2: lock timeout, deadlock. */
  private static final Set<Integer> CODES = Set.of(1205, 1213, 50200, 40001);

  private TransientFailures() {}

  public static boolean isTransient(Throwable failure) {
    return anyCause(
        failure,
        t ->
            t instanceof jakarta.persistence.LockTimeoutException
                || t instanceof jakarta.persistence.PessimisticLockException
                || t instanceof jakarta.persistence.QueryTimeoutException
                || t instanceof SQLTransientException
                || (t instanceof SQLException sql
                    && (CODES.contains(sql.getErrorCode())
                        || "40001".equals(sql.getSQLState())
                        || "HYT00".equals(sql.getSQLState()))));
  }

  /**
   * Whether a failure is the database's: transient ({@link #isTransient}), or the connection to it
   * lost or refused. A failure of our own code (a bug, a broken invariant) is not.
   */
  public static boolean isDatabaseFailure(Throwable failure) {
    return isTransient(failure)
        || anyCause(
            failure,
            t ->
                t instanceof java.sql.SQLRecoverableException
                    || t instanceof java.sql.SQLNonTransientConnectionException
                    || (t instanceof SQLException sql
                        && sql.getSQLState() != null
                        && sql.getSQLState().startsWith("08")));
  }

  /** Whether the failure or one of its causes (at most 20 deep, cycles stop) is {@code such}. */
  private static boolean anyCause(Throwable failure, Predicate<Throwable> such) {
    int depth = 0;
    for (Throwable t = failure; t != null && depth < 20; t = t.getCause(), depth++) {
      if (such.test(t)) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }
}
