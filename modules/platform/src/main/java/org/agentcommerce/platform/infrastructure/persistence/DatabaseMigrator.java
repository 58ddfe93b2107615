package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.agentcommerce.platform.api.Database;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.internal.exception.FlywayMigrateException;

/**
 * Brings the schema up to date with the Flyway migrations of {@code database/} when the application
 * starts, before any request is served. On MariaDB the whole run (the repair of a failed entry, the
 * validation, every migration) holds a named lock ({@link MigrationLock}): of several nodes that
 * start at once exactly one migrates, the others wait for it and then find nothing to do. A
 * migration that fails does not fail the deployment: the node logs why and what to do, and {@link
 * SchemaStatus} keeps it from ever reporting ready; the next start removes the failed entry from
 * Flyway's history and retries the migration.
 */
@ApplicationScoped
public class DatabaseMigrator {

  private static final Logger LOG = Logger.getLogger(DatabaseMigrator.class.getName());

  @Inject
  @ConfigProperty(name = "ac.db.migrate", defaultValue = "true")
  boolean enabled;

  @Inject
  @ConfigProperty(
      name = "ac.db.migration-locations",
      defaultValue = "classpath:db/migration/common,classpath:db/migration/{vendor}")
  String locations;

  /** Unset: the demo data set is loaded on the embedded H2 default only. */
  @Inject
  @ConfigProperty(name = "ac.demo-data")
  Optional<Boolean> demoData;

  /** How long a node waits for another node's migration before it gives up (not ready). */
  @Inject
  @ConfigProperty(name = "ac.db.migration-lock-timeout", defaultValue = "PT10M")
  Duration lockTimeout;

  /** Whether a start removes the failed entry an earlier start left and retries the migration. */
  @Inject
  @ConfigProperty(name = "ac.db.repair-failed-migration", defaultValue = "true")
  boolean repairFailed;

  @Inject SchemaStatus status;

  /**
   * Migrates the schema; called once by {@link PlatformLifecycle} as the web module starts. A
   * failure is logged and kept in {@link SchemaStatus}, never thrown.
   */
  public void migrate() {
    if (!enabled) {
      LOG.info("Database migrations are switched off (ac.db.migrate=false)");
      return;
    }
    // Looked up, not injected: the container binds application resources only after CDI has
    // started, so a CDI start-up observer cannot use them.
    migrate(Database.lookupDataSource());
  }

  /** Migrates the schema of {@code dataSource}; the number of migrations applied, -1 on failure. */
  int migrate(DataSource dataSource) {
    long start = System.nanoTime();
    Flyway flyway = null;
    try {
      String vendor = vendor(dataSource);
      boolean demo = demoData.orElseGet(() -> "h2".equals(vendor));
      flyway =
          Flyway.configure(DatabaseMigrator.class.getClassLoader())
              .dataSource(dataSource)
              .locations(locations(locations.replace("{vendor}", vendor), demo))
              .failOnMissingLocations(true)
              // Demo data applied once and switched off later is not an error.
              .ignoreMigrationPatterns("*:missing", "*:future")
              // Demo data is versioned from 1000 up: a later schema migration (V5 after V1001)
              // must still apply on a database that already has the demo data.
              .outOfOrder(true)
              .load();
      MigrateResult result;
      if ("h2".equals(vendor)) {
        // Embedded and single-node: nobody to wait for.
        result = repairAndMigrate(flyway, dataSource);
      } else {
        try (Connection lockConnection = dataSource.getConnection();
            MigrationLock lock = MigrationLock.acquire(lockConnection, lockTimeout)) {
          result = repairAndMigrate(flyway, dataSource);
        }
      }
      LOG.info(
          String.format(
              "Database %s at schema version %s (%d migrations applied) in %d ms",
              result.database,
              result.targetSchemaVersion == null
                  ? result.initialSchemaVersion
                  : result.targetSchemaVersion,
              result.migrationsExecuted,
              (System.nanoTime() - start) / 1_000_000));
      return result.migrationsExecuted;
    } catch (SQLException | FlywayException e) {
      Failure failure = Failure.of(e);
      status.failed(failure.problem());
      LOG.log(Level.SEVERE, failure.logMessage(), e);
      return -1;
    }
  }

  /**
   * Removes the entries that an earlier, failed start left in Flyway's history (when allowed), then
   * migrates. {@code Flyway.repair()} would do the removal too, but it also realigns checksums and
   * marks the demo data of a node started without it as deleted: only the failed entries go here.
   */
  private MigrateResult repairAndMigrate(Flyway flyway, DataSource dataSource) throws SQLException {
    List<MigrationInfo> failed =
        Arrays.stream(flyway.info().all()).filter(m -> m.getState().isFailed()).toList();
    // A failure of a migration this build does not have (a newer build's, in a rolling upgrade) is
    // not this node's to erase: it stays, and this node does not start on that schema.
    if (failed.stream().anyMatch(m -> m.getState() != MigrationState.FAILED)) {
      throw new FailedEarlierException(failed);
    }
    if (!failed.isEmpty()) {
      if (!repairFailed) {
        throw new FailedEarlierException(failed);
      }
      LOG.warning(
          () ->
              String.format(
                  "Flyway's history marks %s as failed by an earlier start; removing that entry"
                      + " and retrying the migration (ac.db.repair-failed-migration=true)",
                  describe(failed)));
      String table = flyway.getConfiguration().getTable();
      try (Connection connection = dataSource.getConnection()) {
        String quote = connection.getMetaData().getIdentifierQuoteString().trim();
        try (PreparedStatement delete =
            connection.prepareStatement(
                "DELETE FROM "
                    + quote
                    + table
                    + quote
                    + " WHERE "
                    + quote
                    + "installed_rank"
                    + quote
                    + " = ?")) {
          for (MigrationInfo migration : failed) {
            delete.setInt(1, migration.getInstalledRank());
            delete.executeUpdate();
          }
        }
      }
    }
    return flyway.migrate();
  }

