package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.platform.api.ApiException;

/**
 * Finds the order a caller may see (its agent's, in the caller's merchant scope, and the verified
 * buyer's when there is one), else 404 ORDER_NOT_FOUND; and the order's latest payment. Not
 * transactional itself (no interceptor binding): it runs in the calling order service's
 * transaction; its methods are public only for CDI's client proxy.
 */
@ApplicationScoped
public class OrderLookup {

  @Inject OrderRepository orders;
  @Inject Baskets baskets;
  @Inject Instance<OrderPayments> payments;

  public Order require(String agentId, String orderId, OrderService.BuyerScope scope) {
    return visible(orders.findForAgent(agentId, orderId), orderId, scope);
  }

  /** The order, locked until the transaction ends: moves of one order run one at a time. */
  public Order requireLocked(String agentId, String orderId, OrderService.BuyerScope scope) {
    return visible(orders.lockForAgent(agentId, orderId), orderId, scope);
  }

  private Order visible(Optional<Order> found, String orderId, OrderService.BuyerScope scope) {
    return found
        .filter(o -> baskets.inScope(o.merchantId()))
        .filter(o -> scope == null || scope.sees(o))
        .orElseThrow(
            () ->
                new ApiException(
                    404,
                    "ORDER_NOT_FOUND",
                    "Order " + orderId + " was not found.",
                    Map.of("order_id", orderId),
                    Map.of()));
  }

  public Optional<OrderPayments.PaymentView> payment(String orderId) {
    return payments.isResolvable() ? payments.get().latest(orderId) : Optional.empty();
  }
}
