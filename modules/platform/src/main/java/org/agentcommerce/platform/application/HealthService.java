package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Properties;
import org.agentcommerce.platform.api.ApiVersion;
import org.agentcommerce.platform.api.StartupCheck;
import org.agentcommerce.platform.infrastructure.persistence.DatabaseProbe;
import org.agentcommerce.platform.infrastructure.persistence.SchemaStatus;

/**
 * Says whether this node can serve: its build, the API version, whether the database answers and
 * whether what the modules build after deployment ({@link StartupCheck}s) is ready: {@code
 * healthy}, {@code starting} (the database answers, something is still being built) or {@code
 * unhealthy} (the database does not answer, or the schema migration at start-up failed).
 */
@ApplicationScoped
public class HealthService {

  private static final String BUILD_VERSION = readBuildVersion();

  @Inject DatabaseProbe databaseProbe;
  @Inject SchemaStatus schemaStatus;
  @Inject @Any Instance<StartupCheck> startupChecks;

  public Report check() {
    DatabaseProbe.Result db = databaseProbe.check();
    String problem = schemaStatus.problem().orElse(null);
    String status = "healthy";
    if (!db.reachable() || problem != null) {
      status = "unhealthy";
    } else if (startupChecks.stream().anyMatch(c -> !c.started())) {
      status = "starting";
    }
    return new Report(status, BUILD_VERSION, ApiVersion.API, db, problem, Instant.now());
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

  /**
   * The state of this node at one moment; {@code problem} says why a node whose database answers is
   * unhealthy (a failed schema migration), null otherwise.
   */
  public record Report(
      String status,
      String version,
      String apiVersion,
      DatabaseProbe.Result database,
      String problem,
      Instant checkedAt) {

    public boolean healthy() {
      return "healthy".equals(status);
    }
  }
}
