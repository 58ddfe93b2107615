package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Properties;
import org.agentcommerce.platform.api.ApiVersion;
import org.agentcommerce.platform.infrastructure.persistence.DatabaseProbe;

/**
 * Says whether this node can serve: its build, the API version and whether the database answers.
 */
@ApplicationScoped
public class HealthService {

  private static final String BUILD_VERSION = readBuildVersion();

  @Inject DatabaseProbe databaseProbe;

  public Report check() {
    DatabaseProbe.Result db = databaseProbe.check();
    return new Report(
        db.reachable() ? "healthy" : "unhealthy", BUILD_VERSION, ApiVersion.API, db, Instant.now());
  }

  public String buildVersion() {
    return BUILD_VERSION;
  }

  private static String readBuildVersion() {
    try (InputStream in =
        HealthService.class.getResourceAsStream("/META-INF/agent-commerce-version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The state of this node at one moment. */
  public record Report(
      String status,
      String version,
      String apiVersion,
      DatabaseProbe.Result database,
      Instant checkedAt) {

    public boolean healthy() {
      return database.reachable();
    }
  }
}
