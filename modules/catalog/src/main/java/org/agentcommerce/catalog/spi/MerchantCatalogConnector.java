package org.agentcommerce.catalog.spi;

import java.util.Optional;

/**
 * Reads one merchant platform's catalog in real time. The caller decides when to call (cache first,
 * realtime on a miss or when stale); a connector only fetches and maps.
 */
public interface MerchantCatalogConnector {

  /** The platform this connector reads, such as {@code "shopify"}. */
  String source();

  /**
   * One page of the merchant's products.
   *
   * @param limit the page size wanted; a connector may cap it at its platform's maximum
   * @param cursor null for the first page, otherwise a {@link Page#nextCursor()} returned earlier
   */
  Page listProducts(ConnectorTarget target, int limit, String cursor) throws ConnectorException;

  /** The product with this handle, or empty when the platform says there is none. */
  Optional<ProductSnapshot> productByHandle(ConnectorTarget target, String handle)
      throws ConnectorException;
}
