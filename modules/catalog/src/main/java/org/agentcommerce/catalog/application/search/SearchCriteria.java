package org.agentcommerce.catalog.application.search;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;

/**
 * What to search for. {@code merchantIds} null means every merchant the caller may see; prices are
 * major units in the currency of the market shown ({@code market}, or each product's home market);
 * {@code inStock} true keeps products in stock, false those out of stock, null both.
 *
 * @param paymentCapabilities kind → code a merchant must have (psp, card_network, ...)
 */
public record SearchCriteria(
    String query,
    Set<String> merchantIds,
    String category,
    String catalogSurface,
    BigDecimal minPrice,
    BigDecimal maxPrice,
    Boolean inStock,
    String market,
    Map<String, String> paymentCapabilities,
    int offset,
    int limit) {

  public SearchCriteria {
    merchantIds = merchantIds == null ? null : Set.copyOf(merchantIds);
    paymentCapabilities = Map.copyOf(paymentCapabilities);
  }
}
