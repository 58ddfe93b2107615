package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;
import org.agentcommerce.platform.api.NoStore;

/** {@link NoStore}: {@code Cache-Control: no-store} on every answer, errors included. */
@Provider
@NoStore
public class NoStoreFilter implements ContainerResponseFilter {

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    response.getHeaders().putSingle("Cache-Control", "no-store");
  }
}
