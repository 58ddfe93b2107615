package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.payment.domain.PaymentRecord;
import org.agentcommerce.payment.domain.PaymentStore.PspAccount;
import org.agentcommerce.payment.infrastructure.psp.PspRegistry;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.Money;

/**
 * The checkout lanes' way to the money: the same gates and the same exactly-once payment as {@code
 * POST /agent/v1/payments}, always off-session (the buyer delegated the method; it is not present).
 */
@ApplicationScoped
public class CheckoutChargesService implements CheckoutCharges {

  @Inject PaymentService payments;
  @Inject PaymentSteps steps;
  @Inject PaymentGates gates;
  @Inject GateSettings gateSettings;
  @Inject PspRegistry registry;
  @Inject RefundService refunds;
  @Inject HilApprovals hil;
  @Inject org.agentcommerce.payment.domain.PaymentStore store;

  @Override
  public ChargeSettings settings(String merchantId) {
    GateSettings.Snapshot s = gateSettings.snapshot();
    boolean allowlistActive = !s.merchantAllowlist().isEmpty();
    List<PspAccount> route;
    try {
      route = steps.route(merchantId, null);
    } catch (ApiException noPsp) {
      route = List.of();
    }
    return new ChargeSettings(
        s.submitEnabled(),
        allowlistActive,
        !allowlistActive || s.merchantAllowlist().contains(merchantId),
        !route.isEmpty(),
        !route.isEmpty() && registry.live(route.get(0).account()),
        route.isEmpty() ? null : route.get(0).psp());
  }

  @Override
  public boolean humanApprovalRequired(Money amount) {
    return hil.required(amount);
  }

  @Override
  public void checkGates(String merchantId, Money amount, String protocol) {
    List<PspAccount> route = steps.route(merchantId, null);
    gates.check(
        new PaymentGates.Charge(
            protocol,
            true,
            merchantId,
            amount.minorUnits(),
            registry.live(route.get(0).account())));
  }

  @Override
  public Charged charge(Charge c) {
    String type =
        c.methodToken().startsWith("mtk_")
            ? Mandates.METHOD
            : VaultTokens.isVaultToken(c.methodToken()) ? VaultTokens.METHOD : "card";
    PaymentRecord p =
        payments
            .pay(
                new PayCommand(
                    c.agentId(),
                    c.orderId(),
                    type,
                    c.methodToken(),
                    true,
                    null,
                    null,
                    null,
                    c.hilApprovalId(),
                    c.protocol(),
                    c.buyerIssuer(),
                    c.buyerSubject(),
                    null,
                    c.checkoutSessionId()),
                c.publicBase())
            .payment();
    return charged(p, null);
  }

  @Override
  public Charged chargeOnPage(PageCharge c) {
    // Above the threshold the press is recorded as the buyer's approval inside the payment's own
    // transaction (PaymentSteps.prepare); the amount is the one the page showed (drift guard).
    PaymentService.Outcome o =
        payments.pay(
            new PayCommand(
                c.agentId(),
                c.orderId(),
                "card",
                c.methodToken(),
                false,
                c.returnUrl(),
                c.amount().amount(),
                c.amount().currencyCode(),
                null,
                PaymentSteps.HOSTED,
                c.buyerIssuer(),
                c.buyerSubject(),
                null,
                null));
    return charged(o.payment(), o.oneTimeActionUrl());
  }

  private static Charged charged(PaymentRecord p, String oneTimeActionUrl) {
    String status =
        switch (p.status()) {
          case SUCCEEDED -> "succeeded";
          case FAILED -> "failed";
          case REQUIRES_ACTION -> "requires_action";
          default -> "pending";
        };
    return new Charged(
        status,
        p.id(),
        p.psp(),
        p.errorCode(),
        p.declineCode(),
        p.errorMessage(),
        oneTimeActionUrl != null ? oneTimeActionUrl : p.actionUrl());
  }

  @Override
  public void checkSoon(String orderId) {
    store.liveForOrder(orderId).ifPresent(p -> store.checkSoon(p.id()));
  }

  @Override
  public Refunded refund(
      String agentId, String orderId, java.math.BigDecimal amount, String reason) {
    String paymentId =
        payments
            .latest(orderId)
            .filter(p -> p.succeeded())
            .map(p -> p.paymentId())
            .orElseThrow(
                () ->
                    new ApiException(
                        409,
                        "PAYMENT_NOT_SUCCEEDED",
                        "Order " + orderId + " has no succeeded payment to refund.",
                        java.util.Map.of("order_id", orderId),
                        java.util.Map.of()));
    RefundService.Refund r = refunds.refund(agentId, paymentId, amount, reason);
    return new Refunded(
        r.refundId(),
        r.paymentId(),
        r.amount().amount().toPlainString(),
        r.amount().currencyCode(),
        r.status(),
        r.failureReason());
  }
}
