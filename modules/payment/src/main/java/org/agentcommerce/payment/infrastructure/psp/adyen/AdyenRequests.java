package org.agentcommerce.payment.infrastructure.psp.adyen;

import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenJson.truncate;
import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenPspAdapter.NAME;
import static org.agentcommerce.payment.infrastructure.psp.adyen.AdyenPspAdapter.SHOPPER_REFERENCE;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.StringReader;
import java.util.Map;
import java.util.TreeMap;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspCredentials;
import org.agentcommerce.payment.spi.PspNotAcceptedException;
import org.agentcommerce.payment.spi.PspRefund;
import org.agentcommerce.platform.api.Jsonp;

/**
 * The bodies sent to Adyen's Checkout API: {@code POST /payments} (amount, reference, merchant
 * account, payment method, stored-token flags, shopper, return URL, email, metadata) and {@code
 * POST /payments/{pspReference}/refunds}. Each is a pure function of its charge or refund, so a
 * request sent again under its idempotency key is the identical request.
 */
final class AdyenRequests {

  private static final int MAX_METADATA_ENTRIES = 20;
  private static final int MAX_METADATA_KEY = 20;
  private static final int MAX_METADATA_VALUE = 80;

  private AdyenRequests() {}

  static JsonObject paymentRequest(PspCharge charge, PspCredentials credentials)
      throws PspNotAcceptedException {
    var json = Jsonp.PROVIDER;
    JsonObject paymentMethod = paymentMethod(charge);
    boolean stored = paymentMethod.containsKey("storedPaymentMethodId");
    JsonObjectBuilder b =
        json.createObjectBuilder()
            .add("amount", amount(charge.amount().minorUnits(), charge.amount().currencyCode()))
            .add("reference", charge.reference())
            .add("merchantAccount", credentials.merchantAccount())
            .add("paymentMethod", paymentMethod);
    if (stored) {
      // A stored token: the shopper is present (CardOnFile) or not (a mandate, off session).
      b.add("shopperInteraction", "ContAuth")
          .add(
              "recurringProcessingModel",
              charge.offSession() ? "UnscheduledCardOnFile" : "CardOnFile");
    }
    Map<String, String> metadata =
        new TreeMap<>(charge.metadata() == null ? Map.of() : charge.metadata());
    String shopperReference = metadata.remove(SHOPPER_REFERENCE);
    if (shopperReference != null) {
      b.add("shopperReference", shopperReference);
    }
    if (charge.returnUrl() != null) {
      b.add("returnUrl", charge.returnUrl());
    }
    if (charge.customerEmail() != null) {
      b.add("shopperEmail", charge.customerEmail());
    }
    if (!metadata.isEmpty()) {
      JsonObjectBuilder m = json.createObjectBuilder();
      metadata.entrySet().stream()
          .filter(e -> e.getKey().length() <= MAX_METADATA_KEY && e.getValue() != null)
          .limit(MAX_METADATA_ENTRIES)
          .forEach(e -> m.add(e.getKey(), truncate(e.getValue(), MAX_METADATA_VALUE)));
      b.add("metadata", m);
    }
    return b.build();
  }

  /**
   * The {@code paymentMethod} object: the token is either the {@code paymentMethod} JSON object
   * that Adyen's Drop-in or Components produced in the browser (encrypted card fields), passed
   * through, or a stored payment method id ({@code storedPaymentMethodId}). The type {@code card}
   * is Adyen's {@code scheme}.
   */
  private static JsonObject paymentMethod(PspCharge charge) throws PspNotAcceptedException {
    String token = charge.paymentMethodToken();
    if (token == null || token.isBlank()) {
      throw new PspNotAcceptedException(
          NAME, "invalid_request", "the charge has no payment method", false, true, null, null);
    }
    String type =
        charge.paymentMethodType() == null || "card".equals(charge.paymentMethodType())
            ? "scheme"
            : charge.paymentMethodType();
    String trimmed = token.strip();
    if (trimmed.startsWith("{")) {
      JsonObject given;
      try (var reader = Jsonp.PROVIDER.createReader(new StringReader(trimmed))) {
        given = reader.readObject();
      } catch (RuntimeException notJson) {
        throw new PspNotAcceptedException(
            NAME,
            "invalid_request",
            "the payment method token is not a readable Adyen paymentMethod object",
            false,
            true,
            null,
            null);
      }
      return given.containsKey("type")
          ? given
          : Jsonp.PROVIDER.createObjectBuilder(given).add("type", type).build();
    }
    return Jsonp.PROVIDER
        .createObjectBuilder()
        .add("type", type)
        .add("storedPaymentMethodId", trimmed)
        .build();
  }

  /** The refund of a payment: merchant account, amount, our reference. */
  static JsonObject refundRequest(PspRefund refund, PspCredentials credentials) {
    return Jsonp.PROVIDER
        .createObjectBuilder()
        .add("merchantAccount", credentials.merchantAccount())
        .add("amount", amount(refund.amount().minorUnits(), refund.amount().currencyCode()))
        .add("reference", refund.reference())
        .build();
  }

  static JsonObject amount(long minorUnits, String currency) {
    return Jsonp.PROVIDER
        .createObjectBuilder()
        .add("value", minorUnits)
        .add("currency", currency)
        .build();
  }
}
