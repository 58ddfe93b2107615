package org.agentcommerce.catalog.application.brief;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.domain.brief.BriefInput;
import org.agentcommerce.catalog.domain.brief.BriefParser;
import org.agentcommerce.catalog.domain.brief.Budget;
import org.agentcommerce.catalog.domain.brief.Evidence;
import org.agentcommerce.catalog.domain.brief.ParsedBrief;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * Refines a parsed brief with what the buyer answered (or what a partial brief already says): each
 * answer is read by the same rules as the brief itself, and what it determines replaces what the
 * brief left open. Evidence for an answered field names the answer ({@code answer.q_budget}) and
 * has no span in the raw text. Keys are the question ids ({@code q_budget}, {@code q_skin_type},
 * {@code q_category}, {@code q_concerns}) or the field names ({@code budget}, {@code skin_type},
 * {@code category}, {@code product_type}, {@code concerns}, {@code market}).
 */
final class Answers {

  private static final Map<String, String> FIELD_OF_KEY =
      Map.ofEntries(
          Map.entry("q_budget", "budget"),
          Map.entry("budget", "budget"),
          Map.entry("q_skin_type", "skin_type"),
          Map.entry("skin_type", "skin_type"),
          Map.entry("q_category", "category"),
          Map.entry("category", "category"),
          Map.entry("product_type", "category"),
          Map.entry("q_concerns", "concerns"),
          Map.entry("concerns", "concerns"),
          Map.entry("market", "market"));

  private static final Set<String> SKIN_TYPES =
      Set.of("dry", "oily", "combination", "normal", "sensitive");

  private Answers() {}

