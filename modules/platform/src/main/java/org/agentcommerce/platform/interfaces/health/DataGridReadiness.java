package org.agentcommerce.platform.interfaces.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.agentcommerce.platform.infrastructure.grid.DataGrid;
import org.agentcommerce.platform.infrastructure.grid.SharedCounters;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health/ready}, check {@code data-grid}: whether this node shares a data grid, with how
 * many members (never its address: the check needs no credential), and where rate limits are
 * counted ({@code fleet} or {@code node}) with the number of counts that fell back to this node
 * since it started. Always up: a node without a grid serves alone (docs/operations.md, "Scaling
 * out").
 */
@Readiness
@ApplicationScoped
public class DataGridReadiness implements HealthCheck {

  @Inject DataGrid grid;
  @Inject SharedCounters counters;

  @Override
  public HealthCheckResponse call() {
    var builder = HealthCheckResponse.named("data-grid").up();
    var member = grid.member();
    builder.withData("members", member.isPresent() ? grid.members() : 0);
    builder.withData("rate_limits", member.isPresent() ? "fleet" : "node");
    builder.withData("rate_limit_fallbacks", counters.fallbacks());
    return builder.build();
  }
}
