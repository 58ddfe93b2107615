package org.agentcommerce.checkout.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class OrderStatusTest {

  @Test
  void theHappyPathIsAllowedStepByStep() {
    OrderStatus[] path = {
      OrderStatus.AWAITING_PAYMENT,
      OrderStatus.PAYMENT_PROCESSING,
      OrderStatus.PAID,
      OrderStatus.MERCHANT_CONFIRMING,
      OrderStatus.CONFIRMED,
      OrderStatus.FULFILLED,
      OrderStatus.REFUNDED
    };
    for (int i = 1; i < path.length; i++) {
      assertTrue(path[i - 1].canMoveTo(path[i]), path[i - 1] + " -> " + path[i]);
    }
  }

  @Test
  void terminalStatesGoNowhereAndMoneyIsNeverSkipped() {
    assertTrue(OrderStatus.CANCELLED.next().isEmpty());
    assertTrue(OrderStatus.REFUNDED.next().isEmpty());
    for (OrderStatus s : EnumSet.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAYMENT_FAILED)) {
      assertFalse(s.canMoveTo(OrderStatus.MERCHANT_CONFIRMING), s.toString());
      assertFalse(s.canMoveTo(OrderStatus.REFUNDED), s.toString());
    }
    for (OrderStatus s : OrderStatus.values()) {
      if (s.isPaid()) {
        assertFalse(s.canMoveTo(OrderStatus.CANCELLED), s + " is paid: refund, never cancel");
      }
    }
  }

  @Test
  void wireNamesRoundTrip() {
    for (OrderStatus s : OrderStatus.values()) {
      assertEquals(s, OrderStatus.fromWire(s.wireName()).orElseThrow());
    }
    assertTrue(OrderStatus.fromWire("PAID").isEmpty());
  }
}
