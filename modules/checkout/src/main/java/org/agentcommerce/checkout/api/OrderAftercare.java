package org.agentcommerce.checkout.api;

import jakarta.json.JsonObject;

/**
 * An order after checkout, for the tool door: its v2 read and the buyer's after-sales requests.
 * Another agent's or another buyer's order is 404 ORDER_NOT_FOUND.
 */
public interface OrderAftercare {

  /** The order exactly as {@code GET /agent/v2/orders/{id}} answers it (the {@code order}). */
  JsonObject order(String agentId, CheckoutSessions.Buyer buyer, String orderId);

  /**
   * A tracked after-sales request on the order. {@code status}: open, refunded, refund_pending,
   * refund_failed. {@code refund}: the refund when the action was one.
   */
  record Request(
      String requestId,
      String orderId,
      String action,
      String reason,
      String status,
      CheckoutCharges.Refunded refund,
      java.time.Instant createdAt) {}

  /**
   * {@code refund}: gives back what is left of the order's payment through the refund service (409
   * PAYMENT_NOT_SUCCEEDED when nothing was captured). {@code return}, {@code exchange}, {@code
   * support}: opens a request the order's read lists under {@code after_sales} (409 INVALID_STATE
   * for an unpaid or cancelled order).
   */
  Request request(
      String agentId, CheckoutSessions.Buyer buyer, String orderId, String action, String reason);
}
