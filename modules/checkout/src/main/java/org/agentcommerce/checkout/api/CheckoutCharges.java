package org.agentcommerce.checkout.api;

import org.agentcommerce.platform.api.Money;

/**
 * How the checkout lanes reach the money (implemented by the payment module; without an
 * implementation no lane charges). Every charge made here is an agent-submitted one: it passes the
 * shared gates (kill-switch, allowlists, capture caps) exactly as {@code POST /agent/v1/payments}
 * does, and an order is paid at most once whatever calls it.
 */
public interface CheckoutCharges {

  /**
   * What the lane decision needs to know about a merchant's charges. {@code pspConfigured}: some
   * PSP takes the merchant's payments; {@code live}: its first PSP account charges real money;
   * {@code firstPsp}: the PSP tried first (null: none).
   */
  record ChargeSettings(
      boolean submitEnabled,
      boolean allowlistActive,
      boolean merchantAllowlisted,
      boolean pspConfigured,
      boolean live,
      String firstPsp) {}

  ChargeSettings settings(String merchantId);

  /**
   * Whether a charge of {@code amount} needs the buyer's explicit approval first (the HIL
   * threshold): such a charge cannot be completed in chat.
   */
  boolean humanApprovalRequired(Money amount);

  /**
   * Throws the gate's own 403 (TIER2_CHARGE_DISABLED, TIER2_TEST_CAPTURE_OVER_CAP,
   * TIER2_LIVE_CAPTURE_OVER_CAP) unless an agent-submitted charge of {@code amount} for the
   * merchant through {@code protocol} may go ahead now. Writes nothing.
   */
  void checkGates(String merchantId, Money amount, String protocol);

  /**
   * An off-session charge of an order's total. {@code methodToken}: a PSP token, a mandate's {@code
   * mtk_} token or an ACP vault token ({@code vt_}, delegated payment: used once, within its
   * allowance, which names {@code checkoutSessionId}); it travels with the call only. {@code
   * hilApprovalId}: the buyer's approval of this order's charge above the HIL threshold (null: none
   * yet; the charge is then refused 409 HIL_REQUIRED with the approval to ask for, its page linked
   * on {@code publicBase}).
   */
  record Charge(
      String agentId,
      String orderId,
      String methodToken,
      String protocol,
      String buyerIssuer,
      String buyerSubject,
      String checkoutSessionId,
      String hilApprovalId,
      java.net.URI publicBase) {

    @Override
    public String toString() {
      return "Charge[order=" + orderId + ", protocol=" + protocol + "]";
    }
  }

  /**
   * How a charge ended for this request. {@code status}: succeeded, failed (definitive: nothing was
   * captured), pending (the outcome is not known yet: reconciliation decides; never re-sent).
   */
  record Charged(
      String status,
      String paymentId,
      String psp,
      String errorCode,
      String declineCode,
      String message,
      String actionUrl) {

    public boolean succeeded() {
      return "succeeded".equals(status);
    }

    public boolean failed() {
      return "failed".equals(status);
    }
  }

  /** Charges the order once (a second call for a paid or paying order is refused 409). */
  Charged charge(Charge charge);

  /**
   * A charge the buyer makes on the hosted checkout page with a method they just gave the PSP's
   * form (a single-use {@code tok_} token): on-session, so 3-D Secure may ask the buyer (status
   * requires_action, {@code actionUrl}, back to {@code returnUrl}). The buyer pressed pay seeing
   * {@code amount}: above the approval threshold that press is recorded as their approval of this
   * one charge. Charged once like every other charge.
   */
  record PageCharge(
      String agentId,
      String orderId,
      String methodToken,
      String returnUrl,
      String buyerIssuer,
      String buyerSubject,
      Money amount) {

    @Override
    public String toString() {
      return "PageCharge[order=" + orderId + "]";
    }
  }

  Charged chargeOnPage(PageCharge charge);

  /**
   * Asks for the order's open payment (3-D Secure answered, a processing method) to be checked with
   * its PSP at once rather than at its next scheduled check. Sends nothing to the PSP itself.
   */
  void checkSoon(String orderId);

  /**
   * A refund of an order's succeeded payment: {@code status} succeeded, pending or failed; {@code
   * amount} a decimal string in major units.
   */
  record Refunded(
      String refundId,
      String paymentId,
      String amount,
      String currency,
      String status,
      String failureReason) {}

  /**
   * Gives back {@code amount} (null: what is left) of the order's succeeded payment, through the
   * payment module's refund service (never more than captured: 409 REFUND_EXCEEDS_PAYMENT; 409
   * PAYMENT_NOT_SUCCEEDED when the order has no succeeded payment).
   */
  Refunded refund(String agentId, String orderId, java.math.BigDecimal amount, String reason);
}
