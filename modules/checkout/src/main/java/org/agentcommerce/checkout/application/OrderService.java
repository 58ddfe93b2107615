package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.checkout.domain.order.OrderTransition;
import org.agentcommerce.platform.api.tracing.Traced;

/**
 * Orders: made from a quote (the agent's, or one priced on the spot), then moved only along the
 * documented states, each move with its audit row and domain event in the caller's transaction.
 *
 * <p>The entry point the REST resources and checkout lanes inject, and their transaction: each
 * method here runs in the caller's transaction or a new one. The work is done by {@link
 * OrderCreation} (making orders), {@link AgentOrderMoves} (cancel, confirm payment), {@link
 * OrderLookup} and {@link OrderViews} (reads), which carry no interceptor binding and so run in
 * this transaction as they did when they were this class's own methods. Other modules move orders
 * through {@link OrderBookService} (payments) and {@link PlacedOrdersService} (merchant placement).
 */
@ApplicationScoped
@Transactional
public class OrderService {

  @Inject OrderRepository orders;
  @Inject OrderCreation creation;
  @Inject AgentOrderMoves agentMoves;
  @Inject OrderLookup lookup;
  @Inject OrderViews views;

  /** An order as asked for. {@code quoteId} null: priced from the live catalog now. */
  public record CreateOrder(
      String merchantId,
      List<BasketItem> items,
      String quoteId,
      String currency,
      ShipTo shipTo,
      String customerEmail,
      String customerName,
      List<String> discountCodes,
      String deliveryOption,
      Order.Parties parties) {}

  @Traced("order.create")
  public OrderView create(CreateOrder c) {
    return create(c, "rest");
  }

  /**
   * An order made through {@code origin}: rest, hosted, checkout_session ({@link Order#origin}).
   */
  @Traced("order.create")
  public OrderView create(CreateOrder c, String origin) {
    return creation.create(c, origin);
  }

  // ----- reads

  public OrderView get(String agentId, String orderId, BuyerScope scope) {
    return views.view(lookup.require(agentId, orderId, scope));
  }

  public Order require(String agentId, String orderId, BuyerScope scope) {
    return lookup.require(agentId, orderId, scope);
  }

  /** A verified buyer's view: only orders made with that buyer's token. Null: no buyer token. */
  public record BuyerScope(String issuer, String subject) {
    boolean sees(Order o) {
      return issuer.equals(o.buyerIssuer()) && subject.equals(o.buyerSubject());
    }
  }

  public record Page(List<Order> orders, long total) {}

  public Page list(OrderRepository.Filter filter, int offset, int limit) {
    return new Page(orders.list(filter, offset, limit), orders.count(filter));
  }

  public List<OrderTransition> audit(String orderId) {
    return orders.transitions(orderId);
  }

  public Optional<OrderPayments.PaymentView> payment(String orderId) {
    return lookup.payment(orderId);
  }

  public OrderView view(Order o) {
    return views.view(o);
  }

  // ----- moves

  public OrderView cancel(String agentId, String orderId, String reason, BuyerScope scope) {
    return agentMoves.cancel(agentId, orderId, reason, scope);
  }

  /**
   * Starts merchant placement of a paid order: → merchant_confirming and the durable placement job
   * in this transaction. Refuses 409 PAYMENT_NOT_SUCCEEDED unless the payment port says paid.
   * Repeating it on an order already past paid answers what was started, changing nothing.
   */
  public Confirmation confirmPayment(String agentId, String orderId, BuyerScope scope) {
    return agentMoves.confirmPayment(agentId, orderId, scope);
  }

  /**
   * What confirm-payment did: {@code merchantSync} started, placed, or pending (the payment still
   * waits for the buyer or the PSP; nothing was started).
   */
  public record Confirmation(
      OrderView order, String merchantSync, boolean started, String connector) {}
}
