package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.agentcommerce.platform.api.Database;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the schema up to date with the Flyway migrations of {@code database/} when the application
 * starts, before any request is served. Several nodes starting at once are safe: Flyway takes a
 * lock on its history table.
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

  /** Migrates the schema; called once by {@link PlatformLifecycle} as the web module starts. */
  public void migrate() {
    if (!enabled) {
      LOG.info("Database migrations are switched off (ac.db.migrate=false)");
      return;
    }
    long start = System.nanoTime();
    // Looked up, not injected: the container binds application resources only after CDI has
    // started, so a CDI start-up observer cannot use them.
    DataSource dataSource = Database.lookupDataSource();
    String vendor = vendor(dataSource);
    boolean demo = demoData.orElseGet(() -> "h2".equals(vendor));
    MigrateResult result =
        Flyway.configure(DatabaseMigrator.class.getClassLoader())
            .dataSource(dataSource)
            .locations(locations(locations.replace("{vendor}", vendor), demo))
            .failOnMissingLocations(true)
            // Demo data applied once and switched off later is not an error.
            .ignoreMigrationPatterns("*:missing", "*:future")
            // Demo data is versioned from 1000 up: a later schema migration (V5 after V1001) must
            // still apply on a database that already has the demo data.
            .outOfOrder(true)
            .load()
            .migrate();
    LOG.info(
        () ->
            String.format(
                "Database %s at schema version %s (%d migrations applied) in %d ms",
                result.database,
                result.targetSchemaVersion == null
                    ? result.initialSchemaVersion
                    : result.targetSchemaVersion,
                result.migrationsExecuted,
                (System.nanoTime() - start) / 1_000_000));
  }

  /**
   * The folder of vendor-specific migrations ({@code {vendor}} in the locations): {@code h2} or
   * {@code mariadb} (MySQL-compatible servers too).
   */
  private static String vendor(DataSource dataSource) {
    try (Connection connection = dataSource.getConnection()) {
      String product = connection.getMetaData().getDatabaseProductName();
      return "H2".equalsIgnoreCase(product) ? "h2" : "mariadb";
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot reach the database to migrate it", e);
    }
  }

  /** The schema locations, plus the demo data set when it is wanted. */
  static String[] locations(String configured, boolean demoData) {
    java.util.List<String> all =
        new java.util.ArrayList<>(java.util.List.of(configured.split("\\s*,\\s*")));
    if (demoData) {
      all.add("classpath:db/demo");
    }
    return all.toArray(String[]::new);
  }
}
