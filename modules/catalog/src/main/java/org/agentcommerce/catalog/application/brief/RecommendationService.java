package org.agentcommerce.catalog.application.brief;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.api.Recommendations;
import org.agentcommerce.catalog.application.CatalogQueries;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.SearchCriteria;
import org.agentcommerce.catalog.domain.brief.Evidence;
import org.agentcommerce.catalog.domain.brief.ParsedBrief;
import org.agentcommerce.platform.api.InvalidInputException;

/**
 * Recommendations for a need in the buyer's words: the need is read as a brief, the brief becomes a
 * search (product type, actives, concerns, skin type; budget and stock as filters), and every
 * candidate is checked against the brief, so a product over budget or with an avoided ingredient is
 * never recommended. A budget sent as a number wins over one in the words; either is enforced.
 */
@ApplicationScoped
public class RecommendationService implements Recommendations {

  /** Candidates read from the index per answer: enough to survive the brief's checks. */
  static final int CANDIDATES = 60;

  @Inject BriefService briefs;
  @Inject ProductSearchService search;
  @Inject CatalogQueries catalog;

  @Override
  public Result recommend(Request r) {
    if (r.need() == null || r.need().isBlank() || r.need().length() > 500) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("need"), "Input should have 1 to 500 characters", "string_length"));
    }
    ParsedBrief b = briefs.parse(r.need(), r.market(), null, r.currency());
    List<AppliedConstraint> applied = new ArrayList<>();
    String askedMarket = r.market() == null ? null : Markets.searchable(r.market(), null);
    String currency = r.currency() != null ? r.currency().toUpperCase(Locale.ROOT) : null;
    String marketCurrency = Markets.currencyOf(askedMarket);
    if (currency != null && marketCurrency != null && !currency.equals(marketCurrency)) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("constraints", "currency"),
              "Market " + askedMarket + " prices in " + marketCurrency + ", not " + currency,
              "value_error"));
    }
    BigDecimal max = null;
    BigDecimal min = null;
    String budgetSource = null;
    String budgetWords = null;
    if (r.priceMax() != null) {
      max = BriefConstraints.budget(r.priceMax(), List.of("constraints", "price_max"));
      budgetSource = "constraints.price_max";
      currency =
          first(
              currency,
              marketCurrency,
              b.budget() == null ? null : b.budget().currency(),
              b.currency());
    } else if (b.budget() != null) {
      max = b.budget().max();
      min = b.budget().min();
      budgetSource = "need";
      budgetWords = spanOf(b, "budget");
      currency = first(b.budget().currency(), currency, marketCurrency, b.currency());
    }
    String market =
        askedMarket != null
            ? askedMarket
            : Markets.searchable(null, first(currency, b.currency()), b.lang());
    if (market == null && b.market() != null) {
      market = Markets.searchable(b.market(), null, b.lang());
    }
    // A budget with nothing to say which money it is in is compared in US dollars, and says so.
    boolean assumed = budgetSource != null && currency == null && market == null;
    if (assumed) {
      market = "US";
    }
    if (currency == null) {
      currency = Markets.currencyOf(market);
    }
    if (max != null) {
      applied.add(
          new AppliedConstraint(
              "price_max", max.toPlainString(), currency, budgetSource, budgetWords));
    }
    if (min != null) {
      applied.add(
          new AppliedConstraint(
              "price_min", min.toPlainString(), currency, budgetSource, budgetWords));
    }
    if (assumed) {
      applied.add(new AppliedConstraint("currency", "USD", "USD", "assumed", null));
    }
    if (market != null) {
      applied.add(
          new AppliedConstraint(
              "market", market, null, r.market() != null ? "constraints.market" : "need", null));
    }
    boolean inStock = r.inStockOnly() || b.inStockOnly();
    if (inStock) {
      applied.add(
          new AppliedConstraint(
              "in_stock_only",
              "true",
              null,
              r.inStockOnly() ? "constraints.in_stock_only" : "need",
              spanOf(b, "inStockOnly")));
    }
    BriefConstraints c =
        new BriefConstraints(
            min,
            max,
            currency,
            market,
            inStock,
            r.merchantId() == null ? List.of() : List.of(r.merchantId()),
            b.category(),
            b.productType(),
            b.skinType(),
            b.sensitiveSkin(),
            b.exclusions(),
            b.wantedIngredients(),
            b.concerns(),
            b.brandsAvoided());
    addFromNeed(applied, b, "category", b.category());
    addFromNeed(applied, b, "product_type", b.productType());
    addFromNeed(applied, b, "skin_type", b.skinType());
    for (String x : b.exclusions()) {
      applied.add(
          new AppliedConstraint("exclude_ingredient", x, null, "need", spanOf(b, "exclusions", x)));
    }
    for (String x : b.brandsAvoided()) {
      applied.add(
          new AppliedConstraint("brand_avoided", x, null, "need", spanOf(b, "brandsAvoided", x)));
    }
    return new Result(
        r.need(), rank(searchText(b), c, r.limit()), List.copyOf(applied), b.unknowns());
  }

  /** Recommendations for a stored brief: its constraints and answers, source {@code brief}. */
  public Result forBrief(JsonObject brief, int limit) {
    BriefConstraints c = BriefConstraints.of(brief);
    String text = brief.getJsonObject("raw_intent").getString("text");
    List<AppliedConstraint> applied = new ArrayList<>();
    if (c.budgetMax() != null) {
      applied.add(
          new AppliedConstraint(
              "price_max", c.budgetMax().toPlainString(), c.currency(), "brief", null));
    }
    if (c.budgetMin() != null) {
      applied.add(
          new AppliedConstraint(
              "price_min", c.budgetMin().toPlainString(), c.currency(), "brief", null));
    }
    if (c.market() != null) {
      applied.add(new AppliedConstraint("market", c.market(), null, "brief", null));
    }
    if (c.productType() != null) {
      applied.add(new AppliedConstraint("product_type", c.productType(), null, "brief", null));
    } else if (c.category() != null) {
      applied.add(new AppliedConstraint("category", c.category(), null, "brief", null));
    }
    if (c.skinType() != null) {
      applied.add(new AppliedConstraint("skin_type", c.skinType(), null, "brief", null));
    }
    c.avoidIngredients()
        .forEach(
            x -> applied.add(new AppliedConstraint("exclude_ingredient", x, null, "brief", null)));
    c.brandsAvoided()
        .forEach(x -> applied.add(new AppliedConstraint("brand_avoided", x, null, "brief", null)));
    List<String> unknowns = new ArrayList<>();
    if (brief.get("unknowns") instanceof jakarta.json.JsonArray a) {
      a.getValuesAs(jakarta.json.JsonString.class).forEach(u -> unknowns.add(u.getString()));
    }
    return new Result(
        text, rank(searchText(c, text), c, limit), List.copyOf(applied), List.copyOf(unknowns));
  }

  private List<Recommended> rank(String text, BriefConstraints c, int limit) {
    Set<String> scope = catalog.visibleMerchants();
    if (!c.allowedMerchantIds().isEmpty()) {
      c.allowedMerchantIds().forEach(catalog::merchant);
      scope.retainAll(c.allowedMerchantIds());
    }
    ProductSearchService.Page page =
        search.search(
            new SearchCriteria(
                text,
                scope,
                c.productType() == null ? c.category() : null,
                "beauty",
                c.budgetMin(),
                c.budgetMax(),
                c.inStockOnly() ? Boolean.TRUE : null,
                c.market(),
                Map.of(),
                0,
                CANDIDATES));
    List<Recommended> out = new ArrayList<>();
    for (ProductView hit : page.products()) {
      var record = search.find(hit.merchantId(), hit.id()).orElse(null);
      if (record == null) {
        continue;
      }
      BriefFit.Verdict v = BriefFit.check(record, c);
      if (!v.fits()) {
        continue;
      }
      double relevance = hit.relevanceScore() == null ? 0 : hit.relevanceScore();
      double score = relevance + 0.5 * v.matches().size();
      List<String> reasons = new ArrayList<>();
      if (c.productType() != null) {
        reasons.add("a " + c.productType().toLowerCase(Locale.ROOT) + " as asked");
      }
      reasons.addAll(v.matches());
      if (reasons.isEmpty()) {
        reasons.add("matches the words of the need");
      }
      out.add(
          new Recommended(v.product(), Math.round(score * 1000) / 1000.0, List.copyOf(reasons)));
    }
    out.sort(Comparator.comparingDouble(Recommended::score).reversed());
    return List.copyOf(out.subList(0, Math.min(limit, out.size())));
  }

  /** The words to search for a stored brief: its product type, actives, concerns, skin type. */
  static String searchText(BriefConstraints c, String rawText) {
    Set<String> words = new LinkedHashSet<>();
    if (c.productType() != null) {
      words.add(c.productType());
    }
    words.addAll(c.wantedIngredients());
    words.addAll(c.concerns());
    if (c.skinType() != null) {
      words.add(c.skinType() + " skin");
    }
    if (words.isEmpty() && c.category() != null) {
      words.add(c.category());
    }
    return words.isEmpty() ? rawText : String.join(" ", words);
  }

  private static String first(String... values) {
    for (String v : values) {
      if (v != null) {
        return v.toUpperCase(Locale.ROOT);
      }
    }
    return null;
  }

  /** The words to search: what the brief understood, else the need itself. */
  static String searchText(ParsedBrief b) {
    Set<String> words = new LinkedHashSet<>();
    words.addAll(b.productTypes());
    words.addAll(b.wantedIngredients());
    words.addAll(b.concerns());
    if (b.skinType() != null) {
      words.add(b.skinType() + " skin");
    }
    return words.isEmpty() ? b.rawText() : String.join(" ", words);
  }

  private static void addFromNeed(
      List<AppliedConstraint> applied, ParsedBrief b, String name, String value) {
    if (value != null) {
      String field =
          name.equals("product_type")
              ? "productType"
              : name.equals("skin_type") ? "skinType" : name;
      applied.add(new AppliedConstraint(name, value, null, "need", spanOf(b, field)));
    }
  }

  private static String spanOf(ParsedBrief b, String field) {
    return b.evidenceFor(field).stream()
        .filter(Evidence::hasSpan)
        .map(Evidence::text)
        .findFirst()
        .orElse(null);
  }

  private static String spanOf(ParsedBrief b, String field, String value) {
    return b.evidenceFor(field, value).stream()
        .filter(Evidence::hasSpan)
        .map(Evidence::text)
        .findFirst()
        .orElse(null);
  }
}
