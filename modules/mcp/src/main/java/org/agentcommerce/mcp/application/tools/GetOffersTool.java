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
import org.agentcommerce.mcp.api.ToolFailure;

/** {@code get_offers}, keyed door, native: a product's seller offers across its product group. */
@ApplicationScoped
public class GetOffersTool implements McpTool {

  static final String NAME = "get_offers";

  /** How many of a group's offers are read when a currency filters them. */
  private static final int GROUP_READ = 1000;

  private static final String DESCRIPTION =
      "Compare who sells a product: every visible merchant's offer of the same product (its"
          + " curated product group), with price, currency and stock, the product you named"
          + " first. Use it to pick the seller before create_checkout_session (one merchant per"
          + " session). Returns {product_id, product_group_id (null when the product is sold by"
          + " one merchant only), offers:[{merchant_id, merchant_name, product_id, title, price:"
          + " {amount, currency}, in_stock, inventory_quantity, variant_count}]}; prices are major"
          + " units. Name the product by product_id, or its group by product_group_id; currency"
          + " keeps only the offers priced in it.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,
       "properties":{
        "product_id":{"type":"string","minLength":1,"maxLength":200,
          "description":"The product; or name its group by product_group_id (one of the two)."},
        "product_group_id":{"type":"string","minLength":1,"maxLength":64,
          "description":"A product group (its product_group_id from get_offers or a product)."},
        "currency":{"type":"string","pattern":"^[A-Z]{3}$",
          "description":"Only offers priced in this ISO 4217 currency."},
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
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    var productId = ToolJson.text(arguments, "product_id");
    var groupId = ToolJson.text(arguments, "product_group_id");
    if (productId.isPresent() == groupId.isPresent()) {
      throw ToolJson.invalidArgument(
          "",
          "exactly one of product_id and product_group_id is required",
          "Name the product by product_id or its group by product_group_id.");
    }
    int limit = ToolJson.integer(arguments, "limit", 20);
    String currency = ToolJson.text(arguments, "currency").orElse(null);
    // A currency narrows the offers before the limit counts them: read the group's offers (up to
    // the offers service's own cap), then keep the first `limit` in that currency.
    int read = currency == null ? limit : GROUP_READ;
    ProductOffers.Offers found =
        productId.isPresent()
            ? offers
                .get()
                .offers(
                    productId.get(),
                    ToolJson.text(arguments, "merchant_id").orElse(null),
                    null,
                    read)
            : offers.get().groupOffers(groupId.get(), null, read);
    JsonArrayBuilder list = ToolJson.array();
    int listed = 0;
    for (ProductView p : found.offers()) {
      if (currency != null && !currency.equals(p.currency())) {
        continue;
      }
      if (listed++ == limit) {
        break;
      }
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
