package org.agentcommerce.payment.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.payment.api.PaymentStatus;
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
        !route.isEmpty() && registry.live(route.get(0).account()));
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
    String type = c.methodToken().startsWith("mtk_") ? Mandates.METHOD : "card";
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
                    null,
                    c.protocol(),
                    c.buyerIssuer(),
                    c.buyerSubject(),
                    null))
            .payment();
    String status =
        p.status() == PaymentStatus.SUCCEEDED
            ? "succeeded"
            : p.status() == PaymentStatus.FAILED ? "failed" : "pending";
    return new Charged(status, p.id(), p.psp(), p.errorCode(), p.declineCode(), p.errorMessage());
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
