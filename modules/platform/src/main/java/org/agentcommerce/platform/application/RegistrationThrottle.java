package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Registrations ({@code POST /agent/v1/auth} without a key) per client address and minute, so that
 * nobody mints agents, and with them rate-limit budgets, in bulk. Behind a proxy that sets {@code
 * X-Forwarded-For}, {@code ac.auth.trust-forwarded-for} counts the address that proxy reports.
 */
@ApplicationScoped
public class RegistrationThrottle {

  static final String BUCKET_PREFIX = "register:";

  @Inject RateLimiter limiter;

  @Inject
  @ConfigProperty(name = "ac.auth.registration-rate-limit", defaultValue = "20")
  int perMinute;

  @Inject
  @ConfigProperty(name = "ac.auth.trust-forwarded-for", defaultValue = "false")
  boolean trustForwardedFor;

  /** Counts one registration attempt of the client. */
  public RateLimiter.Decision acquire(String socketAddress, String forwardedFor) {
    return limiter.acquireWithin(
        BUCKET_PREFIX + clientAddress(socketAddress, forwardedFor), perMinute);
  }

  /**
   * The socket peer, or when trusted the last {@code X-Forwarded-For} entry: the one our own proxy
   * appended (entries before it are whatever the client chose to send).
   */
  String clientAddress(String socketAddress, String forwardedFor) {
    if (trustForwardedFor && forwardedFor != null) {
      int comma = forwardedFor.lastIndexOf(',');
      String last = forwardedFor.substring(comma + 1).trim();
      if (!last.isEmpty()) {
        return last;
      }
    }
    return socketAddress == null ? "unknown" : socketAddress;
  }
}
