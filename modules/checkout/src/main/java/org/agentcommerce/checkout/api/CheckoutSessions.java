package org.agentcommerce.checkout.api;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * Checkout sessions as the tool door opens them: a server-priced, locked quote of one merchant's
 * items for one verified buyer ({@code csn_…}, the same sessions as the in-chat ACP lane), then
 * either completed in chat (one off-session charge through the shared gates) or handed to the
 * hosted checkout page as an order with a payment link. Every method needs the verified buyer;
 * another agent's or another buyer's session is 404 {@code acp_session_not_found}.
 */
public interface CheckoutSessions {

  /** A verified buyer: the buyer token's issuer and subject. */
  record Buyer(String issuer, String subject) {}

  /** One item: our product id (or the platform's id, handle, SKU), its variant, a quantity. */
  record Item(String productId, String variantId, int quantity) {}

  /** A shipping address in the wire's fields; country ISO 3166-1 alpha-2. */
  record Address(
      String name,
      String addressLine1,
      String addressLine2,
      String city,
      String state,
      String postalCode,
      String country,
      String phone) {}

  /** What to price: one merchant's items, codes, who buys and where it ships. */
  record Basket(
      String merchantId,
      List<Item> items,
      List<String> discountCodes,
      String customerEmail,
      String customerName,
      Address shippingAddress) {}

  /** Totals in integer minor units of the session's currency. */
  record Totals(long subtotal, long discount, long shipping, long tax, long total) {}

  /** One priced line; amounts in minor units. */
  record Line(
      String productId,
      String variantId,
      String sku,
      String title,
      String variantTitle,
      String imageUrl,
      int quantity,
      long unitPrice,
      long lineDiscount,
      long lineTotal) {}

  /**
   * A session. {@code status}: ready_for_payment, completing, completed, cancelled. {@code orderId}
   * once a payment link or a completion made the order.
   */
  record Session(
      String sessionId,
      String status,
      String merchantId,
      String merchantName,
      String currency,
      boolean taxIncluded,
      Totals totals,
      List<Line> lines,
      List<String> discountCodes,
      String customerEmail,
      String customerName,
      Address shippingAddress,
      String quoteId,
      String orderId,
      String paymentId,
      Instant expiresAt,
      Instant createdAt) {}

  /**
   * Prices the basket into a locked quote and opens a session for the buyer: the lane's refusals
   * (VARIANT_REQUIRED listing the variants, CART_TOO_LARGE, MULTI_MERCHANT_NOT_SUPPORTED, unknown
   * codes 422, SHIPPING_UNAVAILABLE) come first and write nothing.
   */
  Session create(String agentId, Buyer buyer, Basket basket);

  /**
   * A full re-quote of a ready session with a new basket (same merchant): 409
   * CHECKOUT_SESSION_LOCKED once it has an order, is completing, completed or cancelled.
   */
  Session update(String agentId, Buyer buyer, String sessionId, Basket basket);

  Session get(String agentId, Buyer buyer, String sessionId);

  /**
   * The id of the buyer's session that made {@code orderId} (a payment link's or a completion's
   * order): 404 acp_session_not_found when no session of this agent and buyer did.
   */
  String sessionOfOrder(String agentId, Buyer buyer, String orderId);

  /**
   * The session's state in the Agentic Commerce Protocol's words, as the ACP door's {@code status}
   * says it: completed, canceled, complete_in_progress, expired, ready_for_payment (an address and
   * an e-mail are there) or not_ready_for_payment.
   */
  static String acpState(Session s, boolean expired) {
    return switch (s.status()) {
      case "completed" -> "completed";
      case "cancelled" -> "canceled";
      case "completing" -> "complete_in_progress";
      default ->
          expired
              ? "expired"
              : s.shippingAddress() != null
                      && s.shippingAddress().addressLine1() != null
                      && s.customerEmail() != null
                  ? "ready_for_payment"
                  : "not_ready_for_payment";
    };
  }

  /** A completion's answer (the ACP complete's JSON) and whether it is the stored one. */
  record Completion(String json, boolean replayed) {}

  /**
   * Completes the session with one off-session charge, exactly as {@code POST
   * /agent/v1/checkout/acp/{id}/complete}: the gates' 403, 409 completion_in_progress, 502
   * acp_capture_failed / acp_capture_pending_retry; a completed session replays its answer.
   */
  default Completion complete(
      String agentId,
      Buyer buyer,
      String sessionId,
      String provider,
      String methodToken,
      String key,
      URI publicBase) {
    return complete(agentId, buyer, sessionId, provider, methodToken, key, publicBase, null);
  }

  /**
   * The same with the buyer's HIL approval ({@code hil_…}, null: none) of the session's order: a
   * charge above the approval threshold is refused 409 HIL_REQUIRED without it.
   */
  Completion complete(
      String agentId,
      Buyer buyer,
      String sessionId,
      String provider,
      String methodToken,
      String key,
      URI publicBase,
      String hilApprovalId);

  /** The order a payment link pays and the hosted page's address (its token in the fragment). */
  record PaymentLink(
      String orderId,
      String status,
      String checkoutUrl,
      Instant expiresAt,
      long amountTotal,
      String currency,
      String sessionId) {}

  /**
   * Makes the session's order (once; a later link is for the same order) and opens a hosted
   * checkout for it with a 30-minute token. {@code customerEmail} and {@code address}, when given,
   * replace the session's (a new address re-prices the session first); without a complete address
   * and an e-mail: 409 acp_address_required / acp_email_required.
   */
  PaymentLink paymentLink(
      String agentId,
      Buyer buyer,
      String sessionId,
      String customerEmail,
      Address address,
      String returnUrl,
      URI publicBase);

  /**
   * Cancels the session and its unpaid order: 409 ORDER_ALREADY_PAID once money was taken (refund
   * it with after-sales instead), 409 completion_in_progress while a charge runs.
   */
  Session cancel(String agentId, Buyer buyer, String sessionId);
}
