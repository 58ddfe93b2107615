package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.agentcommerce.checkout.api.AcpOrders;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.application.CheckoutSessionService;
import org.eclipse.microprofile.config.Config;

/**
 * Orders made through an ACP session as the protocol's {@code Order} (docs/acp.md, Order webhooks):
 * the session's lines and totals, the order's status mapped to the protocol's, the permalink on
 * {@code ac.public-base-url} or else the base the session's completion answered on.
 */
@ApplicationScoped
public class AcpOrderDocuments implements AcpOrders {

  @Inject CheckoutSessionService sessions;
  @Inject OrderBook orders;
  @Inject Config config;

  @Override
  public Optional<String> order(String agentId, String orderId) {
    Optional<CheckoutSessionService.OrderSession> made = sessions.byOrder(agentId, orderId);
    if (made.isEmpty()) {
      return Optional.empty();
    }
    String base =
        config
            .getOptionalValue("ac.public-base-url", String.class)
            .filter(b -> !b.isBlank())
            .orElse(made.get().publicBase());
    if (base == null || base.isBlank()) {
      return Optional.empty();
    }
    return orders
        .order(agentId, orderId)
        .map(
            o ->
                AcpWire.json(
                    AcpWire.order(
                        made.get().session(),
                        orderId,
                        base.replaceAll("/$", "") + "/agent/v2/orders/" + orderId,
                        status(o.status()),
                        o.status() == OrderStatus.CANCELLED || o.status() == OrderStatus.REFUNDED,
                        o.status() == OrderStatus.FULFILLED)));
  }

  /** Our order status as the protocol's (docs/acp.md). */
  static String status(OrderStatus s) {
    return switch (s) {
      case AWAITING_PAYMENT, PAYMENT_PROCESSING, PAYMENT_FAILED -> "created";
      case PAID -> "confirmed";
      case MERCHANT_CONFIRMING, CONFIRMED, PARTIALLY_REFUNDED -> "processing";
      case FULFILLED -> "shipped";
      case REFUNDED, CANCELLED -> "canceled";
    };
  }
}
