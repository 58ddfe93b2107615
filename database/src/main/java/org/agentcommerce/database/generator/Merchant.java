package org.agentcommerce.database.generator;

import java.time.LocalDateTime;
import java.util.List;

/** A demo merchant (from {@code V1000__demo_merchants.sql}) as the generator sees it. */
record Merchant(
    String id,
    String name,
    String platform,
    String region,
    String storeUrl,
    boolean active,
    LocalDateTime createdAt,
    /** Two letters that set this merchant's listing of a shared product apart in SKUs. */
    String code,
    /** The first 13-digit product id (Shopify) or first numeric id (other platforms). */
    long firstProductId,
    /** The first 14-digit variant id (Shopify) or first numeric variant id. */
    long firstVariantId) {

  static final Merchant LUMEN =
      new Merchant(
          "merch_7c1e4a9d2b5f3e80",
          "Lumen Skin Studio",
          "shopify",
          "US",
          "https://lumen-skin.example",
          true,
          LocalDateTime.of(2026, 1, 5, 9, 0),
          "LS",
          8_014_263_570_431L,
          44_120_887_310_017L);
  static final Merchant MAISON_VERTE =
      new Merchant(
          "merch_2f8b6d0a4c9e1735",
          "Maison Verte Beauté",
          "woocommerce",
          "EU",
          "https://maison-verte.example",
          true,
          LocalDateTime.of(2026, 1, 12, 10, 30),
          "MV",
          1_204L,
          1_205L);
  static final Merchant SAKURA =
      new Merchant(
          "merch_9a3d5e7b1c2f4068",
          "Sakura Cosme Tokyo",
          "shopify",
          "JP",
          "https://sakura-cosme.example",
          true,
          LocalDateTime.of(2026, 2, 2, 1, 15),
          "SK",
          8_342_915_004_219L,
          45_301_226_118_443L);
  static final Merchant HARBOR =
      new Merchant(
          "merch_4b0e8c2d6a1f9357",
          "Harbor Hair Co.",
          "bigcommerce",
          "US",
          "https://harbor-hair.example",
          true,
          LocalDateTime.of(2026, 2, 20, 16, 45),
          "HH",
          112L,
          1_046L);
  static final Merchant NORDLYS =
      new Merchant(
          "merch_6d2a0f4e8b3c7159",
          "Nordlys Naturals",
          "local",
          "EU",
          "https://nordlys-naturals.example",
          true,
          LocalDateTime.of(2026, 3, 3, 8, 0),
          "NN",
          1_001L,
          1L);
  static final Merchant SUNLINE =
      new Merchant(
          "merch_1e5c9b3a7d0f2486",
          "Sunline Body & Sun",
          "shopify",
          "US",
          "https://sunline.example",
          true,
          LocalDateTime.of(2026, 3, 18, 12, 0),
          "SB",
          8_905_117_663_902L,
          46_870_530_204_112L);
  static final Merchant ATELIER =
      new Merchant(
          "merch_8f4a2c6e0b9d1573",
          "Atelier Parfum Paris",
          "shopify",
          "EU",
          "https://atelier-parfum.example",
          false,
          LocalDateTime.of(2026, 4, 1, 9, 30),
          "AP",
          7_731_448_120_967L,
          42_908_117_335_201L);

  /** Every demo merchant, in the order of V1000. */
  static final List<Merchant> ALL =
      List.of(LUMEN, MAISON_VERTE, SAKURA, HARBOR, NORDLYS, SUNLINE, ATELIER);

  /** The six active merchants, which carry the catalog. */
  static final List<Merchant> ACTIVE =
      List.of(LUMEN, MAISON_VERTE, SAKURA, HARBOR, NORDLYS, SUNLINE);

  String currency() {
    return switch (region) {
      case "US" -> "USD";
      case "JP" -> "JPY";
      default -> "EUR";
    };
  }

  /** The home market of this merchant's offers. */
  String market() {
    return switch (region) {
      case "US" -> "US";
      case "JP" -> "JP";
      default -> this == NORDLYS ? "DE" : "FR";
    };
  }

  /** The store's domain, for image URLs on its CDN. */
  String domain() {
    return storeUrl.substring("https://".length());
  }

  boolean shopify() {
    return platform.equals("shopify");
  }
}
