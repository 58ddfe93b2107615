package org.agentcommerce.mcp.application.tools;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.application.UcpProfileService;

/**
 * Products as the UCP 2026-04-08 catalog schemas shape them ({@code types/product.json}, {@code
 * types/variant.json}): every amount an integer in ISO 4217 minor units. Our own fields (merchant,
 * brand, actives) travel in {@code metadata}. Variants without a price in the market shown are left
 * out (UCP requires a price on every variant), and so are products without any.
 */
final class UcpProducts {

  static final String CATALOG_SEARCH = "dev.ucp.shopping.catalog.search";
  static final String CATALOG_LOOKUP = "dev.ucp.shopping.catalog.lookup";

  private UcpProducts() {}

  /** The {@code ucp} member of a catalog response: the version and the capability answering. */
  static JsonObject ucp(String capability) {
    return ToolJson.object()
        .add("version", UcpProfileService.UCP_VERSION)
        .add(
            "capabilities",
            ToolJson.object()
                .add(
                    capability,
                    ToolJson.array()
                        .add(ToolJson.object().add("version", UcpProfileService.UCP_VERSION))))
        .build();
  }

  /** The variants UCP can show: those with a price in the market shown. */
  static List<ProductView.Variant> priced(ProductView p) {
    return p.variants().stream().filter(v -> v.price() != null && v.currency() != null).toList();
  }

  /** A UCP product, or empty when no variant has a price in the market shown. */
  static Optional<JsonObjectBuilder> product(ProductView p, List<ProductView.Variant> variants) {
    if (variants.isEmpty()) {
      return Optional.empty();
    }
    String currency = variants.get(0).currency();
    JsonObjectBuilder b =
        ToolJson.object()
            .add("id", p.productId())
            .add("title", p.title())
            .add("description", description(p.description()));
    if (p.handle() != null) {
      b.add("handle", p.handle());
    }
    JsonArrayBuilder categories = ToolJson.array();
    if (p.category() != null) {
      categories.add(ToolJson.object().add("value", p.category()).add("taxonomy", "merchant"));
    }
    if (p.productType() != null) {
      categories.add(ToolJson.object().add("value", p.productType()).add("taxonomy", "merchant"));
    }
    b.add("categories", categories);
    b.add("price_range", range(variants, ProductView.Variant::price, currency));
    List<ProductView.Variant> listed =
        variants.stream()
            .filter(v -> v.compareAtPrice() != null && currency.equals(v.currency()))
            .toList();
    if (!listed.isEmpty()) {
      b.add("list_price_range", range(listed, ProductView.Variant::compareAtPrice, currency));
    }
    JsonArrayBuilder media = ToolJson.array();
    Set<String> images = new LinkedHashSet<>();
    if (p.imageUrl() != null) {
      images.add(p.imageUrl());
    }
    if (p.images() != null) {
      images.addAll(p.images());
    }
    images.forEach(url -> media.add(ToolJson.object().add("type", "image").add("url", url)));
    b.add("media", media);
    JsonArray options = options(variants);
    if (!options.isEmpty()) {
      b.add("options", options);
    }
    JsonArrayBuilder list = ToolJson.array();
    for (ProductView.Variant v : variants) {
      list.add(variant(p, v));
    }
    b.add("variants", list);
    b.add("tags", ToolJson.strings(p.tags()));
    b.add("metadata", metadata(p));
    return Optional.of(b);
  }

  /** A UCP variant: the platform's real variant id, the price in minor units. */
  static JsonObjectBuilder variant(ProductView p, ProductView.Variant v) {
    String title = v.title() != null && !v.title().isBlank() ? v.title() : p.title();
    JsonObjectBuilder b =
        ToolJson.object()
            .add("id", v.variantId())
            .add("title", title)
            .add("description", description(title))
            .add("price", ToolJson.minorPrice(v.price(), v.currency()));
    if (v.sku() != null) {
      b.add("sku", v.sku());
    }
    if (v.compareAtPrice() != null) {
      b.add("list_price", ToolJson.minorPrice(v.compareAtPrice(), v.currency()));
    }
    b.add(
        "availability",
        ToolJson.object()
            .add("available", v.inStock())
            .add("status", v.inStock() ? "in_stock" : "out_of_stock"));
    JsonArrayBuilder selected = ToolJson.array();
    optionsOf(v).forEach((name, label) -> selected.add(selectedOption(name, label)));
    b.add("options", selected);
    if (v.imageUrl() != null) {
      b.add(
          "media",
          ToolJson.array().add(ToolJson.object().add("type", "image").add("url", v.imageUrl())));
    }
    if (p.merchantName() != null) {
      b.add("seller", ToolJson.object().add("name", p.merchantName()));
    }
    return b;
  }

  static JsonObject selectedOption(String name, String label) {
    return ToolJson.object().add("name", name).add("label", label).build();
  }

  /** A variant's options, name to value, without empty values. */
  static Map<String, String> optionsOf(ProductView.Variant v) {
    Map<String, String> out = new LinkedHashMap<>();
    if (v.options() != null) {
      v.options()
          .forEach(
              (k, val) -> {
                if (k != null && val != null) {
                  out.put(k, val);
                }
              });
    }
    return out;
  }

  /** The product's options: each name with its values, in the order the variants show them. */
  static JsonArray options(List<ProductView.Variant> variants) {
    Map<String, Set<String>> values = optionValues(variants);
    JsonArrayBuilder out = ToolJson.array();
    values.forEach(
        (name, labels) -> {
          JsonArrayBuilder list = ToolJson.array();
          labels.forEach(l -> list.add(ToolJson.object().add("label", l)));
          out.add(ToolJson.object().add("name", name).add("values", list));
        });
    return out.build();
  }

  static Map<String, Set<String>> optionValues(List<ProductView.Variant> variants) {
    Map<String, Set<String>> values = new LinkedHashMap<>();
    for (ProductView.Variant v : variants) {
      optionsOf(v)
          .forEach(
              (name, label) -> values.computeIfAbsent(name, k -> new LinkedHashSet<>()).add(label));
    }
    return values;
  }

  private static JsonObject range(
      List<ProductView.Variant> variants,
      java.util.function.Function<ProductView.Variant, BigDecimal> price,
      String currency) {
    List<BigDecimal> amounts =
        variants.stream()
            .filter(v -> currency.equals(v.currency()))
            .map(price)
            .filter(Objects::nonNull)
            .sorted(Comparator.naturalOrder())
            .toList();
    return ToolJson.object()
        .add("min", ToolJson.minorPrice(amounts.get(0), currency))
        .add("max", ToolJson.minorPrice(amounts.get(amounts.size() - 1), currency))
        .build();
  }

  private static JsonObject description(String text) {
    return ToolJson.object().add("plain", text == null ? "" : text).build();
  }

  private static JsonObject metadata(ProductView p) {
    JsonObjectBuilder m =
        ToolJson.object()
            .add("merchant_id", p.merchantId())
            .add("merchant_name", ToolJson.stringOrNull(p.merchantName()))
            .add("brand", ToolJson.stringOrNull(p.vendor()))
            .add("market", ToolJson.stringOrNull(p.market()))
            .add("key_actives", ToolJson.strings(p.keyActives()))
            .add("skin_types", ToolJson.strings(p.skinTypes()))
            .add("concerns", ToolJson.strings(p.concerns()));
    return m.build();
  }
}
