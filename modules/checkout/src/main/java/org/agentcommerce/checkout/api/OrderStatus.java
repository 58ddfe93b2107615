package org.agentcommerce.checkout.api;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The states of an order and the moves between them. An order starts {@code awaiting_payment}; only
 * the moves listed here are allowed, and the terminal states allow none.
 */
public enum OrderStatus {
  AWAITING_PAYMENT,
  PAYMENT_FAILED,
  PAID,
  MERCHANT_CONFIRMING,
  CONFIRMED,
  FULFILLED,
  REFUNDED,
  CANCELLED;

  /** States this one may move to. */
  public Set<OrderStatus> next() {
    return switch (this) {
      case AWAITING_PAYMENT -> EnumSet.of(PAID, PAYMENT_FAILED, CANCELLED);
      case PAYMENT_FAILED -> EnumSet.of(AWAITING_PAYMENT, CANCELLED);
      case PAID -> EnumSet.of(MERCHANT_CONFIRMING, REFUNDED);
      case MERCHANT_CONFIRMING -> EnumSet.of(CONFIRMED, REFUNDED);
      case CONFIRMED -> EnumSet.of(FULFILLED, REFUNDED);
      case FULFILLED -> EnumSet.of(REFUNDED);
      case REFUNDED, CANCELLED -> EnumSet.noneOf(OrderStatus.class);
    };
  }

  public boolean canMoveTo(OrderStatus target) {
    return next().contains(target);
  }

  /** The wire name, e.g. {@code awaiting_payment}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
