package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.ext.Provider;
import org.agentcommerce.platform.api.security.KeyIfSent;

/** {@link KeyIfSent}: the key filter of {@link AuthenticationFilter}, run when a key is sent. */
@Provider
@KeyIfSent
@Priority(Priorities.AUTHENTICATION)
public class KeyIfSentFilter extends AuthenticationFilter {

  @Override
  public void filter(ContainerRequestContext request) {
    if (presentedKey(request) != null) {
      super.filter(request);
    }
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    // Only the headers' presence: a conflict was answered by the request filter already.
    if (request.getHeaderString(API_KEY_HEADER) != null
        || request.getHeaderString(jakarta.ws.rs.core.HttpHeaders.AUTHORIZATION) != null) {
      super.filter(request, response);
    }
  }
}
