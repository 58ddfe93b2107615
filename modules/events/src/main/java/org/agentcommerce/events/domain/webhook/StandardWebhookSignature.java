package org.agentcommerce.events.domain.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signing: {@code v1,} + base64 of HMAC-SHA256 over {@code id.timestamp.body},
 * keyed with the base64-decoded part of a {@code whsec_…} secret. Several secrets (a rotation's
 * grace period) give several signatures separated by spaces.
 */
public final class StandardWebhookSignature {

  public static final String PREFIX = "whsec_";

  private StandardWebhookSignature() {}

  /** The {@code webhook-signature} header value for the message, one signature per secret. */
  public static String header(List<String> secrets, String id, long timestamp, String body) {
    StringBuilder out = new StringBuilder();
    for (String secret : secrets) {
      if (!out.isEmpty()) {
        out.append(' ');
      }
      out.append("v1,").append(sign(secret, id, timestamp, body));
    }
    return out.toString();
  }

  static String sign(String secret, String id, long timestamp, String body) {
    return Base64.getEncoder()
        .encodeToString(hmac(keyOf(secret), id + "." + timestamp + "." + body));
  }

  /** HMAC-SHA256 of the UTF-8 bytes of {@code data}. */
  static byte[] hmac(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
    }
  }

  private static byte[] keyOf(String secret) {
    if (!secret.startsWith(PREFIX)) {
      throw new IllegalArgumentException("not a whsec_ secret");
    }
    return Base64.getDecoder().decode(secret.substring(PREFIX.length()));
  }
}
