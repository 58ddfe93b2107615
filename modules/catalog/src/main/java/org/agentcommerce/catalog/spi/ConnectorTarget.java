package org.agentcommerce.catalog.spi;

import java.net.URI;
import java.util.Currency;
import java.util.Locale;
import java.util.Objects;

/**
 * Which merchant store to read: the merchant, the store's origin (such as {@code
 * https://shop.example}) and the ISO 4217 currency its prices are in, since some platforms' public
 * JSON carries no currency.
 */
public record ConnectorTarget(String merchantId, URI baseUrl, String currency) {

  public ConnectorTarget {
    Objects.requireNonNull(merchantId, "merchantId");
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(currency, "currency");
    String scheme = baseUrl.getScheme();
    if (!baseUrl.isAbsolute()
        || baseUrl.getHost() == null
        || !("https".equalsIgnoreCase(scheme) || "http".equalsIgnoreCase(scheme))) {
      throw new IllegalArgumentException("baseUrl must be an absolute http(s) URL: " + baseUrl);
    }
    if (baseUrl.getRawQuery() != null || baseUrl.getRawFragment() != null) {
      throw new IllegalArgumentException("baseUrl must have no query or fragment: " + baseUrl);
    }
    // Fails with IllegalArgumentException on a code that is not ISO 4217.
    currency = Currency.getInstance(currency.strip().toUpperCase(Locale.ROOT)).getCurrencyCode();
  }
}
