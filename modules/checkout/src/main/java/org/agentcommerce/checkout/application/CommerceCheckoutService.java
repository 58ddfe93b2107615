package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.net.URI;
import java.util.List;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.platform.api.ApiException;

/**
 * Commerce (v2) checkouts: a quote-backed order and its payment action made in one step; the
 * checkout is the order (its id is the order's), paid on our hosted page or with the payment API.
 */
@ApplicationScoped
public class CommerceCheckoutService {

  @Inject OrderService orders;
  @Inject CheckoutIntentService intents;
  @Inject Instance<CheckoutCharges> charges;

  /** What a v2 checkout is made of. */
  public record Create(
      OrderService.CreateOrder order, String returnUrl, String buyerIssuer, String buyerSubject) {}

  /** The order and the hosted-page intent that pays it. */
  public record Created(OrderView order, CheckoutIntentService.Created payment) {}

  /**
   * Creates the order (the order book prices it into its quote, with every check) and a hosted
   * checkout intent for it, in one transaction.
   */
  @Transactional
  public Created create(Create c, URI publicBase) {
    OrderView o = orders.create(c.order());
    return new Created(o, payFor(c.order().parties().agentId(), o.orderId(), c, publicBase));
  }

  private CheckoutIntentService.Created payFor(
      String agentId, String orderId, Create c, URI publicBase) {
    return intents.create(
        new CheckoutIntentService.Create(
            agentId,
            c.buyerIssuer(),
            c.buyerSubject(),
            c.order().parties().buyerRef(),
            orderId,
            null,
            "commerce_v2",
            c.returnUrl(),
            c.order().customerEmail(),
            c.order().shipTo(),
            publicBase));
  }

  /**
   * The checkout's current payment action: a fresh hosted-page intent for the buyer's unpaid order
   * (409 ORDER_ALREADY_PAID when there is nothing to pay). {@code preferredPsps}: the PSPs to try
   * first, in order; the first known one becomes the order's preferred PSP.
   */
  @Transactional
  public Created paymentAction(
      String agentId,
      String checkoutId,
      String buyerIssuer,
      String buyerSubject,
      List<String> preferredPsps,
      URI publicBase) {
    Order o =
        orders.require(agentId, checkoutId, new OrderService.BuyerScope(buyerIssuer, buyerSubject));
    if (preferredPsps != null && !preferredPsps.isEmpty()) {
      o.prefer(preferredPsps.get(0));
    }
    if (o.status() != OrderStatus.AWAITING_PAYMENT && o.status() != OrderStatus.PAYMENT_FAILED) {
      throw new ApiException(
          409,
          "ORDER_ALREADY_PAID",
          "Checkout " + checkoutId + " is " + o.status().wireName() + ": nothing to pay.",
          java.util.Map.of("checkout_id", checkoutId, "current_status", o.status().wireName()),
          java.util.Map.of());
    }
    CheckoutIntentService.Created intent =
        intents.create(
            new CheckoutIntentService.Create(
                agentId,
                buyerIssuer,
                buyerSubject,
                o.buyerRef(),
                o.id(),
                null,
                "commerce_v2",
                null,
                o.customerEmail(),
                null,
                publicBase));
    return new Created(orders.view(o), intent);
  }

  /** A refund of the checkout's payment through the payment module. */
  public CheckoutCharges.Refunded refund(
      String agentId, String checkoutId, BigDecimal amount, String reason) {
    orders.require(agentId, checkoutId, null);
    if (!charges.isResolvable()) {
      throw new IllegalStateException("No payment module is deployed");
    }
    return charges.get().refund(agentId, checkoutId, amount, reason);
  }
}
