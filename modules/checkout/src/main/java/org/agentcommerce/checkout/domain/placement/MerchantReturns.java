package org.agentcommerce.checkout.domain.placement;

import java.time.Instant;
import java.util.List;

/**
 * Reads the returns a merchant's platform holds for an order we placed there (the SPI beside {@link
 * MerchantOrderConnector}; a platform without one answers {@code pending_external_platform}).
 */
public interface MerchantReturns {

  /** The connector's name in {@code merchant_order_channels.connector}. */
  String kind();

  /** A return as the platform reports it. */
  record PlatformReturn(String returnId, String status, List<Line> lines, Instant requestedAt) {

    public record Line(String variantId, int quantity, String reason) {}
  }

  /**
   * The returns of the platform's order {@code merchantOrderId}.
   *
   * @throws PlacementException when the platform refused or could not be reached
   */
  List<PlatformReturn> returns(
      PlacementRequest.Channel channel, String merchantId, String merchantOrderId)
      throws PlacementException;
}
