package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.net.URI;
import java.util.List;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.api.OrderStatus;
import org.agentcommerce.checkout.domain.order.Order;
import org.agentcommerce.checkout.domain.order.OrderReturns;
import org.agentcommerce.checkout.domain.placement.MerchantReturns;
import org.agentcommerce.checkout.domain.placement.PlacementException;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.placement.PlacementStore;
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
  @Inject PlacementStore placements;
  @Inject @Any Instance<MerchantReturns> returnReaders;
  @Inject OrderReturns returns;
  @Inject java.time.Clock clock;

  /** What a v2 checkout is made of. */
  public record Create(
      OrderService.CreateOrder order, String returnUrl, String buyerIssuer, String buyerSubject) {}

  /** The order and the hosted-page intent that pays it. */
  /** The checkout's order, its hosted payment, and the merchant's platform (its connector). */
  public record Created(OrderView order, CheckoutIntentService.Created payment, String platform) {}

  /**
   * Creates the order (the order book prices it into its quote, with every check) and a hosted
   * checkout intent for it, in one transaction.
   */
  @Transactional
  public Created create(Create c, URI publicBase) {
    OrderView o = orders.create(c.order());
    return new Created(
        o,
        payFor(c.order().parties().agentId(), o.orderId(), c, publicBase),
        placements.channel(o.merchantId()).connector());
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
    return new Created(orders.view(o), intent, placements.channel(o.merchantId()).connector());
  }

  /** A refund of the checkout's payment through the payment module. */
  public CheckoutCharges.Refunded refund(
      String agentId,
      String checkoutId,
      OrderService.BuyerScope scope,
      BigDecimal amount,
      String reason) {
    orders.require(agentId, checkoutId, scope);
    if (!charges.isResolvable()) {
      throw new IllegalStateException("No payment module is deployed");
    }
    return charges.get().refund(agentId, checkoutId, amount, reason);
  }

  /**
   * What a returns sync found. {@code status}: synced; pending_merchant_order (the merchant has not
   * got the order yet); pending_external_platform (its platform has no returns connector).
   */
  public record ReturnsSync(
      String status, String platform, List<MerchantReturns.PlatformReturn> returns) {}

  /**
   * Syncs the checkout's returns from the merchant's platform through its connector, stores them
   * and answers them. 502 MERCHANT_PLATFORM_UNAVAILABLE when the platform cannot be reached, 409
   * MERCHANT_PLATFORM_REFUSED when it refuses.
   */
  public ReturnsSync syncReturns(String agentId, String checkoutId, OrderService.BuyerScope scope) {
    Order o = orders.require(agentId, checkoutId, scope);
    PlacementRequest.Channel channel = placements.channel(o.merchantId());
    if (o.merchantOrderId() == null) {
      return new ReturnsSync("pending_merchant_order", channel.connector(), returns.of(o.id()));
    }
    MerchantReturns reader = null;
    for (MerchantReturns r : returnReaders) {
      if (r.kind().equals(channel.connector())) {
        reader = r;
      }
    }
    if (reader == null) {
      return new ReturnsSync("pending_external_platform", channel.connector(), returns.of(o.id()));
    }
    List<MerchantReturns.PlatformReturn> found;
    try {
      found = reader.returns(channel, o.merchantId(), o.merchantOrderId());
    } catch (PlacementException e) {
      throw new ApiException(
          e.retryable() ? 502 : 409,
          e.retryable() ? "MERCHANT_PLATFORM_UNAVAILABLE" : "MERCHANT_PLATFORM_REFUSED",
          "Reading returns from the merchant's platform failed: " + e.getMessage(),
          java.util.Map.of("checkout_id", checkoutId, "platform", channel.connector()),
          e.retryable() ? java.util.Map.of("Retry-After", "30") : java.util.Map.of());
    }
    returns.store(o.id(), found, clock.instant());
    return new ReturnsSync("synced", channel.connector(), returns.of(o.id()));
  }
}
