package org.agentcommerce.mcp.interfaces.mcp;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;

/**
 * The tool doors' configuration.
 *
 * <ul>
 *   <li>{@code ac.mcp.allowed-hosts}: host names (no port) a request's {@code Host} may name;
 *       default {@code localhost,127.0.0.1,[::1]}. The host of {@code ac.public-base-url} is always
 *       added. {@code *} allows any host.
 *   <li>{@code ac.mcp.allowed-origins}: origins a browser request's {@code Origin} may name, as
 *       {@code scheme://host}, {@code scheme://host:port} or {@code scheme://host:*} (any port);
 *       default {@code http(s)://localhost:*}, {@code http(s)://127.0.0.1:*}, {@code
 *       http(s)://[::1]:*}. The origin of {@code ac.public-base-url} is always added. {@code *}
 *       allows any origin. Requests without {@code Origin} (not from a browser) are not checked.
 *   <li>{@code ac.mcp.open.requests-per-minute}: the open door's limit per client address; default
 *       120.
 *   <li>{@code ac.mcp.trust-forwarded-for}: take the client address from the last {@code
 *       X-Forwarded-For} entry (the one the service's own proxy added); default false.
 * </ul>
 */
public record McpSettings(
    List<String> allowedHosts,
    List<String> allowedOrigins,
    int openRequestsPerMinute,
    boolean trustForwardedFor) {

  static final String DEFAULT_HOSTS = "localhost,127.0.0.1,[::1]";
  static final String DEFAULT_ORIGINS =
      "http://localhost:*,https://localhost:*,http://127.0.0.1:*,https://127.0.0.1:*,"
          + "http://[::1]:*,https://[::1]:*";
  static final int DEFAULT_OPEN_REQUESTS_PER_MINUTE = 120;

  public McpSettings {
    allowedHosts = List.copyOf(allowedHosts);
    allowedOrigins = List.copyOf(allowedOrigins);
  }

  /** The defaults, as on a developer's machine. */
  static McpSettings defaults() {
    return of(
        DEFAULT_HOSTS, DEFAULT_ORIGINS, Optional.empty(), DEFAULT_OPEN_REQUESTS_PER_MINUTE, false);
  }

  public static McpSettings from(Config config) {
    return of(
        config.getOptionalValue("ac.mcp.allowed-hosts", String.class).orElse(DEFAULT_HOSTS),
        config.getOptionalValue("ac.mcp.allowed-origins", String.class).orElse(DEFAULT_ORIGINS),
        config.getOptionalValue("ac.public-base-url", String.class).filter(s -> !s.isBlank()),
        config
            .getOptionalValue("ac.mcp.open.requests-per-minute", Integer.class)
            .orElse(DEFAULT_OPEN_REQUESTS_PER_MINUTE),
        config.getOptionalValue("ac.mcp.trust-forwarded-for", Boolean.class).orElse(false));
  }

  static McpSettings of(
      String hosts,
      String origins,
      Optional<String> publicBaseUrl,
      int openRequestsPerMinute,
      boolean trustForwardedFor) {
    List<String> h = new ArrayList<>(split(hosts));
    List<String> o = new ArrayList<>(split(origins));
    publicBaseUrl.ifPresent(
        url -> {
          URI uri = URI.create(url.trim());
          if (uri.getHost() == null || uri.getScheme() == null) {
            throw new IllegalArgumentException("ac.public-base-url is not an absolute URL: " + url);
          }
          h.add(uri.getHost().toLowerCase(Locale.ROOT));
          o.add(
              uri.getScheme().toLowerCase(Locale.ROOT)
                  + "://"
                  + uri.getHost().toLowerCase(Locale.ROOT)
                  + (uri.getPort() < 0 ? "" : ":" + uri.getPort()));
        });
    return new McpSettings(h, o, openRequestsPerMinute, trustForwardedFor);
  }

  private static List<String> split(String list) {
    return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
