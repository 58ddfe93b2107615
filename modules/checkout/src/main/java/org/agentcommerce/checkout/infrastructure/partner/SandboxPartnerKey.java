package org.agentcommerce.checkout.infrastructure.partner;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.agentcommerce.platform.api.Ids;
import org.eclipse.microprofile.config.Config;

/**
 * The built-in sandbox partner's API key: {@code ac.partner.sandbox.api-key} when set, otherwise a
 * random key made when this process starts, known only to this process. The sandbox always requires
 * it (an anonymous caller is 401), and the partner adapter sends it when it calls this process's
 * own sandbox, so with no configuration only this server itself can use its sandbox.
 */
@ApplicationScoped
public class SandboxPartnerKey {

  @Inject Config config;

  private final String generated = "sbx_" + Ids.randomHex(32);

  /** The key the sandbox requires (never logged, never answered). */
  public String value() {
    return config
        .getOptionalValue("ac.partner.sandbox.api-key", String.class)
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .orElse(generated);
  }

  /** Whether an Authorization header carries the key (constant-time). */
  public boolean accepts(String authorization) {
    return MessageDigest.isEqual(
        ("Bearer " + value()).getBytes(StandardCharsets.UTF_8),
        String.valueOf(authorization).getBytes(StandardCharsets.UTF_8));
  }
}
