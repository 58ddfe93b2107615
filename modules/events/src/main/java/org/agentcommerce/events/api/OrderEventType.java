package org.agentcommerce.events.api;

/** The kinds of order event on the timeline and in webhooks, with their wire names. */
public enum OrderEventType {
  ORDER_CREATED("order.created"),
  PAYMENT_ATTEMPTED("order.payment_attempted"),
  PAYMENT_SUCCEEDED("order.payment_succeeded"),
  PAYMENT_FAILED("order.payment_failed"),
  CONFIRMED("order.confirmed"),
  REFUNDED("order.refunded"),
  CANCELLED("order.cancelled");

  private final String wireName;

  OrderEventType(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  /** The type with this wire name. */
  public static OrderEventType fromWire(String name) {
    for (OrderEventType type : values()) {
      if (type.wireName.equals(name)) {
        return type;
      }
    }
    throw new IllegalArgumentException("unknown order event type: " + name);
  }
}
