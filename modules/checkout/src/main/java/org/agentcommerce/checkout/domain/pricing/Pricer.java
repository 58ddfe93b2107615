package org.agentcommerce.checkout.domain.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.agentcommerce.checkout.domain.pricing.PricingRules.Promotion;
import org.agentcommerce.checkout.domain.pricing.PricingRules.ShippingRule;
import org.agentcommerce.checkout.domain.pricing.PricingRules.TaxRule;

/**
 * Prices a basket: merchandise subtotal, discounts (spread over the lines), shipping by destination
 * and method, and tax by destination, all in integer minor units of one currency. Pure: the same
 * input always gives the same result. Rounding is half-even, once per amount.
 */
public final class Pricer {

  private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

  private Pricer() {}

  /** One line to price: its catalog unit price and quantity. */
  public record Line(long unitMinor, int quantity) {
    public long totalMinor() {
      return Math.multiplyExact(unitMinor, quantity);
    }
  }

  /** Where it goes: country (ISO), region (a US state, may be null) and postcode (may be null). */
  public record Destination(String country, String region, String postcode) {}

  public record Input(
      String currency,
      List<Line> lines,
      List<Promotion> promotions,
      Destination destination,
      List<ShippingRule> shippingRules,
      List<TaxRule> taxRules,
      String deliveryOption) {}

  /** A line's discount share and the unit price after it (rounded). */
  public record PricedLine(long discountMinor, long unitEffectiveMinor, long totalMinor) {}

  public record PromotionLine(String code, String kind, String description, long amountMinor) {}

  public record DeliveryOption(
      String id, String label, long feeMinor, boolean free, int minDays, int maxDays) {}

  public record Result(
      List<PricedLine> lines,
      List<PromotionLine> promotions,
      List<DeliveryOption> deliveryOptions,
      String deliveryOption,
      long subtotalMinor,
      long discountMinor,
      long shippingMinor,
      long taxMinor,
      boolean taxInclusive,
      int taxRatePpm,
      long totalMinor) {}

  /** Why a promotion does not apply now, or empty when it does. */
  public static Optional<String> refusal(Promotion p, String currency, long subtotal, Instant now) {
    if (!p.active()) {
      return Optional.of("This code is not active.");
    }
    if (p.startsAt() != null && now.isBefore(p.startsAt())) {
      return Optional.of("This code is not valid yet.");
    }
    if (p.endsAt() != null && !now.isBefore(p.endsAt())) {
      return Optional.of("This code has expired.");
    }
    if (p.currency() != null && !p.currency().equals(currency)) {
      return Optional.of("This code applies to orders in " + p.currency() + " only.");
    }
    if (p.minSubtotalMinor() != null && subtotal < p.minSubtotalMinor()) {
      return Optional.of("This code needs a larger order.");
    }
    return Optional.empty();
  }

  /** Shipping rules for the destination: its own country's, else the {@code *} ones. */
  public static List<ShippingRule> shippingFor(
      List<ShippingRule> rules, String country, String cur) {
    List<ShippingRule> own =
        rules.stream()
            .filter(r -> r.country().equals(country) && r.currency().equals(cur))
            .toList();
    List<ShippingRule> chosen =
        own.isEmpty()
            ? rules.stream()
                .filter(r -> r.country().equals("*") && r.currency().equals(cur))
                .toList()
            : own;
    return chosen.stream().sorted(Comparator.comparingLong(ShippingRule::feeMinor)).toList();
  }

  /** The tax rule for the destination: its region's, else its country's, else none. */
  public static Optional<TaxRule> taxFor(List<TaxRule> rules, Destination d) {
    String region = d.region() == null ? "" : d.region().toUpperCase(Locale.ROOT);
    Optional<TaxRule> regional =
        region.isEmpty()
            ? Optional.empty()
            : rules.stream()
                .filter(r -> r.country().equals(d.country()) && r.region().equals(region))
                .findFirst();
    return regional.or(
        () ->
            rules.stream()
                .filter(r -> r.country().equals(d.country()) && r.region().isEmpty())
                .findFirst());
  }

  public static Result price(Input in) {
    long subtotal = 0;
    for (Line l : in.lines()) {
      subtotal = Math.addExact(subtotal, l.totalMinor());
    }
    // Discounts: percentages of the subtotal, then fixed amounts, never below zero.
    List<PromotionLine> promotionLines = new ArrayList<>();
    long discount = 0;
    boolean freeShipping = false;
    for (Promotion p : in.promotions()) {
      long amount =
          switch (p.kind()) {
            case Promotion.PERCENTAGE -> ppmOf(subtotal, p.value());
            case Promotion.FIXED -> p.value();
            default -> 0;
          };
      amount = Math.min(amount, subtotal - discount);
      if (Promotion.FREE_SHIPPING.equals(p.kind())) {
        freeShipping = true;
      }
      discount += amount;
      promotionLines.add(new PromotionLine(p.code(), p.kind(), p.description(), amount));
    }
    List<PricedLine> priced = spread(in.lines(), subtotal, discount);
    long merchandise = subtotal - discount;

    List<ShippingRule> methods =
        shippingFor(in.shippingRules(), in.destination().country(), in.currency());
    List<DeliveryOption> options = new ArrayList<>();
    for (ShippingRule r : methods) {
      boolean free =
          freeShipping || (r.freeOverMinor() != null && merchandise >= r.freeOverMinor());
      options.add(
          new DeliveryOption(
              r.method(), r.label(), free ? 0 : r.feeMinor(), free, r.minDays(), r.maxDays()));
    }
    DeliveryOption chosen =
        options.stream()
            .filter(o -> o.id().equals(in.deliveryOption()))
            .findFirst()
            .orElse(options.isEmpty() ? null : options.get(0));
    long shipping = chosen == null || in.lines().isEmpty() ? 0 : chosen.feeMinor();

    Optional<TaxRule> taxRule = taxFor(in.taxRules(), in.destination());
    long tax = 0;
    boolean inclusive = false;
    int rate = 0;
    if (taxRule.isPresent()) {
      TaxRule t = taxRule.get();
      rate = t.ratePpm();
      inclusive = t.inclusive();
      long base = merchandise + (t.shippingTaxable() ? shipping : 0);
      tax = inclusive ? includedTax(base, t.ratePpm()) : ppmOf(base, t.ratePpm());
    }
    long total = merchandise + shipping + (inclusive ? 0 : tax);
    return new Result(
        priced,
        promotionLines,
        options,
        chosen == null ? null : chosen.id(),
        subtotal,
        discount,
        shipping,
        tax,
        inclusive,
        rate,
        total);
  }

