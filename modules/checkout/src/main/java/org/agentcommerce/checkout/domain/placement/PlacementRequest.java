package org.agentcommerce.checkout.domain.placement;

import java.util.List;
import java.util.Map;

/**
 * Everything a merchant platform needs to create one of our orders. Amounts are integer minor units
 * of {@code currency}. {@code reference} is our order id ({@code ord_…}).
 */
public record PlacementRequest(
    String reference,
    String merchantId,
    Channel channel,
    String currency,
    List<Line> lines,
    long subtotalMinor,
    long discountMinor,
    long shippingMinor,
    long taxMinor,
    long totalMinor,
    String deliveryOption,
    String customerEmail,
    String customerName,
    Map<String, String> shippingAddress) {

  public PlacementRequest {
    lines = List.copyOf(lines);
    shippingAddress = shippingAddress == null ? Map.of() : Map.copyOf(shippingAddress);
  }

  /**
   * Where the merchant takes orders: the connector kind, the platform's base URL and the name of
   * the configuration property that holds its credential (never the credential itself).
   */
  public record Channel(String connector, String baseUrl, String credentialKey) {}

  /** One line: the platform's product and variant ids, what was bought and at what price. */
  public record Line(
      String platformProductId,
      String variantId,
      String sku,
      String title,
      int quantity,
      long unitPriceMinor,
      long lineTotalMinor) {}
}
