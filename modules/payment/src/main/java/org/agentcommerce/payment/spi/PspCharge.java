package org.agentcommerce.payment.spi;

import java.util.Map;
import org.agentcommerce.platform.api.Money;

/**
 * One charge to make. {@code idempotencyKey}: ours, derived from the payment attempt id and stored
 * before the call; the adapter sends it as the PSP's idempotency key and retries only with it.
 * {@code reference}: our payment attempt id ({@code att_…}), sent as the PSP's merchant reference /
 * metadata so that {@link PspAdapter#retrieve} can find the charge. {@code paymentMethodType}: card
 * (a PSP token such as Stripe's {@code pm_…}/{@code tok_…}), or what the PSP names it. {@code
 * offSession}: the buyer is not present (a mandate); {@code returnUrl}: where 3-D Secure comes back
 * to. {@code metadata}: our order id, payment id, merchant id (no personal data).
 */
public record PspCharge(
    String idempotencyKey,
    String reference,
    Money amount,
    String paymentMethodType,
    String paymentMethodToken,
    boolean offSession,
    String returnUrl,
    String customerEmail,
    String description,
    Map<String, String> metadata,
    PspCredentials credentials) {

  /** Without the token and the credentials: safe to log. */
  @Override
  public String toString() {
    return "PspCharge[reference="
        + reference
        + ", amount="
        + amount.amount().toPlainString()
        + " "
        + amount.currencyCode()
        + ", method="
        + paymentMethodType
        + ", offSession="
        + offSession
        + "]";
  }
}
