package org.agentcommerce.platform.application;

import jakarta.enterprise.context.RequestScoped;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.security.Caller;

/** The request's authenticated agent, filled in by the authentication filter. */
@RequestScoped
public class CallerContext implements Caller {

  private String agentId;
  private String keyId;
  private String tier;
  private Set<String> merchantScope = Set.of();

  /** Called once per request by the platform's authentication filter. */
  public void establish(String agentId, String keyId, String tier, Set<String> merchantScope) {
    this.agentId = agentId;
    this.keyId = keyId;
    this.tier = tier;
    this.merchantScope = Set.copyOf(merchantScope);
    org.agentcommerce.platform.api.tracing.LogContext.agent(agentId);
    org.agentcommerce.platform.api.tracing.Tracing.annotate("agent.id", agentId);
  }

  public boolean isEstablished() {
    return agentId != null;
  }

  @Override
  public String agentId() {
    requireEstablished();
    return agentId;
  }

  @Override
  public String keyId() {
    requireEstablished();
    return keyId;
  }

  @Override
  public String tier() {
    requireEstablished();
    return tier;
  }

  @Override
  public Set<String> merchantScope() {
    requireEstablished();
    return merchantScope;
  }

  @Override
  public void requireMerchantAccess(String merchantId) {
    if (!mayAccessMerchant(merchantId)) {
      throw new ApiException(
          403,
          "MERCHANT_ACCESS_DENIED",
          "This API key is not allowed to act on merchant " + merchantId + ".",
          Map.of("merchant_id", merchantId),
          Map.of());
    }
  }

  private void requireEstablished() {
    if (agentId == null) {
      throw new IllegalStateException("No authenticated caller: the resource lacks @Authenticated");
    }
  }
}
