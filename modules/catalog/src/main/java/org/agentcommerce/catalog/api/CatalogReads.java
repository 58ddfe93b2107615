package org.agentcommerce.catalog.api;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * What other modules (the tool doors) may read from the catalog. Every read covers the active
 * merchants the current caller may see: all of them without a key, the key's merchants with a
 * scoped key. Unknown or invisible products are a 404 {@code ApiException}; invalid input an {@code
 * InvalidInputException}.
 */
public interface CatalogReads {

  /**
   * A product search. Prices are major units of the market shown ({@code market}, else each
   * product's home market); {@code inStockOnly} false means both.
   */
  record SearchRequest(
      String query,
      String merchantId,
      String category,
      BigDecimal priceMin,
      BigDecimal priceMax,
      String market,
      boolean inStockOnly,
      int offset,
      int limit) {}

  /** One page of products and how many match in all. */
  record SearchResult(List<ProductView> products, long total) {}

  /** A merchant as agents see it. */
  record MerchantSummary(
      String merchantId,
      String name,
      String status,
      String platform,
      String region,
      String currency,
      Map<String, List<String>> paymentCapabilities) {}

  SearchResult search(SearchRequest request);

  /** A product by our id, or by the merchant platform's id or handle when the merchant is named. */
  ProductView product(String merchantId, String productId, String market);

  IntelView intel(String productId, String merchantId);

  AlternativesView alternatives(String productId, String merchantId, String relation, int limit);

  /** Active merchants the caller may see, by name. */
  List<MerchantSummary> merchants(int offset, int limit);
}
