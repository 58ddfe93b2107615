package org.agentcommerce.checkout.api;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The states of an order and the moves between them (docs/orders.md). An order starts {@code
 * awaiting_payment}; only the moves listed here are allowed, and the terminal states allow none.
 */
public enum OrderStatus {
  AWAITING_PAYMENT,
  PAYMENT_PROCESSING,
  PAYMENT_FAILED,
  PAID,
  MERCHANT_CONFIRMING,
  CONFIRMED,
  FULFILLED,
  PARTIALLY_REFUNDED,
  REFUNDED,
  CANCELLED;

  /** States this one may move to. */
  public Set<OrderStatus> next() {
    return switch (this) {
      case AWAITING_PAYMENT -> EnumSet.of(PAYMENT_PROCESSING, PAID, PAYMENT_FAILED, CANCELLED);
      case PAYMENT_PROCESSING -> EnumSet.of(PAID, PAYMENT_FAILED);
      case PAYMENT_FAILED -> EnumSet.of(PAYMENT_PROCESSING, PAID, CANCELLED);
      case PAID -> EnumSet.of(MERCHANT_CONFIRMING, PARTIALLY_REFUNDED, REFUNDED);
      case MERCHANT_CONFIRMING -> EnumSet.of(CONFIRMED, PARTIALLY_REFUNDED, REFUNDED);
      case CONFIRMED -> EnumSet.of(FULFILLED, PARTIALLY_REFUNDED, REFUNDED);
      case FULFILLED -> EnumSet.of(PARTIALLY_REFUNDED, REFUNDED);
      case PARTIALLY_REFUNDED -> EnumSet.of(PARTIALLY_REFUNDED, REFUNDED);
      case REFUNDED, CANCELLED -> EnumSet.noneOf(OrderStatus.class);
    };
  }

  public boolean canMoveTo(OrderStatus target) {
    return next().contains(target);
  }

  /** Whether money was taken for the order (and not all of it given back). */
  public boolean isPaid() {
    return switch (this) {
      case PAID, MERCHANT_CONFIRMING, CONFIRMED, FULFILLED, PARTIALLY_REFUNDED -> true;
      default -> false;
    };
  }

  /** The wire name, e.g. {@code awaiting_payment}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The status with this wire name, if there is one. */
  public static Optional<OrderStatus> fromWire(String name) {
    for (OrderStatus s : values()) {
      if (s.wireName().equals(name)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
