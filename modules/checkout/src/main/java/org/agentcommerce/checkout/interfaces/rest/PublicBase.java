package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.config.Config;

/**
 * The address our links (checkout pages, the sandbox storefront) are built on: {@code
 * ac.public-base-url} when set; else the address the request came to, but only for a Host of ours
 * ({@code ac.mcp.allowed-hosts}, default the loopback names), so a forged Host header cannot make
 * us hand out a link to someone else's site (421 HOST_NOT_ALLOWED).
 */
@ApplicationScoped
public class PublicBase implements org.agentcommerce.checkout.api.PublicLinks {

  @Inject Config config;

  @Override
  public URI of(UriInfo uri) {
    Optional<String> configured =
        config.getOptionalValue("ac.public-base-url", String.class).filter(s -> !s.isBlank());
    if (configured.isPresent()) {
      return URI.create(configured.get());
    }
    URI base = uri.getBaseUri();
    Set<String> allowed =
        Arrays.stream(
                config
                    .getOptionalValue("ac.mcp.allowed-hosts", String.class)
                    .orElse("localhost,127.0.0.1,[::1]")
                    .split(","))
            .map(h -> h.trim().toLowerCase(Locale.ROOT))
            .filter(h -> !h.isEmpty())
            .collect(Collectors.toSet());
    String host = base.getHost() == null ? "" : base.getHost().toLowerCase(Locale.ROOT);
    if (allowed.contains("*") || allowed.contains(host)) {
      return base;
    }
    throw new ApiException(
        421,
        "HOST_NOT_ALLOWED",
        "This server does not answer for the Host '"
            + host
            + "'. Its public address is configured with ac.public-base-url, or the host is listed"
            + " in ac.mcp.allowed-hosts.",
        Map.of(),
        Map.of());
  }
}
