package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Counted;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The platform's figures on /metrics (scope application; docs/operations.md, "Metrics"): HTTP
 * requests and their duration per operation, rate-limit refusals, authentication failures. Every
 * label takes a value from a small fixed set: never an agent, a key, a raw path or an address.
 */
@ApplicationScoped
public class PlatformFigures {

  static final String REQUESTS = "http_server_requests";
  static final String RATE_LIMITED = "http_rate_limit_refusals";
  static final String AUTH_FAILURES = "auth_failures";

  /** The route label of a request no resource method matched (404, 405, a refused path). */
  public static final String UNMATCHED = "unmatched";

  /** The rate limit of an agent (all its keys), and the one of callers without a key. */
  public static final String AGENT_LIMIT = "agent";

  public static final String ADDRESS_LIMIT = "client_address";

  /** The per-address limit of doors open without a key (the open MCP door). */
  public static final String OPEN_DOOR_LIMIT = "open_door_address";

  private static final Set<String> METHODS =
      Set.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");

  /** Error codes of a refused credential, and the reason each is counted under. */
  private static final Map<String, String> REASONS =
      Map.of(
          "AUTHENTICATION_REQUIRED", "missing_key",
          "INVALID_API_KEY", "invalid_key",
          "AGENT_DEACTIVATED", "agent_deactivated",
          "CREDENTIAL_CONFLICT", "credential_conflict",
          "MERCHANT_ACCESS_DENIED", "merchant_scope");

  private static final Metadata REQUESTS_META =
      Metadata.builder()
          .withName(REQUESTS)
          .withDescription(
              "HTTP requests served by the application, by method, route template and status"
                  + " class")
          .withUnit(MetricUnits.SECONDS)
          .build();

  private static final Metadata RATE_LIMITED_META =
      Metadata.builder()
          .withName(RATE_LIMITED)
          .withDescription("Requests refused with 429 RATE_LIMITED, by the limit that refused them")
          .build();

  private static final Metadata AUTH_FAILURES_META =
      Metadata.builder()
          .withName(AUTH_FAILURES)
          .withDescription("Requests refused for their credential, by reason")
          .build();

  @Inject MetricRegistry metrics;

  /** Counts what was fired once its transaction committed (at once outside a transaction). */
  void counted(@Observes(during = TransactionPhase.AFTER_SUCCESS) Counted c) {
    Tag[] tags = new Tag[c.tags().size() / 2];
    for (int i = 0; i < tags.length; i++) {
      tags[i] = new Tag(c.tags().get(2 * i), c.tags().get(2 * i + 1));
    }
    metrics
        .counter(
            Metadata.builder().withName(c.name()).withDescription(c.description()).build(), tags)
        .inc();
  }

  /** One answered request: {@code route} is a route template or {@link #UNMATCHED}. */
  public void request(String method, String route, int status, Duration took) {
    metrics
        .timer(
            REQUESTS_META,
            new Tag("method", method(method)),
            new Tag("route", route),
            new Tag("status", statusClass(status)))
        .update(took);
  }

  /**
   * A request an authentication or throttle filter refused: a 429 counts as a refusal of {@code
   * limit}, a 401/403 (or a credential conflict) as an authentication failure; others not at all.
   */
  public void refused(ApiException e, String limit) {
    if ("RATE_LIMITED".equals(e.code())) {
      rateLimited(limit);
    } else if (e.status() == 401 || e.status() == 403 || "CREDENTIAL_CONFLICT".equals(e.code())) {
      authFailure(e.code());
    }
  }

  /** A request refused by a rate limit: {@code agent} or {@code client_address}. */
  public void rateLimited(String limit) {
    metrics.counter(RATE_LIMITED_META, new Tag("limit", limit)).inc();
  }

  /** A credential refused with this error code; unknown codes count as {@code other}. */
  public void authFailure(String code) {
    metrics.counter(AUTH_FAILURES_META, new Tag("reason", reason(code))).inc();
  }

  static String reason(String code) {
    if (code == null) {
      return "other";
    }
    return code.startsWith("BUYER_TOKEN_") ? "buyer_token" : REASONS.getOrDefault(code, "other");
  }

  static String method(String method) {
    return method != null && METHODS.contains(method) ? method : "other";
  }

  static String statusClass(int status) {
    return status >= 100 && status < 600 ? status / 100 + "xx" : "other";
  }
}
