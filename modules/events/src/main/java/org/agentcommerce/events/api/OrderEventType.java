package org.agentcommerce.events.api;

import java.util.Optional;

/**
 * The kinds of order event on the timeline and in webhooks, with their wire names (their data is
 * listed in docs/events.md). Webhook subscriptions name these.
 */
public enum OrderEventType {
  ORDER_CREATED("order.created", "An order was created"),
  PAYMENT_ATTEMPTED("order.payment_attempted", "A payment of the order started"),
  PAYMENT_SUCCEEDED("order.payment_succeeded", "The order was paid"),
  PAYMENT_FAILED("order.payment_failed", "A payment failed or expired; the order is payable again"),
  PAYMENT_LATE_CAPTURED(
      "order.payment_late_captured", "A PSP captured money after the attempt was closed"),
  PAYMENT_LATE_CAPTURE_REFUNDED(
      "order.payment_late_capture_refunded", "A late capture was given back in full"),
  PAYMENT_LATE_CAPTURE_REFUND_FAILED(
      "order.payment_late_capture_refund_failed",
      "Giving a late capture back failed; an operator acts"),
  MERCHANT_CONFIRMING(
      "order.merchant_confirming",
      "Payment confirmed; the order is being placed with the merchant"),
  CONFIRMED("order.confirmed", "The merchant has the order"),
  MERCHANT_PLACEMENT_FAILED(
      "order.merchant_placement_failed", "The merchant refused the order or placing it gave up"),
  FULFILLED("order.fulfilled", "The merchant shipped the order"),
  REFUNDED("order.refunded", "Money was refunded, in part or in full"),
  CANCELLED("order.cancelled", "The unpaid order was cancelled");

  private final String wireName;
  private final String description;

  OrderEventType(String wireName, String description) {
    this.wireName = wireName;
    this.description = description;
  }

  public String wireName() {
    return wireName;
  }

  /** What the event means, one sentence (the webhook event catalog). */
  public String description() {
    return description;
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
