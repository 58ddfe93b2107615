package org.agentcommerce.catalog.interfaces.rest;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.core.MultivaluedMap;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.agentcommerce.catalog.application.CatalogSourcing;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.WireDecimal;

/**
 * The origin service's v2 search input: the query parameters of {@code GET
 * /agent/v1/products/search}, given as query parameters, as members of a JSON body, or both (a body
 * member wins over the query parameter of the same name), with the same limits. Plus {@code page}
 * (1-based; sets the offset when {@code offset} is not given). Members of the body that are not
 * search inputs are not dropped in silence: {@link #ignored()} names them and the answer lists
 * them.
 */
final class SearchInput {

  private enum Kind {
    TEXT,
    TEXTS,
    FLAG,
    AMOUNT,
    COUNT
  }

  /** Each input: its kind and its limit (longest text, most entries, or least/most count). */
  private record Rule(Kind kind, int min, int max) {}

  private static final Map<String, Rule> RULES = new LinkedHashMap<>();

  static {
    RULES.put("query", new Rule(Kind.TEXT, 0, 500));
    RULES.put("merchant_id", new Rule(Kind.TEXT, 0, 64));
    RULES.put("merchant_ids", new Rule(Kind.TEXTS, 0, 50));
    RULES.put("search_all_merchants", new Rule(Kind.FLAG, 0, 0));
    RULES.put("category", new Rule(Kind.TEXT, 0, 40));
    RULES.put("catalog_surface", new Rule(Kind.TEXT, 0, 40));
    RULES.put("min_price", new Rule(Kind.AMOUNT, 0, 0));
    RULES.put("max_price", new Rule(Kind.AMOUNT, 0, 0));
    RULES.put("in_stock", new Rule(Kind.FLAG, 0, 0));
    RULES.put("in_stock_only", new Rule(Kind.FLAG, 0, 0));
    RULES.put("limit", new Rule(Kind.COUNT, 1, 250));
    RULES.put("offset", new Rule(Kind.COUNT, 0, Integer.MAX_VALUE));
    RULES.put("page", new Rule(Kind.COUNT, 1, 100_000));
    RULES.put("allow_external_seed", new Rule(Kind.FLAG, 0, 0));
    RULES.put("allow_stale_cache", new Rule(Kind.FLAG, 0, 0));
    RULES.put("external_seed_strategy", new Rule(Kind.TEXT, 0, 20));
    RULES.put("fast_mode", new Rule(Kind.FLAG, 0, 0));
    RULES.put("market", new Rule(Kind.TEXT, 0, 2));
  }

  private final Map<String, Object> values = new LinkedHashMap<>();
  private final Map<String, String> sources = new LinkedHashMap<>();
  private final Set<String> ignored = new TreeSet<>();

  private SearchInput() {}

  /** Reads and checks both sources; 422 naming every input that breaks its rule. */
  static SearchInput of(MultivaluedMap<String, String> query, JsonValue given) {
    if (!(given instanceof JsonObject body)) {
      throw new InvalidInputException(
          at(List.of("body"), "Input should be a JSON object", "model_type"));
    }
    SearchInput input = new SearchInput();
    List<InvalidInputException.Violation> errors = new ArrayList<>();
    for (Map.Entry<String, Rule> e : RULES.entrySet()) {
      String name = e.getKey();
      List<String> values = query.get(name);
      if (values == null || values.isEmpty()) {
        continue;
      }
      if (values.size() > 1 && e.getValue().kind() != Kind.TEXTS) {
        // As every operation's single-valued parameters (SingleValuedParameters).
        errors.add(
            at(
                List.of("query", name),
                "Input should be given once; it was given " + values.size() + " times",
                "value_error.duplicate_parameter"));
      } else {
        input.read("query", name, e.getValue(), fromQuery(e.getValue(), values), errors);
      }
    }
    for (Map.Entry<String, JsonValue> m : body.entrySet()) {
      Rule rule = RULES.get(m.getKey());
      if (rule == null) {
        input.ignored.add(m.getKey());
      } else if (m.getValue().getValueType() != JsonValue.ValueType.NULL) {
        input.read("body", m.getKey(), rule, m.getValue(), errors);
      }
    }
    String strategy = input.text("external_seed_strategy");
    if (strategy != null && !strategy.matches(SeedParameters.STRATEGIES)) {
      errors.add(
          input.violation("external_seed_strategy", SeedParameters.STRATEGY_MESSAGE, "enum"));
    }
    String market = input.text("market");
    if (market != null && !market.matches("[A-Za-z]{2}")) {
      errors.add(
          input.violation(
              "market", "Input should be a two-letter country code", "string_pattern_mismatch"));
    }
    if (!errors.isEmpty()) {
      throw new InvalidInputException(errors);
    }
    return input;
  }

