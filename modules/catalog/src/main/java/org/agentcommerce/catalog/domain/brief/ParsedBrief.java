package org.agentcommerce.catalog.domain.brief;

import java.util.List;
import java.util.Objects;

/**
 * A shopping brief read into fields. Lists keep the order of first appearance in the text and hold
 * no duplicates; a field the brief did not determine is null (or empty, or false).
 *
 * @param rawText the brief exactly as given; every evidence span indexes into it
 * @param lang ISO 639-1 guess ("en", "fr", "de", "es", "it", "ja"...), "en" when nothing tells
 * @param vertical "beauty", "other" (clearly something this catalog does not sell), or null
 * @param suggestedVertical where to route the brief: "beauty", or for off-vertical briefs a coarse
 *     vertical such as "electronics", "footwear", "pet"; "beauty" by assumption when unknown
 * @param category skincare, makeup, hair, fragrance, body or sun; null when unknown
 * @param productType the first catalog product type asked for ("Serum", "Eau de Parfum"...)
 * @param productTypes every product type asked for, first one equal to {@code productType}
 * @param priceTier "budget" or "premium" when the brief says so in words ("cheap", "luxury")
 * @param skinType dry, oily, combination, normal or sensitive (only when no other type is given)
 * @param sensitiveSkin whether the brief says the skin is sensitive, whatever the type
 * @param concerns normalized concern vocabulary (acne, dark spots, frizz...)
 * @param exclusions ingredients and attributes to avoid (fragrance, alcohol, retinol...)
 * @param wantedIngredients actives asked for (niacinamide, hyaluronic acid, spf...)
 * @param minSpf the SPF number asked for ("SPF 50+" gives 50), or null
 * @param quantity how many units, when the brief says ("2 bottles", "x2"), else null
 * @param brandsWanted known brands mentioned without negation, as the catalog spells them
 * @param brandsAvoided known brands after "not", "no", "avoid", "anything but"...
 * @param market market code from the input, else inferred (text, currency, locale)
 * @param locale locale tag from the input, else inferred from lang and market
 * @param currency ISO 4217 code from the input, else inferred (text, then market)
 * @param evidence at least one entry for every field that was set
 * @param unknowns relevant fields that could not be determined, in the fixed order category,
 *     product_type, budget, skin_type, concerns, market
 * @param confidence 0..1, the share of relevant fields that were determined (two decimals)
 * @param questions at most two clarifying questions, most useful first
 */
public record ParsedBrief(
    String rawText,
    String lang,
    String vertical,
    String suggestedVertical,
    String category,
    String productType,
    List<String> productTypes,
    Budget budget,
    String priceTier,
    String skinType,
    boolean sensitiveSkin,
    List<String> concerns,
    List<String> exclusions,
    List<String> wantedIngredients,
    Integer minSpf,
    Integer quantity,
    List<String> brandsWanted,
    List<String> brandsAvoided,
    String market,
    String locale,
    String currency,
    boolean inStockOnly,
    boolean giftIntent,
    List<Evidence> evidence,
    List<String> unknowns,
    List<Assumption> assumptions,
    double confidence,
    List<Question> questions) {

  public ParsedBrief {
    Objects.requireNonNull(rawText, "rawText");
    productTypes = copy(productTypes);
    concerns = copy(concerns);
    exclusions = copy(exclusions);
    wantedIngredients = copy(wantedIngredients);
    brandsWanted = copy(brandsWanted);
    brandsAvoided = copy(brandsAvoided);
    evidence = copy(evidence);
    unknowns = copy(unknowns);
    assumptions = copy(assumptions);
    questions = copy(questions);
  }

  /** The same brief with these clarifying questions. */
  public ParsedBrief withQuestions(List<Question> asked) {
    return new ParsedBrief(
        rawText,
        lang,
        vertical,
        suggestedVertical,
        category,
        productType,
        productTypes,
        budget,
        priceTier,
        skinType,
        sensitiveSkin,
        concerns,
        exclusions,
        wantedIngredients,
        minSpf,
        quantity,
        brandsWanted,
        brandsAvoided,
        market,
        locale,
        currency,
        inStockOnly,
        giftIntent,
        evidence,
        unknowns,
        assumptions,
        confidence,
        asked);
  }

  /** The evidence entries for one field, in the order they were recorded. */
  public List<Evidence> evidenceFor(String field) {
    return evidence.stream().filter(e -> e.field().equals(field)).toList();
  }

  /** The evidence entries for one value of a field (e.g. field "concerns", value "acne"). */
  public List<Evidence> evidenceFor(String field, String value) {
    return evidence.stream()
        .filter(e -> e.field().equals(field) && Objects.equals(e.value(), value))
        .toList();
  }

  private static <T> List<T> copy(List<T> list) {
    return list == null ? List.of() : List.copyOf(list);
  }
}
