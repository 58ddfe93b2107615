package org.agentcommerce.checkout.infrastructure.partner;

import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where this server itself listens for plain HTTP, as loopback: learned from the local port (the
 * socket's, never the Host header) and context path of the first plain-HTTP request it serves, and
 * never changed afterwards. A request over TLS (another listener, such as --sslport) teaches
 * nothing: the partner adapter calls http://, so a TLS port would be the wrong one, and any caller
 * on another listener must not be able to move the address. The partner adapter's default base URL
 * is the built-in sandbox partner on this address; a node that serves no plain-HTTP request (a
 * poller-only node) needs {@code ac.partner.base-url}.
 */
@ApplicationScoped
public class OwnAddress {

  private final AtomicReference<URI> base = new AtomicReference<>();

  /**
   * Records the local port and context path of a request, when it is the first plain-HTTP request
   * with a port; a secure request or any later request changes nothing.
   */
  public void learn(int localPort, String contextPath, boolean secure) {
    if (secure || localPort <= 0 || base.get() != null) {
      return;
    }
    String path = contextPath == null || contextPath.isEmpty() ? "/" : contextPath + "/";
    base.compareAndSet(null, URI.create("http://127.0.0.1:" + localPort + path));
  }

  public Optional<URI> base() {
    return Optional.ofNullable(base.get());
  }
}
