package org.agentcommerce.platform.infrastructure.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Nodes migrating one MariaDB schema at once, each with its own connections. Needs a MariaDB server
 * at {@code AC_TEST_MARIADB} (default 127.0.0.1:3306, user root, empty password) and skips when
 * none answers.
 */
class DatabaseMigratorMariaDbTest {

  private static final String SERVER =
      "jdbc:mariadb://"
          + Optional.ofNullable(System.getenv("AC_TEST_MARIADB")).orElse("127.0.0.1:3306");
  private static final String OPTIONS = "?connectTimeout=2000";

  private String schema;
  private SimpleDataSource dataSource;

  @BeforeAll
  static void serverAnswers() {
    try (Connection c = DriverManager.getConnection(SERVER + "/" + OPTIONS, "root", "")) {
      Assumptions.assumeTrue(c.isValid(2));
    } catch (SQLException e) {
      Assumptions.abort("no MariaDB server at " + SERVER + ": " + e.getMessage());
    }
  }

  @BeforeEach
  void freshSchema() throws SQLException {
    schema = "ac_migrator_test_" + ProcessHandle.current().pid() + "_" + System.nanoTime() % 100000;
    admin("CREATE DATABASE " + schema);
    dataSource = new SimpleDataSource(SERVER + "/" + schema + OPTIONS, "root");
  }

  @AfterEach
  void dropSchema() throws SQLException {
    admin("DROP DATABASE IF EXISTS " + schema);
  }

  @Test
  void threeNodesStartingAtOnceMigrateOnceAndAllStart() throws Exception {
    int nodes = 3;
    CyclicBarrier together = new CyclicBarrier(nodes);
    ExecutorService pool = Executors.newFixedThreadPool(nodes);
    List<Future<Integer>> applied = new ArrayList<>();
    List<DatabaseMigrator> migrators = new ArrayList<>();
    try {
      for (int i = 0; i < nodes; i++) {
        DatabaseMigrator migrator = migrator("slow");
        migrators.add(migrator);
        applied.add(
            pool.submit(
                () -> {
                  together.await();
                  return migrator.migrate(dataSource);
                }));
      }
      List<Integer> counts = new ArrayList<>();
      for (Future<Integer> f : applied) {
        counts.add(f.get());
      }
      counts.sort(null);
      assertEquals(List.of(0, 0, 3), counts, "exactly one node migrates, the others find it done");
      for (DatabaseMigrator migrator : migrators) {
        assertEquals(Optional.empty(), migrator.status.problem());
      }
      assertEquals("1 2 3 ", history(true));
      assertEquals("", history(false));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aNodeWaitsForTheLockAtMostTheTimeoutThenSaysWhyItIsNotReady() throws Exception {
    try (Connection other = dataSource.getConnection();
        PreparedStatement lock = other.prepareStatement("SELECT GET_LOCK(?, 0)")) {
      lock.setString(1, MigrationLock.name(schema));
      try (ResultSet rs = lock.executeQuery()) {
        rs.next();
        assertEquals(1, rs.getInt(1));
      }
      DatabaseMigrator migrator = migrator("slow");
      migrator.lockTimeout = Duration.ofSeconds(2);
      long start = System.nanoTime();
      assertEquals(-1, migrator.migrate(dataSource));
      long waited = (System.nanoTime() - start) / 1_000_000;
      assertTrue(waited >= 1900 && waited < 10_000, "waited " + waited + " ms");
      String problem = migrator.status.problem().orElseThrow();
      assertTrue(problem.startsWith("schema migration did not run: "), problem);
      assertTrue(problem.contains("ac.db.migration-lock-timeout"), problem);
      assertFalse(tableExists("flyway_schema_history"), "nothing migrated while another held it");
    }
  }

  @Test
  void aLockHeldByANodeThatDiedIsFreeAtOnce() throws Exception {
    Connection dead = dataSource.getConnection();
    try (PreparedStatement lock = dead.prepareStatement("SELECT GET_LOCK(?, 0)")) {
      lock.setString(1, MigrationLock.name(schema));
      lock.executeQuery().close();
    }
    dead.close();
    DatabaseMigrator migrator = migrator("slow");
    migrator.lockTimeout = Duration.ofSeconds(1);
    assertEquals(3, migrator.migrate(dataSource));
  }

  @Test
  void aFailedMigrationIsReportedAndTheNextStartRepairsAndRetriesIt() throws Exception {
    DatabaseMigrator first = migrator("gated");
    assertEquals(-1, first.migrate(dataSource));
    String problem = first.status.problem().orElseThrow();
    assertEquals(
        "schema migration V2 (gated) failed: SQL error 1146, SQLState 42S02", problem, problem);
    assertEquals("1 ", history(true));
    assertEquals("2 ", history(false), "Flyway's history keeps the failed entry");

    DatabaseMigrator noRepair = migrator("gated");
    noRepair.repairFailed = false;
    assertEquals(-1, noRepair.migrate(dataSource));
    assertEquals(
        Optional.of("schema migration V2 (gated) failed at an earlier start"),
        noRepair.status.problem());
    assertEquals("2 ", history(false), "left as it was");

    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE gate (id INT NOT NULL)");
      s.execute("INSERT INTO gate VALUES (7)");
    }
    DatabaseMigrator next = migrator("gated");
    assertEquals(1, next.migrate(dataSource));
    assertEquals(Optional.empty(), next.status.problem());
    assertEquals("1 2 ", history(true));
    assertEquals("", history(false));
  }

  static DatabaseMigrator migrator(String set) {
    DatabaseMigrator migrator = new DatabaseMigrator();
    migrator.enabled = true;
    migrator.locations = "filesystem:src/test/resources/migrationtest/" + set;
    migrator.demoData = Optional.of(false);
    migrator.lockTimeout = Duration.ofMinutes(1);
    migrator.repairFailed = true;
    migrator.status = new SchemaStatus();
    return migrator;
  }

  /** The versions of the successful (or failed) entries of Flyway's history, in order. */
  private String history(boolean success) throws SQLException {
    StringBuilder versions = new StringBuilder();
    try (Connection c = dataSource.getConnection();
        PreparedStatement q =
            c.prepareStatement(
                "SELECT version FROM flyway_schema_history WHERE success = ? ORDER BY"
                    + " installed_rank")) {
      q.setBoolean(1, success);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          versions.append(rs.getString(1)).append(' ');
        }
      }
    }
    return versions.toString();
  }

  private boolean tableExists(String table) throws SQLException {
    try (Connection c = dataSource.getConnection();
        ResultSet rs = c.getMetaData().getTables(schema, null, table, null)) {
      return rs.next();
    }
  }

  private static void admin(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(SERVER + "/" + OPTIONS, "root", "");
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
