package org.agentcommerce.checkout.application.placement;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.agentcommerce.checkout.domain.placement.PlacedOrders;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.placement.PlacementResult;
import org.agentcommerce.checkout.domain.placement.PlacementStore;

/** The transactional ends of a placement: the job and the order change together, or neither. */
@ApplicationScoped
@Transactional
public class PlacementCompletion {

  @Inject PlacementStore store;
  @Inject PlacedOrders orders;

  public PlacementRequest request(String orderId, PlacementRequest.Channel channel) {
    PlacementRequest r = orders.request(orderId);
    return new PlacementRequest(
        r.reference(),
        r.merchantId(),
        channel,
        r.currency(),
        r.lines(),
        r.subtotalMinor(),
        r.discountMinor(),
        r.shippingMinor(),
        r.taxMinor(),
        r.totalMinor(),
        r.deliveryOption(),
        r.customerEmail(),
        r.customerName(),
        r.shippingAddress());
  }

  /** Job placed and order confirmed, if this holder still holds the job. */
  public boolean placed(String orderId, String holder, PlacementResult result) {
    if (!store.placed(orderId, holder, result.platformOrderId(), result.orderNumber())) {
      return false;
    }
    orders.placed(orderId, result.platformOrderId(), result.orderNumber());
    return true;
  }

  /** Job failed for good and the order's event says why, if this holder still holds the job. */
  public void failed(String orderId, String holder, String error, int attempts) {
    if (store.failed(orderId, holder, error)) {
      orders.placementFailed(orderId, error + " (after " + attempts + " attempts)");
    }
  }
}
