package org.agentcommerce.checkout.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.List;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * The hosted page's pay button: the order (made from the intent's quote if need be, in its own
 * transaction), then one on-session charge of exactly the order's total through the payment module
 * (charged once, whatever presses the button). No transaction is held across the PSP call.
 */
@ApplicationScoped
public class HostedPayment {

  @Inject HostedCheckoutService hosted;
  @Inject Instance<CheckoutCharges> charges;

  /** How the press ended: the charge's status and, for 3-D Secure, where the buyer goes next. */
  @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "HostedPaymentResult")
  public record HostedPaymentResult(
      String intentId,
      String orderId,
      String status,
      String paymentId,
      String psp,
      String actionUrl,
      String errorCode,
      String declineCode,
      String message) {}

  /**
   * What the buyer's page showed when pay was pressed: the total on the button and the quote it
   * came from. The charge is of exactly that total, or nothing (409 QUOTE_MISMATCH): a checkout
   * priced again after the page showed it is not charged at the new price.
   */
  public record Shown(java.math.BigDecimal total, String quoteId) {}

  /**
   * Pays the intent's order with a single-use PSP token from the PSP's card form ({@code tok_…};
   * saved methods and mandate tokens are not the page's to use: 422). {@code returnUrl}: where the
   * PSP's 3-D Secure page sends the buyer back.
   */
  public HostedPaymentResult pay(
      CheckoutIntentService.PageAuth auth,
      HostedCheckoutService.Details details,
      String methodToken,
      Shown shown,
      java.util.function.Function<String, String> returnUrlOf) {
    if (methodToken == null || !methodToken.matches("tok_[A-Za-z0-9_]{1,100}")) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "payment_method", "token"),
              "Input should be a single-use card token from the payment form (tok_…)",
              "value_error"));
    }
    if (!charges.isResolvable()) {
      throw new ApiException(
          503, "PSP_NOT_CONFIGURED", "No payment module is deployed; nothing was charged.");
    }
    HostedCheckoutService.Payable p = hosted.payable(auth, details);
    if (shown.quoteId() != null && !shown.quoteId().equals(p.quoteId())) {
      throw new ApiException(
          409,
          "QUOTE_MISMATCH",
          "The checkout was priced again after the page showed it; nothing was charged. Show the"
              + " buyer the current total.",
          java.util.Map.of("quote_id", shown.quoteId(), "current_quote_id", p.quoteId()),
          java.util.Map.of());
    }
    CheckoutCharges.Charged c =
        charges
            .get()
            .chargeOnPage(
                new CheckoutCharges.PageCharge(
                    p.agentId(),
                    p.orderId(),
                    methodToken,
                    returnUrlOf.apply(p.intentId()),
                    p.buyerIssuer(),
                    p.buyerSubject(),
                    org.agentcommerce.platform.api.Money.of(
                        shown.total().toPlainString(), p.amount().currencyCode())));
    return new HostedPaymentResult(
        p.intentId(),
        p.orderId(),
        c.status(),
        c.paymentId(),
        c.psp(),
        "requires_action".equals(c.status()) ? c.actionUrl() : null,
        c.errorCode(),
        c.declineCode(),
        c.message());
  }
}
