package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * {@code search_catalog} in the UCP dialect (keyed door): UCP's {@code catalog.search} request and
 * response ({@code shopping/catalog_search.json}), amounts in ISO minor units. A top-level {@code
 * query} is accepted as a shorthand for {@code catalog.query}.
 */
@ApplicationScoped
public class UcpSearchCatalogTool implements McpTool {

  static final int DEFAULT_LIMIT = 10;
  static final int MAX_LIMIT = 50;

  private static final String DESCRIPTION =
      "UCP catalog search (dev.ucp.shopping.catalog.search): find products by words and filters."
          + " Arguments follow UCP's MCP binding, {meta, catalog:{query, filters:{categories,"
          + " price:{min, max}}, context:{currency, address_country}, pagination:{cursor,"
          + " limit}}}; a top-level query is accepted as well. The catalog is deepest in beauty"
          + " and personal care (categories skincare, hair, body, sun, makeup, fragrance)."
          + " context.address_country (e.g. US, FR, JP) or context.currency chooses the market"
          + " whose prices are shown; filters.price is in minor units of context.currency."
          + " Every amount is an integer in ISO 4217 minor units with the currency's own"
          + " exponent (USD 2400 is $24.00, JPY 3000 is ¥3000): never divide by 100 yourself."
          + " Returns {ucp, products:[{id, title, description, price_range:{min, max},"
          + " variants:[{id, title, price:{amount, currency}, availability}], metadata:"
          + "{merchant_id, brand}}], pagination:{has_next_page, cursor, total_count}, messages}.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,
       "properties":{
        "meta":%s,
        "catalog":{"type":"object","description":"UCP search request.",
          "properties":{
            "query":{"type":"string","maxLength":500,"description":"Free-text search; omit to browse."},
            "filters":{"type":"object","properties":{
              "categories":{"type":"array","maxItems":1,"items":{"type":"string","minLength":1,"maxLength":64},
                "description":"At most one category: skincare, hair, body, sun, makeup, fragrance or other."},
              "price":{"type":"object","properties":{
                "min":{"type":"integer","minimum":0,"description":"Minor units of context.currency."},
                "max":{"type":"integer","minimum":0,"description":"Minor units of context.currency."}}}}},
            "context":%s,
            "signals":{"type":"object"},
            "attribution":{"type":"object"},
            "pagination":{"type":"object","properties":{
              "cursor":{"type":"string","pattern":"^[0-9]{1,6}$","description":"pagination.cursor of the previous page."},
              "limit":{"type":"integer","minimum":1,"maximum":50,"default":10}}}}},
        "query":{"type":"string","minLength":1,"maxLength":500,"description":"Shorthand for catalog.query."}}}
      """
          .formatted(UcpRequests.META_SCHEMA, UcpRequests.CONTEXT_SCHEMA);

  @Inject CatalogSearch search;
  @Inject Markets markets;

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("ucp_search_catalog")
        .title("Search the catalog (UCP)")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(INPUT_SCHEMA))
        .annotations(ToolAnnotations.READ_ONLY)
        .doors(Door.KEYED)
        .dialects(Dialect.UCP)
        .dialectName(Dialect.UCP, "search_catalog")
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    JsonObject catalog = UcpRequests.catalog(arguments);
    List<JsonObject> messages = new ArrayList<>();
    String query =
        ToolJson.text(catalog, "query").or(() -> ToolJson.text(arguments, "query")).orElse(null);
    JsonObject filters =
        ToolJson.objectMember(catalog, "filters").orElse(JsonObject.EMPTY_JSON_OBJECT);
    String category =
        filters.get("categories") instanceof jakarta.json.JsonArray a
                && !a.isEmpty()
                && a.get(0) instanceof JsonString s
            ? s.getString()
            : null;
    JsonObject pagination =
        ToolJson.objectMember(catalog, "pagination").orElse(JsonObject.EMPTY_JSON_OBJECT);
    int limit = Math.min(MAX_LIMIT, ToolJson.integer(pagination, "limit", DEFAULT_LIMIT));
    int offset = ToolJson.string(pagination, "cursor").map(Integer::parseInt).orElse(0);

    Optional<String> country = UcpRequests.country(catalog);
    Optional<String> currency = UcpRequests.currency(catalog).filter(ToolJson::isCurrency);
    // The currency is a hint (UCP context): one no market sells in is ignored, with a warning.
    String searchCurrency = null;
    if (country.isEmpty() && currency.isPresent()) {
      if (markets.forCurrency(currency.get(), null).isEmpty()) {
        messages.add(
            UcpRequests.message(
                "warning",
                "currency_not_offered",
                "$.catalog.context.currency",
                "No market sells in "
                    + currency.get()
                    + "; each product is shown in its own currency."));
      } else {
        searchCurrency = currency.get();
      }
    }
    // What prices are shown in: the country's currency, the currency asked for, or (neither) each
    // product's own. Filter amounts are minor units of context.currency, else of the country's.
    String presented = country.map(Markets::currencyOf).orElse(searchCurrency);
    String denomination = currency.orElse(presented);
    BigDecimal priceMin = null;
    BigDecimal priceMax = null;
    JsonObject price = ToolJson.objectMember(filters, "price").orElse(JsonObject.EMPTY_JSON_OBJECT);
    if (!price.isEmpty()) {
      if (presented == null || denomination == null || !presented.equals(denomination)) {
        messages.add(
            UcpRequests.message(
                "warning",
                "price_filter_ignored",
                "$.catalog.filters.price",
                presented == null
                    ? "The price filter was ignored: send context.currency (or"
                        + " context.address_country) to say which currency its minor units are in."
                    : "The price filter was ignored: it is in "
                        + denomination
                        + " but prices are shown in "
                        + presented
                        + ", and currencies are not converted."));
      } else {
        priceMin = minor(price, "min", denomination);
        priceMax = minor(price, "max", denomination);
      }
    }
    if (priceMin != null && priceMax != null && priceMin.compareTo(priceMax) > 0) {
      throw ToolJson.invalidArgument(
          "/catalog/filters/price/min",
          "must not be greater than max",
          "Invalid arguments: catalog.filters.price.min must not be greater than max.");
    }
    CatalogSearch.Page page =
        search.search(
            new CatalogSearch.Query(
                query,
                null,
                category,
                priceMin,
                priceMax,
                searchCurrency,
                country.orElse(null),
                false,
                offset,
                limit));
    JsonArrayBuilder products = ToolJson.array();
    int shown = 0;
    for (ProductView p : page.products()) {
      var product = UcpProducts.product(p, UcpProducts.priced(p));
      if (product.isPresent()) {
        products.add(product.get());
        shown++;
      }
    }
    boolean more = offset + page.products().size() < page.total();
    var paging = ToolJson.object().add("has_next_page", more);
    if (more) {
      paging.add("cursor", String.valueOf(offset + page.products().size()));
    }
    paging.add("total_count", page.total());
    if (page.emptyReason() != null) {
      messages.add(
          UcpRequests.message(
              "info",
              page.emptyReason(),
              switch (page.emptyReason()) {
                case "page_out_of_range" -> "No products on this page: the results ended earlier.";
                case "filtered_out" -> "Products match the words, but none passes the filters.";
                default ->
                    "No product matches. The catalog is deepest in beauty and personal care.";
              }));
    } else if (shown < page.products().size()) {
      messages.add(
          UcpRequests.message(
              "info",
              "unpriced_omitted",
              "Products without a price in the market shown were left out."));
    }
    var result =
        ToolJson.object()
            .add("ucp", UcpProducts.ucp(UcpProducts.CATALOG_SEARCH))
            .add("products", products)
            .add("pagination", paging);
    if (!messages.isEmpty()) {
      result.add("messages", UcpRequests.messages(messages));
    }
    return result.build();
  }

  private static BigDecimal minor(JsonObject price, String name, String currency) {
    if (!(price.get(name) instanceof JsonNumber n)) {
      return null;
    }
    // Beyond any real price: treated as no bound instead of wrapping around.
    BigDecimal v = n.bigDecimalValue();
    return v.compareTo(MAX_MINOR) > 0 ? null : ToolJson.fromMinor(v.longValue(), currency);
  }

  private static final BigDecimal MAX_MINOR = BigDecimal.valueOf(1_000_000_000_000_000L);
}
