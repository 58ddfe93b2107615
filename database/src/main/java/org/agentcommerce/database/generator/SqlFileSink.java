package org.agentcommerce.database.generator;

import java.io.IOException;
import java.io.Writer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Writes rows as multi-row {@code INSERT ... VALUES} statements in the SQL both H2 (MODE=LEGACY)
 * and MariaDB accept: {@code 'text'} with doubled quotes, TRUE/FALSE, {@code TIMESTAMP '...'},
 * {@code DATE '...'} and NULL. Backslashes are refused (MariaDB reads them as escapes), and so is
 * {@code ${} (Flyway would read it as a placeholder).
 */
final class SqlFileSink implements RowSink, AutoCloseable {

  static final int ROWS_PER_STATEMENT = 200;

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private final Writer out;
  private final int rowsPerStatement;
  private final Map<Table, List<String>> pending = new EnumMap<>(Table.class);

  SqlFileSink(Writer out) {
    this(out, ROWS_PER_STATEMENT);
  }

  SqlFileSink(Writer out, int rowsPerStatement) {
    this.out = out;
    this.rowsPerStatement = rowsPerStatement;
  }

  @Override
  public void row(Table table, Object... values) throws IOException {
    if (values.length != table.columns.size()) {
      throw new IllegalArgumentException(
          table.sqlName + " takes " + table.columns.size() + " values, got " + values.length);
    }
    StringBuilder row = new StringBuilder(256).append('(');
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        row.append(", ");
      }
      row.append(literal(values[i]));
    }
    List<String> rows = pending.computeIfAbsent(table, t -> new ArrayList<>());
    rows.add(row.append(')').toString());
    if (rows.size() >= rowsPerStatement) {
      flushThrough(table);
    }
  }

  @Override
  public void flush() throws IOException {
    flushThrough(Table.values()[Table.values().length - 1]);
  }

  @Override
  public void comment(String text) throws IOException {
    flush();
    out.write("\n-- " + text + "\n");
  }

  @Override
  public void statement(String sql) throws IOException {
    flush();
    check(sql);
    out.write(sql + ";\n");
  }

  @Override
  public void close() throws IOException {
    flush();
    out.flush();
  }

  /** Writes the pending rows of {@code last} and of every table before it, parents first. */
  private void flushThrough(Table last) throws IOException {
    for (Table table : Table.values()) {
      if (table.ordinal() > last.ordinal()) {
        break;
      }
      List<String> rows = pending.get(table);
      if (rows == null || rows.isEmpty()) {
        continue;
      }
      out.write(
          "INSERT INTO " + table.sqlName + " (" + String.join(", ", table.columns) + ") VALUES");
      for (int i = 0; i < rows.size(); i++) {
        out.write(i == 0 ? "\n" : ",\n");
        out.write(rows.get(i));
      }
      out.write(";\n");
      rows.clear();
    }
  }

  static String literal(Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof String s) {
      check(s);
      return "'" + s.replace("'", "''") + "'";
    }
    if (value instanceof Boolean b) {
      return b ? "TRUE" : "FALSE";
    }
    if (value instanceof Integer || value instanceof Long) {
      return value.toString();
    }
    if (value instanceof LocalDateTime t) {
      return "TIMESTAMP '" + TIMESTAMP.format(t) + "'";
    }
    if (value instanceof LocalDate d) {
      return "DATE '" + d + "'";
    }
    throw new IllegalArgumentException("No SQL literal for " + value.getClass().getName());
  }

  private static void check(String s) {
    if (s.indexOf('\\') >= 0 || s.contains("${")) {
      throw new IllegalArgumentException("Text is not portable across H2, MariaDB, Flyway: " + s);
    }
  }
}
