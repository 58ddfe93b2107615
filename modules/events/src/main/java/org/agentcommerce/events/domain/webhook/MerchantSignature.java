package org.agentcommerce.events.domain.webhook;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The Agentic Commerce Protocol's webhook signature (openapi.agentic_checkout_webhook.yaml): the
 * {@code Merchant-Signature} header {@code t=<unix seconds>,v1=<64 hex>}, the hex HMAC-SHA256 of
 * {@code t + "." + raw body} keyed with the UTF-8 bytes of the endpoint's secret as it was shown
 * ({@code whsec_…}).
 */
public final class MerchantSignature {

  public static final String HEADER = "Merchant-Signature";

  private MerchantSignature() {}

  /** The header value for {@code body} sent at {@code timestamp} (unix seconds). */
  public static String header(String secret, long timestamp, String body) {
    return "t="
        + timestamp
        + ",v1="
        + HexFormat.of()
            .formatHex(
                StandardWebhookSignature.hmac(
                    secret.getBytes(StandardCharsets.UTF_8), timestamp + "." + body));
  }
}
