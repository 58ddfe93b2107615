package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import org.agentcommerce.platform.api.Database;

/** Asks the database whether it answers, and how fast, without touching any table. */
@ApplicationScoped
public class DatabaseProbe {

  private static final int TIMEOUT_SECONDS = 2;

  /** One check: reachable or not, which product, and the round trip in milliseconds. */
  public Result check() {
    long start = System.nanoTime();
    // Looked up on each check (cheap): ac.db.datasource or the WAR's own datasource.
    try (Connection connection = Database.lookupDataSource().getConnection()) {
      boolean valid = connection.isValid(TIMEOUT_SECONDS);
      String product = connection.getMetaData().getDatabaseProductName();
      long millis = (System.nanoTime() - start) / 1_000_000;
      return new Result(valid, product, millis, valid ? null : "connection is not valid");
    } catch (SQLException e) {
      long millis = (System.nanoTime() - start) / 1_000_000;
      return new Result(false, null, millis, "cannot connect: " + e.getSQLState());
    }
  }

  /** What one check found; {@code problem} is a short reason without credentials or SQL. */
  public record Result(boolean reachable, String product, long latencyMillis, String problem) {}
}
