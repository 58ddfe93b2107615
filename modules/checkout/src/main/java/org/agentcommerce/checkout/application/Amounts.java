package org.agentcommerce.checkout.application;

import java.math.BigDecimal;
import java.util.Currency;
import org.agentcommerce.platform.api.Money;

/** Minor units to and from the decimal strings of the REST surface. */
public final class Amounts {

  private Amounts() {}

  /** {@code 1299, USD} → {@code "12.99"}; {@code 1500, JPY} → {@code "1500"}. */
  public static String major(long minor, String currency) {
    return Money.ofMinor(minor, currency).amount().toPlainString();
  }

  /** The exact minor units of a major amount, or empty when it has more decimals than allowed. */
  public static java.util.OptionalLong minor(BigDecimal major, String currency) {
    int exponent = Money.exponentOf(Currency.getInstance(currency));
    BigDecimal shifted = major.movePointRight(exponent).stripTrailingZeros();
    if (shifted.scale() > 0) {
      return java.util.OptionalLong.empty();
    }
    return java.util.OptionalLong.of(shifted.longValueExact());
  }
}
