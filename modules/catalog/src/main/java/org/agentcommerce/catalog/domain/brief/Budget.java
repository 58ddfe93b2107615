package org.agentcommerce.catalog.domain.brief;

import java.math.BigDecimal;

/**
 * A price window in major units of {@code currency}; either bound may be open (null), not both.
 *
 * @param currency ISO 4217 code, or null when the brief gave a bare number and nothing told us the
 *     currency
 */
public record Budget(BigDecimal min, BigDecimal max, String currency) {

  public Budget {
    if (min == null && max == null) {
      throw new IllegalArgumentException("a budget needs a min or a max");
    }
    if (min != null && max != null && min.compareTo(max) > 0) {
      throw new IllegalArgumentException("min " + min + " is above max " + max);
    }
  }
}
