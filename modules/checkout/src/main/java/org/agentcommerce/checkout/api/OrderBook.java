package org.agentcommerce.checkout.api;

import java.util.Optional;
import org.agentcommerce.platform.api.Money;

/**
 * The order book as other modules use it (the payment module above all). Each move runs in the
 * caller's transaction, is refused with 409 {@code INVALID_STATE} when the order's state does not
 * allow it, and publishes its domain event in that same transaction.
 */
public interface OrderBook {

  /** What a payment needs to know about an order. Amount and currency are authoritative. */
  record OrderSnapshot(
      String orderId,
      String agentId,
      String merchantId,
      OrderStatus status,
      Money total,
      String buyerRef,
      String buyerIssuer,
      String buyerSubject,
      String preferredPsp,
      String customerEmail,
      String quoteId,
      String origin) {

    /** Made through an ACP, UCP or tool-door checkout session: its charges are protocol-tier. */
    public boolean protocolTier() {
      return CHECKOUT_SESSION.equals(origin);
    }
  }

  /** The origin of an order made through a checkout session (ACP, UCP, tool door). */
  String CHECKOUT_SESSION = "checkout_session";

  /** The origin of an order the buyer made on the hosted checkout page. */
  String HOSTED = "hosted";

  /** The agent's order; another agent's order is empty. */
  Optional<OrderSnapshot> order(String agentId, String orderId);

  /** An order's agent and verified buyer. */
  record OrderBuyer(String agentId, String issuer, String subject) {}

  /**
   * The verified buyers of these orders, by order id, read together (the event timeline numbers
   * events in batches); orders without a verified buyer, or unknown, are absent.
   */
  java.util.Map<String, OrderBuyer> buyers(java.util.Collection<String> orderIds);

  /** The agent's order, locked until the caller's transaction ends (one payment at a time). */
  Optional<OrderSnapshot> lockOrder(String agentId, String orderId);

  /** A payment started: → payment_processing, event order.payment_attempted. */
  void paymentStarted(String orderId, String paymentId, String psp);

  /** The payment succeeded: → paid, event order.payment_succeeded. */
  void paymentSucceeded(String orderId, String paymentId, String psp);

  /** The payment failed: → payment_failed, event order.payment_failed. */
  void paymentFailed(String orderId, String paymentId, String reason);

  /**
   * A capture found for a payment attempt that had been closed, or its refund (no move): event
   * {@code type}, one of order.payment_late_captured, order.payment_late_capture_refunded,
   * order.payment_late_capture_refund_failed, with {@code data}.
   */
  void lateCapture(String orderId, String type, java.util.Map<String, Object> data);

  /**
   * Money given back: → partially_refunded or refunded, event order.refunded. More than is left of
   * the order's total is refused (409 REFUND_EXCEEDS_TOTAL) and changes nothing.
   */
  void refunded(String orderId, String refundId, Money amount);

  /**
   * What is left to refund of the order: its total less what was refunded (through payments or by
   * the merchant's platform), read under the order's row lock, which the calling transaction keeps.
   */
  Money refundable(String orderId);

  /**
   * A refund a PSP has already made: moves the order as {@link #refunded} does, but never refuses,
   * for the money is gone whatever our records say. When it exceeds what is left (a refund made on
   * the merchant's platform meanwhile), the order is recorded refunded in full, the event carries
   * {@code exceeds_order_total} with the excess, and an operator is warned in the log.
   */
  void refundMade(String orderId, String refundId, Money amount);
}
