package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.IntelView;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/** {@code get_intel}, native dialect, both doors: what is known about a product, with evidence. */
@ApplicationScoped
public class GetIntelTool implements McpTool {

  private static final String DESCRIPTION =
      "Get what is known about a product: whether it has been reviewed, what it is best for and"
          + " why, and claims each backed by a citation. Use it to explain or compare products to"
          + " the buyer; quote only the claims, with their evidence. A product nobody reviewed"
          + " answers reviewed: false with no claims (not an error). Returns {product_id,"
          + " reviewed, best_for, why, claims:[{claim, evidence:{citation_id, kind, title,"
          + " publisher, url}}]}. An unknown product is a NOT_FOUND error.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,"required":["product_id"],
       "properties":{
        "product_id":{"type":"string","minLength":1,"maxLength":200,
          "description":"The product_id from search_catalog (prod_...)."},
        "merchant_id":{"type":"string","minLength":1,"maxLength":64,
          "description":"The product's merchant (merch_...); optional."}}}
      """;

  static final String OUTPUT_SCHEMA =
      """
      {"type":"object","required":["product_id","reviewed","claims"],
       "properties":{
        "product_id":{"type":"string"},
        "reviewed":{"type":"boolean"},
        "best_for":{"type":["string","null"]},
        "why":{"type":["string","null"]},
        "claims":{"type":"array","items":{"type":"object","required":["claim","evidence"],
          "properties":{
            "claim":{"type":"string"},
            "evidence":{"type":"object","properties":{
              "citation_id":{"type":["string","null"]},
              "kind":{"type":["string","null"]},
              "title":{"type":["string","null"]},
              "publisher":{"type":["string","null"]},
              "url":{"type":["string","null"]}}}}}}}}
      """;

  @Inject CatalogReads catalog;

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("get_intel")
        .title("Get evidence-backed product intel")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(INPUT_SCHEMA))
        .outputSchema(ToolJson.parse(OUTPUT_SCHEMA))
        .annotations(ToolAnnotations.READ_ONLY)
        .doors(Door.OPEN, Door.KEYED)
        .dialects(Dialect.NATIVE)
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    return json(
        catalog.intel(
            ToolJson.text(arguments, "product_id").orElse(""),
            ToolJson.text(arguments, "merchant_id").orElse(null)));
  }

  /** What is known about a product, as this tool answers it (get_product's decision too). */
  static JsonObject json(IntelView intel) {
    JsonArrayBuilder claims = ToolJson.array();
    for (IntelView.Claim c : intel.claims()) {
      IntelView.Evidence e = c.evidence();
      var evidence = ToolJson.object();
      if (e != null) {
        evidence
            .add("citation_id", ToolJson.stringOrNull(e.citationId()))
            .add("kind", ToolJson.stringOrNull(e.kind()))
            .add("title", ToolJson.stringOrNull(e.title()))
            .add("publisher", ToolJson.stringOrNull(e.publisher()))
            .add("url", ToolJson.stringOrNull(e.url()));
      }
      claims.add(ToolJson.object().add("claim", c.claim()).add("evidence", evidence));
    }
    return ToolJson.object()
        .add("product_id", intel.productId())
        .add("reviewed", intel.reviewed())
        .add("best_for", ToolJson.stringOrNull(intel.bestFor()))
        .add("why", ToolJson.stringOrNull(intel.why()))
        .add("claims", claims)
        .build();
  }
}
