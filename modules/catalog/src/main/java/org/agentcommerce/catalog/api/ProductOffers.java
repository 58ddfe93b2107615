package org.agentcommerce.catalog.api;

import java.util.List;

/**
 * A product's seller offers: the same product as every visible merchant sells it, through its
 * curated product group (one product, many sellers). Unknown or invisible products are a 404 {@code
 * ApiException}.
 */
public interface ProductOffers {

  /**
   * The product named and, when it is in a product group, the group's other visible active members,
   * each priced in {@code market} when given (else its home market). {@code productGroupId} is null
   * when the product is in no group (then the product is its only offer).
   */
  record Offers(String productGroupId, ProductView product, List<ProductView> offers) {}

  Offers offers(String productId, String merchantId, String market, int limit);

  /**
   * The offers of a product group by its id: its first visible active member (by the index's order)
   * stands for the product. A group with no visible active member is a 404 {@code ApiException}
   * NOT_FOUND.
   */
  Offers groupOffers(String productGroupId, String market, int limit);
}
