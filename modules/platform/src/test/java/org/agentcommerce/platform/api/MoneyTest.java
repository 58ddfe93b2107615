package org.agentcommerce.platform.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Currency;
import org.junit.jupiter.api.Test;

class MoneyTest {

  @Test
  void exponentsFollowIso4217() {
    assertEquals(0, Money.exponentOf(Currency.getInstance("JPY")));
    assertEquals(2, Money.exponentOf(Currency.getInstance("USD")));
    assertEquals(2, Money.exponentOf(Currency.getInstance("EUR")));
    assertEquals(3, Money.exponentOf(Currency.getInstance("BHD")));
  }

  @Test
  void currencyWithoutExponentIsTreatedAsExponentZero() {
    // XAU (gold) has no minor unit: Currency reports -1.
    assertEquals(0, Money.exponentOf(Currency.getInstance("XAU")));
    assertEquals(new BigDecimal("3"), Money.of("3", "XAU").amount());
  }

  @Test
  void amountIsScaledToTheCurrencyExponent() {
    assertEquals(new BigDecimal("5.00"), Money.of("5", "USD").amount());
    assertEquals(new BigDecimal("1.500"), Money.of("1.5", "BHD").amount());
    assertEquals(new BigDecimal("100"), Money.of("100", "JPY").amount());
  }

  @Test
  void equalAmountsWrittenDifferentlyAreEqual() {
    assertEquals(Money.of("5", "USD"), Money.of("5.00", "USD"));
    assertEquals(Money.of("5", "USD").hashCode(), Money.of("5.000", "USD").hashCode());
  }

  @Test
  void trailingZerosBeyondTheExponentAreAccepted() {
    assertEquals(new BigDecimal("1.23"), Money.of("1.2300", "USD").amount());
    assertEquals(new BigDecimal("100"), Money.of("100.00", "JPY").amount());
  }

  @Test
  void minorUnitsRoundTripPerCurrency() {
    assertEquals(new BigDecimal("12.34"), Money.ofMinor(1234, "USD").amount());
    assertEquals(new BigDecimal("1234"), Money.ofMinor(1234, "JPY").amount());
    assertEquals(new BigDecimal("1.234"), Money.ofMinor(1234, "BHD").amount());

    for (String code : new String[] {"USD", "JPY", "BHD"}) {
      assertEquals(1234, Money.ofMinor(1234, code).minorUnits(), code);
    }
    assertEquals(1234, Money.of("12.34", "USD").minorUnits());
    assertEquals(500, Money.of("5", "USD").minorUnits());
    assertEquals(1500, Money.of("1.5", "BHD").minorUnits());
    assertEquals(-150, Money.of("-1.50", "USD").minorUnits());
  }

  @Test
  void tooManyDecimalsAreRejected() {
    IllegalArgumentException usd =
        assertThrows(IllegalArgumentException.class, () -> Money.of("1.234", "USD"));
    assertTrue(usd.getMessage().contains("USD"), usd.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Money.of("1.5", "JPY"));
    assertThrows(IllegalArgumentException.class, () -> Money.of("0.0001", "BHD"));
  }

  @Test
  void missingAmountOrCurrencyIsRejected() {
    assertThrows(NullPointerException.class, () -> new Money(null, Currency.getInstance("USD")));
    assertThrows(NullPointerException.class, () -> new Money(BigDecimal.ONE, null));
  }

  @Test
  void plusAddsAmountsOfTheSameCurrency() {
    Money sum = Money.of("1.25", "USD").plus(Money.of("2.50", "USD"));

    assertEquals(Money.of("3.75", "USD"), sum);
    assertEquals("USD", sum.currencyCode());
  }

  @Test
  void timesMultipliesByQuantity() {
    assertEquals(Money.of("59.97", "USD"), Money.of("19.99", "USD").times(3));
    assertEquals(Money.of("0", "JPY"), Money.of("500", "JPY").times(0));
    assertEquals(Money.ofMinor(3702, "BHD"), Money.ofMinor(1234, "BHD").times(3));
  }

  @Test
  void combiningDifferentCurrenciesIsRejected() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Money.of("1.00", "USD").plus(Money.of("1.00", "EUR")));

    assertTrue(e.getMessage().contains("USD"), e.getMessage());
    assertTrue(e.getMessage().contains("EUR"), e.getMessage());
  }
}
