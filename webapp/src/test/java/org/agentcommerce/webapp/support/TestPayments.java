package org.agentcommerce.webapp.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.api.OrderPayments;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;

/**
 * A test-only stand-in for the payment module, added to the real WAR by the tests that need a paid
 * order until the payments issue brings real payments: it implements the order book's payment port
 * and marks an order of the calling agent paid through {@link OrderBook}, the way a payment would.
 */
@ApplicationScoped
@Path("/agent/v1/test/orders")
@Authenticated
public class TestPayments implements OrderPayments {

  private static final Map<String, PaymentView> PAID = new ConcurrentHashMap<>();

  @Inject OrderBook orders;
  @Inject Caller caller;

  @Override
  public Optional<PaymentView> latest(String orderId) {
    return Optional.ofNullable(PAID.get(orderId));
  }

  @POST
  @Path("/{order_id}/mark-paid")
  @Produces(MediaType.APPLICATION_JSON)
  @Transactional
  public Map<String, String> markPaid(@PathParam("order_id") String orderId) {
    OrderBook.OrderSnapshot o =
        orders
            .lockOrder(caller.agentId(), orderId)
            .orElseThrow(() -> new jakarta.ws.rs.NotFoundException(orderId));
    String paymentId = "pay_test_" + orderId.substring(4);
    orders.paymentStarted(o.orderId(), paymentId, "sandbox");
    orders.paymentSucceeded(o.orderId(), paymentId, "sandbox");
    PAID.put(
        orderId,
        new PaymentView(paymentId, "succeeded", "sandbox", "pi_test", null, null, Instant.now()));
    return Map.of("status", "success", "payment_id", paymentId);
  }
}
