package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.transaction.Transactional;
import java.io.StringReader;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.checkout.api.OrderAftercare;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.order.AfterSalesRequests;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.WireJson;

/**
 * {@link OrderAftercare}: the v2 read of a buyer's order, and after-sales requests — a refund runs
 * the payment module's refund service (exactly-once per refund, never more than captured), the
 * other actions are recorded on the order for the merchant and listed by its read.
 */
@ApplicationScoped
public class OrderAftercareService implements OrderAftercare {

  @Inject OrderService orders;
  @Inject OrderV2View v2;
  @Inject AfterSalesRequests requests;
  @Inject Instance<CheckoutCharges> charges;
  @Inject Clock clock;

  @Override
  public JsonObject order(String agentId, CheckoutSessions.Buyer buyer, String orderId) {
    Order o = orders.require(agentId, orderId, scope(buyer));
    // Written by the REST layer's JSON-B, so the tool answers what GET /agent/v2/orders/{id} does.
    try (var r = Jsonp.PROVIDER.createReader(new StringReader(WireJson.jsonb().toJson(v2.of(o))))) {
      return r.readObject();
    }
  }

  @Override
  @Transactional
  public Request request(
      String agentId, CheckoutSessions.Buyer buyer, String orderId, String action, String reason) {
    Order o = orders.require(agentId, orderId, scope(buyer));
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    CheckoutCharges.Refunded refund = null;
    String status = "open";
    if ("refund".equals(action)) {
      if (!charges.isResolvable()) {
        throw new IllegalStateException("No payment module is deployed");
      }
      refund = charges.get().refund(agentId, orderId, null, reason);
      status =
          switch (refund.status()) {
            case "succeeded" -> "refunded";
            case "pending" -> "refund_pending";
            default -> "refund_failed";
          };
    } else if (!"support".equals(action) && !o.status().isPaid()) {
      throw new ApiException(
          409,
          "INVALID_STATE",
          "Order "
              + orderId
              + " is "
              + o.status().wireName()
              + ": a "
              + action
              + " is for an order that was paid"
              + (o.status() == OrderStatus.REFUNDED ? " and not refunded" : "")
              + ".",
          Map.of("order_id", orderId, "current_status", o.status().wireName()),
          Map.of());
    }
    AfterSalesRequests.Entry e =
        new AfterSalesRequests.Entry(
            Ids.newId("asr", 12),
            orderId,
            agentId,
            action,
            reason,
            status,
            refund == null ? null : refund.refundId(),
            now);
    requests.add(e);
    return new Request(e.id(), orderId, action, reason, status, refund, now);
  }

  private static OrderService.BuyerScope scope(CheckoutSessions.Buyer b) {
    return new OrderService.BuyerScope(b.issuer(), b.subject());
  }
}
