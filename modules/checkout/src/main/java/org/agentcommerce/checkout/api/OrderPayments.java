package org.agentcommerce.checkout.api;

import java.time.Instant;
import java.util.Optional;

/**
 * The port through which the order book reads an order's payment (implemented by the payment
 * module). Without an implementation no order is ever paid.
 */
public interface OrderPayments {

  /**
   * The latest payment of an order. {@code status}: requires_action, processing, succeeded, failed,
   * refunded. {@code actionType}/{@code actionUrl}: what the buyer must do next, if anything (a
   * redirect, a hosted page). Never a client secret: reads do not carry one.
   */
  record PaymentView(
      String paymentId,
      String status,
      String psp,
      String paymentIntentId,
      String actionType,
      String actionUrl,
      Instant updatedAt,
      String errorCode,
      String declineCode,
      String errorMessage) {

    public boolean succeeded() {
      return "succeeded".equals(status);
    }
  }

  Optional<PaymentView> latest(String orderId);
}
