package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.agentcommerce.catalog.api.CatalogReads;

/**
 * Which markets (ISO 3166-1 countries) show prices in a currency. A market is a country some
 * merchant the caller may see sells in (its {@code market} capability) whose currency is the one
 * asked for: USD is the United States, JPY Japan, CAD Canada; EUR is every euro country sold in
 * (France and Germany in the demo data). A currency no such market uses has no market.
 */
@ApplicationScoped
public class Markets {

  private static final int ALL_MERCHANTS = 1000;

  @Inject CatalogReads catalog;

  /**
   * The markets that price in {@code currency}, sorted; empty when there is none. With {@code
   * merchantId}, only that merchant's markets; a merchant the caller cannot see has none.
   */
  public List<String> forCurrency(String currency, String merchantId) {
    TreeSet<String> markets = new TreeSet<>();
    for (CatalogReads.MerchantSummary m : catalog.merchants(0, ALL_MERCHANTS)) {
      if (merchantId != null && !merchantId.equals(m.merchantId())) {
        continue;
      }
      for (String code : m.paymentCapabilities().getOrDefault("market", List.of())) {
        String country = code.toUpperCase(Locale.ROOT);
        if (currency.equals(currencyOf(country))) {
          markets.add(country);
        }
      }
    }
    return new ArrayList<>(markets);
  }

  /**
   * The market of a UCP request's {@code context}: its country, else the one market that prices in
   * its currency (for this merchant when one is named), else null (each product's home market).
   */
  public String ofUcpContext(jakarta.json.JsonObject request, String merchantId) {
    java.util.Optional<String> country = UcpRequests.country(request);
    if (country.isPresent()) {
      return country.get();
    }
    return UcpRequests.currency(request)
        .map(c -> forCurrency(c, merchantId))
        .filter(found -> found.size() == 1)
        .map(found -> found.get(0))
        .orElse(null);
  }

  /** Whether the caller may see the merchant. */
  public boolean visible(String merchantId) {
    return catalog.merchants(0, ALL_MERCHANTS).stream()
        .anyMatch(m -> m.merchantId().equals(merchantId));
  }

  /** The currency of a country, or null when the JDK knows none. */
  static String currencyOf(String country) {
    try {
      Currency c = Currency.getInstance(new Locale("", country));
      return c == null ? null : c.getCurrencyCode();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