  /** The brief fields these answers settle. */
  static List<String> fields(Map<String, Object> answers, String root) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Object> e : answers.entrySet()) {
      String key = e.getKey();
      if (key == null) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("body", root), "Input should be an object of answers", "dict_type"));
      }
      if (e.getValue() == null) {
        throw invalid(root, key, "An answer cannot be null");
      }
      if (text(e.getValue()).length() > 2000) {
        throw invalid(root, key, "An answer has at most 2000 characters");
      }
      String field = FIELD_OF_KEY.get(key);
      if (field == null) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("body", root, key),
                "Unknown answer; use one of " + new java.util.TreeSet<>(FIELD_OF_KEY.keySet()),
                "value_error"));
      }
      if (field.equals("category")) {
        out.add("category");
        out.add("product_type");
      } else {
        out.add(field);
      }
    }
    return out;
  }

  static ParsedBrief apply(
      BriefParser parser, ParsedBrief b, Map<String, Object> answers, String root) {
    fields(answers, root);
    String category = b.category();
    String productType = b.productType();
    List<String> productTypes = b.productTypes();
    Budget budget = b.budget();
    String skinType = b.skinType();
    boolean sensitive = b.sensitiveSkin();
    Set<String> concerns = new LinkedHashSet<>(b.concerns());
    Set<String> exclusions = new LinkedHashSet<>(b.exclusions());
    Set<String> wanted = new LinkedHashSet<>(b.wantedIngredients());
    String market = b.market();
    String currency = b.currency();
    List<Evidence> evidence = new ArrayList<>(b.evidence());
    Set<String> settled = new LinkedHashSet<>();
    for (Map.Entry<String, Object> e : answers.entrySet()) {
      String key = e.getKey();
      String field = FIELD_OF_KEY.get(key);
      Object value = e.getValue();
      String rule = "answer." + key;
      switch (field) {
        case "budget" -> {
          budget = budget(parser, value, currency, market, root, key);
          currency = budget.currency() != null ? budget.currency() : currency;
          evidence.add(new Evidence(rule, "budget", -1, -1, "", "answered: " + text(value), null));
          settled.add("budget");
        }
        case "skin_type" -> {
          String s = text(value).toLowerCase(Locale.ROOT).replace(" skin", "").strip();
          if (!SKIN_TYPES.contains(s)) {
            throw invalid(
                root, key, "Input should be one of " + new java.util.TreeSet<>(SKIN_TYPES));
          }
          skinType = s;
          sensitive = sensitive || s.equals("sensitive");
          evidence.add(new Evidence(rule, "skinType", -1, -1, "", "answered", s));
          settled.add("skin_type");
        }
        case "category" -> {
          ParsedBrief read = parser.parse(new BriefInput(text(value), market, null, currency));
          if (read.productType() == null && read.category() == null) {
            throw invalid(root, key, "Not a category or product type this catalog knows");
          }
          if (read.productType() != null) {
            productType = read.productType();
            productTypes = read.productTypes();
            settled.add("product_type");
          }
          category = read.category() != null ? read.category() : category;
          evidence.add(
              new Evidence(rule, "category", -1, -1, "", "answered: " + text(value), category));
          settled.add("category");
        }
        case "concerns" -> {
          ParsedBrief read = parser.parse(new BriefInput(text(value), market, null, currency));
          concerns.addAll(read.concerns());
          for (String c : read.concerns()) {
            evidence.add(new Evidence(rule, "concerns", -1, -1, "", "answered", c));
          }
          settled.add("concerns");
        }
        case "market" -> {
          if (!(value instanceof String m) || !m.strip().matches("[A-Za-z]{2,8}")) {
            throw invalid(root, key, "Input should be a market code such as US, FR or JP");
          }
          market = text(value).strip().toUpperCase(Locale.ROOT);
          evidence.add(new Evidence(rule, "market", -1, -1, "", "answered", market));
          settled.add("market");
        }
        default -> throw new IllegalStateException(field);
      }
    }
    List<String> unknowns = new ArrayList<>(b.unknowns());
    int before = unknowns.size();
    unknowns.removeAll(settled);
    double confidence =
        before == 0
            ? b.confidence()
            : b.confidence() + (1 - b.confidence()) * (before - unknowns.size()) / before;
    ParsedBrief merged =
        new ParsedBrief(
            b.rawText(),
            b.lang(),
            category != null && b.vertical() == null ? "beauty" : b.vertical(),
            b.suggestedVertical(),
            category,
            productType,
            productTypes,
            budget,
            b.priceTier(),
            skinType,
            sensitive,
            List.copyOf(concerns),
            List.copyOf(exclusions),
            List.copyOf(wanted),
            b.minSpf(),
            b.quantity(),
            b.brandsWanted(),
            b.brandsAvoided(),
            market,
            b.locale(),
            currency,
            b.inStockOnly(),
            b.giftIntent(),
            evidence,
            unknowns,
            b.assumptions(),
            Math.round(confidence * 100) / 100.0,
            List.of());
    return merged.withQuestions(parser.clarifyingQuestions(merged));
  }

  private static Budget budget(
      BriefParser parser, Object value, String currency, String market, String root, String key) {
    if (value instanceof Number n) {
      BigDecimal max =
          BriefConstraints.budget(new BigDecimal(n.toString()), List.of("body", root, key));
      return new Budget(null, max, currency);
    }
    if (value instanceof Map<?, ?> m) {
      BigDecimal min =
          BriefConstraints.budget(
              decimal(m.get("min"), root, key), List.of("body", root, key, "min"));
      BigDecimal max =
          BriefConstraints.budget(
              decimal(m.get("max"), root, key), List.of("body", root, key, "max"));
      Object cur = m.get("currency");
      if (cur != null && !(cur instanceof String c && c.matches("[A-Za-z]{3}"))) {
        throw invalid(root, key, "currency should be a three-letter ISO 4217 code");
      }
      if (min == null && max == null) {
        throw invalid(root, key, "A budget needs min or max");
      }
      try {
        return new Budget(
            min, max, cur == null ? currency : cur.toString().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw invalid(root, key, e.getMessage());
      }
    }
    ParsedBrief read = parser.parse(new BriefInput(text(value), market, null, currency));
    if (read.budget() == null) {
      throw invalid(root, key, "Not a budget: say an amount, e.g. 30 or \"under 30 EUR\"");
    }
    return read.budget();
  }

  private static BigDecimal decimal(Object v, String root, String key) {
    if (v == null) {
      return null;
    }
    try {
      return new BigDecimal(v.toString());
    } catch (NumberFormatException e) {
      throw invalid(root, key, "Input should be a valid number");
    }
  }

  private static String text(Object value) {
    if (value instanceof Collection<?> c) {
      return String.join(", ", c.stream().map(String::valueOf).toList());
    }
    return String.valueOf(value);
  }

  private static InvalidInputException invalid(String root, String key, String msg) {
    return new InvalidInputException(
        new InvalidInputException.Violation(List.of("body", root, key), msg, "value_error"));
  }
}
