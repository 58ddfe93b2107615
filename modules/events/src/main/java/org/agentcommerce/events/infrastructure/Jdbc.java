package org.agentcommerce.events.infrastructure;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.agentcommerce.platform.api.Database;

/**
 * The application datasource for this module's stores, and small helpers around statements. The
 * stores run outside JTA on purpose: background workers (sequencer, deliverer) hold no transaction
 * while they wait or call out, and the timeline reads are single statements.
 */
final class Jdbc {

  private static volatile DataSource dataSource;

  private Jdbc() {}

  static Connection connection() throws SQLException {
    DataSource ds = dataSource;
    if (ds == null) {
      ds = Database.lookupDataSource();
      dataSource = ds;
    }
    return ds.getConnection();
  }

  static void bind(PreparedStatement ps, List<Object> args) throws SQLException {
    for (int i = 0; i < args.size(); i++) {
      Object a = args.get(i);
      if (a instanceof Instant t) {
        ps.setTimestamp(i + 1, Timestamp.from(t));
      } else {
        ps.setObject(i + 1, a);
      }
    }
  }

  /** {@code n} copies of one row's placeholders, for a multi-row INSERT's VALUES. */
  static String rows(int n, String row) {
    return String.join(", ", java.util.Collections.nCopies(n, row));
  }

  /** {@code n} placeholders, for an {@code IN (...)} list. */
  static String marks(int n) {
    return rows(n, "?");
  }

  static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
