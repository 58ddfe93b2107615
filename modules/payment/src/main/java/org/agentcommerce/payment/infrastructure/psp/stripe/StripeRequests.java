package org.agentcommerce.payment.infrastructure.psp.stripe;

import static org.agentcommerce.payment.infrastructure.psp.stripe.StripePspAdapter.FENCED_REFERENCE_KEY;
import static org.agentcommerce.payment.infrastructure.psp.stripe.StripePspAdapter.REFERENCE_KEY;

import com.stripe.net.RequestOptions;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.param.PaymentIntentSearchParams;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.RefundListParams;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.agentcommerce.payment.spi.PspCharge;
import org.agentcommerce.payment.spi.PspFence;
import org.agentcommerce.payment.spi.PspRefund;

/**
 * The parameters of what the Stripe adapter sends: the PaymentIntent to create and confirm for a
 * charge, the unconfirmed one that fences a key, the refund, the Search on our reference, the
 * listing of a PaymentIntent's refunds, and the idempotency key of every POST. Each is a pure
 * function of its input, so a request sent again under its key is the identical request.
 */
final class StripeRequests {

  private StripeRequests() {}

  /** The options of a POST: the caller's idempotency key. */
  static RequestOptions idempotent(String idempotencyKey) {
    return RequestOptions.builder().setIdempotencyKey(idempotencyKey).build();
  }

  /**
   * The PaymentIntent to create and confirm. The buyer's email is not sent as receipt_email: Stripe
   * would then mail its own receipt from the platform's account, besides the merchant's.
   */
  static PaymentIntentCreateParams chargeParams(PspCharge charge) {
    PaymentIntentCreateParams.Builder params =
        PaymentIntentCreateParams.builder()
            .setAmount(charge.amount().minorUnits())
            .setCurrency(charge.amount().currencyCode().toLowerCase(Locale.ROOT))
            .setConfirm(true)
            .putMetadata(REFERENCE_KEY, charge.reference());
    if (charge.metadata() != null) {
      charge.metadata().forEach((key, value) -> params.putMetadata("ac_" + key, value));
    }
    String token = charge.paymentMethodToken();
    if (token != null && token.startsWith("spt_")) {
      // A shared payment token an agent platform granted the merchant (ACP, docs/acp.md): Stripe
      // holds its usage limits (amount, currency, expiry) and refuses a charge outside them.
      params.putExtraParam("payment_method_data", Map.of("shared_payment_granted_token", token));
    } else if (token != null && token.startsWith("tok_")) {
      // A legacy card token becomes a PaymentMethod at confirmation (Stripe's documented way).
      params.putExtraParam(
          "payment_method_data", Map.of("type", "card", "card", Map.of("token", token)));
    } else {
      params.setPaymentMethod(token);
    }
    if (charge.offSession()) {
      params.setOffSession(true);
    }
    if (charge.returnUrl() != null && !charge.offSession()) {
      params.setReturnUrl(charge.returnUrl());
    } else {
      // Without a return URL Stripe refuses methods that redirect; cards still get 3-D Secure.
      params.setAutomaticPaymentMethods(
          PaymentIntentCreateParams.AutomaticPaymentMethods.builder()
              .setEnabled(true)
              .setAllowRedirects(
                  PaymentIntentCreateParams.AutomaticPaymentMethods.AllowRedirects.NEVER)
              .build());
    }
    if (charge.description() != null) {
      params.setDescription(charge.description());
    }
    return params.build();
  }

  /** The fence of an attempt's key: an intent that is never confirmed (no payment method). */
  static PaymentIntentCreateParams fenceParams(PspFence fence) {
    return PaymentIntentCreateParams.builder()
        .setAmount(fence.amount().minorUnits())
        .setCurrency(fence.amount().currencyCode().toLowerCase(Locale.ROOT))
        .setConfirm(false)
        .addPaymentMethodType("card")
        .putMetadata(FENCED_REFERENCE_KEY, fence.reference())
        .setDescription("Fence of attempt " + fence.reference() + " (no charge)")
        .build();
  }

  static RefundCreateParams refundParams(PspRefund refund) {
    return RefundCreateParams.builder()
        .setPaymentIntent(refund.pspPaymentId())
        .setAmount(refund.amount().minorUnits())
        .putMetadata(REFERENCE_KEY, refund.reference())
        .build();
  }

  /** The Search for the PaymentIntents of our reference (at most ten). */
  static PaymentIntentSearchParams searchByReference(String reference) {
    return PaymentIntentSearchParams.builder()
        .setQuery("metadata['" + REFERENCE_KEY + "']:'" + quoted(reference) + "'")
        .setLimit(10L)
        .build();
  }

  /** The listing of a PaymentIntent's refunds, a hundred a page. */
  static RefundListParams refundsOf(String pspPaymentId) {
    return RefundListParams.builder().setPaymentIntent(pspPaymentId).setLimit(100L).build();
  }

  private static String quoted(String reference) {
    Objects.requireNonNull(reference, "reference or pspPaymentId is required");
    return reference.replace("\\", "\\\\").replace("'", "\\'");
  }
}