  /** A query parameter's text as the JSON value a body member of the same kind would be. */
  private static JsonValue fromQuery(Rule rule, List<String> given) {
    var json = org.agentcommerce.platform.api.Jsonp.PROVIDER;
    if (rule.kind() == Kind.TEXTS) {
      var array = json.createArrayBuilder();
      given.forEach(array::add);
      return array.build();
    }
    String text = given.get(given.size() - 1);
    return switch (rule.kind()) {
      case FLAG ->
          "true".equalsIgnoreCase(text)
              ? JsonValue.TRUE
              : "false".equalsIgnoreCase(text) ? JsonValue.FALSE : json.createValue(text);
      case AMOUNT -> json.createValue(text); // read as a decimal string (WireDecimal)
      case COUNT -> {
        try {
          yield text.length() > 12
              ? json.createValue(text)
              : json.createValue(new BigDecimal(text.trim()));
        } catch (NumberFormatException notNumber) {
          yield json.createValue(text);
        }
      }
      default -> json.createValue(text);
    };
  }

  private void read(
      String where,
      String name,
      Rule rule,
      JsonValue value,
      List<InvalidInputException.Violation> errors) {
    List<Object> loc = List.of(where, name);
    sources.put(name, where);
    switch (rule.kind()) {
      case TEXT -> {
        if (!(value instanceof JsonString s)) {
          errors.add(at(loc, "Input should be a valid string", "string_type"));
        } else if (s.getString().length() > rule.max()) {
          errors.add(
              at(
                  loc,
                  "String should have at most " + rule.max() + " characters",
                  "string_too_long"));
        } else {
          values.put(name, s.getString());
        }
      }
      case TEXTS -> {
        if (!(value instanceof JsonArray a)
            || a.stream().anyMatch(v -> !(v instanceof JsonString))) {
          errors.add(at(loc, "Input should be a valid list of strings", "list_type"));
        } else if (a.size() > rule.max()) {
          errors.add(at(loc, "List should have at most " + rule.max() + " items", "too_long"));
        } else {
          values.put(name, a.getValuesAs(JsonString::getString));
        }
      }
      case FLAG -> {
        if (value.getValueType() == JsonValue.ValueType.TRUE) {
          values.put(name, Boolean.TRUE);
        } else if (value.getValueType() == JsonValue.ValueType.FALSE) {
          values.put(name, Boolean.FALSE);
        } else {
          errors.add(at(loc, "Input should be a valid boolean", "bool_type"));
        }
      }
      case AMOUNT -> {
        // Bounded as every decimal parameter is (StrictParamConverters): 30 digits, scale 12.
        try {
          values.put(
              name,
              WireDecimal.parse(
                  value,
                  loc,
                  WireDecimal.PARAMETER_MAX_PRECISION,
                  WireDecimal.PARAMETER_MAX_SCALE));
        } catch (InvalidInputException e) {
          errors.addAll(e.violations());
        }
      }
      case COUNT -> {
        if (!(value instanceof JsonNumber n) || !isWhole(n.bigDecimalValue())) {
          errors.add(at(loc, "Input should be a valid integer", "int_type"));
        } else if (n.bigDecimalValue().compareTo(BigDecimal.valueOf(rule.min())) < 0) {
          errors.add(
              at(
                  loc,
                  "Input should be greater than or equal to " + rule.min(),
                  "greater_than_equal"));
        } else if (n.bigDecimalValue().compareTo(BigDecimal.valueOf(rule.max())) > 0) {
          errors.add(
              at(loc, "Input should be less than or equal to " + rule.max(), "less_than_equal"));
        } else {
          values.put(name, n.bigDecimalValue().intValueExact());
        }
      }
    }
  }

  private static boolean isWhole(BigDecimal n) {
    return n.signum() == 0 || n.stripTrailingZeros().scale() <= 0;
  }

  private static InvalidInputException.Violation at(List<Object> loc, String msg, String type) {
    return new InvalidInputException.Violation(loc, msg, type);
  }

  private InvalidInputException.Violation violation(String name, String msg, String type) {
    return at(List.of(sources.getOrDefault(name, "body"), name), msg, type);
  }

  String text(String name) {
    return (String) values.get(name);
  }

  @SuppressWarnings("unchecked")
  List<String> texts(String name) {
    return (List<String>) values.getOrDefault(name, List.of());
  }

  boolean flag(String name, boolean otherwise) {
    return (Boolean) values.getOrDefault(name, otherwise);
  }

  Boolean flag(String name) {
    return (Boolean) values.get(name);
  }

  BigDecimal amount(String name) {
    return (BigDecimal) values.get(name);
  }

  int limit() {
    return (Integer) values.getOrDefault("limit", 20);
  }

  /**
   * The body's offset, else the page's ({@code (page - 1) × limit}, from either source: the
   * origin's gateway sends {@code offset=0} as a query parameter beside a page in the body), else
   * the query's offset, else 0.
   */
  int offset() {
    Integer offset = (Integer) values.get("offset");
    if (offset != null && "body".equals(sources.get("offset"))) {
      return offset;
    }
    Integer page = (Integer) values.get("page");
    if (page != null) {
      return (int) Math.min(Integer.MAX_VALUE, (long) (page - 1) * limit());
    }
    return offset == null ? 0 : offset;
  }

  CatalogSourcing.SeedPolicy seed() {
    return new CatalogSourcing.SeedPolicy(
        flag("allow_external_seed", true),
        flag("allow_stale_cache", true),
        values.getOrDefault("external_seed_strategy", "legacy").toString(),
        flag("fast_mode", false));
  }

  /** Body members that are not search inputs, by name. */
  Set<String> ignored() {
    return ignored;
  }
}
