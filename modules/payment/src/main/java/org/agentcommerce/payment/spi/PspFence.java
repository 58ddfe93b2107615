package org.agentcommerce.payment.spi;

import org.agentcommerce.platform.api.Money;

/**
 * A fence for an attempt whose charge may still arrive late (its node paused or lost its answer): a
 * request under the attempt's own {@code idempotencyKey} that creates no charge, after which the
 * PSP refuses any charge under that key (the same key with another request). {@code reference}: the
 * attempt id the charge would have carried; {@code amount}: what it would have charged.
 */
public record PspFence(
    String idempotencyKey, String reference, Money amount, PspCredentials credentials) {

  @Override
  public String toString() {
    return "PspFence[reference=" + reference + "]";
  }
}
