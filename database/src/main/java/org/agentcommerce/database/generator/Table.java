package org.agentcommerce.database.generator;

import java.util.List;

/** The tables the generator fills, in an order where every table comes after its parents. */
enum Table {
  MERCHANT_CAPABILITIES("merchant_capabilities", "merchant_id", "kind", "code"),
  PRODUCTS(
      "products",
      "id",
      "merchant_id",
      "platform_product_id",
      "handle",
      "title",
      "description",
      "vendor",
      "product_type",
      "category",
      "catalog_surface",
      "tags",
      "key_actives",
      "ingredients",
      "skin_types",
      "concerns",
      "image_url",
      "status",
      "created_at",
      "updated_at"),
  VARIANTS(
      "variants",
      "id",
      "product_id",
      "platform_variant_id",
      "title",
      "sku",
      "options_json",
      "image_url",
      "position"),
  OFFERS(
      "offers",
      "id",
      "variant_id",
      "merchant_id",
      "market",
      "currency",
      "price_minor",
      "compare_at_minor",
      "inventory_quantity",
      "updated_at"),
  PRODUCT_GROUPS("product_groups", "id", "title", "brand", "canonical_product_id", "created_at"),
  PRODUCT_GROUP_MEMBERS("product_group_members", "group_id", "product_id"),
  CITATIONS(
      "citations", "id", "kind", "title", "publisher", "url", "published_on", "excerpt", "topics"),
  PRODUCT_INTEL("product_intel", "product_id", "reviewed", "best_for", "why", "updated_at"),
  INTEL_CLAIMS("intel_claims", "id", "product_id", "position", "claim", "citation_id"),
  PRODUCT_ALIASES("product_aliases", "alias", "product_id");

  final String sqlName;
  final List<String> columns;

  Table(String sqlName, String... columns) {
    this.sqlName = sqlName;
    this.columns = List.of(columns);
  }
}
