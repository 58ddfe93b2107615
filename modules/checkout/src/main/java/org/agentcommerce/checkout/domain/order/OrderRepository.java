package org.agentcommerce.checkout.domain.order;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

public interface OrderRepository {

  void add(Order order);

  Optional<Order> find(String orderId);

  /** The agent's order, or empty (another agent's order is as good as absent). */
  Optional<Order> findForAgent(String agentId, String orderId);

  /** The agent and verified buyer of each of these orders that has one, in one read. */
  java.util.Map<String, org.agentcommerce.checkout.api.OrderBook.OrderBuyer> buyers(
      java.util.Collection<String> orderIds);

  /** The order, locked until the transaction ends. */
  Optional<Order> lock(String orderId);

  /** The agent's order, locked until the transaction ends. */
  Optional<Order> lockForAgent(String agentId, String orderId);

  void addTransition(OrderTransition transition);

  List<OrderTransition> transitions(String orderId);

  /**
   * What a list asks for; null members filter nothing. {@code merchantScope}: the merchants the key
   * is limited to (null or empty: every merchant).
   */
  record Filter(
      String agentId,
      java.util.Set<String> merchantScope,
      String merchantId,
      List<String> statuses,
      List<String> buyerRefs,
      String buyerIssuer,
      String buyerSubject,
      Instant createdAfter,
      Instant createdBefore) {}

  /** Newest first. */
  List<Order> list(Filter filter, int offset, int limit);

  long count(Filter filter);

  /**
   * What the agent committed to spend in the currency since {@code since}: totals of its orders
   * that are not cancelled, failed or refunded.
   */
  long spentSince(String agentId, String currency, Instant since);

  /**
   * Tells the spend book that the order's {@link Order#spendCounted()} was {@code before} and may
   * have changed: call it in the transaction that changed the order. {@link #add} counts a new
   * order itself.
   */
  void spendChanged(Order order, long before);

  /** Locks the agent's row so that its spending checks run one at a time. */
  void lockAgent(String agentId);
}
