package org.agentcommerce.platform.api;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Gauges on /metrics (scope application) read from the database: one query answers a row, each
 * column one gauge. The query runs at most once per {@code ac.metrics.cache-ttl} (5 s) whatever the
 * scrapes ({@link CachedReading}); while the database cannot answer, the gauges read NaN.
 */
@ApplicationScoped
public class SqlGauges {

  @Inject MetricRegistry metrics;

  @Inject
  @ConfigProperty(name = "ac.metrics.cache-ttl", defaultValue = "PT5S")
  Duration cacheTtl;

  /**
   * Registers a gauge per column of {@code sql}'s first row: {@code namesAndDescriptions} holds a
   * name and a description for each column, in order.
   */
  public void register(String sql, String... namesAndDescriptions) {
    CachedReading<double[]> reading = CachedReading.ofQuery(sql, cacheTtl);
    for (int i = 0; i + 1 < namesAndDescriptions.length; i += 2) {
      int column = i / 2;
      metrics.gauge(
          Metadata.builder()
              .withName(namesAndDescriptions[i])
              .withDescription(namesAndDescriptions[i + 1])
              .build(),
          () -> reading.number(row -> row.length > column ? row[column] : Double.NaN));
    }
  }

  /**
   * SQL for a backlog: how many rows of {@code table} match {@code where}, and how many seconds ago
   * the oldest of them was {@code since} (a timestamp column; 0 when none matches).
   */
  public static String backlog(String table, String since, String where) {
    return "SELECT COUNT(*), COALESCE(TIMESTAMPDIFF(SECOND, MIN("
        + since
        + "), CURRENT_TIMESTAMP(6)), 0) FROM "
        + table
        + " WHERE "
        + where;
  }
}
