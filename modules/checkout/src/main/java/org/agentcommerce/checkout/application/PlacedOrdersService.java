package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderLine;
import org.agentcommerce.checkout.domain.placement.PlacedOrders;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;

/**
 * The order book as merchant placement uses it ({@link PlacedOrders}): what to place, and the
 * merchant's answers (placed → confirmed, placement failed, shipped → fulfilled), each with its
 * audit row and domain event in the caller's transaction.
 */
@ApplicationScoped
@Transactional
public class PlacedOrdersService implements PlacedOrders {

  @Inject OrderMoves moves;

  @Override
  public PlacementRequest request(String orderId) {
    Order o = moves.byId(orderId);
    List<PlacementRequest.Line> lines = new ArrayList<>();
    for (OrderLine l : o.lines()) {
      lines.add(
          new PlacementRequest.Line(
              l.platformProductId(),
              l.variantId(),
              l.sku(),
              l.title(),
              l.quantity(),
              l.unitEffectiveMinor(),
              l.totalMinor()));
    }
    return new PlacementRequest(
        o.id(),
        o.merchantId(),
        null,
        o.currency(),
        lines,
        o.subtotalMinor(),
        o.discountMinor(),
        o.shippingMinor(),
        o.taxMinor(),
        o.totalMinor(),
        o.deliveryOption(),
        o.customerEmail(),
        o.customerName(),
        OrderViews.address(o));
  }

  @Override
  public void placed(String orderId, String platformOrderId, String platformOrderNumber) {
    Order o = moves.byId(orderId);
    o.placedAs(platformOrderId, platformOrderNumber);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("merchant_order_id", platformOrderId);
    data.put("merchant_order_number", platformOrderNumber);
    if (o.status() == OrderStatus.PARTIALLY_REFUNDED || o.status() == OrderStatus.REFUNDED) {
      // Money went back while the placement ran: the merchant has the order all the same. It is
      // recorded and told, and the order keeps its refund state (moving it back to confirmed
      // would hide the refund; refusing would leave the placement job retrying for ever).
      moves.publish(o, "order.confirmed", data);
      return;
    }
    moves.move(o, OrderStatus.CONFIRMED, "merchant", "placed as " + platformOrderNumber, data);
  }

  @Override
  public void placementFailed(String orderId, String reason) {
    Order o = moves.byId(orderId);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("reason", reason);
    moves.publish(o, "order.merchant_placement_failed", data);
  }

  @Override
  public void fulfilled(String orderId, String trackingNumber) {
    Order o = moves.byId(orderId);
    o.shipped(trackingNumber);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("tracking_number", trackingNumber);
    moves.move(o, OrderStatus.FULFILLED, "merchant", "shipped", data);
  }
}
