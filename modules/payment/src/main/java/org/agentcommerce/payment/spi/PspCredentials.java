package org.agentcommerce.payment.spi;

import java.net.URI;

/**
 * How to reach one PSP account, read from configuration (never from the database, never shown):
 * {@code baseUrl} (the PSP's API root; tests point it at WireMock), {@code apiKey} (Stripe's secret
 * key, Adyen's X-API-Key), {@code merchantAccount} (Adyen's merchant account; unused by Stripe),
 * {@code webhookSecret} (Stripe's whsec_…, Adyen's HMAC key in hex), {@code live} (live or test
 * mode). {@link #toString()} hides every secret.
 */
public record PspCredentials(
    URI baseUrl, String apiKey, String merchantAccount, String webhookSecret, boolean live) {

  @Override
  public String toString() {
    return "PspCredentials[baseUrl="
        + baseUrl
        + ", merchantAccount="
        + merchantAccount
        + ", live="
        + live
        + ", apiKey="
        + (apiKey == null ? "none" : "***")
        + ", webhookSecret="
        + (webhookSecret == null ? "none" : "***")
        + "]";
  }
}
