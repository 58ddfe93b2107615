package org.agentcommerce.mcp.interfaces.mcp;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Refuses requests that a web page could have sent through DNS rebinding: a {@code Host} that is
 * not one of ours, or a browser {@code Origin} that is not allowed. The MCP transport requires the
 * {@code Origin} check; the {@code Host} check is what stops a rebound name from reaching a server
 * on a developer's loopback interface.
 */
public final class DnsRebindingGuard {

  private final boolean anyHost;
  private final List<String> hosts;
  private final boolean anyOrigin;
  private final List<OriginRule> origins;

  public DnsRebindingGuard(McpSettings settings) {
    this.anyHost = settings.allowedHosts().contains("*");
    this.hosts = settings.allowedHosts().stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
    this.anyOrigin = settings.allowedOrigins().contains("*");
    this.origins =
        settings.allowedOrigins().stream()
            .filter(o -> !"*".equals(o))
            .map(OriginRule::parse)
            .toList();
  }

  /** Why the request is refused, or empty when its {@code Host} and {@code Origin} are fine. */
  public Optional<String> rejection(String host, String origin) {
    if (!anyHost) {
      String name = host == null ? null : hostName(host.trim());
      if (name == null || name.isEmpty() || !hosts.contains(name)) {
        return Optional.of(
            "Forbidden: the Host header "
                + (host == null ? "is missing" : "'" + host + "' is not allowed")
                + " on this MCP endpoint.");
      }
    }
    if (origin != null && !anyOrigin && origins.stream().noneMatch(r -> r.allows(origin.trim()))) {
      return Optional.of("Forbidden: the Origin '" + origin + "' is not allowed.");
    }
    return Optional.empty();
  }

  /** {@code example.com:8080} to {@code example.com}, {@code [::1]:8080} to {@code [::1]}. */
  static String hostName(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("[")) {
      int end = h.indexOf(']');
      return end < 0 ? null : h.substring(0, end + 1);
    }
    int colon = h.indexOf(':');
    return colon < 0 ? h : h.substring(0, colon);
  }

  /** One allowed origin: scheme and host exactly, the port exactly, by default or any. */
  private record OriginRule(String scheme, String host, Integer port, boolean anyPort) {

    static OriginRule parse(String rule) {
      String r = rule.toLowerCase(Locale.ROOT);
      boolean anyPort = r.endsWith(":*");
      URI uri = uri(anyPort ? r.substring(0, r.length() - 2) : r);
      if (uri == null || uri.getScheme() == null || uri.getHost() == null) {
        throw new IllegalArgumentException("ac.mcp.allowed-origins: not an origin: " + rule);
      }
      return new OriginRule(
          uri.getScheme(), uri.getHost(), anyPort ? null : effectivePort(uri), anyPort);
    }

    boolean allows(String origin) {
      URI uri = uri(origin.toLowerCase(Locale.ROOT));
      if (uri == null || uri.getScheme() == null || uri.getHost() == null) {
        return false; // "null" (an opaque origin) and anything malformed
      }
      if (uri.getRawPath() != null && !uri.getRawPath().isEmpty() || uri.getRawQuery() != null) {
        return false;
      }
      return scheme.equals(uri.getScheme())
          && host.equals(uri.getHost())
          && (anyPort || port.equals(effectivePort(uri)));
    }

    private static int effectivePort(URI uri) {
      if (uri.getPort() >= 0) {
        return uri.getPort();
      }
      return "https".equals(uri.getScheme()) ? 443 : 80;
    }

    private static URI uri(String text) {
      try {
        return new URI(text);
      } catch (URISyntaxException e) {
        return null;
      }
    }
  }
}
