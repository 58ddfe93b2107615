package org.agentcommerce.checkout.interfaces.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.agentcommerce.checkout.application.CheckoutTokens;
import org.agentcommerce.platform.api.StartupCheck;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health/ready}, check {@code checkout-token}: a node that would not accept the checkout
 * tokens the other nodes make (they sign with {@code ac.checkout.token-secret}, this one has none)
 * must not get traffic; the problem names the setting. Also holds {@code GET /agent/v1/health}.
 */
@Readiness
@ApplicationScoped
public class CheckoutTokenReadiness implements HealthCheck, StartupCheck {

  @Inject CheckoutTokens tokens;

  @Override
  public String name() {
    return "checkout-token";
  }

  @Override
  public boolean started() {
    return tokens.problem() == null;
  }

  @Override
  public HealthCheckResponse call() {
    var response = HealthCheckResponse.named(name()).status(started());
    if (!started()) {
      response.withData("problem", tokens.problem());
    }
    return response.build();
  }
}
