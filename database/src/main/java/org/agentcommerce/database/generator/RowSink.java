package org.agentcommerce.database.generator;

/**
 * Where generated rows go: an SQL file or a database. Rows of a table may be held back and written
 * in groups, but a sink always writes the pending rows of earlier tables (the parents) before those
 * of a later table, so foreign keys hold at every statement.
 */
interface RowSink {

  /** One row; the values follow {@link Table#columns}. */
  void row(Table table, Object... values) throws Exception;

  /** Writes every pending row. */
  void flush() throws Exception;

  /** A comment line in SQL output; ignored by sinks that have no text. */
  default void comment(String text) throws Exception {}

  /** A whole SQL statement that is not an insert (the merchant updates); ends without ';'. */
  void statement(String sql) throws Exception;
}
