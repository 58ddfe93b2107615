package org.agentcommerce.database.generator;

/**
 * Shelf prices in a currency's own minor units (USD, EUR, CAD cents; JPY has no minor unit, so
 * ¥3,300 is 3300), with the price endings shoppers see in each market.
 */
final class Prices {

  private Prices() {}

  /** A shelf price for an amount given in US cents. */
  static long price(double usdCents, String currency, Rng rng) {
    return switch (currency) {
      case "USD" -> within(dollarLike(clamp(usdCents, 800, 18_000), rng, 0.45, 0.20), 800, 18_000);
      case "CAD" ->
          within(dollarLike(clamp(usdCents * 1.37, 1_100, 24_900), rng, 0.30, 0.10), 1_100, 24_900);
      case "EUR" -> within(euro(clamp(usdCents * 0.92, 700, 16_000), rng), 700, 16_000);
      case "JPY" -> yen(clamp(usdCents * 1.5, 880, 22_000), rng);
      default -> throw new IllegalArgumentException("No price rules for " + currency);
    };
  }

  /** Whole units, .50 or .99 endings. */
  private static long dollarLike(double cents, Rng rng, double whole, double half) {
    long units = Math.max(1, Math.round(cents / 100));
    double r = rng.nextDouble();
    if (r < whole) {
      return units * 100;
    }
    if (r < whole + half) {
      return units * 100 + 50;
    }
    return units * 100 - 1;
  }

  private static long euro(double cents, Rng rng) {
    long units = Math.max(1, Math.round(cents / 100));
    int ending = rng.weighted(0.35, 0.15, 0.25, 0.15, 0.10);
    return switch (ending) {
      case 0 -> units * 100;
      case 1 -> units * 100 + 50;
      case 2 -> units * 100 - 10;
      case 3 -> units * 100 - 5;
      default -> units * 100 - 1;
    };
  }

  /** Tax-inclusive yen: ¥1,650, ¥3,300 (multiples of 110) or ¥1,980, ¥2,980 style. */
  private static long yen(double yen, Rng rng) {
    long price;
    if (rng.chance(0.7)) {
      price = Math.round(yen / 110) * 110;
    } else {
      price = Math.round(yen / 1000) * 1000 - 20;
    }
    return Math.max(880, Math.min(22_000, price));
  }

  private static long within(long value, long low, long high) {
    return Math.max(low, Math.min(high, value));
  }

  private static double clamp(double value, double low, double high) {
    return Math.max(low, Math.min(high, value));
  }
}
