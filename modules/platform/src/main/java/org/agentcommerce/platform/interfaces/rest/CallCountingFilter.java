package org.agentcommerce.platform.interfaces.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import org.agentcommerce.platform.api.CountsAs;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.application.CallCounters;

/**
 * {@link CountsAs}: counts a successful answer of a marked operation to an authenticated agent.
 * Refusals and idempotent replays ({@code Idempotent-Replayed: true}) are not counted: they did no
 * new work.
 */
@Provider
public class CallCountingFilter implements ContainerResponseFilter {

  @Context ResourceInfo resource;
  @Inject Caller caller;
  @Inject CallCounters counters;

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    Method method = resource.getResourceMethod();
    CountsAs counted = method == null ? null : method.getAnnotation(CountsAs.class);
    if (counted == null
        || response.getStatusInfo().getFamily() != Response.Status.Family.SUCCESSFUL
        || "true".equals(response.getHeaderString("Idempotent-Replayed"))
        || !caller.isEstablished()) {
      return;
    }
    counters.record(caller.agentId(), counted.value());
  }
}
