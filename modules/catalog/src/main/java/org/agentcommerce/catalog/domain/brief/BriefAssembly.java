package org.agentcommerce.catalog.domain.brief;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Turns a scanned brief into a {@link ParsedBrief}: classifies it ({@link Classification}), settles
 * market, currency, locale and budget ({@link MarketRules}), lists the unknowns and scores the
 * confidence, and keeps only the evidence of fields that were set.
 *
 * <p>Unknowns name relevant fields that stayed empty, in the order category, product_type, budget,
 * skin_type, concerns, market. Confidence is the share of relevant slots filled: vertical, product
 * type (half when only the category is known), budget, market, plus skin type and concerns where
 * they matter; an off-vertical brief scores vertical and budget. Rounded half-up to two decimals.
 */
final class BriefAssembly {

  private BriefAssembly() {}

  static ParsedBrief assemble(
      Scan scan, String lang, String inMarket, String inCurrency, BudgetRules.Result found) {
    Classification c = new Classification(scan);
    MarketRules.Resolved settled = MarketRules.resolve(scan, lang, inMarket, inCurrency, found);
    List<String> types = c.types;
    String vertical = c.vertical;
    String suggested = c.suggested;
    boolean other = c.other;
    String category = c.category;
    String productType = c.productType;
    String skinType = c.skinType;
    boolean sensitive = c.sensitive;
    String market = settled.market();
    String currency = settled.currency();
    String locale = settled.locale();
    Budget budget = settled.budget();

    List<String> unknowns = new ArrayList<>();
    double score = 0;
    int slots = 0;
    if (other) {
      unknowns.add("category");
      slots = 2;
      score = 1 + (budget != null ? 1 : 0);
    } else {
      slots = 3;
      score += vertical != null ? 1 : 0;
      if (category == null) {
        unknowns.add("category");
      } else if (productType == null) {
        unknowns.add("product_type");
        score += 0.5;
      } else {
        score += 1;
      }
      if (budget == null) {
        unknowns.add("budget");
      } else {
        score += 1;
      }
      if (ClarifyingQuestions.skinTypeRelevant(category, productType)) {
        slots++;
        if (skinType == null) {
          unknowns.add("skin_type");
        } else {
          score += 1;
        }
      }
      if (ClarifyingQuestions.concernsRelevant(category)) {
        slots++;
        if (scan.concerns.isEmpty()) {
          unknowns.add("concerns");
        } else {
          score += 1;
        }
      }
      slots++;
      if (market == null) {
        unknowns.add("market");
      } else {
        score += 1;
      }
    }
    double confidence =
        BigDecimal.valueOf(score)
            .divide(BigDecimal.valueOf(slots), 2, RoundingMode.HALF_UP)
            .doubleValue();

    if (other) {
      types.clear();
    }
    final String fCategory = category;
    final String fProductType = productType;
    final List<String> fTypes = List.copyOf(types);
    final Budget fBudget = budget;
    final String fSkin = skinType;
    final boolean fSensitive = sensitive;
    final String fMarket = market;
    final String fCurrency = currency;
    final String fVertical = vertical;
    List<Evidence> kept = new ArrayList<>();
    for (Evidence e : scan.evidence) {
      boolean keep =
          switch (e.field()) {
            case "lang", "locale" -> true;
            case "vertical" -> fVertical != null;
            case "category" -> fCategory != null;
            case "productType" -> fProductType != null;
            case "productTypes" -> fTypes.contains(e.value());
            case "budget" -> fBudget != null;
            case "priceTier" -> scan.priceTier != null;
            case "skinType" -> fSkin != null;
            case "sensitiveSkin" -> fSensitive;
            case "concerns" -> scan.concerns.contains(e.value());
            case "exclusions" -> scan.exclusions.contains(e.value());
            case "wantedIngredients" -> scan.wanted.contains(e.value());
            case "brandsWanted" -> scan.brandsWanted.contains(e.value());
            case "brandsAvoided" -> scan.brandsAvoided.contains(e.value());
            case "minSpf" -> scan.minSpf != null;
            case "quantity" -> scan.quantity != null;
            case "market" -> Objects.equals(fMarket, e.value());
            case "currency" -> Objects.equals(fCurrency, e.value());
            case "inStockOnly" -> scan.inStock;
            case "giftIntent" -> scan.gift;
            default -> true;
          };
      if (keep && !kept.contains(e)) {
        kept.add(e);
      }
    }

    return new ParsedBrief(
        scan.raw,
        lang,
        vertical,
        suggested,
        category,
        productType,
        fTypes,
        budget,
        scan.priceTier,
        skinType,
        sensitive,
        List.copyOf(scan.concerns),
        List.copyOf(scan.exclusions),
        List.copyOf(scan.wanted),
        scan.minSpf,
        scan.quantity,
        List.copyOf(scan.brandsWanted),
        List.copyOf(scan.brandsAvoided),
        market,
        locale,
        currency,
        scan.inStock,
        scan.gift,
        kept,
        unknowns,
        scan.assumptions,
        confidence,
        List.of());
  }
}
