package org.agentcommerce.platform.api;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A value read from somewhere slow (a SQL query behind a gauge on /metrics), read at most once per
 * {@code ttl}: however often /metrics is scraped, and by however many scrapers, the database sees
 * one query per period. A read that fails (the database is down) is remembered for the period too,
 * and the figures derived from it are {@code NaN} until a read succeeds again: a scrape never fails
 * and never shows a stale number as if it were current.
 *
 * @param <T> what one read answers (e.g. a count and the age of the oldest row)
 */
public final class CachedReading<T> {

  private static final Logger LOG = Logger.getLogger(CachedReading.class.getName());

  private final Supplier<T> read;
  private final long ttlNanos;
  private final LongSupplier nanoClock;

  private T value;
  private long readAt;
  private boolean everRead;

  public CachedReading(Supplier<T> read, Duration ttl) {
    this(read, ttl, System::nanoTime);
  }

  CachedReading(Supplier<T> read, Duration ttl, LongSupplier nanoClock) {
    this.read = read;
    this.ttlNanos = ttl.toNanos();
    this.nanoClock = nanoClock;
  }

  /** The last value read, read again when older than the period; null when the read failed. */
  public synchronized T get() {
    long now = nanoClock.getAsLong();
    if (!everRead || now - readAt >= ttlNanos) {
      try {
        value = read.get();
      } catch (RuntimeException e) {
        value = null;
        LOG.log(Level.FINE, "A figure could not be read; it shows NaN for now", e);
      }
      readAt = now;
      everRead = true;
    }
    return value;
  }

  /** A number derived from the cached value; {@code NaN} when the last read failed. */
  public double number(ToDoubleFunction<T> figure) {
    T v = get();
    return v == null ? Double.NaN : figure.applyAsDouble(v);
  }

  /**
   * The first row of {@code sql} on the application datasource (outside any transaction), its
   * columns as numbers (SQL NULL as 0), read at most once per {@code ttl}. The query is given two
   * seconds: a database that hangs costs a scrape two seconds once per period, never more.
   */
  public static CachedReading<double[]> ofQuery(String sql, Duration ttl) {
    return new CachedReading<>(() -> firstRow(sql), ttl);
  }

  private static double[] firstRow(String sql) {
    try (Connection c = Database.connection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setQueryTimeout(2);
      try (ResultSet rs = ps.executeQuery()) {
        int columns = rs.getMetaData().getColumnCount();
        double[] row = new double[columns];
        if (rs.next()) {
          for (int i = 0; i < columns; i++) {
            row[i] = rs.getDouble(i + 1);
          }
        }
        return row;
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
