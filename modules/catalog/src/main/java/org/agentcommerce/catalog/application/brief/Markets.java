package org.agentcommerce.catalog.application.brief;

import java.util.Locale;
import java.util.Map;

/**
 * Maps what a buyer says about money and place to the markets the catalog prices in: offers exist
 * for US (USD), CA (CAD), FR and DE (EUR) and JP (JPY). A euro budget without a country reads as
 * the French market, or the German one for a German-speaking buyer.
 */
final class Markets {

  private static final Map<String, String> BY_CURRENCY =
      Map.of("USD", "US", "CAD", "CA", "JPY", "JP", "EUR", "FR");

  private Markets() {}

  private static final Map<String, String> CURRENCY_OF_MARKET =
      Map.of("US", "USD", "CA", "CAD", "JP", "JPY", "FR", "EUR", "DE", "EUR");

  /** The currency prices are shown in for a catalog market, or null for an unknown market. */
  static String currencyOf(String market) {
    return market == null ? null : CURRENCY_OF_MARKET.get(market.toUpperCase(Locale.ROOT));
  }

  /** The catalog market for a stated market and/or currency; null when neither says. */
  static String searchable(String market, String currency) {
    if (market != null) {
      String m = market.toUpperCase(Locale.ROOT);
      if (m.equals("EU")) {
        return "FR";
      }
      return m;
    }
    return currency == null ? null : BY_CURRENCY.get(currency.toUpperCase(Locale.ROOT));
  }

  /**
   * Like {@link #searchable(String, String)}, with the buyer's language choosing the euro market.
   */
  static String searchable(String market, String currency, String lang) {
    String m = searchable(market, currency);
    if ("FR".equals(m) && "de".equals(lang) && (market == null || market.equalsIgnoreCase("EU"))) {
      return "DE";
    }
    return m;
  }
}
