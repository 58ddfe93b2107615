package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.IntelView;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/** {@code get_product}, native dialect, both doors: one product with its variants. */
@ApplicationScoped
public class GetProductTool implements McpTool {

  private static final String DESCRIPTION =
      "Get one product with its merchant and every variant; use it after search_catalog, before"
          + " a checkout, to pick the variant to buy. Each variant's variant_id is the merchant"
          + " platform's real variant id (pass it as variant_id to checkout); sku_id narrows the"
          + " answer to one variant (by variant id or SKU). Prices are major units of the"
          + " product's home-market currency (24.5 means 24.50). Returns {product_id, merchant_id,"
          + " merchant_name, brand, title, description, category, product_type, price:{amount,"
          + " currency}, availability, image_url, key_actives, skin_types, concerns,"
          + " variants:[{variant_id, title, sku, price, available, inventory_quantity, options}]}."
          + " include:[\"decision\"] adds decision: what get_intel knows ({product_id, reviewed,"
          + " best_for, why, claims:[{claim, evidence}]}) when the product was reviewed, else"
          + " null. An unknown product is a NOT_FOUND error.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,"required":["product_id"],
       "properties":{
        "product_id":{"type":"string","minLength":1,"maxLength":200,
          "description":"The product_id from search_catalog (prod_...); with merchant_id also the merchant platform's product id or handle."},
        "merchant_id":{"type":"string","minLength":1,"maxLength":64,
          "description":"The product's merchant (merch_...); optional."},
        "sku_id":{"type":"string","minLength":1,"maxLength":200,
          "description":"A variant id or SKU: only that variant is returned."},
        "include":{"type":"array","maxItems":4,"items":{"type":"string","enum":["decision"]},
          "description":"Optional parts to add: decision (the reviewed intel, as get_intel answers it; null when nobody reviewed the product)."}}}
      """;

  static final String OUTPUT_SCHEMA =
      """
      {"type":"object","required":["product_id","merchant_id","title","variants"],
       "properties":{
        "product_id":{"type":"string"},
        "merchant_id":{"type":"string"},
        "merchant_name":{"type":["string","null"]},
        "brand":{"type":["string","null"]},
        "title":{"type":"string"},
        "description":{"type":["string","null"]},
        "category":{"type":["string","null"]},
        "product_type":{"type":["string","null"]},
        "price":{"type":["object","null"],"required":["amount","currency"],
          "properties":{"amount":{"type":"number"},"currency":{"type":"string"}}},
        "availability":{"type":"string","enum":["in_stock","out_of_stock","unknown"]},
        "image_url":{"type":["string","null"]},
        "key_actives":{"type":"array","items":{"type":"string"}},
        "skin_types":{"type":"array","items":{"type":"string"}},
        "concerns":{"type":"array","items":{"type":"string"}},
        "variants":{"type":"array","items":{"type":"object","required":["variant_id","price","available"],
          "properties":{
            "variant_id":{"type":"string"},
            "title":{"type":["string","null"]},
            "sku":{"type":["string","null"]},
            "price":{"type":["object","null"],"required":["amount","currency"],
              "properties":{"amount":{"type":"number"},"currency":{"type":"string"}}},
            "available":{"type":"boolean"},
            "inventory_quantity":{"type":"integer"},
            "options":{"type":"object"}}}},
        "decision":{"type":["object","null"],"required":["product_id","reviewed","claims"],
          "properties":{
            "product_id":{"type":"string"},
            "reviewed":{"type":"boolean"},
            "best_for":{"type":["string","null"]},
            "why":{"type":["string","null"]},
            "claims":{"type":"array","items":{"type":"object"}}}}}}
      """;

  @Inject CatalogReads catalog;

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("get_product")
        .title("Get a product and its variants")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(INPUT_SCHEMA))
        .outputSchema(ToolJson.parse(OUTPUT_SCHEMA))
        .annotations(ToolAnnotations.READ_ONLY)
        .doors(Door.OPEN, Door.KEYED)
        .dialects(Dialect.NATIVE)
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    String productId = ToolJson.text(arguments, "product_id").orElse("");
    ProductView p =
        catalog.product(ToolJson.text(arguments, "merchant_id").orElse(null), productId, null);
    Optional<String> sku = ToolJson.text(arguments, "sku_id");
    List<ProductView.Variant> variants = p.variants();
    if (sku.isPresent()) {
      variants = variants.stream().filter(v -> matches(v, sku.get())).limit(1).toList();
      if (variants.isEmpty()) {
        throw new ToolFailure(
            "NOT_FOUND",
            "Product " + p.productId() + " has no variant " + sku.get() + ".",
            false,
            ToolJson.object().add("product_id", p.productId()).add("sku_id", sku.get()).build());
      }
    }
    JsonObject detail = NativeProducts.detail(p, variants);
    if (!includes(arguments, "decision")) {
      return detail;
    }
    IntelView intel = catalog.intel(p.productId(), p.merchantId());
    return ToolJson.object(detail)
        .add("decision", intel.reviewed() ? GetIntelTool.json(intel) : JsonValue.NULL)
        .build();
  }

  private static boolean includes(JsonObject arguments, String part) {
    return arguments.get("include") instanceof JsonArray a
        && a.stream().anyMatch(v -> v instanceof JsonString s && s.getString().equals(part));
  }

  static boolean matches(ProductView.Variant v, String wanted) {
    return wanted.equals(v.variantId()) || wanted.equals(v.id()) || wanted.equals(v.sku());
  }
}
