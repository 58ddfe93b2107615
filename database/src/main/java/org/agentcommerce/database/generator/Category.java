package org.agentcommerce.database.generator;

/** The catalog categories; everything but {@link #OTHER} is on the beauty surface. */
enum Category {
  SKINCARE,
  MAKEUP,
  HAIR,
  FRAGRANCE,
  BODY,
  SUN,
  OTHER;

  String code() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  String surface() {
    return this == OTHER ? "general" : "beauty";
  }
}
