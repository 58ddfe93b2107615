package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;
import org.agentcommerce.platform.api.ApiException;

/**
 * {@code lookup_catalog}, UCP dialect only (keyed door): UCP's batch {@code catalog.lookup} ({@code
 * lookup_request} / {@code lookup_response}). Ids are our product ids; ids that resolve to nothing
 * are reported in {@code messages}, not as an error.
 */
@ApplicationScoped
public class UcpLookupCatalogTool implements McpTool {

  static final int MAX_IDS = 50;

  private static final String DESCRIPTION =
      "UCP batch lookup (dev.ucp.shopping.catalog.lookup): up to 50 products by id in one call,"
          + " e.g. to refresh prices and stock of products found earlier. Arguments follow UCP's"
          + " MCP binding, {meta, catalog:{ids:[...], context:{currency, address_country}}}; a"
          + " top-level ids array is accepted as well. Ids are product ids (prod_...). Every"
          + " variant says which requested id it answers (inputs). Ids that match nothing are"
          + " listed in messages (code not_found) and the rest still come back. Every amount is"
          + " an integer in ISO 4217 minor units with the currency's own exponent (USD 2400 is"
          + " $24.00, JPY 3000 is ¥3000). Returns {ucp, products:[{id, title, price_range,"
          + " variants:[{id, price:{amount, currency}, availability, inputs:[{id, match}]}],"
          + " metadata:{merchant_id, brand}}], messages?}.";

  static final String IDS_SCHEMA =
      """
      {"type":"array","minItems":1,"maxItems":50,
       "items":{"type":"string","minLength":1,"maxLength":200},
       "description":"Product ids (prod_...)."}
      """;

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,
       "properties":{
        "meta":%s,
        "catalog":{"type":"object","required":["ids"],"description":"UCP lookup request.",
          "properties":{
            "ids":%s,
            "filters":{"type":"object"},
            "context":%s,
            "signals":{"type":"object"},
            "attribution":{"type":"object"}}},
        "ids":%s}}
      """
          .formatted(UcpRequests.META_SCHEMA, IDS_SCHEMA, UcpRequests.CONTEXT_SCHEMA, IDS_SCHEMA);

  @Inject CatalogReads catalog;
  @Inject Markets markets;

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("ucp_lookup_catalog")
        .title("Look products up by id (UCP)")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(INPUT_SCHEMA))
        .annotations(ToolAnnotations.READ_ONLY)
        .doors(Door.KEYED)
        .dialects(Dialect.UCP)
        .dialectName(Dialect.UCP, "lookup_catalog")
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    JsonObject request = UcpRequests.catalog(arguments);
    JsonArray ids =
        request.get("ids") instanceof JsonArray a
            ? a
            : arguments.get("ids") instanceof JsonArray b ? b : null;
    if (ids == null) {
      throw ToolJson.invalidArgument(
          "/catalog/ids", "is required", "Invalid arguments: send catalog.ids (or ids).");
    }
    String market = markets.ofUcpContext(request, null);
    // One product per product id, in the order first asked for, with every id that named it.
    Map<String, ProductView> found = new LinkedHashMap<>();
    Map<String, List<String>> askedBy = new LinkedHashMap<>();
    List<JsonObject> messages = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      String id = ((JsonString) ids.get(i)).getString().trim();
      Optional<ProductView> p = find(id, market);
      if (p.isEmpty() || UcpProducts.priced(p.get()).isEmpty()) {
        messages.add(
            UcpRequests.message(
                "info",
                "not_found",
                "$.catalog.ids[" + i + "]",
                "No product " + id + (p.isEmpty() ? "." : " priced in the market shown.")));
        continue;
      }
      found.putIfAbsent(p.get().productId(), p.get());
      askedBy.computeIfAbsent(p.get().productId(), k -> new ArrayList<>()).add(id);
    }
    JsonArrayBuilder products = ToolJson.array();
    for (ProductView p : found.values()) {
      List<ProductView.Variant> variants = UcpProducts.priced(p);
      JsonObjectBuilder product = UcpProducts.product(p, variants).orElseThrow();
      JsonArrayBuilder list = ToolJson.array();
      for (int v = 0; v < variants.size(); v++) {
        // A product id resolves to its variants: the first is featured, the rest by product.
        String match = v == 0 ? "featured" : "product";
        JsonArrayBuilder inputs = ToolJson.array();
        askedBy
            .get(p.productId())
            .forEach(id -> inputs.add(ToolJson.object().add("id", id).add("match", match)));
        list.add(UcpProducts.variant(p, variants.get(v)).add("inputs", inputs));
      }
      product.add("variants", list);
      products.add(product);
    }
    var result =
        ToolJson.object()
            .add("ucp", UcpProducts.ucp(UcpProducts.CATALOG_LOOKUP))
            .add("products", products);
    if (!messages.isEmpty()) {
      result.add("messages", UcpRequests.messages(messages));
    }
    return result.build();
  }

  private Optional<ProductView> find(String id, String market) {
    if (id.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(catalog.product(null, id, market));
    } catch (ApiException e) {
      if (e.status() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }
}
