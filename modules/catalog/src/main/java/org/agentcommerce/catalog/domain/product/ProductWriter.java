package org.agentcommerce.catalog.domain.product;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.catalog.spi.ProductSnapshot;

/**
 * Stores a merchant's catalog as read from its platform: the cache that the cache-first sourcing
 * serves from, and what it needs to know to decide whether to read the platform again.
 */
public interface ProductWriter {

  /**
   * Replaces the merchant's stored catalog with the platform's complete listing, in one
   * transaction: every listed product is inserted or updated (status {@code active}, {@code
   * updated_at = now}) with its variants and its offers in {@code market} replaced; the merchant's
   * products that are not listed any more are archived ({@code updated_at = now}); and the
   * merchant's {@code catalog_synced_at} becomes {@code now}. Nothing is stored if any of it fails.
   *
   * @param market the market (ISO 3166-1 code) the variants' prices and stock are offered in
   * @param now the instant written as {@code updated_at} and {@code catalog_synced_at}
   * @throws IllegalArgumentException when the merchant does not exist
   * @throws IllegalStateException when the database fails; nothing was stored
   * @throws ArithmeticException when a price has more decimals than its currency; nothing was
   *     stored
   */
  default void replaceMerchantCatalog(
      String merchantId, List<ProductSnapshot> products, String market, Instant now) {
    replaceMerchantCatalog(merchantId, products, market, now, true);
  }

  /**
   * As {@link #replaceMerchantCatalog(String, List, String, Instant)}; with {@code complete} false
   * the listing is known to be partial (the platform had more pages than were read), so products
   * missing from it are left as they are instead of being archived.
   */
  void replaceMerchantCatalog(
      String merchantId,
      List<ProductSnapshot> products,
      String market,
      Instant now,
      boolean complete);

  /** How many active products of the merchant are stored: how much a read could serve. */
  int activeProductCount(String merchantId);

  /** When the merchant's catalog was last copied from its platform; empty when it never was. */
  Optional<Instant> syncedAt(String merchantId);
}
