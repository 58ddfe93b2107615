package org.agentcommerce.catalog.infrastructure.persistence;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The catalog category of a product (skincare, makeup, hair, fragrance, body, sun or {@code other})
 * from the words of its platform type and tags, and the catalog surface of a category.
 */
final class ProductCategories {

  static final String OTHER = "other";

  /**
   * Category keywords, by priority: the first category with a word in the product type wins, else
   * the first with a word in the tags, else {@code other}. Words are matched whole, in lower case;
   * hyphenated words are also tried joined ("make-up" is "makeup").
   */
  private static final List<Map.Entry<String, Set<String>>> CATEGORY_WORDS =
      List.of(
          Map.entry(
              "fragrance",
              Set.of(
                  "fragrance",
                  "fragrances",
                  "perfume",
                  "perfumes",
                  "parfum",
                  "toilette",
                  "cologne",
                  "colognes",
                  "scent",
                  "scents")),
          Map.entry(
              "makeup",
              Set.of(
                  "makeup",
                  "cosmetics",
                  "lipstick",
                  "lipsticks",
                  "lipgloss",
                  "gloss",
                  "mascara",
                  "foundation",
                  "concealer",
                  "blush",
                  "bronzer",
                  "highlighter",
                  "eyeliner",
                  "eyeshadow",
                  "eyeshadows",
                  "liner",
                  "primer",
                  "nail",
                  "nails",
                  "polish")),
          Map.entry(
              "hair",
              Set.of(
                  "hair",
                  "haircare",
                  "shampoo",
                  "shampoos",
                  "conditioner",
                  "conditioners",
                  "scalp",
                  "hairspray",
                  "styling")),
          Map.entry(
              "sun",
              Set.of(
                  "sun",
                  "suncare",
                  "sunscreen",
                  "sunscreens",
                  "sunblock",
                  "spf",
                  "uv",
                  "aftersun",
                  "selftan",
                  "selftanner",
                  "tanning")),
          Map.entry(
              "body",
              Set.of(
                  "body",
                  "bodycare",
                  "hand",
                  "hands",
                  "foot",
                  "feet",
                  "shower",
                  "bath",
                  "soap",
                  "deodorant",
                  "deodorants")),
          Map.entry(
              "skincare",
              Set.of(
                  "skincare",
                  "skin",
                  "face",
                  "facial",
                  "serum",
                  "serums",
                  "moisturizer",
                  "moisturizers",
                  "moisturiser",
                  "moisturisers",
                  "moisturizing",
                  "cream",
                  "creams",
                  "cleanser",
                  "cleansers",
                  "toner",
                  "toners",
                  "essence",
                  "mask",
                  "masks",
                  "retinol",
                  "exfoliant",
                  "exfoliator",
                  "peel",
                  "eye",
                  "ampoule",
                  "lotion",
                  "balm")));

  private ProductCategories() {}

  /**
   * The catalog category of a product from its platform type, else its tags: skincare, makeup,
   * hair, fragrance, body, sun, or {@code other}.
   */
  static String category(String productType, List<String> tags) {
    String fromType = categoryOf(productType);
    if (fromType != null) {
      return fromType;
    }
    String fromTags = tags == null || tags.isEmpty() ? null : categoryOf(String.join(" ", tags));
    return fromTags != null ? fromTags : OTHER;
  }

  /** {@code general} for {@code other}, else {@code beauty}. */
  static String surface(String category) {
    return OTHER.equals(category) ? "general" : "beauty";
  }

  private static String categoryOf(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    // Words as written, and hyphenated words joined: "make-up" gives make, up and makeup.
    String lower = text.toLowerCase(Locale.ROOT);
    Set<String> words = new HashSet<>();
    for (String source : List.of(lower, lower.replace("-", ""))) {
      for (String w : source.split("[^\\p{L}\\p{N}]+")) {
        if (!w.isEmpty()) {
          words.add(w);
        }
      }
    }
    for (Map.Entry<String, Set<String>> category : CATEGORY_WORDS) {
      for (String w : words) {
        if (category.getValue().contains(w)) {
          return category.getKey();
        }
      }
    }
    return null;
  }
}
