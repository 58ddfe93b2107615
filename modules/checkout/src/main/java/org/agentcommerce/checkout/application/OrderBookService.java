package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.intent.CheckoutIntentRepository;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderRepository;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Money;

/**
 * The order book as other modules use it ({@link OrderBook}, the payment module above all): orders
 * read and locked for a payment, and the payment moves (started, succeeded, failed, late captures,
 * refunds), each with its audit row and domain event in the caller's transaction.
 */
@ApplicationScoped
@Transactional
public class OrderBookService implements OrderBook {

  private static final java.util.logging.Logger LOG =
      java.util.logging.Logger.getLogger(OrderBookService.class.getName());

  @Inject OrderRepository orders;
  @Inject Baskets baskets;
  @Inject CheckoutIntentRepository intents;
  @Inject OrderMoves moves;

  @Override
  public Optional<OrderSnapshot> order(String agentId, String orderId) {
    return orders
        .findForAgent(agentId, orderId)
        .filter(o -> baskets.inScope(o.merchantId()))
        .map(OrderBookService::snapshot);
  }

  @Override
  public java.util.Map<String, OrderBuyer> buyers(java.util.Collection<String> orderIds) {
    return orders.buyers(orderIds);
  }

  @Override
  public Optional<OrderSnapshot> lockOrder(String agentId, String orderId) {
    return orders
        .lockForAgent(agentId, orderId)
        .filter(o -> baskets.inScope(o.merchantId()))
        .map(OrderBookService::snapshot);
  }

  private static OrderSnapshot snapshot(Order o) {
    return new OrderSnapshot(
        o.id(),
        o.agentId(),
        o.merchantId(),
        o.status(),
        o.total(),
        o.buyerRef(),
        o.buyerIssuer(),
        o.buyerSubject(),
        o.preferredPsp(),
        o.customerEmail(),
        o.quoteId(),
        o.origin());
  }

  @Override
  public void paymentStarted(String orderId, String paymentId, String psp) {
    Order o = moves.byId(orderId);
    // The payment status first: the move's event is written with SQL, which flushes the order,
    // so both changes go out in one UPDATE (set afterwards, they took a second one).
    o.paymentStatus("processing", moves.now());
    moves.move(
        o,
        OrderStatus.PAYMENT_PROCESSING,
        "payment",
        paymentId,
        Map.of("payment_id", paymentId, "psp", psp));
  }

  @Override
  public void paymentSucceeded(String orderId, String paymentId, String psp) {
    Order o = moves.byId(orderId);
    o.paymentStatus("succeeded", moves.now());
    moves.move(
        o, OrderStatus.PAID, "payment", paymentId, Map.of("payment_id", paymentId, "psp", psp));
    // Paid: the hosted checkouts of this order are done, their tokens single-use.
    intents.markUsed(o.id(), o.quoteId(), moves.now());
  }

  @Override
  public void paymentFailed(String orderId, String paymentId, String reason) {
    Order o = moves.byId(orderId);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("payment_id", paymentId);
    data.put("reason", reason);
    o.paymentStatus("failed", moves.now());
    moves.move(o, OrderStatus.PAYMENT_FAILED, "payment", reason, data);
  }

  private static final java.util.Set<String> LATE_CAPTURE_EVENTS =
      java.util.Set.of(
          "order.payment_late_captured",
          "order.payment_late_capture_refunded",
          "order.payment_late_capture_refund_failed");

  @Override
  public void lateCapture(String orderId, String type, Map<String, Object> data) {
    if (!LATE_CAPTURE_EVENTS.contains(type)) {
      throw new IllegalArgumentException("Not a late-capture event: " + type);
    }
    moves.publish(moves.byId(orderId), type, data);
  }

  @Override
  public void refunded(String orderId, String refundId, Money amount) {
    Order o = moves.byId(orderId);
    if (!amount.currencyCode().equals(o.currency())
        || o.refundedMinor() + amount.minorUnits() > o.totalMinor()) {
      throw new ApiException(
          409,
          "REFUND_EXCEEDS_TOTAL",
          "A refund of "
              + amount.amount()
              + " "
              + amount.currencyCode()
              + " exceeds what is left of order "
              + orderId
              + ".",
          Map.of("order_id", orderId),
          Map.of());
    }
    moveRefunded(o, refundId, amount.minorUnits(), amount, 0);
  }

  @Override
  public Money refundable(String orderId) {
    Order o = moves.byId(orderId);
    return Money.ofMinor(o.totalMinor() - o.refundedMinor(), o.currency());
  }

  @Override
  public void refundMade(String orderId, String refundId, Money amount) {
    Order o = moves.byId(orderId);
    if (!amount.currencyCode().equals(o.currency())) {
      // cannot happen (a payment's refund is in its order's currency); never lose the record
      LOG.severe(
          () ->
              "Refund "
                  + refundId
                  + " of order "
                  + orderId
                  + " was made in "
                  + amount.currencyCode()
                  + ", the order is in "
                  + o.currency()
                  + ": the order is not moved. Reconcile with the merchant.");
      moves.publish(
          o,
          "order.refunded",
          Map.of("refund_id", refundId, "refund_amount", amount.amount().toPlainString()));
      return;
    }
    long left = o.totalMinor() - o.refundedMinor();
    long applied = Math.min(amount.minorUnits(), left);
    long excess = amount.minorUnits() - applied;
    if (excess > 0) {
      LOG.severe(
          () ->
              String.format(
                  "Refund %s of order %s: the PSP refunded %s %s, more than the %s %s left of the"
                      + " order; the order is recorded refunded in full. Reconcile with the"
                      + " merchant (refunds made on the merchant's platform count against the"
                      + " order).",
                  refundId,
                  orderId,
                  amount.amount().toPlainString(),
                  amount.currencyCode(),
                  Amounts.major(left, o.currency()),
                  o.currency()));
    }
    if (applied == 0 && o.status() == OrderStatus.REFUNDED) {
      // nothing left to move: the event still tells the agent that money went back
      moves.publish(
          o,
          "order.refunded",
          Map.of(
              "refund_id", refundId,
              "refund_amount", amount.amount().toPlainString(),
              "refunded_total", Amounts.major(o.refundedMinor(), o.currency()),
              "exceeds_order_total", amount.amount().toPlainString()));
      return;
    }
    moveRefunded(o, refundId, applied, amount, excess);
  }

  /**
   * Counts {@code appliedMinor} as refunded and moves the order; {@code amount} is what the refund
   * was, {@code excessMinor} how much of it the order's total could not take.
   */
  private void moveRefunded(
      Order o, String refundId, long appliedMinor, Money amount, long excessMinor) {
    long counted = o.spendCounted();
    o.refunded(appliedMinor);
    orders.spendChanged(o, counted);
    OrderStatus target =
        o.refundedMinor() == o.totalMinor() ? OrderStatus.REFUNDED : OrderStatus.PARTIALLY_REFUNDED;
    o.paymentStatus(
        target == OrderStatus.REFUNDED ? "refunded" : "partially_refunded", moves.now());
    moves.move(
        o,
        target,
        "payment",
        refundId,
        excessMinor == 0
            ? Map.of(
                "refund_id", refundId,
                "refund_amount", amount.amount().toPlainString(),
                "refunded_total", Amounts.major(o.refundedMinor(), o.currency()))
            : Map.of(
                "refund_id", refundId,
                "refund_amount", amount.amount().toPlainString(),
                "refunded_total", Amounts.major(o.refundedMinor(), o.currency()),
                "exceeds_order_total", Amounts.major(excessMinor, o.currency())));
  }
}
