package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * {@code get_product} in the UCP dialect (keyed door): UCP's {@code catalog.lookup} single-product
 * detail ({@code get_product_request} / {@code get_product_response}), amounts in ISO minor units.
 * This dialect has no variant selection: every variant is returned, the featured one first.
 */
@ApplicationScoped
public class UcpGetProductTool implements McpTool {

  private static final String DESCRIPTION =
      "UCP product detail (dev.ucp.shopping.catalog.lookup): one product with all its variants."
          + " Arguments follow UCP's MCP binding, {meta, catalog:{id, context:{currency,"
          + " address_country}}}; a top-level product_id (and merchant_id) is accepted as well."
          + " id is a product id from search_catalog (prod_...). There is no variant selection in"
          + " this dialect (selected and preferences are ignored): every variant comes back, each"
          + " with its merchant platform's real variant id. Every amount is an integer in ISO"
          + " 4217 minor units with the currency's own exponent (USD 2400 is $24.00, JPY 3000 is"
          + " ¥3000). Returns {ucp, product:{id, title, description, price_range, options,"
          + " selected, variants:[{id, sku, title, price:{amount, currency}, availability,"
          + " options}], metadata:{merchant_id, brand}}}. An unknown product is a NOT_FOUND error.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,
       "properties":{
        "meta":%s,
        "catalog":{"type":"object","required":["id"],"description":"UCP get_product request.",
          "properties":{
            "id":{"type":"string","minLength":1,"maxLength":200,"description":"Product id (prod_...)."},
            "filters":{"type":"object"},
            "context":%s,
            "signals":{"type":"object"},
            "attribution":{"type":"object"}}},
        "product_id":{"type":"string","minLength":1,"maxLength":200,"description":"Shorthand for catalog.id."},
        "merchant_id":{"type":"string","minLength":1,"maxLength":64,"description":"The product's merchant (merch_...); optional."}}}
      """
          .formatted(UcpRequests.META_SCHEMA, UcpRequests.CONTEXT_SCHEMA);

  @Inject CatalogReads catalog;
  @Inject Markets markets;

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("ucp_get_product")
        .title("Get a product (UCP)")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(INPUT_SCHEMA))
        .annotations(ToolAnnotations.READ_ONLY)
        .doors(Door.KEYED)
        .dialects(Dialect.UCP)
        .dialectName(Dialect.UCP, "get_product")
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    JsonObject request = UcpRequests.catalog(arguments);
    String id =
        ToolJson.text(request, "id")
            .or(() -> ToolJson.text(arguments, "product_id"))
            .orElseThrow(
                () ->
                    ToolJson.invalidArgument(
                        "/catalog/id",
                        "is required",
                        "Invalid arguments: send catalog.id (or product_id)."));
    List<JsonObject> messages = new ArrayList<>();
    if (request.containsKey("selected") || request.containsKey("preferences")) {
      messages.add(
          UcpRequests.message(
              "info",
              "selection_unsupported",
              "$.catalog.selected",
              "Variant selection is not supported; every variant is returned."));
    }
    String market =
        markets.ofUcpContext(request, ToolJson.text(arguments, "merchant_id").orElse(null));
    ProductView p =
        catalog.product(ToolJson.text(arguments, "merchant_id").orElse(null), id, market);
    List<ProductView.Variant> variants = featuredFirst(UcpProducts.priced(p));
    JsonObjectBuilder product =
        UcpProducts.product(p, variants)
            .orElseThrow(
                () ->
                    new ToolFailure(
                        "NOT_AVAILABLE",
                        "Product " + p.productId() + " has no price in the market shown.",
                        false,
                        ToolJson.object().add("product_id", p.productId()).build()));
    Map<String, String> selected = UcpProducts.optionsOf(variants.get(0));
    JsonArrayBuilder selection = ToolJson.array();
    selected.forEach((name, label) -> selection.add(UcpProducts.selectedOption(name, label)));
    product.add("selected", selection);
    product.add("options", detailOptions(variants, selected));
    var result =
        ToolJson.object()
            .add("ucp", UcpProducts.ucp(UcpProducts.CATALOG_LOOKUP))
            .add("product", product);
    if (!messages.isEmpty()) {
      result.add("messages", UcpRequests.messages(messages));
    }
    return result.build();
  }

  /** The featured variant (the first in stock) first, the others in their order. */
  private static List<ProductView.Variant> featuredFirst(List<ProductView.Variant> variants) {
    List<ProductView.Variant> out = new ArrayList<>(variants);
    for (int i = 0; i < out.size(); i++) {
      if (out.get(i).inStock()) {
        out.add(0, out.remove(i));
        break;
      }
    }
    return out;
  }

  /**
   * The options with UCP's availability signals relative to the featured selection: whether a
   * variant with this value and the other selected values exists, and whether it is in stock.
   */
  private static JsonArrayBuilder detailOptions(
      List<ProductView.Variant> variants, Map<String, String> selected) {
    JsonArrayBuilder out = ToolJson.array();
    for (Map.Entry<String, Set<String>> option : UcpProducts.optionValues(variants).entrySet()) {
      String name = option.getKey();
      JsonArrayBuilder values = ToolJson.array();
      for (String label : option.getValue()) {
        boolean exists = false;
        boolean available = false;
        for (ProductView.Variant v : variants) {
          Map<String, String> o = UcpProducts.optionsOf(v);
          if (!label.equals(o.get(name))) {
            continue;
          }
          boolean others =
              selected.entrySet().stream()
                  .filter(s -> !s.getKey().equals(name))
                  .allMatch(s -> s.getValue().equals(o.get(s.getKey())));
          if (others) {
            exists = true;
            available |= v.inStock();
          }
        }
        values.add(
            ToolJson.object()
                .add("label", label)
                .add("available", available)
                .add("exists", exists));
      }
      out.add(ToolJson.object().add("name", name).add("values", values));
    }
    return out;
  }
}
