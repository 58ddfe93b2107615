package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agentcommerce.platform.testing.MapConfig;
import org.agentcommerce.platform.testing.MutableClock;
import org.junit.jupiter.api.Test;

class RegistrationThrottleTest {

  private RegistrationThrottle throttle(int perMinute, boolean trustForwardedFor) {
    RateLimiter limiter = new RateLimiter();
    limiter.grid = org.agentcommerce.platform.infrastructure.grid.DataGrid.none();
    limiter.shared =
        org.agentcommerce.platform.infrastructure.grid.SharedCounters.through(
            limiter.grid, java.time.Duration.ofMillis(100));
    limiter.config = MapConfig.of();
    limiter.clock = MutableClock.at("2025-03-01T12:00:30Z");
    RegistrationThrottle throttle = new RegistrationThrottle();
    throttle.limiter = limiter;
    throttle.perMinute = perMinute;
    throttle.trustForwardedFor = trustForwardedFor;
    return throttle;
  }

  @Test
  void eachClientAddressHasItsOwnAllowance() {
    RegistrationThrottle throttle = throttle(2, false);

    assertTrue(throttle.acquire("203.0.113.9", null).allowed());
    assertTrue(throttle.acquire("203.0.113.9", null).allowed());
    assertFalse(throttle.acquire("203.0.113.9", null).allowed());
    assertTrue(throttle.acquire("198.51.100.7", null).allowed());
  }

  @Test
  void forwardedForIsIgnoredUnlessTrusted() {
    RegistrationThrottle throttle = throttle(1, false);

    assertTrue(throttle.acquire("10.0.0.1", "203.0.113.9").allowed());
    assertFalse(throttle.acquire("10.0.0.1", "198.51.100.7").allowed());
    assertEquals("10.0.0.1", throttle.clientAddress("10.0.0.1", "203.0.113.9"));
  }

  @Test
  void trustedForwardedForCountsTheHopOurProxyAppended() {
    RegistrationThrottle throttle = throttle(1, true);

    assertEquals("203.0.113.9", throttle.clientAddress("10.0.0.1", "1.2.3.4, 203.0.113.9"));
    assertEquals("10.0.0.1", throttle.clientAddress("10.0.0.1", " , "));
    assertEquals("10.0.0.1", throttle.clientAddress("10.0.0.1", null));
    // A client cannot escape by varying what it puts in front of the proxy's entry.
    assertTrue(throttle.acquire("10.0.0.1", "1.1.1.1, 203.0.113.9").allowed());
    assertFalse(throttle.acquire("10.0.0.1", "2.2.2.2, 203.0.113.9").allowed());
  }
}
