package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.checkout.domain.order.OrderTransition;
import org.agentcommerce.platform.api.Counted;
import org.agentcommerce.platform.api.events.DomainEvent;
import org.agentcommerce.platform.api.events.DomainEvents;

/**
 * One move of an order along its documented states: the move, its audit row, its domain event and
 * its counter, all in the caller's transaction. Not transactional itself (no interceptor binding):
 * the order services that call it are; its methods are public only for CDI's client proxy.
 */
@ApplicationScoped
public class OrderMoves {

  @Inject OrderRepository orders;
  @Inject DomainEvents events;
  @Inject Clock clock;
  @Inject Event<Counted> tally;

  /** Counter on /metrics (docs/operations.md): moves, by target state. */
  static final String MOVED_METRIC = "orders_moved";

  /**
   * The order, its row locked until the transaction ends: the moves other modules make (payments,
   * refunds, placements) serialise on it and each sees the last committed state (without the lock a
   * refund racing a placement failed its optimistic check after the PSP had refunded).
   */
  public Order byId(String orderId) {
    return orders.lock(orderId).orElseThrow(() -> new IllegalStateException("No order " + orderId));
  }

  /** Moves the order, writes the audit row and publishes the move's event. */
  public void move(
      Order o, OrderStatus target, String actor, String reason, Map<String, Object> data) {
    Instant now = now();
    long counted = o.spendCounted();
    OrderStatus from = o.moveTo(target, now);
    orders.spendChanged(o, counted);
    orders.addTransition(
        new OrderTransition(
            o.id(), o.transitionCount(), from.wireName(), target.wireName(), reason, actor, now));
    Map<String, Object> d = new LinkedHashMap<>(data);
    d.put("previous_status", from.wireName());
    publish(o, eventType(target), d);
    tally.fire(
        new Counted(MOVED_METRIC, "Order moves, by the state moved to", "to", target.wireName()));
  }

  static String eventType(OrderStatus s) {
    return switch (s) {
      case AWAITING_PAYMENT -> "order.created";
      case PAYMENT_PROCESSING -> "order.payment_attempted";
      case PAID -> "order.payment_succeeded";
      case PAYMENT_FAILED -> "order.payment_failed";
      case MERCHANT_CONFIRMING -> "order.merchant_confirming";
      case CONFIRMED -> "order.confirmed";
      case FULFILLED -> "order.fulfilled";
      case PARTIALLY_REFUNDED, REFUNDED -> "order.refunded";
      case CANCELLED -> "order.cancelled";
    };
  }

  /** Publishes an event of the order (with its id, merchant and total) without moving it. */
  public void publish(Order o, String type, Map<String, Object> data) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("order_id", o.id());
    d.put("merchant_id", o.merchantId());
    d.put("total_amount", Amounts.major(o.totalMinor(), o.currency()));
    d.put("currency", o.currency());
    d.putAll(data);
    d.values().removeIf(Objects::isNull);
    events.publish(
        new DomainEvent(
            type,
            "order",
            o.id(),
            o.agentId(),
            o.merchantId(),
            o.buyerRef(),
            o.status().wireName(),
            o.total(),
            d));
  }

  /** Now, to the database's precision. */
  public Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
