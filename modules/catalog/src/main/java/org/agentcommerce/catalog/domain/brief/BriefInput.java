package org.agentcommerce.catalog.domain.brief;

import java.util.Objects;

/**
 * What a shopper (or an agent on their behalf) asked for, with the context the caller already
 * knows.
 *
 * @param text the brief as typed; never null (an empty brief parses to an empty result)
 * @param market the caller's market code ("US", "EU", "JP", "GB", "CA"...), or null
 * @param locale the caller's locale tag ("en-US", "fr-FR"...), or null
 * @param currency the caller's ISO 4217 currency, or null
 */
public record BriefInput(String text, String market, String locale, String currency) {

  public BriefInput {
    Objects.requireNonNull(text, "text");
    market = blankToNull(market);
    locale = blankToNull(locale);
    currency = blankToNull(currency);
  }

  /** A brief with no caller context. */
  public static BriefInput of(String text) {
    return new BriefInput(text, null, null, null);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
