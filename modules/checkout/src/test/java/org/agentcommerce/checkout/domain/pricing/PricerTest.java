package org.agentcommerce.checkout.domain.pricing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.agentcommerce.checkout.domain.pricing.PricingRules.Promotion;
import org.agentcommerce.checkout.domain.pricing.PricingRules.ShippingRule;
import org.agentcommerce.checkout.domain.pricing.PricingRules.TaxRule;
import org.junit.jupiter.api.Test;

class PricerTest {

  static final List<ShippingRule> US_SHIPPING =
      List.of(
          new ShippingRule("US", "standard", "Standard", "USD", 595, 5000L, 3, 5),
          new ShippingRule("US", "express", "Express", "USD", 1495, null, 1, 2),
          new ShippingRule("*", "standard", "World", "EUR", 890, null, 3, 6));
  static final List<TaxRule> US_TAX =
      List.of(
          new TaxRule("US", "", 0, false, false),
          new TaxRule("US", "NY", 88750, false, true),
          new TaxRule("US", "CA", 72500, false, false));

  static Promotion promo(String code, String kind, long value, Long min) {
    return new Promotion(
        code, kind, value, kind.equals("fixed") ? "USD" : null, min, code, null, null, true);
  }

  static Pricer.Result price(
      List<Pricer.Line> lines, List<Promotion> p, String region, String option) {
    return Pricer.price(
        new Pricer.Input(
            "USD",
            lines,
            p,
            new Pricer.Destination("US", region, "10001"),
            US_SHIPPING,
            US_TAX,
            option));
  }

  @Test
  void addsExclusiveStateTaxOnMerchandiseAndTaxableShipping() {
    Pricer.Result r = price(List.of(new Pricer.Line(2100, 1)), List.of(), "NY", null);
    assertEquals(2100, r.subtotalMinor());
    assertEquals(595, r.shippingMinor());
    assertEquals(239, r.taxMinor()); // 8.875 % of 26.95 = 2.3918
    assertEquals(2100 + 595 + 239, r.totalMinor());
    assertEquals("standard", r.deliveryOption());
  }

  @Test
  void percentageDiscountIsSpreadOverLinesAndUnlocksFreeShipping() {
    Pricer.Result r =
        price(
            List.of(new Pricer.Line(2100, 2), new Pricer.Line(5699, 1)),
            List.of(promo("WELCOME10", Promotion.PERCENTAGE, 100000, null)),
            "CA",
            null);
    assertEquals(9899, r.subtotalMinor());
    assertEquals(990, r.discountMinor());
    assertEquals(990, r.lines().get(0).discountMinor() + r.lines().get(1).discountMinor());
    assertEquals(0, r.shippingMinor()); // 89.09 is over the 50.00 threshold
    assertEquals(646, r.taxMinor()); // 7.25 % of 89.09, shipping not taxable in CA
    assertEquals(8909 + 646, r.totalMinor());
  }

  @Test
  void fixedDiscountNeverTakesTheTotalBelowZeroAndNoLineGoesNegative() {
    Pricer.Result r =
        price(
            List.of(new Pricer.Line(1, 1), new Pricer.Line(300, 1)),
            List.of(promo("BIG", Promotion.FIXED, 10_000, null)),
            null,
            "express");
    assertEquals(301, r.discountMinor());
    r.lines().forEach(l -> assertTrue(l.totalMinor() >= 0, l.toString()));
    assertEquals(1495, r.totalMinor()); // only express shipping is left
  }

  @Test
  void includedVatIsShownButNotAdded() {
    Pricer.Result r =
        Pricer.price(
            new Pricer.Input(
                "EUR",
                List.of(new Pricer.Line(1200, 1)),
                List.of(),
                new Pricer.Destination("DE", null, null),
                US_SHIPPING,
                List.of(new TaxRule("DE", "", 190000, true, true)),
                null));
    assertEquals(890, r.shippingMinor()); // the '*' rule in EUR
    assertTrue(r.taxInclusive());
    assertEquals(2090 - Math.round(2090 / 1.19), r.taxMinor());
    assertEquals(2090, r.totalMinor());
  }

  @Test
  void promotionRefusalsNameTheReason() {
    Instant now = Instant.parse("2026-11-24T00:00:00Z");
    Promotion ended =
        new Promotion(
            "SPRING",
            Promotion.PERCENTAGE,
            1,
            null,
            null,
            "",
            null,
            Instant.parse("2026-04-01T00:00:00Z"),
            true);
    assertTrue(Pricer.refusal(ended, "USD", 100, now).orElseThrow().contains("expired"));
    assertTrue(
        Pricer.refusal(promo("SAVE5", Promotion.FIXED, 500, 3000L), "USD", 2999, now)
            .orElseThrow()
            .contains("larger"));
    assertTrue(
        Pricer.refusal(promo("SAVE5", Promotion.FIXED, 500, 3000L), "EUR", 5000, now)
            .orElseThrow()
            .contains("USD"));
    assertFalse(
        Pricer.refusal(promo("SAVE5", Promotion.FIXED, 500, 3000L), "USD", 3000, now).isPresent());
  }

  @Test
  void eachPromotionIsAllocatedOverTheLinesWithExactSums() {
    Pricer.Result r =
        price(
            List.of(new Pricer.Line(2100, 2), new Pricer.Line(5699, 1), new Pricer.Line(333, 3)),
            List.of(
                promo("WELCOME10", Promotion.PERCENTAGE, 100000, null),
                promo("FIVE", Promotion.FIXED, 500, null),
                promo("SHIP", Promotion.FREE_SHIPPING, 0, null)),
            null,
            null);
    long[] shares = r.lines().stream().mapToLong(Pricer.PricedLine::discountMinor).toArray();
    long[] amounts = r.promotions().stream().mapToLong(Pricer.PromotionLine::amountMinor).toArray();
    long[][] a = Pricer.allocate(shares, amounts);
    for (int k = 0; k < amounts.length; k++) {
      long row = 0;
      for (int i = 0; i < shares.length; i++) {
        assertTrue(a[k][i] >= 0);
        row += a[k][i];
      }
      assertEquals(amounts[k], row);
    }
    for (int i = 0; i < shares.length; i++) {
      long column = 0;
      for (long[] promotion : a) {
        column += promotion[i];
      }
      assertEquals(shares[i], column);
    }
    // Free shipping carries no amount, so nothing is allocated to it.
    assertEquals(0, a[2][0] + a[2][1] + a[2][2]);
    // One promotion alone: its allocation is each line's share.
    long[][] one = Pricer.allocate(new long[] {420, 570, 100}, new long[] {1090});
    assertEquals(List.of(420L, 570L, 100L), List.of(one[0][0], one[0][1], one[0][2]));
  }

  @Test
  void emptyBasketShipsNothing() {
    Pricer.Result r = price(List.of(), List.of(), null, null);
    assertEquals(0, r.totalMinor());
  }
}
