package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import org.agentcommerce.catalog.api.ProductOffers;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/** {@code get_offers}, keyed door, native: a product's seller offers across its product group. */
@ApplicationScoped
public class GetOffersTool implements McpTool {

  static final String NAME = "get_offers";

  private static final String DESCRIPTION =
      "Compare who sells a product: every visible merchant's offer of the same product (its"
          + " curated product group), with price, currency and stock, the product you named"
          + " first. Use it to pick the seller before create_checkout_session (one merchant per"
          + " session). Returns {product_id, product_group_id (null when the product is sold by"
          + " one merchant only), offers:[{merchant_id, merchant_name, product_id, title, price:"
          + " {amount, currency}, in_stock, inventory_quantity, variant_count}]}; prices are major"
          + " units.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,"required":["product_id"],
       "properties":{
        "product_id":{"type":"string","minLength":1,"maxLength":200},
        "merchant_id":{"type":"string","minLength":1,"maxLength":64,
          "description":"The merchant of product_id, when it is the platform's id or handle."},
        "limit":{"type":"integer","minimum":1,"maximum":50,"default":20}}}
      """;

  @Inject Instance<ProductOffers> offers;

  @Override
  public boolean available() {
    return offers.isResolvable();
  }

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Compare a product's sellers")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(INPUT_SCHEMA))
        .annotations(ToolAnnotations.READ_ONLY)
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    ProductOffers.Offers found =
        offers
            .get()
            .offers(
                arguments.getString("product_id"),
                ToolJson.text(arguments, "merchant_id").orElse(null),
                null,
                ToolJson.integer(arguments, "limit", 20));
    JsonArrayBuilder list = ToolJson.array();
    for (ProductView p : found.offers()) {
      list.add(
          ToolJson.object()
              .add("merchant_id", p.merchantId())
              .add("merchant_name", ToolJson.stringOrNull(p.merchantName()))
              .add("product_id", p.productId())
              .add("title", p.title())
              .add("price", ToolJson.majorPrice(p.price(), p.currency()))
              .add("in_stock", p.inStock())
              .add("inventory_quantity", p.inventoryQuantity())
              .add("variant_count", p.variants() == null ? 0 : p.variants().size()));
    }
    return ToolJson.object()
        .add("product_id", found.product().productId())
        .add("product_group_id", ToolJson.stringOrNull(found.productGroupId()))
        .add("offers", list)
        .build();
  }
}
