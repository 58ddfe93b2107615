package org.agentcommerce.catalog.interfaces.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.agentcommerce.catalog.application.search.CatalogIndex;
import org.agentcommerce.catalog.application.search.IndexMaintenance;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health/ready}: a node whose catalog index is still building, or whose search path is not
 * warmed up yet, must not get traffic.
 */
@Readiness
@ApplicationScoped
public class CatalogIndexReadiness implements HealthCheck {

  @Inject CatalogIndex index;
  @Inject IndexMaintenance maintenance;

  @Override
  public HealthCheckResponse call() {
    var response = HealthCheckResponse.named("catalog-index").status(maintenance.isReady());
    CatalogIndex.BuildReport report = index.lastBuild();
    if (report != null) {
      response
          .withData("products", report.products())
          .withData("build_ms", report.millis())
          .withData("index_bytes", report.indexBytes());
    }
    return response.build();
  }
}
