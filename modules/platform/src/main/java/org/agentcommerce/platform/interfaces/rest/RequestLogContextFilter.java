package org.agentcommerce.platform.interfaces.rest;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import org.agentcommerce.platform.api.tracing.LogContext;

/**
 * First of all filters: the request's log context begins (its trace id: the incoming {@code
 * traceparent}'s, else a new one; the agent's id follows authentication), and ends with the answer.
 */
@Provider
@PreMatching
@Priority(1)
public class RequestLogContextFilter implements ContainerRequestFilter, ContainerResponseFilter {

  @Override
  public void filter(ContainerRequestContext request) {
    LogContext.begin(request.getHeaderString("traceparent"));
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    LogContext.clear();
  }
}
