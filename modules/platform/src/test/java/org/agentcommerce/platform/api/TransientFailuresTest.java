package org.agentcommerce.platform.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;

class TransientFailuresTest {

  @Test
  void aLockWaitTimeoutOrADeadlockUnderThePersistenceLayersWrappersIsTransient() {
    // As MariaDB Connector/J reports them, under EclipseLink's and JPA's wrappers.
    SQLException lockWait =
        new SQLException("Lock wait timeout exceeded; try restarting transaction", "HY000", 1205);
    SQLException deadlock =
        new SQLTransactionRollbackException(
            "Deadlock found when trying to get lock", "40001", 1213);
    assertTrue(
        TransientFailures.isTransient(
            new PersistenceException(new RuntimeException("internal", lockWait))));
    assertTrue(TransientFailures.isTransient(new PersistenceException(deadlock)));
    // H2's lock timeout.
    assertTrue(
        TransientFailures.isTransient(
            new PersistenceException(new SQLException("Timeout trying to lock", "HYT00", 50200))));
    assertTrue(TransientFailures.isTransient(new jakarta.persistence.LockTimeoutException()));
  }

  @Test
  void aConstraintALostDatabaseOrABugIsNot() {
    assertFalse(
        TransientFailures.isTransient(
            new PersistenceException(
                new SQLIntegrityConstraintViolationException("Duplicate entry", "23000", 1062))));
    assertFalse(
        TransientFailures.isTransient(
            new SQLNonTransientConnectionException("Connection refused", "08000", 0)));
    assertFalse(TransientFailures.isTransient(new IllegalStateException("a bug")));
    assertFalse(TransientFailures.isTransient(null));
  }

  @Test
  void aLostConnectionIsTheDatabasesFailureButNotTransientAndABugIsNeither() {
    Exception lost =
        new PersistenceException(
            new SQLNonTransientConnectionException("Connection refused", "08000", 0));
    assertTrue(TransientFailures.isDatabaseFailure(lost));
    assertFalse(TransientFailures.isTransient(lost));
    assertTrue(
        TransientFailures.isDatabaseFailure(
            new PersistenceException(new SQLException("Lock wait timeout", "HY000", 1205))));
    assertFalse(TransientFailures.isDatabaseFailure(new IllegalStateException("a bug")));
    assertFalse(
        TransientFailures.isDatabaseFailure(
            new PersistenceException(
                new SQLIntegrityConstraintViolationException("Duplicate entry", "23000", 1062))));
  }
}
