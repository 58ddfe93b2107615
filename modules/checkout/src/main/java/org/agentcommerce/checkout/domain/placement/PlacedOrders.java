package org.agentcommerce.checkout.domain.placement;

/**
 * What placement asks of the order book (implemented by the order service). Each method runs in the
 * caller's transaction, moves the order and publishes its event there.
 */
public interface PlacedOrders {

  /** What the platform needs to create this order (lines, totals, address, channel). */
  PlacementRequest request(String orderId);

  /** The platform took the order: merchant_confirming → confirmed, event order.confirmed. */
  void placed(String orderId, String platformOrderId, String platformOrderNumber);

  /**
   * Placement gave up (a refusal, or attempts exhausted): the order stays merchant_confirming and
   * the reason is recorded, event order.merchant_placement_failed.
   */
  void placementFailed(String orderId, String reason);

  /** The merchant shipped it: confirmed → fulfilled, event order.fulfilled. */
  void fulfilled(String orderId, String trackingNumber);
}
