package org.agentcommerce.checkout.domain.order;

import java.time.Instant;
import java.util.List;
import org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn;

/** The returns of our orders as last synced from the merchants' platforms. */
public interface OrderReturns {

  /** Stores what the platform reports (one row per platform return, replaced on each sync). */
  void store(String orderId, List<PlatformReturn> returns, Instant syncedAt);

  /** The order's returns as last synced, oldest first. */
  List<PlatformReturn> of(String orderId);
}
