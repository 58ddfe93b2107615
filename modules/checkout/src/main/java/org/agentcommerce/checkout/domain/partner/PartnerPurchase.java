package org.agentcommerce.checkout.domain.partner;

import java.time.Instant;

/**
 * A partner purchase as stored: its owner (agent and buyer), the canonical request it was opened
 * with and that request's fingerprint, the price we fixed from our catalog, where the poller is
 * with the partner, and the contact clock.
 */
public record PartnerPurchase(
    String id,
    String agentId,
    String buyerKey,
    String idempotencyKey,
    String fingerprint,
    int fingerprintVersion,
    String requestJson,
    String merchantId,
    String productId,
    String variantId,
    String sku,
    int quantity,
    long unitPriceMinor,
    String currency,
    long totalMinor,
    PurchaseStatus status,
    PurchaseStatus resumeStatus,
    Dispatch dispatch,
    String placeAttemptId,
    String partnerQuoteId,
    String partnerCheckoutId,
    String partnerOrderId,
    int attempts,
    int runs,
    Instant nextAttemptAt,
    Instant giveUpAt,
    Instant contactExpiresAt,
    int contactGeneration,
    int resumedGeneration,
    String failureReason,
    String lastError,
    Instant createdAt,
    Instant updatedAt) {

  /** Whether the place call went out, and what became of it. */
  public enum Dispatch {
    NONE,
    SENT,
    UNKNOWN,
    CONFIRMED,
    REFUSED;

    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Dispatch of(String wire) {
      return valueOf(wire.toUpperCase(java.util.Locale.ROOT));
    }

    /** The place call may have reached the partner and we do not know what became of it. */
    public boolean isUncertain() {
      return this == SENT || this == UNKNOWN;
    }
  }
}
