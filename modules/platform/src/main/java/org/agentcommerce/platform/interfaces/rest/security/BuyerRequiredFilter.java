package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.BuyerRequired;

/**
 * The buyer gate of {@link BuyerRequired} operations: after the key and the token were verified
 * ({@link AuthenticationFilter}), before idempotency, so that a request without a buyer is refused
 * and never answered from another request's stored response.
 */
@Provider
@BuyerRequired
@Priority(Priorities.AUTHORIZATION)
public class BuyerRequiredFilter implements ContainerRequestFilter {

  @Inject BuyerIdentity buyer;

  @Override
  public void filter(ContainerRequestContext request) {
    buyer.requireVerifiedBuyer();
  }
}
