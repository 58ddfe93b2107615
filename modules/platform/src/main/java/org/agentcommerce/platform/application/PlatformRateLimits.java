package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.agentcommerce.platform.api.security.RateLimits;

/** The exported rate-limit port, counted by the same {@link RateLimiter} as agent keys. */
@ApplicationScoped
public class PlatformRateLimits implements RateLimits {

  @Inject RateLimiter limiter;

  @Override
  public Decision acquire(String bucket, int requestsPerMinute) {
    RateLimiter.Decision d = limiter.acquireWithin(bucket, requestsPerMinute);
    return new Decision(d.allowed(), d.limit(), d.remaining(), d.resetEpochSecond(), d.scope());
  }
}
