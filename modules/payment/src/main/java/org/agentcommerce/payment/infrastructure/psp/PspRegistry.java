package org.agentcommerce.payment.infrastructure.psp;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Optional;
import org.agentcommerce.payment.spi.GuardedPsp;
import org.agentcommerce.payment.spi.PspCredentials;
import org.eclipse.microprofile.config.Config;

/**
 * The guarded PSPs this node knows, by name, and the credentials of a PSP account, read from
 * configuration: {@code ac.psp.<account>.base-url}, {@code .api-key}, {@code .merchant-account},
 * {@code .webhook-secret}, {@code .live} (environment {@code AC_PSP_<ACCOUNT>_API_KEY}…). Secrets
 * are never stored in the database, returned or logged ({@link PspCredentials#toString()}).
 */
@ApplicationScoped
public class PspRegistry {

  @Inject @Any Instance<GuardedPsp> psps;
  @Inject Config config;

  public Optional<GuardedPsp> psp(String name) {
    for (GuardedPsp p : psps) {
      if (p.name().equals(name)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether an account moves real money: its {@code .live} flag, or a key or address that says so
   * whatever the flag says (Stripe's {@code sk_live_}/{@code rk_live_} keys, Adyen's live
   * endpoints). Fail-safe: a live-looking account is treated as live.
   */
  public boolean live(String account) {
    PspCredentials c = credentials(account);
    String key = c.apiKey() == null ? "" : c.apiKey();
    String host =
        c.baseUrl() == null || c.baseUrl().getHost() == null
            ? ""
            : c.baseUrl().getHost().toLowerCase(java.util.Locale.ROOT);
    return c.live()
        || key.startsWith("sk_live_")
        || key.startsWith("rk_live_")
        || host.contains("-live")
        || host.startsWith("live.")
        || host.contains(".live.");
  }

  public PspCredentials credentials(String account) {
    String prefix = "ac.psp." + account + ".";
    return new PspCredentials(
        config.getOptionalValue(prefix + "base-url", String.class).map(URI::create).orElse(null),
        config.getOptionalValue(prefix + "api-key", String.class).orElse(null),
        config.getOptionalValue(prefix + "merchant-account", String.class).orElse(null),
        config.getOptionalValue(prefix + "webhook-secret", String.class).orElse(null),
        config.getOptionalValue(prefix + "live", Boolean.class).orElse(false));
  }
}
