package org.agentcommerce.catalog.application.brief;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * What a product must satisfy to fit a brief, read from the brief document (so a stored brief and a
 * freshly built one are checked the same way). Null or empty means "no constraint".
 *
 * @param market the market code whose prices and stock count ("US", "FR", "JP"...)
 */
public record BriefConstraints(
    BigDecimal budgetMin,
    BigDecimal budgetMax,
    String currency,
    String market,
    boolean inStockOnly,
    List<String> allowedMerchantIds,
    String category,
    String productType,
    String skinType,
    boolean sensitiveSkin,
    List<String> avoidIngredients,
    List<String> wantedIngredients,
    List<String> concerns,
    List<String> brandsAvoided) {

  public BriefConstraints {
    allowedMerchantIds = List.copyOf(allowedMerchantIds);
    avoidIngredients = List.copyOf(avoidIngredients);
    wantedIngredients = List.copyOf(wantedIngredients);
    concerns = List.copyOf(concerns);
    brandsAvoided = List.copyOf(brandsAvoided);
  }

  /** The constraints of a brief document (schema 0.1.0). */
  public static BriefConstraints of(JsonObject brief) {
    JsonObject constraints = object(brief, "constraints");
    JsonObject budget = object(constraints, "budget");
    JsonObject beauty = object(object(brief, "extensions"), "beauty");
    JsonObject market = object(brief, "market");
    return new BriefConstraints(
        decimal(budget, "min"),
        decimal(budget, "max"),
        string(budget, "currency") != null
            ? string(budget, "currency")
            : string(market, "currency"),
        Markets.searchable(string(market, "market"), string(market, "currency")),
        object(constraints, "availability").getBoolean("in_stock_only", false),
        strings(object(constraints, "merchants"), "allowed_merchant_ids"),
        string(brief, "category"),
        string(brief, "product_type"),
        string(beauty, "skin_type"),
        beauty.getBoolean("sensitive_skin", false),
        strings(beauty, "avoid_ingredients"),
        strings(beauty, "wanted_ingredients"),
        strings(beauty, "concerns"),
        strings(object(constraints, "brands"), "avoided"));
  }

  private static JsonObject object(JsonObject o, String name) {
    JsonValue v = o == null ? null : o.get(name);
    return v instanceof JsonObject j ? j : JsonValue.EMPTY_JSON_OBJECT;
  }

  private static String string(JsonObject o, String name) {
    return o.get(name) instanceof JsonString s ? s.getString() : null;
  }

  private static BigDecimal decimal(JsonObject o, String name) {
    return o.get(name) instanceof JsonNumber n ? n.bigDecimalValue() : null;
  }

  private static List<String> strings(JsonObject o, String name) {
    List<String> out = new ArrayList<>();
    if (o.get(name) instanceof JsonArray a) {
      for (JsonValue v : a) {
        if (v instanceof JsonString s) {
          out.add(s.getString());
        }
      }
    }
    return out;
  }
}
