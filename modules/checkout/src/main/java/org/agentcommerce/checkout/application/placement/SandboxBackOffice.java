package org.agentcommerce.checkout.application.placement;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;
import org.agentcommerce.checkout.api.OrderBook;
import org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn;
import org.agentcommerce.checkout.domain.placement.PlacedOrders;
import org.agentcommerce.checkout.infrastructure.placement.SandboxMerchantPlatform;
import org.agentcommerce.platform.api.ApiException;

/**
 * The sandbox merchant platform's back office, as a merchant would use it: ship an order it holds
 * (our order moves to fulfilled) or record a return. Only for the agent whose order it is; each in
 * one transaction.
 */
@ApplicationScoped
public class SandboxBackOffice {

  /** A shipped order: the sandbox order, ours and the status ours moved to. */
  public record Shipped(String merchantOrderId, String orderId, String orderStatus) {}

  @Inject SandboxMerchantPlatform platform;
  @Inject OrderBook orders;
  @Inject PlacedOrders placed;

  /** Ships the agent's sandbox order {@code merchantOrderId} with {@code tracking}. */
  @Transactional
  public Shipped ship(String agentId, String merchantOrderId, String tracking) {
    SandboxMerchantPlatform.SandboxOrder o =
        platform
            .find(merchantOrderId)
            // locked before anything reads it: a concurrent fulfil waits, then finds it shipped
            .filter(x -> orders.lockOrder(agentId, x.reference()).isPresent())
            .orElseThrow(() -> notFound(merchantOrderId));
    platform.ship(o.id(), tracking);
    placed.fulfilled(o.reference(), tracking);
    return new Shipped(
        o.id(),
        o.reference(),
        orders.order(agentId, o.reference()).orElseThrow().status().wireName());
  }

  /** Records a return of {@code lines} for the agent's sandbox order; answers the return's id. */
  @Transactional
  public String recordReturn(
      String agentId, String merchantOrderId, List<PlatformReturn.Line> lines) {
    SandboxMerchantPlatform.SandboxOrder o =
        platform
            .find(merchantOrderId)
            .filter(x -> orders.order(agentId, x.reference()).isPresent())
            .orElseThrow(() -> notFound(merchantOrderId));
    return platform.recordReturn(o.id(), lines);
  }

  /** The answer for an order the caller may not see, or that does not exist. */
  public static ApiException notFound(String merchantOrderId) {
    return new ApiException(
        404,
        "NOT_FOUND",
        "Sandbox merchant order " + merchantOrderId + " was not found.",
        Map.of("merchant_order_id", merchantOrderId),
        Map.of());
  }
}
