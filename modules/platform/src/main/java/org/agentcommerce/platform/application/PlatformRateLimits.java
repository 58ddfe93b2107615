package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.agentcommerce.platform.api.security.RateLimits;

/**
 * The exported rate-limit port (the open MCP door's per-address limit), counted by the same {@link
 * RateLimiter} as agent keys; refusals count on /metrics as {@code limit="open_door_address"}.
 */
@ApplicationScoped
public class PlatformRateLimits implements RateLimits {

  @Inject RateLimiter limiter;
  @Inject PlatformFigures figures;

  @Override
  public Decision acquire(String bucket, int requestsPerMinute) {
    RateLimiter.Decision d = limiter.acquireWithin(bucket, requestsPerMinute);
    if (!d.allowed()) {
      figures.rateLimited(PlatformFigures.OPEN_DOOR_LIMIT);
    }
    return new Decision(d.allowed(), d.limit(), d.remaining(), d.resetEpochSecond(), d.scope());
  }
}
