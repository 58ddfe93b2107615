package org.agentcommerce.events.api;

import java.util.Optional;

/**
 * The kinds of order event on the timeline and in webhooks, with their wire names (their data is
 * listed in docs/events.md). Webhook subscriptions name these.
 */
public enum OrderEventType {
  ORDER_CREATED("order.created"),
  PAYMENT_ATTEMPTED("order.payment_attempted"),
  PAYMENT_SUCCEEDED("order.payment_succeeded"),
  PAYMENT_FAILED("order.payment_failed"),
  PAYMENT_LATE_CAPTURED("order.payment_late_captured"),
  PAYMENT_LATE_CAPTURE_REFUNDED("order.payment_late_capture_refunded"),
  PAYMENT_LATE_CAPTURE_REFUND_FAILED("order.payment_late_capture_refund_failed"),
  MERCHANT_CONFIRMING("order.merchant_confirming"),
  CONFIRMED("order.confirmed"),
  MERCHANT_PLACEMENT_FAILED("order.merchant_placement_failed"),
  FULFILLED("order.fulfilled"),
  REFUNDED("order.refunded"),
  CANCELLED("order.cancelled");

  private final String wireName;

  OrderEventType(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  /** The type with this wire name, if there is one. */
  public static Optional<OrderEventType> fromWire(String name) {
    for (OrderEventType type : values()) {
      if (type.wireName.equals(name)) {
        return Optional.of(type);
      }
    }
    return Optional.empty();
  }
}
