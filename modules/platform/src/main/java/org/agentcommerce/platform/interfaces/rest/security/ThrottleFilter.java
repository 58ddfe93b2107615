package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.application.AuthenticationService;
import org.agentcommerce.platform.application.PlatformFigures;
import org.agentcommerce.platform.application.RateLimiter;
import org.agentcommerce.platform.application.RegistrationThrottle;

/**
 * The rate limit of {@link Throttled} operations: with a key, the agent's own limit (the same
 * budget as its other calls); without one, {@code ac.auth.registration-rate-limit} per client
 * address. Counted before the body is read, so malformed floods count too.
 */
@Provider
@Throttled
@Priority(Priorities.AUTHENTICATION)
public class ThrottleFilter implements ContainerRequestFilter, ContainerResponseFilter {

  @Inject AuthenticationService authentication;
  @Inject RateLimiter rateLimiter;
  @Inject RegistrationThrottle registrations;

  @Inject PlatformFigures figures;

  @Context HttpServletRequest servletRequest;

  @Override
  public void filter(ContainerRequestContext request) {
    String limit = PlatformFigures.AGENT_LIMIT;
    try {
      if (AuthenticationFilter.presentedKey(request) == null) {
        limit = PlatformFigures.ADDRESS_LIMIT;
      }
      throttle(request);
    } catch (ApiException e) {
      figures.refused(e, limit);
      throw e;
    }
  }

  private void throttle(ContainerRequestContext request) {
    String secret = AuthenticationFilter.presentedKey(request);
    if (secret == null) {
      RateLimitAnswers.enforce(
          request,
          registrations.acquire(
              servletRequest.getRemoteAddr(), request.getHeaderString("X-Forwarded-For")),
          "this client address",
          Map.of());
      return;
    }
    AuthenticationService.Authenticated auth = authentication.authenticate(secret);
    RateLimitAnswers.enforce(
        request,
        rateLimiter.acquire(auth.agent().id(), auth.agent().tier()),
        "this agent",
        Map.of("tier", auth.agent().tier()));
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    RateLimitAnswers.addHeaders(request, response);
  }
}
