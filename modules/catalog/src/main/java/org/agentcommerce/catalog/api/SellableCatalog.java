package org.agentcommerce.catalog.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a merchant sells right now, for pricing a basket: read from the database at the moment of
 * the call (never from the search index's copy), so that a quote or an order takes today's price
 * and stock. Amounts are integer minor units of the offer's currency.
 */
public interface SellableCatalog {

  /** A merchant as the order book needs it, or empty when there is no such merchant. */
  Optional<Seller> seller(String merchantId);

  /**
   * A product of the merchant, found by our product id, the platform's product id or handle, or by
   * one of its variants' platform ids or SKUs ({@code matchedVariantId} then names it). Empty when
   * the merchant has no such product.
   */
  Optional<Sellable> sellable(String merchantId, String ref);

  /**
   * The one merchant whose store is on {@code domain} (a bare host name; compared in lower case
   * with one leading {@code www.} removed on each side), or empty when none is, or more than one.
   */
  Optional<Seller> sellerByDomain(String domain);

  record Seller(
      String merchantId,
      String name,
      String status,
      String platform,
      String region,
      String currency,
      String storeUrl,
      Set<String> markets) {

    public boolean isActive() {
      return "active".equals(status);
    }
  }

  record Sellable(
      String productId,
      String platformProductId,
      String merchantId,
      String title,
      String vendor,
      String imageUrl,
      String status,
      String homeMarket,
      List<Variant> variants,
      String matchedVariantId) {

    public boolean isActive() {
      return "active".equals(status);
    }
  }

  /** A variant by the platform's id, with its offer in each market it is sold in. */
  record Variant(
      String variantId,
      String title,
      String sku,
      Map<String, String> options,
      String imageUrl,
      List<Offer> offers) {

    public Optional<Offer> offerIn(String market) {
      return offers.stream().filter(o -> o.market().equals(market)).findFirst();
    }
  }

  record Offer(
      String market,
      String currency,
      long priceMinor,
      Long compareAtMinor,
      int inventoryQuantity) {}
}
