package org.agentcommerce.payment.domain.analytics;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;

/**
 * The order funnel read model: the agent's orders created since a moment, with what became of their
 * payments, counted per UTC day of the order's creation (docs/analytics.md).
 */
public interface OrderFunnel {

  /** One day's cohort of orders. */
  record Day(long ordersInitiated, long paymentAttempted, long ordersCompleted) {

    public static final Day NONE = new Day(0, 0, 0);

    public Day plus(Day other) {
      return new Day(
          ordersInitiated + other.ordersInitiated,
          paymentAttempted + other.paymentAttempted,
          ordersCompleted + other.ordersCompleted);
    }
  }

  /**
   * Days with at least one order created at or after {@code from}; limited to the merchants of
   * {@code merchantScope} unless it is empty.
   */
  Map<LocalDate, Day> since(String agentId, Set<String> merchantScope, Instant from);
}
