package org.agentcommerce.checkout.domain.pricing;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A merchant's shipping, tax and promotion rules, as stored. Amounts in minor units. */
public interface PricingRules {

  List<ShippingRule> shipping(String merchantId);

  List<TaxRule> tax(String merchantId);

  Optional<Promotion> promotion(String merchantId, String code);

  /** Shipping by destination: {@code country} is an ISO code or {@code *} for the rest. */
  record ShippingRule(
      String country,
      String method,
      String label,
      String currency,
      long feeMinor,
      Long freeOverMinor,
      int minDays,
      int maxDays) {}

  /** Tax by destination; {@code region} empty for the whole country. Rate in parts per million. */
  record TaxRule(
      String country, String region, int ratePpm, boolean inclusive, boolean shippingTaxable) {}

  /** A discount code. kind: percentage (value in ppm), fixed (minor units), free_shipping. */
  record Promotion(
      String code,
      String kind,
      long value,
      String currency,
      Long minSubtotalMinor,
      String description,
      Instant startsAt,
      Instant endsAt,
      boolean active) {

    public static final String PERCENTAGE = "percentage";
    public static final String FIXED = "fixed";
    public static final String FREE_SHIPPING = "free_shipping";
  }
}
