package org.agentcommerce.platform.infrastructure.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The embedded H2 default: one node, no lock, and a failure said the same way as on MariaDB. */
class DatabaseMigratorH2Test {

  private final SimpleDataSource dataSource =
      new SimpleDataSource(
          "jdbc:h2:mem:migrator" + System.nanoTime() + ";MODE=LEGACY;DB_CLOSE_DELAY=-1", "sa");

  @Test
  void aFailedMigrationIsReportedNotThrownAndTheNextStartAppliesIt() throws SQLException {
    DatabaseMigrator first = DatabaseMigratorMariaDbTest.migrator("gated");
    assertEquals(-1, first.migrate(dataSource));
    String problem = first.status.problem().orElseThrow();
    assertTrue(problem.startsWith("schema migration V2 (gated) failed: SQL error "), problem);

    execute("CREATE TABLE gate (id INT NOT NULL)");
    DatabaseMigrator next = DatabaseMigratorMariaDbTest.migrator("gated");
    assertEquals(1, next.migrate(dataSource));
    assertEquals(Optional.empty(), next.status.problem());

    DatabaseMigrator again = DatabaseMigratorMariaDbTest.migrator("gated");
    assertEquals(0, again.migrate(dataSource));
    assertEquals(Optional.empty(), again.status.problem());
  }

  private void execute(String sql) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
