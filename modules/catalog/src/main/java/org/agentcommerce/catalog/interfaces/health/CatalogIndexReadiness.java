package org.agentcommerce.catalog.interfaces.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.agentcommerce.catalog.application.search.CatalogIndex;
import org.agentcommerce.catalog.application.search.IndexMaintenance;
import org.agentcommerce.platform.api.StartupCheck;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health/ready}: a node whose catalog index is still building, or whose search path is not
 * warmed up yet, must not get traffic. Also what {@code GET /agent/v1/health} waits for before it
 * says healthy (status {@code starting} until then).
 */
@Readiness
@ApplicationScoped
public class CatalogIndexReadiness implements HealthCheck, StartupCheck {

  @Inject CatalogIndex index;
  @Inject IndexMaintenance maintenance;

  @Override
  public String name() {
    return "catalog-index";
  }

  @Override
  public boolean started() {
    return maintenance.isReady();
  }

  @Override
  public HealthCheckResponse call() {
    var response = HealthCheckResponse.named(name()).status(started());
    CatalogIndex.BuildReport report = index.lastBuild();
    if (report != null) {
      response
          .withData("products", report.products())
          .withData("build_ms", report.millis())
          .withData("started_from", report.reused() ? "stored index" : "database")
          .withData("index_bytes", report.indexBytes());
    }
    return response.build();
  }
}
