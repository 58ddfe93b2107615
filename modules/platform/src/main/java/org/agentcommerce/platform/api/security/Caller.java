package org.agentcommerce.platform.api.security;

import java.util.Set;

/**
 * The authenticated agent of the current request, as the platform established it from the key.
 * Inject it into any service behind an {@link Authenticated} resource.
 */
public interface Caller {

  /** The agent's id, e.g. {@code agent_3f9c2a7d1b0e4c55}. */
  String agentId();

  /** The id of the key this request used. */
  String keyId();

  /** The agent's rate-limit tier. */
  String tier();

  /**
   * Whether a key was presented and verified for this request. Public operations (the open tool
   * door, citations) run without one.
   */
  boolean isEstablished();

  /** Merchants this key is limited to; empty means every merchant. */
  Set<String> merchantScope();

  /** Whether this key may act on the merchant. */
  default boolean mayAccessMerchant(String merchantId) {
    return merchantScope().isEmpty() || merchantScope().contains(merchantId);
  }

  /** Throws 403 {@code MERCHANT_ACCESS_DENIED} unless this key may act on the merchant. */
  void requireMerchantAccess(String merchantId);
}
