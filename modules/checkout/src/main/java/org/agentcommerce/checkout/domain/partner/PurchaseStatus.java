package org.agentcommerce.checkout.domain.partner;

import java.util.Locale;

/**
 * Where a partner purchase is. The poller moves resolving → quoted → checkout_created → placed →
 * completed, or to failed; awaiting_contact waits for the buyer's contact to be re-entered (resume)
 * before the partner sees it again. completed and failed are terminal.
 */
public enum PurchaseStatus {
  RESOLVING,
  QUOTED,
  CHECKOUT_CREATED,
  PLACED,
  COMPLETED,
  FAILED,
  AWAITING_CONTACT;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static PurchaseStatus of(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }

  public boolean isTerminal() {
    return this == COMPLETED || this == FAILED;
  }
}
