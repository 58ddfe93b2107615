package org.agentcommerce.payment.infrastructure.psp.adyen;

import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenJson.str;
import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenJson.truncate;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspOutcome;
import org.agentcommerce.payment.spi.PspWebhookEvent;
import org.agentcommerce.payment.spi.PspWebhookException;

/**
 * Adyen's standard notifications (webhooks): a JSON body {@code {"live": "false",
 * "notificationItems": [{"NotificationRequestItem": {…}}]}} whose item carries, in {@code
 * additionalData.hmacSignature}, the Base64 HMAC-SHA256 of {@code
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success}
 * (absent values as empty strings) under the merchant's HMAC key, configured as hex. The signature
 * is compared in constant time; no key, signature or card detail appears in an error.
 *
 * <p>Adyen sends one item per notification; a body with several is refused rather than half-read,
 * so that Adyen retries it and no event is lost silently.
 */
final class AdyenNotifications {

  private static final Set<String> DISPUTES =
      Set.of("CHARGEBACK", "NOTIFICATION_OF_CHARGEBACK", "SECOND_CHARGEBACK");

  private AdyenNotifications() {}

  static PspWebhookEvent verify(byte[] body, PspCredentials credentials)
      throws PspWebhookException {
    byte[] key = hmacKey(credentials);
    JsonObject json = AdyenJson.jsonObject(body);
    if (json == null) {
      throw new PspWebhookException("Adyen notification is not a JSON object");
    }
    JsonObject item = onlyItem(json);
    JsonValue additional = item.get("additionalData");
    String signature =
        additional != null && additional.getValueType() == JsonValue.ValueType.OBJECT
            ? str(additional.asJsonObject(), "hmacSignature")
            : null;
    if (signature == null || signature.isBlank()) {
      throw new PspWebhookException("Adyen notification is not signed (no hmacSignature)");
    }
    byte[] expected = sign(key, signingString(item));
    byte[] given;
    try {
      given = Base64.getDecoder().decode(signature.strip());
    } catch (IllegalArgumentException notBase64) {
      throw new PspWebhookException("Adyen notification signature does not match");
    }
    if (!MessageDigest.isEqual(expected, given)) {
      throw new PspWebhookException("Adyen notification signature does not match");
    }
    String live = str(json, "live");
    if (live != null && Boolean.parseBoolean(live) != credentials.live()) {
      throw new PspWebhookException(
          "Adyen notification is for the "
              + (Boolean.parseBoolean(live) ? "live" : "test")
              + " platform, this account is configured for the other");
    }
    return event(item);
  }

  /** The signed string, in Adyen's documented order. */
  static String signingString(JsonObject item) {
    JsonValue amountValue = item.get("amount");
    JsonObject amount =
        amountValue != null && amountValue.getValueType() == JsonValue.ValueType.OBJECT
            ? amountValue.asJsonObject()
            : null;
    return String.join(
        ":",
        text(item, "pspReference"),
        text(item, "originalReference"),
        text(item, "merchantAccountCode"),
        text(item, "merchantReference"),
        text(amount, "value"),
        text(amount, "currency"),
        text(item, "eventCode"),
        text(item, "success"));
  }

  static byte[] sign(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }

  private static byte[] hmacKey(PspCredentials credentials) throws PspWebhookException {
    String hex = credentials == null ? null : credentials.webhookSecret();
    if (hex == null || hex.isBlank()) {
      throw new PspWebhookException("Adyen's HMAC key is not configured");
    }
    try {
      byte[] key = HexFormat.of().parseHex(hex.strip());
      if (key.length == 0) {
        throw new IllegalArgumentException("empty");
      }
      return key;
    } catch (IllegalArgumentException notHex) {
      throw new PspWebhookException("Adyen's HMAC key is not configured as hex");
    }
  }

  private static JsonObject onlyItem(JsonObject json) throws PspWebhookException {
    JsonValue items = json.get("notificationItems");
    if (items == null || items.getValueType() != JsonValue.ValueType.ARRAY) {
      throw new PspWebhookException("Adyen notification has no notificationItems");
    }
    JsonArray array = items.asJsonArray();
    if (array.size() != 1) {
      throw new PspWebhookException(
          "Adyen notification carries " + array.size() + " items; one per notification expected");
    }
    JsonValue wrapper = array.get(0);
    JsonValue item =
        wrapper.getValueType() == JsonValue.ValueType.OBJECT
            ? wrapper.asJsonObject().get("NotificationRequestItem")
            : null;
    if (item == null || item.getValueType() != JsonValue.ValueType.OBJECT) {
      throw new PspWebhookException("Adyen notification item has no NotificationRequestItem");
    }
    return item.asJsonObject();
  }

  /**
   * What the item says. For AUTHORISATION the item's pspReference is the payment's; for
   * modifications and disputes it is the event's own and {@code originalReference} names the
   * payment. The reason of a successful AUTHORISATION holds card details (auth code, last four,
   * expiry) and is never read.
   */
  private static PspWebhookEvent event(JsonObject item) throws PspWebhookException {
    String pspReference = str(item, "pspReference");
    String eventCode = str(item, "eventCode");
    if (pspReference == null || eventCode == null) {
      throw new PspWebhookException("Adyen notification item lacks pspReference or eventCode");
    }
    String original = str(item, "originalReference");
    String payment = original == null || original.isBlank() ? pspReference : original;
    boolean success = "true".equalsIgnoreCase(str(item, "success"));
    PspOutcome outcome = null;
    String declineCode = null;
    if ("AUTHORISATION".equals(eventCode)) {
      outcome = success ? PspOutcome.SUCCEEDED : PspOutcome.DECLINED;
      if (!success) {
        declineCode = AdyenAnswers.declineCode(str(item, "reason"), null);
      }
    } else if ("OFFER_CLOSED".equals(eventCode) && success) {
      // The shopper never completed the payment (3-D Secure or an asynchronous method).
      outcome = PspOutcome.DECLINED;
      declineCode = "offer_closed";
    }
    return new PspWebhookEvent(
        pspReference + ":" + eventCode,
        eventCode,
        payment,
        truncate(str(item, "merchantReference"), 80),
        outcome,
        declineCode,
        DISPUTES.contains(eventCode));
  }

  private static String text(JsonObject json, String name) {
    String s = str(json, name);
    return s == null ? "" : s;
  }
}
