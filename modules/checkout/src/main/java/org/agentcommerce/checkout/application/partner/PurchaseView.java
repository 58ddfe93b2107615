package org.agentcommerce.checkout.application.partner;

import java.time.Instant;
import org.agentcommerce.checkout.domain.partner.PartnerPurchase;
import org.agentcommerce.checkout.domain.partner.PurchaseStatus;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A partner purchase as its owner sees it. {@code poll_after_seconds} says when reading it again is
 * useful; it is null when nothing more will happen by itself (terminal, or waiting for the buyer's
 * contact to be re-entered). Beside our members it carries the ones the origin service's clients
 * read ({@code id, state, merchant_domain, product_key, variant_key, totals,
 * checkout_dispatch_state, contact_reentry_required, consent_version}), derived from ours
 * (docs/compatibility.md).
 */
@Schema(name = "PartnerPurchase")
public record PurchaseView(
    @Schema(
            description =
                "The purchase's id: rp_ and 24 hex digits (the origin service's form; purchases opened before 2026-11-29 keep their ppur_ ids)")
        String purchaseId,
    @Schema(
            description =
                "resolving, quoted, checkout_created, placed, completed, failed, awaiting_contact")
        String status,
    @Schema(
            description =
                "Read again after this many seconds; null when nothing more happens by itself")
        Integer pollAfterSeconds,
    @Schema(description = "Our merchant id") String merchantId,
    @Schema(description = "Our product id") String productId,
    @Schema(description = "The merchant platform's variant id") String variantId,
    @Schema(description = "The SKU key bought") String sku,
    @Schema(description = "Units bought") int quantity,
    @Schema(description = "Our catalog's unit price when opened, in minor units")
        long unitPriceMinor,
    @Schema(description = "unit_price_minor × quantity") long totalMinor,
    @Schema(description = "ISO 4217") String currency,
    @Schema(description = "none, sent, unknown, confirmed, refused: what became of the place call")
        String dispatch,
    @Schema(description = "The partner's order id once placed") String partnerOrderId,
    @Schema(
            description =
                "When failed: partner_unavailable, gave_up, partner_refused, partner_failed,"
                    + " partner_price_mismatch")
        String failureReason,
    @Schema(description = "Until when the buyer's contact may be sent to the partner")
        Instant contactExpiresAt,
    @Schema(description = "When opened") Instant createdAt,
    @Schema(description = "Last change") Instant updatedAt,
    @Schema(description = "The origin's name for purchase_id (the same value)") String id,
    @Schema(
            description =
                "status in the origin's vocabulary: resolving, quoting (quoted), processing"
                    + " (checkout_created, placed), completed, failed; awaiting_contact shows the"
                    + " state it left, with contact_reentry_required true")
        String state,
    @Schema(
            description =
                "The merchant's store host as the create request named it (merchant_domain,"
                    + " folded to lower case without www.); null when it named merchant_id")
        String merchantDomain,
    @Schema(description = "The product as the create request named it (product_key/product_id)")
        String productKey,
    @Schema(description = "The origin's name for sku (the same value)") String variantKey,
    Totals totals,
    @Schema(
            description =
                "What became of the place call, in the origin's vocabulary: not_dispatched (none),"
                    + " dispatch_started (sent), unknown (unknown), dispatched (confirmed,"
                    + " refused)")
        String checkoutDispatchState,
    @Schema(
            description =
                "true while the purchase waits for the buyer's contact (awaiting_contact): resume"
                    + " with the original create request")
        boolean contactReentryRequired,
    @Schema(description = "buyer.consent_version of the create request; null when none was sent")
        String consentVersion) {

  /**
   * The origin's totals. Only the price we fixed is known here: the partner's quote, shipping, tax
   * and discount are not kept, so those members are null (docs/compatibility.md).
   */
  @Schema(name = "PartnerPurchaseTotals")
  public record Totals(
      @Schema(description = "ISO 4217") String currency,
      @Schema(description = "Our unit price in minor units (unit_price_minor)") long ourPriceMinor,
      @Schema(description = "Not kept here: null", nullable = true) Long quotedTotalMinor,
      @Schema(description = "Not kept here: null", nullable = true) Long finalTotalMinor,
      @Schema(description = "Not kept here: null", nullable = true) Long shippingMinor,
      @Schema(description = "Not kept here: null", nullable = true) Long taxMinor,
      @Schema(description = "Not kept here: null", nullable = true) Long discountMinor,
      @Schema(description = "Not kept here: null", nullable = true) Boolean taxIncluded) {}

  static PurchaseView of(PartnerPurchase p, Instant now) {
    Integer poll = null;
    if (!p.status().isTerminal() && p.status() != PurchaseStatus.AWAITING_CONTACT) {
      long seconds =
          p.nextAttemptAt() == null
              ? 1
              : (long)
                  Math.ceil(
                      Math.max(0, p.nextAttemptAt().toEpochMilli() - now.toEpochMilli()) / 1000.0);
      poll = (int) Math.max(1, Math.min(seconds, 3600));
    }
    String request = p.requestJson();
    String domain = request == null ? null : PurchaseRequest.member(request, "merchant_domain");
    String productKey = request == null ? null : PurchaseRequest.member(request, "product_id");
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
        p.updatedAt(),
        p.id(),
        originState(p.status() == PurchaseStatus.AWAITING_CONTACT ? p.resumeStatus() : p.status()),
        domain,
        productKey == null ? p.productId() : productKey,
        p.sku(),
        new Totals(p.currency(), p.unitPriceMinor(), null, null, null, null, null, null),
        dispatchState(p.dispatch()),
        p.status() == PurchaseStatus.AWAITING_CONTACT,
        request == null ? null : PurchaseRequest.member(request, "consent_version"));
  }

  /** Our state in the origin's vocabulary (a waiting purchase shows the state it left). */
  static String originState(PurchaseStatus s) {
    if (s == null) {
      return "resolving";
    }
    return switch (s) {
      case RESOLVING, AWAITING_CONTACT -> "resolving";
      case QUOTED -> "quoting";
      case CHECKOUT_CREATED, PLACED -> "processing";
      case COMPLETED -> "completed";
      case FAILED -> "failed";
    };
  }

  static String dispatchState(PartnerPurchase.Dispatch d) {
    return switch (d) {
      case NONE -> "not_dispatched";
      case SENT -> "dispatch_started";
      case UNKNOWN -> "unknown";
      case CONFIRMED, REFUSED -> "dispatched";
    };
  }
}
