package org.agentcommerce.catalog.api;

import java.math.BigDecimal;
import java.util.List;

/**
 * Alternatives to an anchor product. Each carries its price relationship to the anchor (cheaper,
 * similar or pricier, and the ratio), a grade (A best) and the reasons, in its own currency.
 */
public record AlternativesView(ProductView anchor, List<Alternative> alternatives) {

  /** One alternative. */
  public record Alternative(
      ProductView product,
      String priceRelationship,
      BigDecimal priceRatio,
      BigDecimal price,
      String currency,
      String grade,
      List<String> reasons) {}
}