  /**
   * The discount spread over the lines in proportion to their totals (rounded down), and what
   * rounding left given to the lines with the most room, so that no line goes below zero.
   */
  static List<PricedLine> spread(List<Line> lines, long subtotal, long discount) {
    long[] shares = new long[lines.size()];
    long given = 0;
    for (int i = 0; i < lines.size(); i++) {
      shares[i] =
          subtotal == 0
              ? 0
              : BigDecimal.valueOf(discount)
                  .multiply(BigDecimal.valueOf(lines.get(i).totalMinor()))
                  .divide(BigDecimal.valueOf(subtotal), 0, RoundingMode.DOWN)
                  .longValueExact();
      given += shares[i];
    }
    long left = discount - given;
    while (left > 0) {
      int roomiest = 0;
      for (int i = 1; i < lines.size(); i++) {
        if (lines.get(i).totalMinor() - shares[i]
            > lines.get(roomiest).totalMinor() - shares[roomiest]) {
          roomiest = i;
        }
      }
      long take = Math.min(left, lines.get(roomiest).totalMinor() - shares[roomiest]);
      shares[roomiest] += take;
      left -= take;
    }
    List<PricedLine> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Line l = lines.get(i);
      long lineTotal = l.totalMinor() - shares[i];
      long unitEffective =
          BigDecimal.valueOf(lineTotal)
              .divide(BigDecimal.valueOf(l.quantity()), 0, RoundingMode.HALF_EVEN)
              .longValueExact();
      out.add(new PricedLine(shares[i], unitEffective, lineTotal));
    }
    return out;
  }

  /**
   * Which part of each promotion's amount each line carries: {@code [promotion][line]}, never
   * negative, each row summing to the promotion's amount and each column to the line's discount
   * share (as {@link #price} spread it). Each promotion takes its proportion of every line's share
   * (rounded down); what rounding left is handed out in order, promotion by promotion and line by
   * line, so that both sums stay exact.
   *
   * @param lineShares each line's discount ({@link PricedLine#discountMinor()})
   * @param amounts each promotion's amount ({@link PromotionLine#amountMinor()}), summing to the
   *     same total as {@code lineShares}
   */
  public static long[][] allocate(long[] lineShares, long[] amounts) {
    long total = 0;
    for (long a : amounts) {
      total = Math.addExact(total, a);
    }
    long shares = 0;
    for (long s : lineShares) {
      shares = Math.addExact(shares, s);
    }
    if (total != shares) {
      throw new IllegalArgumentException(
          "promotions total " + total + " but the lines carry " + shares);
    }
    long[][] out = new long[amounts.length][lineShares.length];
    long[] rowLeft = amounts.clone();
    long[] columnLeft = lineShares.clone();
    for (int k = 0; k < amounts.length && total > 0; k++) {
      for (int i = 0; i < lineShares.length; i++) {
        long part =
            BigDecimal.valueOf(lineShares[i])
                .multiply(BigDecimal.valueOf(amounts[k]))
                .divide(BigDecimal.valueOf(total), 0, RoundingMode.DOWN)
                .longValueExact();
        out[k][i] = part;
        rowLeft[k] -= part;
        columnLeft[i] -= part;
      }
    }
    int i = 0;
    for (int k = 0; k < amounts.length; k++) {
      while (rowLeft[k] > 0) {
        while (columnLeft[i] == 0) {
          i++;
        }
        long take = Math.min(rowLeft[k], columnLeft[i]);
        out[k][i] += take;
        rowLeft[k] -= take;
        columnLeft[i] -= take;
      }
    }
    return out;
  }

  static long ppmOf(long amount, long ppm) {
    return BigDecimal.valueOf(amount)
        .multiply(BigDecimal.valueOf(ppm))
        .divide(MILLION, 0, RoundingMode.HALF_EVEN)
        .longValueExact();
  }

  /** The tax contained in a tax-inclusive amount: amount − amount / (1 + rate). */
  static long includedTax(long amount, long ppm) {
    BigDecimal net =
        BigDecimal.valueOf(amount)
            .multiply(MILLION)
            .divide(MILLION.add(BigDecimal.valueOf(ppm)), 0, RoundingMode.HALF_EVEN);
    return amount - net.longValueExact();
  }
}
