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

  /** Budgets beyond this (in major units) are not budgets. */
  static final BigDecimal MAX_BUDGET = new BigDecimal("1000000000000");

  /**
   * The constraints of a brief document (schema 0.1.0). A member of the wrong type, or a budget
   * outside 0 to 10^12 with more than three decimals, is a 422 at {@code loc} + its path.
   */
  public static BriefConstraints of(JsonObject brief, List<Object> loc) {
    Reader r = new Reader(loc);
    JsonObject constraints = r.object(brief, "constraints");
    JsonObject budget = r.object(constraints, "constraints", "budget");
    JsonObject beauty = r.object(r.object(brief, "extensions"), "extensions", "beauty");
    JsonObject market = r.object(brief, "market");
    JsonObject intent = r.object(brief, "raw_intent");
    String currency =
        r.string(budget, "constraints", "budget", "currency") != null
            ? r.string(budget, "constraints", "budget", "currency")
            : r.string(market, "market", "currency");
    String marketCode = r.string(market, "market", "market");
    String lang = r.string(intent, "raw_intent", "lang");
    String searchable = Markets.searchable(marketCode, currency, lang);
    if (currency == null && searchable != null) {
      currency = Markets.currencyOf(searchable);
    }
    return new BriefConstraints(
        budget(
            r.decimal(budget, "constraints", "budget", "min"),
            r.at("constraints", "budget", "min")),
        budget(
            r.decimal(budget, "constraints", "budget", "max"),
            r.at("constraints", "budget", "max")),
        currency == null ? null : currency.toUpperCase(java.util.Locale.ROOT),
        searchable,
        r.bool(
            r.object(constraints, "constraints", "availability"),
            "constraints",
            "availability",
            "in_stock_only"),
        r.strings(
            r.object(constraints, "constraints", "merchants"),
            "constraints",
            "merchants",
            "allowed_merchant_ids"),
        r.string(brief, "category"),
        r.string(brief, "product_type"),
        r.string(beauty, "extensions", "beauty", "skin_type"),
        r.bool(beauty, "extensions", "beauty", "sensitive_skin"),
        r.strings(beauty, "extensions", "beauty", "avoid_ingredients"),
        r.strings(beauty, "extensions", "beauty", "wanted_ingredients"),
        r.strings(beauty, "extensions", "beauty", "concerns"),
        r.strings(
            r.object(constraints, "constraints", "brands"), "constraints", "brands", "avoided"));
  }

  /** The constraints of a brief this service built and stored. */
  public static BriefConstraints of(JsonObject brief) {
    return of(brief, List.of("body", "brief"));
  }

  /** A budget amount, or 422 when it is negative, above 10^12 or finer than 0.001. */
  static BigDecimal budget(BigDecimal amount, List<Object> loc) {
    if (amount == null) {
      return null;
    }
    if (amount.signum() < 0
        || amount.compareTo(MAX_BUDGET) > 0
        || amount.stripTrailingZeros().scale() > 3) {
      throw new org.agentcommerce.platform.api.InvalidInputException(
          new org.agentcommerce.platform.api.InvalidInputException.Violation(
              loc,
              "A budget is an amount from 0 to 1000000000000 with at most three decimals",
              "value_error"));
    }
    return amount;
  }

  /** Reads members, refusing those of the wrong type with their path. */
  private record Reader(List<Object> root) {

    List<Object> at(String... path) {
      List<Object> loc = new ArrayList<>(root);
      loc.addAll(List.of((Object[]) path));
      return loc;
    }

    private java.util.Optional<JsonValue> member(JsonObject o, String[] path) {
      JsonValue v = o.get(path[path.length - 1]);
      return v == null || v == JsonValue.NULL
          ? java.util.Optional.empty()
          : java.util.Optional.of(v);
    }

    JsonObject object(JsonObject o, String... path) {
      return member(o, path)
          .map(v -> v instanceof JsonObject j ? j : wrong(path, "a valid object", "object_type"))
          .orElse(JsonValue.EMPTY_JSON_OBJECT);
    }

    String string(JsonObject o, String... path) {
      return member(o, path)
          .map(
              v ->
                  v instanceof JsonString s
                      ? limit(s.getString(), path)
                      : wrong(path, "a valid string", "string_type"))
          .orElse(null);
    }

    BigDecimal decimal(JsonObject o, String... path) {
      return member(o, path)
          .map(
              v ->
                  v instanceof JsonNumber n
                      ? n.bigDecimalValue()
                      : wrong(path, "a valid number", "float_type"))
          .orElse(null);
    }

    boolean bool(JsonObject o, String... path) {
      return member(o, path)
          .map(
              v -> {
                if (v == JsonValue.TRUE || v == JsonValue.FALSE) {
                  return v == JsonValue.TRUE;
                }
                return this.<Boolean>wrong(path, "a valid boolean", "bool_type");
              })
          .orElse(false);
    }

    List<String> strings(JsonObject o, String... path) {
      List<String> out = new ArrayList<>();
      member(o, path)
          .ifPresent(
              v -> {
                if (!(v instanceof JsonArray a) || a.size() > 100) {
                  wrong(path, "a list of at most 100 strings", "list_type");
                  return;
                }
                for (JsonValue item : a) {
                  if (!(item instanceof JsonString s)) {
                    wrong(path, "a list of strings", "string_type");
                    return;
                  }
                  out.add(limit(s.getString(), path));
                }
              });
      return out;
    }

    private String limit(String s, String[] path) {
      return s.length() <= 200 ? s : wrong(path, "at most 200 characters", "string_too_long");
    }

    private <T> T wrong(String[] path, String what, String type) {
      throw new org.agentcommerce.platform.api.InvalidInputException(
          new org.agentcommerce.platform.api.InvalidInputException.Violation(
              at(path), "Input should be " + what, type));
    }
  }
}
