package org.agentcommerce.checkout.interfaces.rest;

import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import org.agentcommerce.checkout.infrastructure.partner.OwnAddress;

/**
 * Tells {@link OwnAddress} the local port and context path requests arrive on (from the socket, not
 * the Host header), so the partner adapter can reach the built-in sandbox partner. Only the first
 * plain-HTTP request counts; requests over TLS never do.
 */
@Provider
@PreMatching
public class OwnAddressFilter implements ContainerRequestFilter {

  @Inject OwnAddress own;
  @Context HttpServletRequest servlet;

  @Override
  public void filter(ContainerRequestContext request) {
    if (servlet != null) {
      own.learn(
          servlet.getLocalPort(),
          servlet.getContextPath(),
          servlet.isSecure() || "https".equalsIgnoreCase(servlet.getScheme()));
    }
  }
}
