package org.agentcommerce.catalog.api;

import java.util.List;
import java.util.Optional;

/**
 * What an operations pack may point at in our catalog, read from the stored rows only (no merchant
 * platform is called): whether merchants, products, offers, citations and intel exist, whose they
 * are, and the cached product rows a generated pack starts from.
 */
public interface PackFacts {

  boolean merchantExists(String merchantId);

  /** The merchant of a product (our id); empty when there is none. */
  Optional<String> productMerchant(String productId);

  /** The merchant of an offer (our id, {@code off_…}); empty when there is none. */
  Optional<String> offerMerchant(String offerId);

  boolean citationExists(String citationId);

  /** Whether the product has an intel block. */
  boolean intelExists(String productId);

  /** One intel claim and the citation it rests on. */
  record IntelClaim(String claim, String citationId) {}

  /**
   * A cached product row: its first variant's offer in the market (or in any market when it has
   * none there) and its intel claims.
   */
  record ProductRow(String productId, String title, String offerId, List<IntelClaim> claims) {}

  /**
   * Active products of the merchant that have an offer, in the order of {@code productIds} when
   * given (each our product id or the merchant platform's product id; unknown ids and other
   * merchants' products left out: see {@link #unknownProducts}), else by title; at most {@code
   * limit}.
   */
  List<ProductRow> products(String merchantId, List<String> productIds, String market, int limit);

  /**
   * Those of {@code productIds} (ours or the merchant platform's) that name no active product of
   * the merchant with an offer, in the order given.
   */
  List<String> unknownProducts(String merchantId, List<String> productIds);
}
