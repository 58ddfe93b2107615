package org.agentcommerce.checkout.domain.partner;

import java.util.List;
import java.util.Optional;

/**
 * The stored partner purchases ({@code partner_purchases}). Times are the database's. Every change
 * the poller makes is a compare-and-set on the lease holder, so a run that lost its lease (it
 * stalled, another run took the purchase over) changes nothing.
 */
public interface PartnerPurchases {

  /** What opening a purchase stores. */
  record Opening(
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
      String placeAttemptId,
      long giveUpAfterMillis,
      long contactWindowMillis) {}

  /**
   * A move the lease holder makes. Null fields stay as they are; {@code delayMillis} is when the
   * purchase is due again; the lease is released.
   */
  record Move(
      PurchaseStatus status,
      PartnerPurchase.Dispatch dispatch,
      String partnerQuoteId,
      String partnerCheckoutId,
      String partnerOrderId,
      boolean resetAttempts,
      boolean countFailure,
      long delayMillis,
      String failureReason,
      String lastError) {

    public static Move to(PurchaseStatus status) {
      return new Move(status, null, null, null, null, true, false, 0, null, null);
    }

    public Move dispatch(PartnerPurchase.Dispatch d) {
      return new Move(
          status,
          d,
          partnerQuoteId,
          partnerCheckoutId,
          partnerOrderId,
          resetAttempts,
          countFailure,
          delayMillis,
          failureReason,
          lastError);
    }

    public Move ids(String quote, String checkout, String order) {
      return new Move(
          status,
          dispatch,
          quote,
          checkout,
          order,
          resetAttempts,
          countFailure,
          delayMillis,
          failureReason,
          lastError);
    }

    public Move failure(String reason, String error) {
      return new Move(
          status,
          dispatch,
          partnerQuoteId,
          partnerCheckoutId,
          partnerOrderId,
          resetAttempts,
          countFailure,
          delayMillis,
          reason,
          error);
    }

    /** Stays where it is, due again after {@code delay}, counting a failed attempt or not. */
    public static Move later(long delay, boolean failed, String error) {
      return new Move(null, null, null, null, null, !failed, failed, delay, null, error);
    }

    /** Stays where it is, due again after {@code delay}; its attempts neither count nor reset. */
    public static Move waiting(long delay, String error) {
      return new Move(null, null, null, null, null, false, false, delay, null, error);
    }
  }

  /** Stores a new purchase; false when its owner already has one under the idempotency key. */
  boolean open(Opening opening);

  Optional<PartnerPurchase> find(String id);

  /** The purchase, if it is this agent's and this buyer's. */
  Optional<PartnerPurchase> owned(String id, String agentId, String buyerKey);

  Optional<PartnerPurchase> byKey(String agentId, String buyerKey, String idempotencyKey);

  /** The owner's purchases, newest first. */
  List<PartnerPurchase> list(String agentId, String buyerKey, int offset, int limit);

  long count(String agentId, String buyerKey);

  /** Purchases the poller should work on now: active, due, and not leased (or lease expired). */
  List<String> due(int limit);

  /** Leases a due purchase to {@code holder}; empty when another run has it or it is not due. */
  Optional<PartnerPurchase> claim(String id, String holder, long leaseMillis);

  /** Extends a held lease (a slow partner call). */
  boolean renew(String id, String holder, long leaseMillis);

  /**
   * Records, before the place call goes out, that it is going out (dispatch sent), if {@code
   * holder} holds a live lease; the lease stays held.
   */
  boolean markDispatching(String id, String holder);

  /** Applies a move if {@code holder} still holds the lease, and releases the lease. */
  boolean move(String id, String holder, Move move);

  /**
   * Moves a purchase waiting for contact (of this contact generation) back to its step with a fresh
   * contact clock; false when it is no longer waiting (another resume took it).
   */
  boolean resume(String id, int generation, long contactWindowMillis);
}
