package org.agentcommerce.checkout.domain.partner;

import java.time.Instant;
import java.util.Optional;

/**
 * An outside purchasing partner, as the poller drives it: quote, checkout, place, and read the
 * order. Every call is a network call the caller makes outside any transaction. The place call
 * carries our attempt id as the partner's idempotency key, and {@link #findPlacement} looks an
 * attempt up, so that an unanswered place call is looked up rather than sent again blindly.
 */
public interface PurchasingPartner {

  /** A price the partner offers for a SKU of a merchant. */
  record Quote(String quoteId, long unitPriceMinor, String currency, Instant expiresAt) {}

  /** The order the partner placed, and its state: placed, completed or failed. */
  record PartnerOrder(String orderId, String status) {}

  /** What a checkout at the partner needs from the buyer. */
  record Contact(
      String email,
      String name,
      String phone,
      String addressLine1,
      String addressLine2,
      String city,
      String state,
      String postalCode,
      String country) {}

  Quote quote(String merchantId, String sku, int quantity, String currency) throws PartnerException;

  /** Opens the partner's checkout for a quote; {@code key} makes a repeat answer the same one. */
  String createCheckout(String quoteId, Contact contact, String key) throws PartnerException;

  /** Places the checkout's order under our attempt id (the partner's idempotency key). */
  PartnerOrder place(String checkoutId, String attemptId) throws PartnerException;

  /** The order placed under our attempt id, if the partner has one. */
  Optional<PartnerOrder> findPlacement(String attemptId) throws PartnerException;

  /** The partner's order as it stands. */
  PartnerOrder order(String orderId) throws PartnerException;
}
