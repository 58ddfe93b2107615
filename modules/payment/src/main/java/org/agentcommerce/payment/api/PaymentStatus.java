package org.agentcommerce.payment.api;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The states of a payment: {@code processing} while the PSP works, {@code requires_action} while
 * the buyer must act (3-D Secure), then {@code succeeded} or {@code failed}, which are final.
 */
public enum PaymentStatus {
  REQUIRES_ACTION,
  PROCESSING,
  SUCCEEDED,
  FAILED;

  public Set<PaymentStatus> next() {
    return switch (this) {
      case PROCESSING -> EnumSet.of(REQUIRES_ACTION, SUCCEEDED, FAILED);
      case REQUIRES_ACTION -> EnumSet.of(PROCESSING, SUCCEEDED, FAILED);
      case SUCCEEDED, FAILED -> EnumSet.noneOf(PaymentStatus.class);
    };
  }

  public boolean isFinal() {
    return next().isEmpty();
  }

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
