package org.agentcommerce.checkout.infrastructure.partner;

import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.Optional;

/**
 * Where this server itself listens, as loopback: learned from the local port (the socket's, never
 * the Host header) and context path of the requests it serves. The partner adapter's default base
 * URL is the built-in sandbox partner on this address.
 */
@ApplicationScoped
public class OwnAddress {

  private volatile URI base;

  /** Records the local port and context path a request arrived on. */
  public void learn(int localPort, String contextPath) {
    if (localPort <= 0) {
      return;
    }
    String path = contextPath == null || contextPath.isEmpty() ? "/" : contextPath + "/";
    URI seen = URI.create("http://127.0.0.1:" + localPort + path);
    if (!seen.equals(base)) {
      base = seen;
    }
  }

  public Optional<URI> base() {
    return Optional.ofNullable(base);
  }
}