  /**
   * The folder of vendor-specific migrations ({@code {vendor}} in the locations): {@code h2} or
   * {@code mariadb} (MySQL-compatible servers too).
   */
  private static String vendor(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      String product = connection.getMetaData().getDatabaseProductName();
      return "H2".equalsIgnoreCase(product) ? "h2" : "mariadb";
    }
  }

  /** The schema locations, plus the demo data set when it is wanted. */
  static String[] locations(String configured, boolean demoData) {
    List<String> all = new ArrayList<>(List.of(configured.split("\\s*,\\s*")));
    if (demoData) {
      all.add("classpath:db/demo");
    }
    return all.toArray(String[]::new);
  }

  private static String describe(List<MigrationInfo> migrations) {
    return migrations.stream()
        .map(m -> "V" + m.getVersion() + " (" + m.getDescription() + ")")
        .collect(Collectors.joining(", "));
  }

  /**
   * What went wrong, said twice: in full for the log (with what an operator does next), and short
   * for the unauthenticated health answers (no SQL, no server message, only codes).
   */
  record Failure(String problem, String logMessage) {

    private static final String REPAIR =
        " This node stays deployed but never reports ready. Restart it to retry: the start removes"
            + " the failed entry from flyway_schema_history first (ac.db.repair-failed-migration)."
            + " MariaDB does not roll back DDL, so if the retry fails on an object the failed run"
            + " left, drop the objects of that version by hand and restart (docs/operations.md,"
            + " First start and failed migrations).";

    static Failure of(Exception e) {
      if (e instanceof MigrationLock.LockTimeoutException) {
        return new Failure(
            "schema migration did not run: " + e.getMessage(),
            "Schema migration did not run: "
                + e.getMessage()
                + ". This node stays deployed but never reports ready; restart it once the other"
                + " node's migration has ended, or raise ac.db.migration-lock-timeout.");
      }
      if (e instanceof FailedEarlierException earlier) {
        return new Failure(
            "schema migration " + earlier.versions + " failed at an earlier start",
            "Schema migration "
                + earlier.versions
                + " failed at an earlier start and ac.db.repair-failed-migration=false: this node"
                + " stays deployed but never reports ready. Drop the objects of that version by"
                + " hand, delete its row with success = 0 from flyway_schema_history, and restart"
                + " (docs/operations.md, First start and failed migrations).");
      }
      String version = null;
      if (e instanceof FlywayMigrateException migrate && migrate.getMigration() != null) {
        MigrationInfo migration = migrate.getMigration();
        version = "V" + migration.getVersion() + " (" + migration.getDescription() + ")";
      }
      SQLException sql = sqlCause(e);
      String code =
          sql == null
              ? null
              : "SQL error " + sql.getErrorCode() + ", SQLState " + sql.getSQLState();
      if (version != null) {
        return new Failure(
            "schema migration " + version + " failed: " + (code == null ? brief(e) : code),
            "Schema migration "
                + version
                + " failed: "
                + (sql == null ? firstLine(e) : sql.getMessage() + " (" + code + ")")
                + "."
                + REPAIR);
      }
      if (sql != null && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
        return new Failure(
            "schema migration did not run: the database does not answer (" + code + ")",
            "Schema migration did not run: the database does not answer ("
                + sql.getMessage()
                + ", "
                + code
                + "). This node stays deployed but never reports ready; restart it when the"
                + " database answers.");
      }
      return new Failure(
          "schema migration failed: " + (code == null ? brief(e) : code),
          "Schema migration failed: "
              + (sql == null ? firstLine(e) : sql.getMessage() + " (" + code + ")")
              + "."
              + REPAIR);
    }

    private static SQLException sqlCause(Throwable e) {
      SQLException found = null;
      for (Throwable t = e; t != null && t != t.getCause(); t = t.getCause()) {
        if (t instanceof SQLException s) {
          found = s;
        }
      }
      return found;
    }

    /** Flyway's own first line (e.g. "Validate failed: …"), cut short; SQL errors give codes. */
    private static String brief(Throwable e) {
      String line = firstLine(e);
      return line.length() <= 160 ? line : line.substring(0, 160) + "…";
    }

    private static String firstLine(Throwable e) {
      String message = String.valueOf(e.getMessage()).strip();
      int end = message.indexOf('\n');
      String line = end < 0 ? message : message.substring(0, end).strip();
      return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
    }
  }

  /** Flyway's history marks a migration failed and this node may not remove the entry. */
  static final class FailedEarlierException extends SQLException {
    private static final long serialVersionUID = 1L;
    final String versions;

    FailedEarlierException(List<MigrationInfo> failed) {
      super("failed migrations in flyway_schema_history: " + describe(failed));
      this.versions = describe(failed);
    }
  }
}
