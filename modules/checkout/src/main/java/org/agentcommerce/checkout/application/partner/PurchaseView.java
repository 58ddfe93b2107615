package org.agentcommerce.checkout.application.partner;

import java.time.Instant;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase;

/**
 * A partner purchase as its owner sees it. {@code poll_after_seconds} says when reading it again is
 * useful; it is null when nothing more will happen by itself (terminal, or waiting for the buyer's
 * contact to be re-entered).
 */
public record PurchaseView(
    String purchaseId,
    String status,
    Integer pollAfterSeconds,
    String merchantId,
    String productId,
    String variantId,
    String sku,
    int quantity,
    long unitPriceMinor,
    long totalMinor,
    String currency,
    String dispatch,
    String partnerOrderId,
    String failureReason,
    Instant contactExpiresAt,
    Instant createdAt,
    Instant updatedAt) {

  static PurchaseView of(PartnerPurchase p, Instant now) {
    Integer poll = null;
    if (!p.status().isTerminal()
        && p.status()
            != org.agentcommerce.checkout.domain.partner.PurchaseStatus.AWAITING_CONTACT) {
      long seconds =
          p.nextAttemptAt() == null
              ? 1
              : (long)
                  Math.ceil(
                      Math.max(0, p.nextAttemptAt().toEpochMilli() - now.toEpochMilli()) / 1000.0);
      poll = (int) Math.max(1, Math.min(seconds, 3600));
    }
    return new PurchaseView(
        p.id(),
        p.status().wireName(),
        poll,
        p.merchantId(),
        p.productId(),
        p.variantId(),
        p.sku(),
        p.quantity(),
        p.unitPriceMinor(),
        p.totalMinor(),
        p.currency(),
        p.dispatch().wireName(),
        p.partnerOrderId(),
        p.failureReason(),
        p.contactExpiresAt(),
        p.createdAt(),
        p.updatedAt());
  }
}
