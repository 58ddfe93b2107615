package org.agentcommerce.platform.interfaces.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.agentcommerce.platform.infrastructure.persistence.DatabaseProbe;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** {@code /health/ready}: a node without its database must not get traffic. */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

  @Inject DatabaseProbe probe;

  @Override
  public HealthCheckResponse call() {
    DatabaseProbe.Result result = probe.check();
    var builder =
        HealthCheckResponse.named("database")
            .status(result.reachable())
            .withData("latency_ms", result.latencyMillis());
    if (result.product() != null) {
      builder.withData("product", result.product());
    }
    if (result.problem() != null) {
      builder.withData("problem", result.problem());
    }
    return builder.build();
  }
}
