package org.agentcommerce.checkout.infrastructure.partner;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.agentcommerce.platform.api.Database;

/**
 * Single statements on their own autocommitted connections, for the partner purchase store and the
 * sandbox partner's books: each of their changes is one atomic statement, and no transaction is
 * held while a partner is called. A claim is the one exception: two statements in one short
 * transaction ({@link #updateIfFree}).
 */
final class Sql {

  static final String NOW = "CURRENT_TIMESTAMP(6)";

  /** Reads one row. */
  interface Row<T> {
    T read(ResultSet rs) throws SQLException;
  }

  /** A unique constraint refused an insert or update. */
  static final class DuplicateKey extends RuntimeException {
    private static final long serialVersionUID = 1L;
  }

  private volatile DataSource dataSource;

  int update(String sql, Object... args) {
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, args);
      return ps.executeUpdate();
    } catch (SQLIntegrityConstraintViolationException e) {
      throw new DuplicateKey();
    } catch (SQLException e) {
      if ("23505".equals(e.getSQLState()) || "23000".equals(e.getSQLState())) {
        throw new DuplicateKey();
      }
      throw new IllegalStateException("A partner purchases statement failed", e);
    }
  }

  /**
   * In one short transaction (read committed): {@code lock}, a {@code SELECT ... FOR UPDATE SKIP
   * LOCKED} of the row, then {@code update} when it found it. A row another session holds (a node
   * that froze in the middle of a change to it) is not waited for: nothing is updated (0).
   */
  int updateIfFree(String lock, Object[] lockArgs, String update, Object... updateArgs) {
    try (Connection c = dataSource().getConnection()) {
      int isolation = c.getTransactionIsolation();
      c.setAutoCommit(false);
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      try {
        int changed = 0;
        boolean free;
        try (PreparedStatement ps = c.prepareStatement(lock)) {
          bind(ps, lockArgs);
          try (ResultSet rs = ps.executeQuery()) {
            free = rs.next();
          }
        }
        if (free) {
          try (PreparedStatement ps = c.prepareStatement(update)) {
            bind(ps, updateArgs);
            changed = ps.executeUpdate();
          }
        }
        c.commit();
        return changed;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setTransactionIsolation(isolation);
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("A partner purchases claim failed", e);
    }
  }

  <T> List<T> rows(String sql, Row<T> row, Object... args) {
    List<T> out = new ArrayList<>();
    try (Connection c = dataSource().getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, args);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(row.read(rs));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("A partner purchases query failed", e);
    }
    return out;
  }

  <T> Optional<T> one(String sql, Row<T> row, Object... args) {
    List<T> found = rows(sql, row, args);
    return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
  }

  long count(String sql, Object... args) {
    return one(sql, rs -> rs.getLong(1), args).orElse(0L);
  }

  private static void bind(PreparedStatement ps, Object[] args) throws SQLException {
    for (int i = 0; i < args.length; i++) {
      ps.setObject(i + 1, args[i]);
    }
  }

  private DataSource dataSource() {
    DataSource ds = dataSource;
    if (ds == null) {
      ds = Database.lookupDataSource();
      dataSource = ds;
    }
    return ds;
  }
}
