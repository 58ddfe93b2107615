package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Pattern;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.api.Recommendations;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * {@code recommend_products}, keyed door, native dialect: ranked products for a need in the buyer's
 * words. Listed only when the catalog deploys a {@link Recommendations} service.
 */
@ApplicationScoped
public class RecommendProductsTool implements McpTool {

  static final int DEFAULT_LIMIT = 5;

  /** The one language the reasons are written in: {@code en}, with any subtags. */
  private static final Pattern ENGLISH =
      Pattern.compile("^en(-[A-Za-z0-9]{1,8})*$", Pattern.CASE_INSENSITIVE);

  private static final String DESCRIPTION =
      "Recommend products for a need in the buyer's own words (e.g. \"fragrance-free moisturiser"
          + " for dry skin\"), ranked with reasons. Use it when the buyer describes a need rather"
          + " than a product. A budget is enforced when sent as a number at"
          + " constraints.price_max (major units of constraints.currency, else of the market's"
          + " currency); a budget in the words (\"under $30\") is read too, and"
          + " applied_constraints says which constraints were applied and where each came from"
          + " (constraints.price_max, need). A top-level price_max is rejected. Returns {need,"
          + " products:[{product_id, merchant_id, title, brand, price:{amount, currency}, score,"
          + " reasons[]}], applied_constraints:[{name, value, currency, source, evidence}],"
          + " unknowns[], language}. Prices are major units (24.5 means 24.50). The reasons are"
          + " written in English: language (a BCP 47 tag) may be en or en-*; any other is an"
          + " INVALID_ARGUMENTS error (the need itself may be in French, Spanish, Italian,"
          + " German, Japanese or Korean). May take a few seconds.";

  static final String INPUT_SCHEMA =
      """
      {"type":"object","additionalProperties":false,"required":["need"],
       "properties":{
        "need":{"type":"string","minLength":1,"maxLength":500,
          "description":"What the buyer needs, in their words."},
        "constraints":{"type":"object","additionalProperties":false,
          "description":"Hard constraints, enforced.",
          "properties":{
            "price_max":{"type":"number","minimum":0,"maximum":1000000000000,
              "description":"Budget per product, major units of currency (or of the market's currency)."},
            "currency":{"type":"string","pattern":"^[A-Z]{3}$",
              "description":"ISO 4217 code of price_max."},
            "market":{"type":"string","pattern":"^[A-Z]{2}$",
              "description":"ISO 3166-1 country whose prices are compared (US, FR, DE, JP, CA...)."},
            "merchant_id":{"type":"string","minLength":1,"maxLength":64,
              "description":"Only this merchant's products."},
            "in_stock_only":{"type":"boolean","default":false}}},
        "limit":{"type":"integer","minimum":1,"maximum":10,"default":5},
        "language":{"type":"string","minLength":2,"maxLength":35,"pattern":"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
          "description":"The language of the reasons (BCP 47): en or en-* only; they are written in English."}}}
      """;

  @Inject Instance<Recommendations> recommendations;

  @Override
  public boolean available() {
    return recommendations.isResolvable();
  }

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder("recommend_products")
        .title("Recommend products for a need")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(INPUT_SCHEMA))
        .annotations(ToolAnnotations.READ_ONLY)
        .doors(Door.KEYED)
        .dialects(Dialect.NATIVE)
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    Optional<String> language = ToolJson.text(arguments, "language");
    if (language.isPresent() && !ENGLISH.matcher(language.get()).matches()) {
      throw ToolJson.invalidArgument(
          "/language",
          "the reasons are written in English only (en or en-*)",
          "recommend_products writes its reasons in English only: send language en (or none);"
              + " the need may still be in another language.");
    }
    JsonObject constraints =
        ToolJson.objectMember(arguments, "constraints").orElse(JsonObject.EMPTY_JSON_OBJECT);
    Recommendations.Result result =
        recommendations
            .get()
            .recommend(
                new Recommendations.Request(
                    ToolJson.string(arguments, "need").orElse(""),
                    ToolJson.decimal(constraints, "price_max").orElse(null),
                    ToolJson.string(constraints, "currency").orElse(null),
                    ToolJson.string(constraints, "market").orElse(null),
                    ToolJson.text(constraints, "merchant_id").orElse(null),
                    ToolJson.bool(constraints, "in_stock_only"),
                    ToolJson.integer(arguments, "limit", DEFAULT_LIMIT)));
    JsonArrayBuilder products = ToolJson.array();
    for (Recommendations.Recommended r : result.products()) {
      ProductView p = r.product();
      products.add(
          ToolJson.object()
              .add("product_id", p.productId())
              .add("merchant_id", p.merchantId())
              .add("title", p.title())
              .add("brand", ToolJson.stringOrNull(p.vendor()))
              .add("price", ToolJson.majorPrice(p.price(), p.currency()))
              .add("score", score(r.score()))
              .add("reasons", ToolJson.strings(r.reasons())));
    }
    JsonArrayBuilder applied = ToolJson.array();
    for (Recommendations.AppliedConstraint c : result.appliedConstraints()) {
      applied.add(
          ToolJson.object()
              .add("name", c.name())
              .add("value", ToolJson.stringOrNull(c.value()))
              .add("currency", ToolJson.stringOrNull(c.currency()))
              .add("source", ToolJson.stringOrNull(c.source()))
              .add("evidence", ToolJson.stringOrNull(c.evidence())));
    }
    return ToolJson.object()
        .add("need", result.need())
        .add("products", products)
        .add("applied_constraints", applied)
        .add("unknowns", ToolJson.strings(result.unknowns()))
        .add("language", "en")
        .build();
  }

  private static JsonValue score(double score) {
    return Double.isFinite(score)
        ? ToolJson.numberOrNull(BigDecimal.valueOf(score))
        : JsonValue.NULL;
  }
}
