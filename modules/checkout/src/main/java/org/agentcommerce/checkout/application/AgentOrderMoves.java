package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.application.OrderService.BuyerScope;
import org.agentcommerce.checkout.application.OrderService.Confirmation;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.placement.PlacementJobs;
import org.agentcommerce.platform.api.ApiException;

/**
 * The moves the agent (or its verified buyer) asks for on an order it sees: cancel an unpaid order,
 * confirm a paid one (→ merchant_confirming, and merchant placement starts). Each locks the order
 * first. Not transactional itself (no interceptor binding): it runs in {@link OrderService}'s
 * transaction; its methods are public only for CDI's client proxy.
 */
@ApplicationScoped
public class AgentOrderMoves {

  @Inject OrderLookup lookup;
  @Inject OrderMoves moves;
  @Inject OrderViews views;
  @Inject Instance<PlacementJobs> placements;

  public OrderView cancel(String agentId, String orderId, String reason, BuyerScope scope) {
    Order o = lookup.requireLocked(agentId, orderId, scope);
    if (o.status().isPaid() || o.status() == OrderStatus.PAYMENT_PROCESSING) {
      throw new ApiException(
          409,
          "INVALID_STATE",
          "Order "
              + orderId
              + " is "
              + o.status().wireName()
              + "; only an unpaid order can be cancelled here (a paid one is refunded).",
          Map.of("order_id", orderId, "current_status", o.status().wireName()),
          Map.of());
    }
    moves.move(
        o,
        OrderStatus.CANCELLED,
        "agent",
        reason == null ? "cancelled by agent" : reason,
        Map.of());
    return views.view(o);
  }

  /** {@link OrderService#confirmPayment}: the placement job starts in the caller's transaction. */
  public Confirmation confirmPayment(String agentId, String orderId, BuyerScope scope) {
    Order o = lookup.requireLocked(agentId, orderId, scope);
    Optional<OrderPayments.PaymentView> payment = lookup.payment(orderId);
    OrderStatus s = o.status();
    if (s == OrderStatus.MERCHANT_CONFIRMING
        || s == OrderStatus.CONFIRMED
        || s == OrderStatus.FULFILLED) {
      return new Confirmation(
          views.view(o),
          s == OrderStatus.MERCHANT_CONFIRMING ? "started" : "placed",
          false,
          placements.isResolvable() ? placements.get().connectorOf(orderId).orElse(null) : null);
    }
    if (s == OrderStatus.PAYMENT_PROCESSING
        && payment.isPresent()
        && ("requires_action".equals(payment.get().status())
            || "processing".equals(payment.get().status()))) {
      // The buyer (3-D Secure) or the PSP has yet to finish: the origin's client-confirm flow
      // answers pending with the action to take, and nothing moves.
      return new Confirmation(views.view(o), "pending", false, null);
    }
    if (s != OrderStatus.PAID || payment.isEmpty() || !payment.get().succeeded()) {
      throw new ApiException(
          409,
          "PAYMENT_NOT_SUCCEEDED",
          "Order "
              + orderId
              + " has no succeeded payment (order status "
              + s.wireName()
              + (payment.isPresent() ? ", payment " + payment.get().status() : ", no payment")
              + "); pay for it first.",
          Map.of(
              "order_id",
              orderId,
              "current_status",
              s.wireName(),
              "payment_status",
              payment.map(OrderPayments.PaymentView::status).orElse("none")),
          Map.of());
    }
    moves.move(o, OrderStatus.MERCHANT_CONFIRMING, "agent", "payment confirmed", Map.of());
    if (!placements.isResolvable()) {
      throw new IllegalStateException("No merchant placement service is deployed");
    }
    String connector = placements.get().start(orderId, o.merchantId());
    return new Confirmation(views.view(o), "started", true, connector);
  }
}
