package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;

/**
 * Adds {@code Server-Timing: app;dur=<ms>} to every answer: the time the application spent on the
 * request, from matching to the response (entity writing excluded). Benchmarks read it to report
 * server-side latency; browsers' developer tools show it.
 */
@Provider
@PreMatching
public class ServerTimingFilter implements ContainerRequestFilter, ContainerResponseFilter {

  private static final String STARTED = "org.agentcommerce.started-nanos";

  @Override
  public void filter(ContainerRequestContext request) {
    request.setProperty(STARTED, System.nanoTime());
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (request.getProperty(STARTED) instanceof Long started) {
      double millis = (System.nanoTime() - started) / 1_000_000.0;
      response
          .getHeaders()
          .putSingle("Server-Timing", String.format(Locale.ROOT, "app;dur=%.2f", millis));
    }
  }
}
