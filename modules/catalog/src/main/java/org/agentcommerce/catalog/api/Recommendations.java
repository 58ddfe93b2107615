package org.agentcommerce.catalog.api;

import java.math.BigDecimal;
import java.util.List;

/**
 * Turns a need in the buyer's words into ranked products with reasons. A budget sent as a number
 * ({@link Request#priceMax}) is always enforced; a budget stated in the words ("under $30") is
 * parsed and enforced too. The result says which constraints were applied and where each came from.
 */
public interface Recommendations {

  /**
   * @param need the buyer's words (1–500 characters)
   * @param priceMax a budget as a number, major units of {@code currency} (or of the market's)
   * @param currency ISO 4217 code of {@code priceMax}, or null
   * @param market market whose prices are compared ("US", "EU", "JP"...), or null
   * @param merchantId only this merchant's products, or null
   * @param limit how many products at most (1–20)
   */
  record Request(
      String need,
      BigDecimal priceMax,
      String currency,
      String market,
      String merchantId,
      boolean inStockOnly,
      int limit) {}

  /** One recommended product, best first, and why. */
  record Recommended(ProductView product, double score, List<String> reasons) {}

  /**
   * A constraint that shaped the answer.
   *
   * @param name price_max, price_min, exclude_ingredient, skin_type, category, product_type,
   *     brand_avoided, market, in_stock_only
   * @param source {@code constraints.price_max} (sent as a number), {@code need} (parsed from the
   *     words) or {@code brief} (from a stored brief)
   * @param evidence the words it was read from, or null
   */
  record AppliedConstraint(
      String name, String value, String currency, String source, String evidence) {}

  /** Ranked products, the constraints applied, and what could not be determined. */
  record Result(
      String need,
      List<Recommended> products,
      List<AppliedConstraint> appliedConstraints,
      List<String> unknowns) {}

  Result recommend(Request request);
}
