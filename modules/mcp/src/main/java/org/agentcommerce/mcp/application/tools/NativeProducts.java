package org.agentcommerce.mcp.application.tools;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.ProductView;

/** Products as the native dialect shows them: prices in major units, exact JSON numbers. */
final class NativeProducts {

  private NativeProducts() {}

  /** {@code in_stock}, {@code out_of_stock}, or {@code unknown} when it has no price there. */
  static String availability(ProductView p) {
    if (p.price() == null) {
      return "unknown";
    }
    return p.inStock() ? "in_stock" : "out_of_stock";
  }

  /** A search hit. */
  static JsonObject summary(ProductView p) {
    return ToolJson.object()
        .add("product_id", p.productId())
        .add("merchant_id", p.merchantId())
        .add("brand", ToolJson.stringOrNull(p.vendor()))
        .add("title", p.title())
        .add("category", ToolJson.stringOrNull(p.category()))
        .add("price", ToolJson.majorPrice(p.price(), p.currency()))
        .add("availability", availability(p))
        .add("image_url", ToolJson.stringOrNull(p.imageUrl()))
        .add("key_actives", ToolJson.strings(p.keyActives()))
        .build();
  }

  /** The full product with the variants given (all of them, or the one selected). */
  static JsonObject detail(ProductView p, List<ProductView.Variant> variants) {
    JsonArrayBuilder list = ToolJson.array();
    for (ProductView.Variant v : variants) {
      list.add(variant(v));
    }
    return ToolJson.object()
        .add("product_id", p.productId())
        .add("merchant_id", p.merchantId())
        .add("merchant_name", ToolJson.stringOrNull(p.merchantName()))
        .add("brand", ToolJson.stringOrNull(p.vendor()))
        .add("title", p.title())
        .add("description", ToolJson.stringOrNull(p.description()))
        .add("category", ToolJson.stringOrNull(p.category()))
        .add("product_type", ToolJson.stringOrNull(p.productType()))
        .add("price", ToolJson.majorPrice(p.price(), p.currency()))
        .add("availability", availability(p))
        .add("image_url", ToolJson.stringOrNull(p.imageUrl()))
        .add("key_actives", ToolJson.strings(p.keyActives()))
        .add("skin_types", ToolJson.strings(p.skinTypes()))
        .add("concerns", ToolJson.strings(p.concerns()))
        .add("variants", list)
        .build();
  }

  private static JsonObject variant(ProductView.Variant v) {
    JsonObjectBuilder options = ToolJson.object();
    if (v.options() != null) {
      for (Map.Entry<String, String> o : v.options().entrySet()) {
        options.add(o.getKey(), ToolJson.stringOrNull(o.getValue()));
      }
    }
    return ToolJson.object()
        .add("variant_id", v.variantId())
        .add("title", ToolJson.stringOrNull(v.title()))
        .add("sku", ToolJson.stringOrNull(v.sku()))
        .add("price", ToolJson.majorPrice(v.price(), v.currency()))
        .add("available", v.price() != null && v.inStock())
        .add("inventory_quantity", v.inventoryQuantity())
        .add("options", options)
        .build();
  }

  /** The product's price and short identity, for the anchor of alternatives. */
  static JsonObject anchor(ProductView p) {
    return ToolJson.object()
        .add("product_id", p.productId())
        .add("merchant_id", p.merchantId())
        .add("title", p.title())
        .add("brand", ToolJson.stringOrNull(p.vendor()))
        .add("price", ToolJson.majorPrice(p.price(), p.currency()))
        .build();
  }
}
