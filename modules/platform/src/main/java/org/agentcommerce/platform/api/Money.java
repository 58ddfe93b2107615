package org.agentcommerce.platform.api;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;
import java.util.Objects;

/**
 * An amount of money in one ISO 4217 currency. Exact decimal in the domain; stored as integer minor
 * units with the currency's own exponent (JPY 0, USD 2, BHD 3). Never floating point.
 */
public record Money(BigDecimal amount, Currency currency) {

  public Money {
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(currency, "currency");
    int exponent = exponentOf(currency);
    if (amount.stripTrailingZeros().scale() > exponent) {
      throw new IllegalArgumentException(
          amount.toPlainString()
              + " has more decimals than "
              + currency.getCurrencyCode()
              + " allows ("
              + exponent
              + ")");
    }
    amount = amount.setScale(exponent, RoundingMode.UNNECESSARY);
  }

  public static Money of(String amount, String currencyCode) {
    return new Money(new BigDecimal(amount), Currency.getInstance(currencyCode));
  }

  public static Money ofMinor(long minorUnits, String currencyCode) {
    Currency currency = Currency.getInstance(currencyCode);
    return new Money(BigDecimal.valueOf(minorUnits, exponentOf(currency)), currency);
  }

  /** The amount in the currency's minor units, exactly. */
  public long minorUnits() {
    return amount.movePointRight(exponentOf(currency)).longValueExact();
  }

  public Money plus(Money other) {
    requireSameCurrency(other);
    return new Money(amount.add(other.amount), currency);
  }

  public Money times(int quantity) {
    return new Money(amount.multiply(BigDecimal.valueOf(quantity)), currency);
  }

  public String currencyCode() {
    return currency.getCurrencyCode();
  }

  private void requireSameCurrency(Money other) {
    if (!currency.equals(other.currency)) {
      throw new IllegalArgumentException(
          "cannot combine " + currencyCode() + " with " + other.currencyCode());
    }
  }

  /** ISO 4217 exponent; currencies without one (such as XAU) are treated as exponent 0. */
  public static int exponentOf(Currency currency) {
    return Math.max(0, currency.getDefaultFractionDigits());
  }
}
