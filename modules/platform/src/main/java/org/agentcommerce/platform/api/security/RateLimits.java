package org.agentcommerce.platform.api.security;

/**
 * The platform's per-minute request counters, for limits that are not tied to an agent key, such as
 * a public door limited per client address. Keyed operations need nothing from here: the {@link
 * Authenticated} gate already applies the key's limit.
 */
public interface RateLimits {

  /**
   * Counts one request against {@code bucket}, allowing {@code requestsPerMinute} per calendar
   * minute across the service. Prefix bucket names with the caller's purpose ({@code
   * "mcp-open:203.0.113.9"}) so that they never meet agent key ids.
   */
  Decision acquire(String bucket, int requestsPerMinute);

  /**
   * The outcome of one request against a limit, with what the {@code X-RateLimit-Limit}, {@code
   * X-RateLimit-Remaining}, {@code X-RateLimit-Reset} and {@code X-RateLimit-Scope} headers should
   * say; {@code scope} is {@code fleet} (counted across every node) or {@code node} (this node's
   * share of the limit, counted here alone).
   */
  record Decision(boolean allowed, int limit, int remaining, long resetEpochSecond, String scope) {

    /** Seconds a refused client should wait, for {@code Retry-After}; at least one. */
    public long retryAfterSeconds(long nowEpochSecond) {
      return Math.max(1, resetEpochSecond - nowEpochSecond);
    }
  }
}
