package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/** {@code list_merchants}, keyed door, native dialect: the merchants the key may use. */
@ApplicationScoped
public class ListMerchantsTool implements McpTool {

  static final int DEFAULT_PAGE_SIZE = 20;

  private static final String DESCRIPTION =
      "List the active merchants your key may buy from, by name: where they sell and how they"
          + " take payment. Use it to scope search_catalog (merchant_id) or to check that a"
          + " merchant sells in the buyer's market and takes the buyer's payment method. Returns"
          + " {merchants:[{merchant_id, name, platform, region, currency (ISO 4217 home"
          + " currency), payment_capabilities:{kind: [codes]} (kinds such as psp,"
          + " payment_method_type, card_network, wallet, market)}], page, page_size, returned}.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,
       "properties":{
        "page":{"type":"integer","minimum":1,"maximum":1000,"default":1},
        "page_size":{"type":"integer","minimum":1,"maximum":50,"default":20}}}
      """;

  @Inject CatalogReads catalog;

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("list_merchants")
        .title("List merchants")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(INPUT_SCHEMA))
        .annotations(ToolAnnotations.READ_ONLY)
        .doors(Door.KEYED)
        .dialects(Dialect.NATIVE)
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    int page = ToolJson.integer(arguments, "page", 1);
    int pageSize = ToolJson.integer(arguments, "page_size", DEFAULT_PAGE_SIZE);
    List<CatalogReads.MerchantSummary> merchants =
        catalog.merchants((page - 1) * pageSize, pageSize);
    JsonArrayBuilder list = ToolJson.array();
    for (CatalogReads.MerchantSummary m : merchants) {
      JsonObjectBuilder caps = ToolJson.object();
      for (Map.Entry<String, List<String>> c : m.paymentCapabilities().entrySet()) {
        // Markets are ISO 3166-1 country codes, written in capitals like everywhere else.
        List<String> codes =
            "market".equals(c.getKey())
                ? c.getValue().stream().map(v -> v.toUpperCase(Locale.ROOT)).toList()
                : c.getValue();
        caps.add(c.getKey(), ToolJson.strings(codes));
      }
      list.add(
          ToolJson.object()
              .add("merchant_id", m.merchantId())
              .add("name", m.name())
              .add("platform", ToolJson.stringOrNull(m.platform()))
              .add("region", ToolJson.stringOrNull(m.region()))
              .add("currency", ToolJson.stringOrNull(m.currency()))
              .add("payment_capabilities", caps));
    }
    return ToolJson.object()
        .add("merchants", list)
        .add("page", page)
        .add("page_size", pageSize)
        .add("returned", merchants.size())
        .build();
  }
}
