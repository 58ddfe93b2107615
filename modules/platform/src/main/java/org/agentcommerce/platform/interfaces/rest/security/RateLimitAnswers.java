package org.agentcommerce.platform.interfaces.rest.security;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.application.RateLimiter;

/**
 * What every throttled REST operation tells the client about its limit: the {@code X-RateLimit-*}
 * headers on every answer, and {@code 429 RATE_LIMITED} with {@code Retry-After} when it is spent.
 */
final class RateLimitAnswers {

  private static final String DECISION = "org.agentcommerce.rate-decision";

  private RateLimitAnswers() {}

  /**
   * Keeps the decision for the response headers and refuses the request when it is over the limit.
   *
   * @param whose what the limit counts, for the message ("this agent", "this client address")
   * @param context extra members of the error object
   */
  static void enforce(
      ContainerRequestContext request,
      RateLimiter.Decision decision,
      String whose,
      Map<String, Object> context) {
    request.setProperty(DECISION, decision);
    if (decision.allowed()) {
      return;
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("limit", decision.limit());
    details.putAll(context);
    long now = System.currentTimeMillis() / 1000;
    throw new ApiException(
        429,
        "RATE_LIMITED",
        "Rate limit of " + decision.limit() + " requests per minute exceeded for " + whose + ".",
        details,
        Map.of("Retry-After", String.valueOf(decision.retryAfterSeconds(now))));
  }

  /** Adds the limit's headers to the answer of a request that was counted. */
  static void addHeaders(ContainerRequestContext request, ContainerResponseContext response) {
    if (request.getProperty(DECISION) instanceof RateLimiter.Decision d) {
      MultivaluedMap<String, Object> headers = response.getHeaders();
      headers.putSingle("X-RateLimit-Limit", d.limit());
      headers.putSingle("X-RateLimit-Remaining", d.remaining());
      headers.putSingle("X-RateLimit-Reset", d.resetEpochSecond());
      headers.putSingle("X-RateLimit-Scope", d.scope());
    }
  }
}
