package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.util.Optional;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/** {@code search_catalog}, native dialect, both doors: products by words and filters. */
@ApplicationScoped
public class SearchCatalogTool implements McpTool {

  static final int DEFAULT_PAGE_SIZE = 10;

  private static final String DESCRIPTION =
      "Search the product catalog by words and filters; use it first to find products, then"
          + " get_product for variants. The catalog is deepest in beauty and personal care"
          + " (skincare, hair, body, sun, makeup, fragrance); other queries may find nothing."
          + " Omit query to browse (newest first). Prices are major units (24.5 means 24.50) of"
          + " the product's own currency, or of `currency` when given: that currency chooses the"
          + " market whose prices, stock and price filters apply (USD: US, CAD: Canada, JPY:"
          + " Japan, EUR: the euro markets); a currency no market sells in is an INVALID_ARGUMENTS"
          + " error. Returns {products:[{product_id, merchant_id, brand, title, category,"
          + " price:{amount, currency}, availability (in_stock|out_of_stock|unknown), image_url,"
          + " key_actives}], page, page_size, returned, total, empty_reason?}; empty_reason is"
          + " no_match (nothing matches the words), filtered_out (the filters exclude every match)"
          + " or page_out_of_range.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,
       "properties":{
        "query":{"type":"string","minLength":1,"maxLength":500,
          "description":"What the buyer is looking for, in words (e.g. \\"vitamin c serum\\"). Omit to browse."},
        "merchant_id":{"type":"string","minLength":1,"maxLength":64,
          "description":"Only this merchant's products (merch_..., from list_merchants or a result)."},
        "category":{"type":"string","minLength":1,"maxLength":64,
          "description":"Only this category: skincare, hair, body, sun, makeup, fragrance or other."},
        "price_min":{"type":"number","minimum":0,"maximum":1000000000000,
          "description":"Lowest price, major units of currency (or of each product's own currency)."},
        "price_max":{"type":"number","minimum":0,"maximum":1000000000000,
          "description":"Highest price, major units of currency (or of each product's own currency)."},
        "currency":{"type":"string","pattern":"^[A-Z]{3}$",
          "description":"ISO 4217 code; shows prices, stock and price filters in the market(s) of this currency."},
        "in_stock_only":{"type":"boolean","default":false,
          "description":"Only products in stock (in the market shown)."},
        "page":{"type":"integer","minimum":1,"maximum":1000,"default":1},
        "page_size":{"type":"integer","minimum":1,"maximum":50,"default":10}}}
      """;

  static final String OUTPUT_SCHEMA =
      """
      {"type":"object","required":["products","page","page_size","returned","total"],
       "properties":{
        "products":{"type":"array","items":{"type":"object",
          "required":["product_id","merchant_id","title","price","availability"],
          "properties":{
            "product_id":{"type":"string"},
            "merchant_id":{"type":"string"},
            "brand":{"type":["string","null"]},
            "title":{"type":"string"},
            "category":{"type":["string","null"]},
            "price":{"type":["object","null"],"required":["amount","currency"],
              "properties":{"amount":{"type":"number"},"currency":{"type":"string"}}},
            "availability":{"type":"string","enum":["in_stock","out_of_stock","unknown"]},
            "image_url":{"type":["string","null"]},
            "key_actives":{"type":"array","items":{"type":"string"}}}}},
        "page":{"type":"integer"},
        "page_size":{"type":"integer"},
        "returned":{"type":"integer"},
        "total":{"type":"integer"},
        "empty_reason":{"type":"string"}}}
      """;

  @Inject CatalogSearch search;

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("search_catalog")
        .title("Search the catalog")
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
    int page = ToolJson.integer(arguments, "page", 1);
    int pageSize = ToolJson.integer(arguments, "page_size", DEFAULT_PAGE_SIZE);
    Optional<BigDecimal> min = ToolJson.decimal(arguments, "price_min");
    Optional<BigDecimal> max = ToolJson.decimal(arguments, "price_max");
    if (min.isPresent() && max.isPresent() && min.get().compareTo(max.get()) > 0) {
      throw ToolJson.invalidArgument(
          "/price_min",
          "must not be greater than price_max",
          "Invalid arguments: price_min must not be greater than price_max.");
    }
    CatalogSearch.Page found =
        search.search(
            new CatalogSearch.Query(
                ToolJson.text(arguments, "query").orElse(null),
                ToolJson.text(arguments, "merchant_id").orElse(null),
                ToolJson.text(arguments, "category").orElse(null),
                min.orElse(null),
                max.orElse(null),
                ToolJson.string(arguments, "currency").orElse(null),
                null,
                ToolJson.bool(arguments, "in_stock_only"),
                (page - 1) * pageSize,
                pageSize));
    JsonArrayBuilder products = ToolJson.array();
    for (ProductView p : found.products()) {
      products.add(NativeProducts.summary(p));
    }
    var result =
        ToolJson.object()
            .add("products", products)
            .add("page", page)
            .add("page_size", pageSize)
            .add("returned", found.products().size())
            .add("total", found.total());
    if (found.emptyReason() != null) {
      result.add("empty_reason", found.emptyReason());
    }
    return result.build();
  }
}
