package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.math.BigDecimal;
import org.agentcommerce.catalog.api.AlternativesView;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/** {@code get_alternatives}, native dialect, both doors: similar products to an anchor. */
@ApplicationScoped
public class GetAlternativesTool implements McpTool {

  static final int DEFAULT_LIMIT = 5;

  private static final String DESCRIPTION =
      "Find alternatives to a product: same category, graded by how much they share with it"
          + " (product type, key actives, concerns). Use it when the buyer wants something"
          + " cheaper, similar or pricier, or the product is out of stock. relation filters by"
          + " price against the anchor (cheaper, similar within 10%, pricier; default any). Only"
          + " products priced in the anchor's currency are compared. May return fewer than limit."
          + " Returns {anchor:{product_id, merchant_id, title, brand, price}, alternatives:"
          + "[{product_id, merchant_id, title, brand, price:{amount, currency},"
          + " price_relationship, price_ratio (alternative price / anchor price), grade (A best,"
          + " then B, C), reasons[]}], returned}. Prices are major units (24.5 means 24.50).";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,
       "properties":{
        "product_id":{"type":"string","minLength":1,"maxLength":200,
          "description":"The anchor product's product_id (prod_...); or product_ref (one of the two)."},
        "product_ref":{"type":["string","object"],"minLength":1,"maxLength":200,
          "description":"The origin service's name of the anchor: its product_id, or {product_id, merchant_id}.",
          "additionalProperties":false,"required":["product_id"],
          "properties":{"product_id":{"type":"string","minLength":1,"maxLength":200},
            "merchant_id":{"type":"string","minLength":1,"maxLength":64}}},
        "merchant_id":{"type":"string","minLength":1,"maxLength":64,
          "description":"The anchor's merchant (merch_...); optional."},
        "relation":{"type":"string","enum":["any","cheaper","similar","pricier"],"default":"any",
          "description":"Price relationship to the anchor the alternatives must have."},
        "limit":{"type":"integer","minimum":1,"maximum":20,"default":5}}}
      """;

  static final String OUTPUT_SCHEMA =
      """
      {"type":"object","required":["anchor","alternatives","returned"],
       "properties":{
        "anchor":{"type":"object","required":["product_id","title","price"],
          "properties":{
            "product_id":{"type":"string"},
            "merchant_id":{"type":"string"},
            "title":{"type":"string"},
            "brand":{"type":["string","null"]},
            "price":{"type":["object","null"],"required":["amount","currency"],
              "properties":{"amount":{"type":"number"},"currency":{"type":"string"}}}}},
        "alternatives":{"type":"array","items":{"type":"object",
          "required":["product_id","merchant_id","title","price","price_relationship","grade"],
          "properties":{
            "product_id":{"type":"string"},
            "merchant_id":{"type":"string"},
            "title":{"type":"string"},
            "brand":{"type":["string","null"]},
            "price":{"type":["object","null"],"required":["amount","currency"],
              "properties":{"amount":{"type":"number"},"currency":{"type":"string"}}},
            "price_relationship":{"type":"string","enum":["cheaper","similar","pricier"]},
            "price_ratio":{"type":["number","null"]},
            "grade":{"type":"string"},
            "reasons":{"type":"array","items":{"type":"string"}}}}},
        "returned":{"type":"integer"}}}
      """;

  @Inject CatalogReads catalog;

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("get_alternatives")
        .title("Find alternatives to a product")
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
    var ref = ToolJson.objectMember(arguments, "product_ref");
    var refId =
        ref.isPresent()
            ? ToolJson.text(ref.get(), "product_id")
            : ToolJson.text(arguments, "product_ref");
    var productId = ToolJson.text(arguments, "product_id");
    if (productId.isPresent() == refId.isPresent()) {
      throw ToolJson.invalidArgument(
          "",
          "exactly one of product_id and product_ref is required",
          "Name the anchor product by product_id or by product_ref.");
    }
    String merchantId =
        ToolJson.text(arguments, "merchant_id")
            .or(() -> ref.flatMap(r -> ToolJson.text(r, "merchant_id")))
            .orElse(null);
    AlternativesView view =
        catalog.alternatives(
            productId.or(() -> refId).orElseThrow(),
            merchantId,
            ToolJson.string(arguments, "relation").orElse("any"),
            ToolJson.integer(arguments, "limit", DEFAULT_LIMIT));
    ProductView anchor = view.anchor();
    JsonArrayBuilder list = ToolJson.array();
    for (AlternativesView.Alternative a : view.alternatives()) {
      ProductView p = a.product();
      BigDecimal amount = a.price() != null ? a.price() : p.price();
      // The catalog compares only prices in the anchor's currency, so that is the fallback.
      String currency =
          a.currency() != null
              ? a.currency()
              : p.currency() != null ? p.currency() : anchor.currency();
      list.add(
          ToolJson.object()
              .add("product_id", p.productId())
              .add("merchant_id", p.merchantId())
              .add("title", p.title())
              .add("brand", ToolJson.stringOrNull(p.vendor()))
              .add("price", ToolJson.majorPrice(amount, currency))
              .add("price_relationship", a.priceRelationship())
              .add("price_ratio", ToolJson.numberOrNull(a.priceRatio()))
              .add("grade", a.grade())
              .add("reasons", ToolJson.strings(a.reasons())));
    }
    return ToolJson.object()
        .add("anchor", NativeProducts.anchor(anchor))
        .add("alternatives", list)
        .add("returned", view.alternatives().size())
        .build();
  }
}
