package org.agentcommerce.platform.interfaces.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.agentcommerce.platform.infrastructure.persistence.SchemaStatus;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health/ready}: a node whose schema migration failed at start-up must never get traffic;
 * it stays down (with the reason) until a restart migrates the schema.
 */
@Readiness
@ApplicationScoped
public class SchemaReadiness implements HealthCheck {

  @Inject SchemaStatus status;

  @Override
  public HealthCheckResponse call() {
    var builder = HealthCheckResponse.named("schema").up();
    status.problem().ifPresent(problem -> builder.down().withData("problem", problem));
    return builder.build();
  }
}
