package org.agentcommerce.payment.spi;

import java.util.List;
import java.util.Map;

/** A webhook as received: headers (names lower-case) and the raw body, byte for byte. */
public record PspWebhookRequest(Map<String, List<String>> headers, byte[] body) {

  public String header(String name) {
    List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
    return values == null || values.isEmpty() ? null : values.get(0);
  }
}
