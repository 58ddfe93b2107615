package org.agentcommerce.checkout.application.partner;

import java.time.Instant;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A partner purchase as its owner sees it. {@code poll_after_seconds} says when reading it again is
 * useful; it is null when nothing more will happen by itself (terminal, or waiting for the buyer's
 * contact to be re-entered).
 */
@Schema(name = "PartnerPurchase")
public record PurchaseView(
    String purchaseId,
    @Schema(
            description =
                "resolving, quoted, checkout_created, placed, completed, failed, awaiting_contact")
        String status,
    @Schema(
            description =
                "Read again after this many seconds; null when nothing more happens by itself")
        Integer pollAfterSeconds,
    String merchantId,
    String productId,
    String variantId,
    String sku,
    int quantity,
    long unitPriceMinor,
    long totalMinor,
    String currency,
    @Schema(description = "none, sent, unknown, confirmed, refused: what became of the place call")
        String dispatch,
    String partnerOrderId,
    @Schema(
            description =
                "When failed: partner_unavailable, gave_up, partner_refused, partner_failed,"
                    + " partner_price_mismatch")
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
