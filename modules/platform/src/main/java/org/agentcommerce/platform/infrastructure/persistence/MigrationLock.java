package org.agentcommerce.platform.infrastructure.persistence;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A MariaDB/MySQL named lock ({@code GET_LOCK}) held on one connection around a node's whole schema
 * migration, so that of several nodes starting at once exactly one migrates and the others wait,
 * then find nothing to do. Flyway's own lock covers one migration at a time only, so nodes took
 * turns and one ran V8 on a session opened before another's V7_2 had changed the database's
 * character set (issue 37). The server releases the lock when the connection ends, also when the
 * node is killed.
 */
final class MigrationLock implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(MigrationLock.class.getName());

  /** How long one {@code GET_LOCK} call waits before the wait is logged again. */
  static final Duration SLICE = Duration.ofSeconds(15);

  /** MySQL refuses longer lock names. */
  private static final int MAX_NAME = 64;

  private final Connection connection;
  private final String name;

  private MigrationLock(Connection connection, String name) {
    this.connection = connection;
    this.name = name;
  }

  /**
   * Takes the lock of the connection's current schema, waiting at most {@code timeout} for another
   * node that holds it.
   *
   * @throws LockTimeoutException when the other node still holds it after {@code timeout}
   */
  static MigrationLock acquire(Connection connection, Duration timeout) throws SQLException {
    String name = name(schema(connection));
    long deadline = System.nanoTime() + timeout.toNanos();
    if (tryLock(connection, name, Duration.ZERO)) {
      return new MigrationLock(connection, name);
    }
    long waitStart = System.nanoTime();
    while (true) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new LockTimeoutException(name, timeout);
      }
      Duration waited = Duration.ofNanos(System.nanoTime() - waitStart);
      Long holder = holder(connection, name);
      LOG.info(
          String.format(
              "Waiting for another node's schema migration (lock %s held by connection %s, waited"
                  + " %d s of at most %d s, ac.db.migration-lock-timeout)",
              name, holder == null ? "?" : holder, waited.toSeconds(), timeout.toSeconds()));
      Duration slice = Duration.ofNanos(Math.min(left, SLICE.toNanos()));
      if (tryLock(connection, name, slice)) {
        LOG.info(
            () ->
                String.format(
                    "The other node's schema migration ended after %d s; this node checks the"
                        + " schema now",
                    Duration.ofNanos(System.nanoTime() - waitStart).toSeconds()));
        return new MigrationLock(connection, name);
      }
    }
  }

  /** Releases the lock; the connection stays open (the caller owns it). */
  @Override
  public void close() {
    try (PreparedStatement release = connection.prepareStatement("SELECT RELEASE_LOCK(?)")) {
      release.setString(1, name);
      release.executeQuery().close();
    } catch (SQLException e) {
      // The lock ends with the connection anyway, which the caller closes next.
      LOG.log(Level.WARNING, "Cannot release the schema migration lock " + name, e);
    }
  }

  /**
   * The lock's name: one per schema, so that databases of different services (or test databases) on
   * one server do not wait for each other.
   */
  static String name(String schema) {
    String name = "agentcommerce.migrate." + schema;
    if (name.length() <= MAX_NAME) {
      return name;
    }
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(schema.getBytes(StandardCharsets.UTF_8));
      return "agentcommerce.migrate." + HexFormat.of().formatHex(hash, 0, 20);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String schema(Connection connection) throws SQLException {
    try (PreparedStatement query = connection.prepareStatement("SELECT DATABASE()");
        ResultSet rs = query.executeQuery()) {
      rs.next();
      String schema = rs.getString(1);
      if (schema == null) {
        throw new SQLException("The database URL names no database");
      }
      return schema;
    }
  }

  private static boolean tryLock(Connection connection, String name, Duration wait)
      throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement("SELECT GET_LOCK(?, ?)")) {
      lock.setString(1, name);
      // Whole seconds are what every MySQL-family server accepts; 0 tries once.
      lock.setLong(2, Math.max(wait.isZero() ? 0 : 1, wait.toSeconds()));
      try (ResultSet rs = lock.executeQuery()) {
        rs.next();
        int got = rs.getInt(1);
        if (rs.wasNull()) {
          throw new SQLException("GET_LOCK(" + name + ") answered NULL");
        }
        return got == 1;
      }
    }
  }

  private static Long holder(Connection connection, String name) throws SQLException {
    try (PreparedStatement query = connection.prepareStatement("SELECT IS_USED_LOCK(?)")) {
      query.setString(1, name);
      try (ResultSet rs = query.executeQuery()) {
        rs.next();
        long id = rs.getLong(1);
        return rs.wasNull() ? null : id;
      }
    }
  }

  /** Another node held the migration lock for longer than this node may wait. */
  static final class LockTimeoutException extends SQLException {
    private static final long serialVersionUID = 1L;

    LockTimeoutException(String name, Duration timeout) {
      super(
          "another node's schema migration still held the lock "
              + name
              + " after "
              + timeout.toSeconds()
              + " s (ac.db.migration-lock-timeout)");
    }
  }
}
