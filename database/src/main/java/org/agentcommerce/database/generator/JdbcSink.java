package org.agentcommerce.database.generator;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Inserts rows with batched prepared statements (one per table, executed every {@code batchSize}
 * rows). Autocommit is off; the caller commits with {@link #commit()}.
 */
final class JdbcSink implements RowSink, AutoCloseable {

  private final Connection connection;
  private final int batchSize;
  private final Map<Table, PreparedStatement> statements = new EnumMap<>(Table.class);
  private final Map<Table, Integer> pending = new EnumMap<>(Table.class);
  private final Map<Table, Long> written = new EnumMap<>(Table.class);

  JdbcSink(Connection connection, int batchSize) throws SQLException {
    this.connection = connection;
    this.batchSize = batchSize;
    connection.setAutoCommit(false);
  }

  @Override
  public void row(Table table, Object... values) throws SQLException {
    PreparedStatement ps = statements.get(table);
    if (ps == null) {
      String marks = String.join(", ", Collections.nCopies(table.columns.size(), "?"));
      ps =
          connection.prepareStatement(
              "INSERT INTO "
                  + table.sqlName
                  + " ("
                  + String.join(", ", table.columns)
                  + ") VALUES ("
                  + marks
                  + ")");
      statements.put(table, ps);
    }
    for (int i = 0; i < values.length; i++) {
      bind(ps, i + 1, values[i]);
    }
    ps.addBatch();
    int n = pending.merge(table, 1, Integer::sum);
    if (n >= batchSize) {
      flushThrough(table);
    }
  }

  @Override
  public void flush() throws SQLException {
    flushThrough(Table.values()[Table.values().length - 1]);
  }

  @Override
  public void statement(String sql) throws SQLException {
    flush();
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }

  /** Writes the pending rows and commits them. */
  void commit() throws SQLException {
    flush();
    connection.commit();
  }

  /** Rows written so far, all tables. */
  long rowsWritten() {
    long total = 0;
    for (long n : written.values()) {
      total += n;
    }
    return total;
  }

  Map<Table, Long> rowsByTable() {
    return written;
  }

  @Override
  public void close() throws SQLException {
    try {
      commit();
    } finally {
      for (PreparedStatement ps : statements.values()) {
        ps.close();
      }
    }
  }

  private void flushThrough(Table last) throws SQLException {
    for (Table table : Table.values()) {
      if (table.ordinal() > last.ordinal()) {
        break;
      }
      int n = pending.getOrDefault(table, 0);
      if (n == 0) {
        continue;
      }
      statements.get(table).executeBatch();
      pending.put(table, 0);
      written.merge(table, (long) n, Long::sum);
    }
  }

  private static void bind(PreparedStatement ps, int index, Object value) throws SQLException {
    if (value == null) {
      ps.setNull(index, Types.NULL);
    } else if (value instanceof String s) {
      ps.setString(index, s);
    } else if (value instanceof Integer i) {
      ps.setInt(index, i);
    } else if (value instanceof Long l) {
      ps.setLong(index, l);
    } else if (value instanceof Boolean b) {
      ps.setBoolean(index, b);
    } else if (value instanceof LocalDateTime t) {
      ps.setTimestamp(index, Timestamp.valueOf(t));
    } else if (value instanceof LocalDate d) {
      ps.setDate(index, java.sql.Date.valueOf(d));
    } else {
      throw new IllegalArgumentException("Cannot bind " + value.getClass().getName());
    }
  }
}
