package org.agentcommerce.platform.interfaces.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * {@code /health/live}: the application is deployed and its JVM has heap to spare. A database
 * outage does not make a node dead (restarting it would not help), only not ready.
 */
@Liveness
@ApplicationScoped
public class ApplicationLiveness implements HealthCheck {

  private static final double MAX_HEAP_USE = 0.95;

  @Override
  public HealthCheckResponse call() {
    Runtime rt = Runtime.getRuntime();
    long used = rt.totalMemory() - rt.freeMemory();
    double share = (double) used / rt.maxMemory();
    return HealthCheckResponse.named("application")
        .status(share < MAX_HEAP_USE)
        .withData("heap_used_bytes", used)
        .withData("heap_max_bytes", rt.maxMemory())
        .build();
  }
}
