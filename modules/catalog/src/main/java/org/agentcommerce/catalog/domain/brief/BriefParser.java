package org.agentcommerce.catalog.domain.brief;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a free-text shopping brief into a {@link ParsedBrief} with deterministic rules: no model,
 * no randomness, no clock, no default-locale case mapping. The same input always gives an equal
 * result. Every rule has a stable id ({@link #RULES}) and every field it sets carries {@link
 * Evidence} pointing at the span of the brief it read.
 *
 * <p>How the fields are read:
 *
 * <ul>
 *   <li>The text is folded char for char (lower case without locale, Latin accents removed,
 *       full-width forms to ASCII), so offsets in the folded text are offsets in the raw text.
 *   <li>Budgets come first (see {@link BudgetRules}); their spans are then ignored by the word
 *       rules, so "no more than $20" is a budget and not a negation.
 *   <li>Known brands, then vocabulary phrases (longest match, plurals, typos within a small edit
 *       distance) are found in token order; Japanese phrases are found as substrings.
 *   <li>Negation scopes open at "no", "without", "avoid", "allergic to", "sans", "ohne", "sin",
 *       "not"... and run over a list ("no fragrance, alcohol or parabens") until a word that is
 *       neither an item nor a connector; "X-free" and "X free" negate backwards over a list. A
 *       negated ingredient is an exclusion and never a wanted ingredient; "not oily skin" sets no
 *       skin type; a negated brand is avoided.
 *   <li>Unknowns name relevant fields that stayed empty, in the order category, product_type,
 *       budget, skin_type, concerns, market. Skin type matters for skincare, sun, body (not
 *       deodorant), foundation and concealer; concerns for skincare, hair and body. For an
 *       off-vertical brief only the (beauty) category is listed.
 *   <li>Confidence is the share of relevant slots filled: vertical, product type (half when only
 *       the category is known), budget, market, plus skin type and concerns where they matter; an
 *       off-vertical brief scores vertical and budget. Rounded half-up to two decimals.
 * </ul>
 *
 * <p>Each family of rules has its own class, run in this order by {@link #parse}: {@link
 * BudgetRules}, {@link NumberRules} (SPF), {@link BrandMatcher}, {@link TypoRules}, {@link
 * PhraseMatcher}, {@link NegationRules}, {@link HitInterpreter}, {@link SkinRules}, {@link
 * NumberRules} (quantity), {@link GiftRules}, {@link MarketRules}, {@link LanguageRules}; {@link
 * BriefAssembly} builds the result and {@link ClarifyingQuestions} asks what is missing. Word lists
 * and tables are data files beside these classes, read by {@link BriefData}.
 *
 * <p>An instance holds only its compiled brand pattern and is safe to share between threads.
 */
public final class BriefParser {

  /** Every rule the parser applies, for generated documentation (from rules.tsv, in its order). */
  public static final List<BriefRule> RULES =
      BriefData.rows("rules.tsv", 2).stream().map(r -> new BriefRule(r[0], r[1])).toList();

  static final Set<String> RULE_IDS =
      RULES.stream().map(BriefRule::id).collect(Collectors.toUnmodifiableSet());

  private final BrandMatcher brands;

  /**
   * @param knownBrands brand names as the catalog shows them; matched case-, accent- and
   *     punctuation-insensitively ("la roche posay" finds "La Roche-Posay")
   */
  public BriefParser(Collection<String> knownBrands) {
    this.brands = new BrandMatcher(knownBrands);
  }

  /** Parses one brief. */
  public ParsedBrief parse(BriefInput input) {
    Objects.requireNonNull(input, "input");
    ParsedBrief draft = read(input);
    return draft.withQuestions(clarifyingQuestions(draft));
  }

  private ParsedBrief read(BriefInput in) {
    Scan scan = new Scan(in);
    String inMarket = MarketRules.normalizeMarket(in.market());
    String inCurrency = in.currency() == null ? null : in.currency().toUpperCase(Locale.ROOT);
    String dollarDefault = MarketRules.dollarDefault(inCurrency, inMarket);

    BudgetRules.Result budgetFound = BudgetRules.extract(scan.text, dollarDefault);
    for (int[] span : budgetFound.consumed()) {
      scan.block(span[0], span[1]);
    }
    NumberRules.spf(scan);
    brands.find(scan);
    TypoRules.correct(scan);
    PhraseMatcher.latin(scan);
    PhraseMatcher.japanese(scan);
    NegationRules.scopes(scan);
    NegationRules.freeSuffixes(scan);
    NegationRules.japaneseSuffixes(scan);
    HitInterpreter.interpret(scan);
    SkinRules.skinTypes(scan);
    NumberRules.quantity(scan);
    GiftRules.recipients(scan);
    MarketRules.usUpper(scan);

    String lang = LanguageRules.language(scan);
    return BriefAssembly.assemble(scan, lang, inMarket, inCurrency, budgetFound);
  }

  /**
   * At most two questions, most useful first: the product type (or category) when the brief is not
   * off-vertical and names none, then the budget, then the skin type where it matters (skincare,
   * sun, body, foundation, concealer), then the concerns (skincare, hair, body).
   */
  public List<Question> clarifyingQuestions(ParsedBrief brief) {
    return ClarifyingQuestions.of(brief);
  }

  /**
   * Optimal-string-alignment distance (adjacent transpositions count as one edit), giving up as
   * soon as it must exceed {@code max}; see {@link TypoRules#distance}.
   */
  static int distance(String a, String b, int max) {
    return TypoRules.distance(a, b, max);
  }
}
