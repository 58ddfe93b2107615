package org.agentcommerce.checkout.domain.placement;

/**
 * Places a paid order on the merchant's own platform (the SPI of merchant order connectors). A
 * connector must be safe to call again for the same order: our order id is the reference the
 * platform keys on, so a retry after a lost answer finds or returns the order the first call
 * created and never creates a second one.
 */
public interface MerchantOrderConnector {

  /** The connector's name in {@code merchant_order_channels.connector}: sandbox, shopify. */
  String kind();

  /**
   * Creates the order on the platform, or finds the one already created for this reference.
   *
   * @throws PlacementException when the platform refused or could not be reached; its {@code
   *     retryable} flag says whether trying again later can help
   */
  PlacementResult place(PlacementRequest request) throws PlacementException;
}
