package org.agentcommerce.catalog.domain.brief;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.agentcommerce.catalog.domain.brief.Lexicon.Kind;
import org.agentcommerce.catalog.domain.brief.Lexicon.Phrase;
import org.agentcommerce.catalog.domain.brief.Lexicon.Sense;

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
 * <p>An instance holds only its compiled brand pattern and is safe to share between threads.
 */
public final class BriefParser {

  /** Every rule the parser applies, for generated documentation. */
  public static final List<BriefRule> RULES =
      List.of(
          rule("input.market", "The market the caller passed."),
          rule("input.locale", "The locale the caller passed."),
          rule("input.currency", "The currency the caller passed."),
          rule("lang.script", "Kana, Hangul or Han script decides the language (ja, ko, zh)."),
          rule(
              "lang.keywords",
              "Function words and accented letters of en/fr/de/es/it are scored; the best wins."),
          rule("lang.locale", "Too few words to tell: the language of the caller's locale."),
          rule("vertical.product_type", "A beauty product type puts the brief in beauty."),
          rule(
              "vertical.beauty_signal",
              "A concern, skin type, ingredient, known brand, category or beauty word means beauty."),
          rule(
              "vertical.off_vertical",
              "A product the catalog does not sell (laptop, running shoes, coffee...) means other."),
          rule("vertical.pet", "Pets mean other even with a beauty product type (dog shampoo)."),
          rule("category.product_type", "The category of the product type."),
          rule("category.keyword", "A category word: skincare, makeup, hair, body, sun care..."),
          rule("category.from_concern", "The category of the first concern (frizz is hair)."),
          rule("category.from_skin_type", "A skin type and nothing else points to skincare."),
          rule("category.from_ingredient", "A skincare active and nothing else means skincare."),
          rule(
              "product_type.keyword",
              "A product-type word, plural, synonym or translation (face wash is Cleanser)."),
          rule(
              "product_type.weak",
              "A vague word (cream, lotion, scrub, SPF, scent) used when no clearer type is named."),
          rule(
              "typo.edit_distance",
              "An unknown word 1 edit (5-7 letters) or 2 edits (8+) from one vocabulary word with"
                  + " the same first letter; exact words always win, ties are left alone."),
          rule("budget.range", "Two amounts joined by -, to, and, à, bis, y, ~, から: min and max."),
          rule(
              "budget.under",
              "Upper bound before the amount: under, below, less than, max, up to, no more than,"
                  + " moins de, unter, bis, menos de, hasta, meno di."),
          rule("budget.max_suffix", "Upper bound after the amount: 30 euros max, $40 tops."),
          rule("budget.spend_limit", "\"don't want to spend more than X\", \"spend under X\"."),
          rule("budget.word", "\"budget of 50\", \"my budget is $40\": an upper bound."),
          rule("budget.over", "Lower bound, only with a currency: over $50, at least £20."),
          rule("budget.min_suffix", "Lower bound after the amount: $50+, or more, 以上."),
          rule(
              "budget.around",
              "around/about/~ X, X-ish, くらい: X-20% to X+20%, half-up at the amount's scale."),
          rule("budget.amount", "A plain amount with a currency (a $30 serum) is the maximum."),
          rule("budget.ja_ika", "以下 after the amount: an upper bound."),
          rule("budget.ja_made", "まで, 以内 or 未満 after the amount: an upper bound."),
          rule("budget.ja_yosan", "予算 before the amount: the budget."),
          rule("budget.symbol_leading", "Currency symbol or code first: $30, €25, US$, CA$, A$."),
          rule(
              "budget.symbol_trailing",
              "Currency symbol after the amount, European style: 30€, 29,99 €, 3000円."),
          rule("budget.currency_word", "Currency word after the amount: euros, dollars, bucks."),
          rule("budget.currency_code", "ISO code with the amount: 30 EUR, 3000 JPY."),
          rule("budget.decimal_comma", "A comma before one or two final digits is the decimal."),
          rule(
              "budget.thousands_separator",
              "A separator before exactly three digits groups thousands: 1.299,50; 3,000円."),
          rule("budget.multiplier", "万 multiplies by 10000, 千 and k by 1000."),
          rule(
              "budget.currency_default",
              "A bare number takes the caller's currency, else one named in the brief, else the"
                  + " market's; otherwise the currency stays unknown."),
          rule(
              "currency.dollar_market",
              "A bare $ or dollars is the caller's dollar currency (CAD, AUD...), else USD."),
          rule("currency.text", "The currency of an amount, or \"in euros\", \"in yen\"."),
          rule("currency.from_market", "No currency anywhere: the market's currency."),
          rule(
              "market.currency_symbol",
              "Market from the currency in the brief: USD US, EUR EU, GBP GB, JPY JP, CAD CA."),
          rule("market.from_currency", "Market from the currency the caller passed."),
          rule("market.country_name", "A country or region named: UK, Japan, Canada, US, EU."),
          rule("market.locale", "Market from the region of the caller's locale."),
          rule("locale.inferred", "Locale built from the language and the market."),
          rule("price.tier_low", "cheap, affordable, drugstore, pas cher, günstig, プチプラ."),
          rule("price.tier_high", "luxury, high-end, splurge, haut de gamme, デパコス."),
          rule("skin.type", "Skin-type words before a skin noun: dry, sensitive skin."),
          rule("skin.type_copula", "Skin noun, then is/type/: and the type: my skin is dry."),
          rule("skin.type_foreign", "Noun first: peau sèche, piel grasa, pelle mista."),
          rule("skin.type_compound", "One word for skin and type: Mischhaut, 乾燥肌, 敏感肌."),
          rule("skin.sensitive", "Sensitive skin is flagged whatever the type."),
          rule("concern.keyword", "Concern words and synonyms, mapped to the concern vocabulary."),
          rule("ingredient.wanted", "An active named without negation."),
          rule("spf.value", "SPF 30, spf50+: the lowest SPF wanted."),
          rule(
              "exclusion.no_x",
              "no X, without X, nothing with X; the scope runs over a list (no X, Y or Z)."),
          rule("exclusion.no_x_foreign", "sans X, pas de X, ohne X, kein X, sin X, senza X."),
          rule("exclusion.free_suffix", "X-free, X free, paraben and sulfate free."),
          rule("exclusion.free_of", "free of X, free from X, frei von X, libre de X."),
          rule("exclusion.avoid", "avoid X, hate X, don't want X, éviter X, vermeiden."),
          rule("exclusion.allergy", "allergic to X, sensitive to X, allergique à X."),
          rule("exclusion.cannot_use", "can't use X, cannot tolerate X."),
          rule("exclusion.not_x", "not X for an ingredient."),
          rule("exclusion.direct", "A word that is an exclusion: unscented, parfumfrei, 無香料."),
          rule("exclusion.ja_suffix", "フリー, 不使用 or なし after an ingredient."),
          rule("pregnancy.retinoids", "Pregnant or breastfeeding: retinol is excluded."),
          rule("brand.want", "A known brand named without negation."),
          rule(
              "brand.avoid",
              "A known brand after not, no, avoid, anything but, except, instead of."),
          rule("quantity.count", "A number and a count noun: 2 bottles, three of them."),
          rule("quantity.multiplier", "x2, 2x, qty 3."),
          rule("quantity.ja_counter", "A number and a Japanese counter: 2本, 3個."),
          rule("quantity.product_plural", "A number before a product type: 2 lipsticks."),
          rule("stock.in_stock", "in stock, available now, ships today, auf Lager, 在庫あり."),
          rule("gift.keyword", "gift, present for, birthday, cadeau, Geschenk, プレゼント."),
          rule("gift.recipient", "for my mum / sister / boyfriend..."));

  static final Set<String> RULE_IDS =
      RULES.stream().map(BriefRule::id).collect(Collectors.toUnmodifiableSet());

  private static BriefRule rule(String id, String description) {
    return new BriefRule(id, description);
  }

  // ------------------------------------------------------------------ word lists

  private static final Set<String> CONNECTORS =
      Set.of(
          "and", "or", "nor", "et", "ou", "und", "oder", "y", "o", "ni", "e", "plus", "also",
          "either", "neither");

  private static final Set<String> ITEM_FILLERS =
      Set.of(
          "added",
          "artificial",
          "synthetic",
          "harsh",
          "strong",
          "heavy",
          "drying",
          "any",
          "all",
          "too",
          "much",
          "other",
          "kind",
          "kinds",
          "type",
          "types",
          "of",
          "the",
          "a",
          "an",
          "de",
          "des",
          "du",
          "d",
          "la",
          "le",
          "les",
          "l",
          "el",
          "los",
          "las",
          "di",
          "del",
          "della",
          "von",
          "der",
          "die",
          "das",
          "irgendwelche",
          "irgendwelchen",
          "fake");

  private static final Set<String> LEAD_FILLERS =
      Set.of(
          "with",
          "for",
          "containing",
          "contain",
          "contains",
          "products",
          "product",
          "anything",
          "stuff",
          "ingredients",
          "ingredient",
          "things",
          "thing",
          "that",
          "has",
          "have",
          "use",
          "using",
          "includes",
          "including",
          "formulas",
          "formula",
          "mit",
          "con",
          "avec",
          "produits",
          "something",
          "any",
          "brand",
          "brands",
          "from",
          "by",
          "more");

  private static final Set<String> SKIN_CHAIN =
      Set.of(
          "very",
          "extremely",
          "super",
          "really",
          "quite",
          "pretty",
          "rather",
          "slightly",
          "somewhat",
          "a",
          "bit",
          "little",
          "kind",
          "of",
          "mostly",
          "and",
          "or",
          "to",
          "prone",
          "on",
          "the",
          "side",
          "tres",
          "sehr",
          "muy",
          "molto",
          "un",
          "peu",
          "plutot",
          "eher",
          "leicht",
          "ziemlich",
          "bastante",
          "y",
          "o",
          "et",
          "ou",
          "und",
          "oder",
          "e",
          "also",
          "sometimes",
          "naturally",
          "but",
          "not");

  private static final Set<String> COPULAS =
      Set.of(
          "is", "s", "type", "gets", "get", "tends", "be", "feels", "feel", "seems", "est", "ist",
          "es", "e", "was", "runs", "leans", "my", "like");

  private static final Set<String> FOREIGN_SKIN_NOUNS = Set.of("peau", "piel", "pelle", "cutis");

  private static final Set<String> SKIN_RELEVANT_TYPES =
      Set.of(
          "Foundation",
          "Concealer",
          "Body Lotion",
          "Body Wash",
          "Body Oil",
          "Body Scrub",
          "Hand Cream");

  private static final Map<String, Integer> NUMBER_WORDS = new LinkedHashMap<>();

  static {
    String[] words = {
      "one:1",
      "two:2",
      "three:3",
      "four:4",
      "five:5",
      "six:6",
      "seven:7",
      "eight:8",
      "nine:9",
      "ten:10",
      "eleven:11",
      "twelve:12",
      "a couple:2",
      "a pair:2",
      "a dozen:12",
      "couple:2",
      "pair:2",
      "dozen:12",
      "deux:2",
      "trois:3",
      "quatre:4",
      "cinq:5",
      "zwei:2",
      "drei:3",
      "vier:4",
      "funf:5",
      "dos:2",
      "tres:3",
      "cuatro:4",
      "cinco:5",
      "due:2",
      "tre:3"
    };
    for (String w : words) {
      int c = w.indexOf(':');
      NUMBER_WORDS.put(w.substring(0, c), Integer.valueOf(w.substring(c + 1)));
    }
  }

  private static final String NUMBER_ALT =
      "\\d{1,2}|"
          + NUMBER_WORDS.keySet().stream()
              .sorted(Comparator.comparingInt(String::length).reversed())
              .collect(Collectors.joining("|"));

  private static final Pattern QUANTITY_COUNT =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}])(?<n>"
              + NUMBER_ALT
              + ")\\s+(?:(?:x|of)\\s+)?(?:(?:full[- ]size|travel[- ]size|big|small|large|mini"
              + "|new)\\s+)?(?:bottles?|tubes?|jars?|units?|pieces?|pcs|packs?|sets?|boxes|box"
              + "|sticks?|cans?|pots?|tins?|of them|of these|of those|of it|of each|items?"
              + "|refills?|flacons?|flaschen|tuben|stuck|dosen|botes|botellas|tubos|unidades"
              + "|frascos?|pezzi|bottiglie|flaconi)(?![\\p{L}])");
  private static final Pattern QUANTITY_X_BEFORE =
      Pattern.compile("(?<![\\p{L}\\p{N}])x\\s?(?<n>\\d{1,2})(?![\\p{N}])");
  private static final Pattern QUANTITY_X_AFTER =
      Pattern.compile("(?<![\\p{L}\\p{N}.,])(?<n>\\d{1,2})\\s?x(?![\\p{L}\\p{N}])");
  private static final Pattern QUANTITY_LABEL =
      Pattern.compile(
          "(?<![\\p{L}])(?:qty|quantity|qte|menge|cantidad|quantita|数量)\\s*[:=]?\\s*(?<n>\\d{1,3})"
              + "(?![\\p{N}])");
  private static final Pattern QUANTITY_JA =
      Pattern.compile("(?<![\\p{N}])(?<n>\\d{1,2})\\s?(?:本|個|つ|点|セット|箱)");

  private record QuantityRule(Pattern pattern, String ruleId) {}

  private static final List<QuantityRule> QUANTITY_RULES =
      List.of(
          new QuantityRule(QUANTITY_COUNT, "quantity.count"),
          new QuantityRule(QUANTITY_X_BEFORE, "quantity.multiplier"),
          new QuantityRule(QUANTITY_X_AFTER, "quantity.multiplier"),
          new QuantityRule(QUANTITY_LABEL, "quantity.multiplier"),
          new QuantityRule(QUANTITY_JA, "quantity.ja_counter"));

  private static final Pattern SPF =
      Pattern.compile("(?<![\\p{L}\\p{N}])spf\\s*-?\\s*(?<n>\\d{1,3})\\s*\\+?");

  private static final Pattern US_UPPER =
      Pattern.compile("(?<![A-Za-z])(?:U\\.S\\.?|US)(?![A-Za-z])");

  private static final Pattern RECIPIENT =
      Pattern.compile(
          "(?<![\\p{L}])(?:for|pour|fur|para|per)\\s+(?:my|a|her|his|our|ma|mon|mes|meine|meinen"
              + "|meiner|mein|mi|mis|mia|mio|la mia|il mio)\\s+(?:little\\s+|big\\s+|best\\s+"
              + "|older\\s+|younger\\s+|new\\s+)?(?<who>mum|mom|mommy|mummy|mother|sister|sis|wife"
              + "|girlfriend|gf|boyfriend|bf|husband|dad|father|friend|bestie|bff|daughter|son"
              + "|grandma|grandmother|granny|nan|aunt|auntie|niece|nephew|partner|colleague"
              + "|coworker|boss|teacher|cousin|mother-in-law|mere|soeur|femme|amie|copine|mutter"
              + "|schwester|frau|freundin|madre|hermana|esposa|novia|amiga|sorella|moglie|amica)"
              + "(?!\\s*'s)(?![\\p{L}])");

  private static final List<String> JA_NEGATING_SUFFIXES =
      List.of("フリー", "不使用", "なし", "無し", "抜き", "ゼロ", "-free", " free", "free");

  private static final Map<String, String> MARKET_CURRENCY = new LinkedHashMap<>();
  private static final Map<String, String> CURRENCY_MARKET = new LinkedHashMap<>();
  private static final Set<String> EUROZONE =
      Set.of(
          "DE", "FR", "ES", "IT", "NL", "IE", "AT", "BE", "PT", "FI", "GR", "LU", "SK", "SI", "EE",
          "LV", "LT", "CY", "MT", "HR");
  private static final Set<String> DOLLARS = Set.of("USD", "CAD", "AUD", "NZD", "SGD", "HKD");
  private static final Map<String, String> EU_LANG_REGION =
      Map.of("de", "DE", "fr", "FR", "es", "ES", "it", "IT", "nl", "NL", "pt", "PT");

  static {
    MARKET_CURRENCY.put("US", "USD");
    MARKET_CURRENCY.put("EU", "EUR");
    MARKET_CURRENCY.put("GB", "GBP");
    MARKET_CURRENCY.put("JP", "JPY");
    MARKET_CURRENCY.put("CA", "CAD");
    MARKET_CURRENCY.put("AU", "AUD");
    MARKET_CURRENCY.put("NZ", "NZD");
    CURRENCY_MARKET.put("USD", "US");
    CURRENCY_MARKET.put("EUR", "EU");
    CURRENCY_MARKET.put("GBP", "GB");
    CURRENCY_MARKET.put("JPY", "JP");
    CURRENCY_MARKET.put("CAD", "CA");
    CURRENCY_MARKET.put("AUD", "AU");
    CURRENCY_MARKET.put("NZD", "NZ");
  }

  private static final List<String> LANGS = List.of("en", "fr", "de", "es", "it");
  private static final Map<String, List<String>> LANG_WORDS = new LinkedHashMap<>();

  static {
    langWords(
        "en",
        "the and for with my need want looking something under skin to of is that without please"
            + " some any but me it get cheap around i an in on what best good not can should"
            + " recommend help hair face dry oily gift sister mum mom who has which also");
    langWords(
        "fr",
        "le la les un une des du pour avec sans peau moins je cherche mon ma mes et est pas qui"
            + " au aux creme soin cheveux voudrais besoin tres plus ou de sont");
    langWords(
        "de",
        "der die das und fur mit ohne haut unter ich suche eine ein einen nicht ist meine mein"
            + " bis zu haare creme gunstig oder sehr auf von den dem fuer brauche es");
    langWords(
        "es",
        "el los las una un para con sin piel menos busco mi y que es de del crema cabello pelo o"
            + " por muy quiero necesito algo");
    langWords(
        "it",
        "il lo gli una per con senza pelle meno cerco mio mia e di che crema capelli sono voglio"
            + " ho qualcosa un");
  }

  private static void langWords(String lang, String words) {
    for (String w : words.split(" ")) {
      List<String> langs = LANG_WORDS.computeIfAbsent(w, k -> new ArrayList<>());
      if (!langs.contains(lang)) {
        langs.add(lang);
      }
    }
  }

  // ------------------------------------------------------------------ instance

  private final List<String> brandNames;
  private final Pattern brandPattern;

  /**
   * @param knownBrands brand names as the catalog shows them; matched case-, accent- and
   *     punctuation-insensitively ("la roche posay" finds "La Roche-Posay")
   */
  public BriefParser(Collection<String> knownBrands) {
    Map<String, String> byFolded = new LinkedHashMap<>();
    for (String b : knownBrands == null ? List.<String>of() : knownBrands) {
      if (b != null && !b.isBlank()) {
        byFolded.putIfAbsent(BriefText.fold(b.strip()), b.strip());
      }
    }
    List<String> folded = new ArrayList<>(byFolded.keySet());
    folded.sort(Comparator.comparingInt(String::length).reversed().thenComparing(s -> s));
    List<String> names = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    for (String f : folded) {
      String body = brandRegex(f);
      if (body == null) {
        continue;
      }
      names.add(byFolded.get(f));
      sb.append(sb.length() == 0 ? "" : "|").append('(').append(body).append(')');
    }
    this.brandNames = List.copyOf(names);
    this.brandPattern =
        names.isEmpty()
            ? null
            : Pattern.compile("(?<![\\p{L}\\p{N}])(?:" + sb + ")\\+?(?![\\p{L}\\p{N}])");
  }

  private static String brandRegex(String folded) {
    for (int i = 0; i < folded.length(); i++) {
      if (BriefText.isCjk(folded.charAt(i))) {
        return Pattern.quote(folded);
      }
    }
    String[] chunks = new BriefText(folded).tokens;
    if (chunks.length == 0) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < chunks.length; i++) {
      if (i > 0) {
        sb.append("[\\s.\\-'&+]*");
      }
      sb.append(Pattern.quote(chunks[i]));
    }
    return sb.toString();
  }

  /** Parses one brief. */
  public ParsedBrief parse(BriefInput input) {
    Objects.requireNonNull(input, "input");
    ParsedBrief draft = new Run(input).run();
    return draft.withQuestions(clarifyingQuestions(draft));
  }

  /**
   * At most two questions, most useful first: the product type (or category) when the brief is not
   * off-vertical and names none, then the budget, then the skin type where it matters (skincare,
   * sun, body, foundation, concealer), then the concerns (skincare, hair, body).
   */
  public List<Question> clarifyingQuestions(ParsedBrief brief) {
    List<Question> out = new ArrayList<>();
    if ("other".equals(brief.vertical())) {
      return out;
    }
    String lang = brief.lang();
    if (brief.productType() == null) {
      if (brief.category() == null) {
        out.add(
            new Question(
                "q_category",
                QuestionText.category(lang, null),
                "choice",
                null,
                Lexicon.CATEGORIES));
      } else {
        List<String> types =
            Lexicon.CATEGORY_OF_TYPE.entrySet().stream()
                .filter(e -> e.getValue().equals(brief.category()))
                .map(Map.Entry::getKey)
                .toList();
        out.add(
            new Question(
                "q_category",
                QuestionText.category(lang, brief.category()),
                "choice",
                null,
                types));
      }
    }
    if (brief.budget() == null) {
      out.add(
          new Question("q_budget", QuestionText.budget(lang), "number", brief.currency(), null));
    }
    if (skinTypeRelevant(brief.category(), brief.productType()) && brief.skinType() == null) {
      out.add(
          new Question(
              "q_skin_type",
              QuestionText.skinType(lang),
              "choice",
              null,
              List.of("dry", "oily", "combination", "normal", "sensitive")));
    }
    if (concernsRelevant(brief.category()) && brief.concerns().isEmpty()) {
      List<String> choices =
          switch (brief.category()) {
            case "hair" ->
                List.of(
                    "frizz",
                    "dandruff",
                    "itchy scalp",
                    "breakage",
                    "split ends",
                    "color fading",
                    "dryness",
                    "oiliness");
            case "body" -> List.of("dryness", "body odor", "texture", "sensitivity", "irritation");
            default ->
                Lexicon.CATEGORY_OF_CONCERN.entrySet().stream()
                    .filter(e -> e.getValue().equals("skincare"))
                    .map(Map.Entry::getKey)
                    .toList();
          };
      out.add(new Question("q_concerns", QuestionText.concerns(lang), "choice", null, choices));
    }
    return out.size() > 2 ? List.copyOf(out.subList(0, 2)) : List.copyOf(out);
  }

  static boolean skinTypeRelevant(String category, String productType) {
    if (category == null) {
      return false;
    }
    return switch (category) {
      case "skincare", "sun" -> true;
      case "body" -> !"Deodorant".equals(productType);
      case "makeup" -> productType != null && SKIN_RELEVANT_TYPES.contains(productType);
      default -> false;
    };
  }

  static boolean concernsRelevant(String category) {
    return "skincare".equals(category) || "hair".equals(category) || "body".equals(category);
  }

  // ------------------------------------------------------------------ one parse

  /** A phrase found in the brief. Token hits have t0/t1; Japanese hits have t0 = t1 = -1. */
  private static final class Hit {
    final int t0;
    final int t1;
    final int start;
    final int end;
    final List<Sense> senses;
    final String brand;
    String typoFrom;
    String typoTo;
    Hit trigger;
    String negationRule;

    Hit(int t0, int t1, int start, int end, List<Sense> senses, String brand) {
      this.t0 = t0;
      this.t1 = t1;
      this.start = start;
      this.end = end;
      this.senses = senses;
      this.brand = brand;
    }

    boolean negated() {
      return negationRule != null;
    }

    boolean has(Kind kind) {
      return sense(kind) != null;
    }

    Sense sense(Kind kind) {
      for (Sense s : senses) {
        if (s.kind() == kind) {
          return s;
        }
      }
      return null;
    }

    boolean itemLike() {
      return brand != null || has(Kind.INGREDIENT) || has(Kind.EXCLUDE);
    }

    void negate(Hit by, String ruleId) {
      if (negationRule == null) {
        trigger = by;
        negationRule = ruleId;
      }
    }
  }

  private record SkinFind(String type, int start, int end, String ruleId) {}

  private record TypeFind(String type, boolean weak, Hit hit) {}

  private final class Run {
    private final BriefInput in;
    private final String raw;
    private final BriefText text;
    private final int n;
    private final String[] norm;
    private final boolean[] blocked;
    private final Hit[] hitAt;
    private final Hit[] covering;
    private final List<Hit> hits = new ArrayList<>();
    private final List<Evidence> evidence = new ArrayList<>();
    private final List<Assumption> assumptions = new ArrayList<>();
    private final List<int[]> blockedSpans = new ArrayList<>();

    private final LinkedHashSet<String> concerns = new LinkedHashSet<>();
    private final LinkedHashSet<String> exclusions = new LinkedHashSet<>();
    private final LinkedHashSet<String> wanted = new LinkedHashSet<>();
    private final LinkedHashSet<String> brandsWanted = new LinkedHashSet<>();
    private final LinkedHashSet<String> brandsAvoided = new LinkedHashSet<>();
    private final List<TypeFind> typeFinds = new ArrayList<>();
    private final List<Hit> strongCategories = new ArrayList<>();
    private final List<Hit> weakCategories = new ArrayList<>();
    private final List<Hit> concernHits = new ArrayList<>();
    private final List<SkinFind> skinFinds = new ArrayList<>();
    private Hit firstOff;
    private Hit firstPet;
    private int[] beautySignal;
    private String beautySignalWhat;
    private boolean gift;
    private boolean inStock;
    private String priceTier;
    private String textMarket;
    private Integer minSpf;
    private Integer quantity;

    Run(BriefInput in) {
      this.in = in;
      this.raw = in.text();
      this.text = new BriefText(raw);
      this.n = text.size();
      this.norm = text.tokens.clone();
      this.blocked = new boolean[n];
      this.hitAt = new Hit[n];
      this.covering = new Hit[n];
    }

    ParsedBrief run() {
      String inMarket = normalizeMarket(in.market());
      String inCurrency = in.currency() == null ? null : in.currency().toUpperCase(Locale.ROOT);
      String dollarDefault = dollarDefault(inCurrency, inMarket);

      BudgetRules.Result budgetFound = BudgetRules.extract(text, dollarDefault);
      for (int[] span : budgetFound.consumed()) {
        block(span[0], span[1]);
      }
      spf();
      brands();
      typos();
      lexicon();
      japanese();
      negationScopes();
      freeSuffixes();
      japaneseSuffixes();
      interpret();
      skinTypes();
      quantity();
      recipients();
      usUpper();

      String lang = language();
      return assemble(lang, inMarket, inCurrency, budgetFound);
    }

    // -------------------------------------------------------------- passes

    private void block(int start, int end) {
      blockedSpans.add(new int[] {start, end});
      for (int t = 0; t < n; t++) {
        if (text.starts[t] < end && text.ends[t] > start) {
          blocked[t] = true;
        }
      }
    }

    private boolean overlapsBlocked(int start, int end) {
      for (int[] s : blockedSpans) {
        if (s[0] < end && s[1] > start) {
          return true;
        }
      }
      return false;
    }

    private void spf() {
      Matcher m = SPF.matcher(text.folded);
      while (m.find()) {
        int value = Integer.parseInt(m.group("n"));
        if (value > 0 && value <= 100 && minSpf == null) {
          minSpf = value;
          evidence.add(
              Evidence.span(
                  raw, "spf.value", "minSpf", m.start(), m.end(), "SPF number", "" + value));
        }
        int ns = m.start("n");
        int ne = m.end("n");
        for (int t = 0; t < n; t++) {
          if (text.starts[t] == ns && text.ends[t] == ne) {
            blocked[t] = true;
          }
        }
      }
      for (int t = 0; t < n; t++) {
        String tok = norm[t];
        if (tok.length() > 3
            && tok.startsWith("spf")
            && tok.substring(3).chars().allMatch(Character::isDigit)) {
          norm[t] = "spf";
        }
      }
    }

    private void brands() {
      if (brandPattern == null) {
        return;
      }
      Matcher m = brandPattern.matcher(text.folded);
      while (m.find()) {
        int group = 0;
        for (int g = 1; g <= m.groupCount(); g++) {
          if (m.group(g) != null) {
            group = g;
            break;
          }
        }
        if (group == 0 || overlapsBlocked(m.start(), m.end())) {
          continue;
        }
        String brand = brandNames.get(group - 1);
        int t0 = -1;
        int t1 = -1;
        for (int t = 0; t < n; t++) {
          if (text.starts[t] >= m.start() && text.ends[t] <= m.end()) {
            if (t0 < 0) {
              t0 = t;
            }
            t1 = t + 1;
          }
        }
        Hit h =
            new Hit(
                t0,
                t1,
                m.start(),
                m.end(),
                List.of(new Sense(Kind.BRAND, brand, false, "brand.want")),
                brand);
        addHit(h);
      }
    }

    private void addHit(Hit h) {
      hits.add(h);
      if (h.t0 >= 0) {
        hitAt[h.t0] = h;
        for (int t = h.t0; t < h.t1; t++) {
          covering[t] = h;
        }
      }
    }

    private void typos() {
      Lexicon lex = Lexicon.INSTANCE;
      for (int t = 0; t < n; t++) {
        String tok = norm[t];
        if (blocked[t] || covering[t] != null || tok.length() < 5 || lex.isVocabularyToken(tok)) {
          continue;
        }
        if (Lexicon.NOT_TYPOS.contains(tok) || !tok.chars().allMatch(Character::isLetter)) {
          continue;
        }
        String singular = tok.endsWith("s") ? tok.substring(0, tok.length() - 1) : null;
        if (singular != null && lex.isVocabularyToken(singular)) {
          continue;
        }
        int maxDistance = tok.length() >= 8 ? 2 : 1;
        String best = null;
        String bestGroup = null;
        int bestDistance = Integer.MAX_VALUE;
        boolean tie = false;
        for (Map.Entry<String, String> e : Lexicon.FUZZY_TARGETS.entrySet()) {
          String word = e.getKey();
          if (word.charAt(0) != tok.charAt(0)
              || Math.abs(word.length() - tok.length()) > maxDistance) {
            continue;
          }
          int d = distance(tok, word, maxDistance);
          if (d > maxDistance) {
            continue;
          }
          if (d < bestDistance) {
            best = word;
            bestGroup = e.getValue();
            bestDistance = d;
            tie = false;
          } else if (d == bestDistance && !e.getValue().equals(bestGroup)) {
            tie = true;
          }
        }
        if (best != null && !tie) {
          norm[t] = best;
        }
      }
    }

    private void lexicon() {
      Lexicon lex = Lexicon.INSTANCE;
      int t = 0;
      while (t < n) {
        if (blocked[t] || covering[t] != null) {
          t++;
          continue;
        }
        Phrase best = null;
        for (Phrase p : lex.startingWith(norm[t])) {
          if (phraseMatches(p, t)) {
            best = p;
            break;
          }
        }
        if (best == null) {
          String tok = norm[t];
          for (int cut = 1; cut <= 2 && best == null; cut++) {
            if (tok.length() > 3 + cut && tok.endsWith(cut == 1 ? "s" : "es")) {
              for (Phrase p : lex.startingWith(tok.substring(0, tok.length() - cut))) {
                if (p.tokens().length == 1 && p.pluralizable()) {
                  best = p;
                  break;
                }
              }
            }
          }
        }
        if (best == null) {
          t++;
          continue;
        }
        int t1 = t + best.tokens().length;
        Hit h = new Hit(t, t1, text.starts[t], text.ends[t1 - 1], best.senses(), null);
        for (int k = t; k < t1; k++) {
          if (!norm[k].equals(text.tokens[k])) {
            h.typoFrom = text.tokens[k];
            h.typoTo = norm[k];
          }
        }
        addHit(h);
        t = t1;
      }
    }

    private boolean phraseMatches(Phrase p, int t) {
      String[] toks = p.tokens();
      if (t + toks.length > n) {
        return false;
      }
      for (int j = 1; j < toks.length; j++) {
        int k = t + j;
        if (blocked[k] || covering[k] != null) {
          return false;
        }
        boolean slash = text.folded.substring(text.ends[k - 1], text.starts[k]).equals("/");
        if (text.gaps[k] != BriefText.Gap.SPACE && !slash) {
          return false;
        }
        String want = toks[j];
        String have = norm[k];
        boolean last = j == toks.length - 1;
        if (!(want.equals(have)
            || (last
                && p.pluralizable()
                && (have.equals(want + "s") || have.equals(want + "es"))))) {
          return false;
        }
      }
      return true;
    }

    private void japanese() {
      Lexicon lex = Lexicon.INSTANCE;
      Matcher m = lex.cjkPattern.matcher(text.folded);
      while (m.find()) {
        if (overlapsBlocked(m.start(), m.end())) {
          continue;
        }
        List<Sense> senses = lex.cjkSenses(m.group());
        if (senses != null) {
          addHit(new Hit(-1, -1, m.start(), m.end(), senses, null));
        }
      }
    }

    private void negationScopes() {
      Hit trigger = null;
      int items = 0;
      for (int t = 0; t < n; t++) {
        if (text.gaps[t] == BriefText.Gap.BREAK) {
          trigger = null;
        } else if (text.gaps[t] == BriefText.Gap.LIST && items == 0) {
          trigger = null;
        }
        if (blocked[t]) {
          trigger = null;
          continue;
        }
        Hit h = hitAt[t];
        if (h != null) {
          if (h.has(Kind.NEGATION)) {
            trigger = h;
            items = 0;
          } else if (trigger != null) {
            if (negatable(h, trigger, items)) {
              String rule = trigger.sense(Kind.NEGATION).ruleId();
              h.negate(trigger, rule);
              items++;
            } else {
              trigger = null;
            }
          }
          t = h.t1 - 1;
          continue;
        }
        if (covering[t] != null) {
          continue;
        }
        if (trigger != null) {
          String w = norm[t];
          if (items > 0 && CONNECTORS.contains(w)) {
            continue;
          }
          if (ITEM_FILLERS.contains(w) || (items == 0 && LEAD_FILLERS.contains(w))) {
            continue;
          }
          trigger = null;
        }
      }
    }

    private boolean negatable(Hit h, Hit trigger, int items) {
      String scope = trigger.sense(Kind.NEGATION).value();
      if (h.itemLike()) {
        return true;
      }
      if (items > 0) {
        return false;
      }
      if (h.has(Kind.SKIN_ADJ)) {
        return !scope.equals("brand");
      }
      if (h.has(Kind.CONCERN) || h.has(Kind.PRODUCT_TYPE) || h.has(Kind.CATEGORY)) {
        return scope.equals("not");
      }
      return false;
    }

    private void freeSuffixes() {
      for (Hit h : List.copyOf(hits)) {
        if (h.t0 < 1 || !h.has(Kind.FREE_SUFFIX) || text.gaps[h.t0] != BriefText.Gap.SPACE) {
          continue;
        }
        Hit p = covering[h.t0 - 1];
        if (p == null || !(p.has(Kind.INGREDIENT) || p.has(Kind.EXCLUDE))) {
          continue;
        }
        p.negate(h, "exclusion.free_suffix");
        int t = p.t0;
        while (t > 0 && text.gaps[t] != BriefText.Gap.BREAK) {
          int q = t - 1;
          if (text.gaps[t] != BriefText.Gap.LIST) {
            if (covering[q] == null
                && CONNECTORS.contains(norm[q])
                && q > 0
                && text.gaps[q] != BriefText.Gap.BREAK) {
              q--;
            } else {
              break;
            }
          }
          Hit r = covering[q];
          if (r == null || !(r.has(Kind.INGREDIENT) || r.has(Kind.EXCLUDE))) {
            break;
          }
          r.negate(h, "exclusion.free_suffix");
          t = r.t0;
        }
      }
    }

    private void japaneseSuffixes() {
      for (Hit h : hits) {
        if (h.t0 >= 0 || !(h.has(Kind.INGREDIENT) || h.has(Kind.EXCLUDE))) {
          continue;
        }
        for (String suffix : JA_NEGATING_SUFFIXES) {
          if (text.folded.startsWith(suffix, h.end)) {
            h.negate(h, "exclusion.ja_suffix");
            break;
          }
        }
      }
    }

    private void interpret() {
      hits.sort(Comparator.comparingInt((Hit h) -> h.start).thenComparingInt(h -> -h.end));
      for (Hit h : hits) {
        if (h.brand != null) {
          signal(h, "brand " + h.brand);
          if (h.negated()) {
            brandsAvoided.add(h.brand);
            evidence.add(ev("brand.avoid", "brandsAvoided", h, negationReason(h), h.brand));
          } else {
            brandsWanted.add(h.brand);
            evidence.add(ev("brand.want", "brandsWanted", h, "known brand", h.brand));
          }
          continue;
        }
        for (Sense s : h.senses) {
          switch (s.kind()) {
            case INGREDIENT -> {
              if (h.negated()) {
                exclude(s.value(), h);
              } else if (!s.secondary()) {
                signal(h, "ingredient " + s.value());
                wanted.add(s.value());
                evidence.add(
                    ev("ingredient.wanted", "wantedIngredients", h, "active named", s.value()));
                typo(h, "wantedIngredients", s.value());
              }
            }
            case EXCLUDE -> {
              signal(h, "exclusion " + s.value());
              exclusions.add(s.value());
              evidence.add(
                  ev("exclusion.direct", "exclusions", h, "an exclusion by itself", s.value()));
            }
            case PRODUCT_TYPE -> {
              if (!h.negated()) {
                typeFinds.add(new TypeFind(s.value(), s.secondary(), h));
              }
            }
            case CATEGORY -> {
              if (!h.negated()) {
                (s.secondary() ? weakCategories : strongCategories).add(h);
              }
            }
            case CONCERN -> {
              if (!h.negated()) {
                signal(h, "concern " + s.value());
                if (concerns.add(s.value())) {
                  concernHits.add(h);
                }
                evidence.add(ev("concern.keyword", "concerns", h, "concern word", s.value()));
                typo(h, "concerns", s.value());
              }
            }
            case PREGNANCY -> {
              exclusions.add("retinol");
              evidence.add(
                  ev(
                      "pregnancy.retinoids",
                      "exclusions",
                      h,
                      "retinoids are commonly avoided in pregnancy and while breastfeeding",
                      "retinol"));
              assumptions.add(
                  new Assumption(
                      "pregnancy.retinoids",
                      "Pregnancy or breastfeeding mentioned: retinol and other retinoids excluded",
                      0.9));
            }
            case OFF_VERTICAL -> {
              if ("pet".equals(s.value())) {
                if (firstPet == null) {
                  firstPet = h;
                }
              } else if (firstOff == null) {
                firstOff = h;
              }
            }
            case BEAUTY -> signal(h, "beauty word");
            case GIFT -> {
              gift = true;
              evidence.add(ev("gift.keyword", "giftIntent", h, "gift word", "true"));
            }
            case IN_STOCK -> {
              inStock = true;
              evidence.add(ev("stock.in_stock", "inStockOnly", h, "availability wanted", "true"));
            }
            case PRICE_TIER -> {
              if (priceTier == null) {
                priceTier = s.value();
                evidence.add(ev(s.ruleId(), "priceTier", h, "price words", s.value()));
              }
            }
            case MARKET -> {
              if (textMarket == null) {
                textMarket = s.value();
                evidence.add(ev("market.country_name", "market", h, "place named", s.value()));
              }
            }
            case SKIN_COMPOUND -> {
              if (!h.negated()) {
                skinFinds.add(new SkinFind(s.value(), h.start, h.end, "skin.type_compound"));
              }
            }
            default -> {}
          }
        }
      }
      wanted.removeAll(exclusions);
      brandsWanted.removeAll(brandsAvoided);
    }

    private void exclude(String value, Hit h) {
      signal(h, "exclusion " + value);
      exclusions.add(value);
      String rule = h.negationRule;
      if ("brand.avoid".equals(rule)) {
        rule = "exclusion.no_x";
      }
      evidence.add(ev(rule, "exclusions", h, negationReason(h), value));
      typo(h, "exclusions", value);
    }

    private String negationReason(Hit h) {
      if (h.trigger == null || h.trigger == h) {
        return "negated by the word after it";
      }
      return "negated by \"" + raw.substring(h.trigger.start, h.trigger.end) + "\"";
    }

    private void typo(Hit h, String field, String value) {
      if (h.typoFrom != null) {
        evidence.add(
            ev(
                "typo.edit_distance",
                field,
                h,
                "\"" + h.typoFrom + "\" read as \"" + h.typoTo + "\"",
                value));
      }
    }

    private void signal(Hit h, String what) {
      if (beautySignal == null || h.start < beautySignal[0]) {
        beautySignal = new int[] {h.start, h.end};
        beautySignalWhat = what;
      }
    }

    private void signal(int start, int end, String what) {
      if (beautySignal == null || start < beautySignal[0]) {
        beautySignal = new int[] {start, end};
        beautySignalWhat = what;
      }
    }

    private Evidence ev(String ruleId, String field, Hit h, String reason, String value) {
      return Evidence.span(raw, ruleId, field, h.start, h.end, reason, value);
    }

    private void skinTypes() {
      for (Hit h : hits) {
        if (h.t0 < 0 || h.negated() || !h.has(Kind.SKIN_NOUN)) {
          continue;
        }
        List<Hit> adjectives = new ArrayList<>();
        int t = h.t0;
        while (t > 0 && text.gaps[t] != BriefText.Gap.BREAK) {
          int q = t - 1;
          if (blocked[q]) {
            break;
          }
          Hit p = covering[q];
          if (p != null) {
            if (p.has(Kind.SKIN_ADJ) || p.has(Kind.CONCERN)) {
              if (p.has(Kind.SKIN_ADJ)) {
                adjectives.add(0, p);
              }
              t = p.t0;
              continue;
            }
            break;
          }
          if (SKIN_CHAIN.contains(norm[q])) {
            t = q;
            continue;
          }
          break;
        }
        String rule = "skin.type";
        int spanStart = adjectives.isEmpty() ? h.start : adjectives.get(0).start;
        int spanEnd = h.end;
        if (adjectives.isEmpty()) {
          boolean foreign = FOREIGN_SKIN_NOUNS.contains(norm[h.t0]);
          rule = foreign ? "skin.type_foreign" : "skin.type_copula";
          boolean copula = foreign;
          int k = h.t1;
          while (k < n && text.gaps[k] != BriefText.Gap.BREAK && !blocked[k]) {
            if (text.folded.substring(text.ends[k - 1], text.starts[k]).indexOf(':') >= 0) {
              copula = true;
            }
            Hit p = covering[k];
            if (p != null) {
              if (p.has(Kind.SKIN_ADJ) && copula) {
                adjectives.add(p);
                k = p.t1;
                continue;
              }
              if (p.has(Kind.CONCERN) && copula) {
                k = p.t1;
                continue;
              }
              break;
            }
            String w = norm[k];
            if (COPULAS.contains(w)) {
              copula = true;
              k++;
              continue;
            }
            if (copula && SKIN_CHAIN.contains(w) && !w.equals("not")) {
              k++;
              continue;
            }
            break;
          }
          if (!adjectives.isEmpty()) {
            spanEnd = adjectives.get(adjectives.size() - 1).end;
          }
        }
        for (Hit adj : adjectives) {
          if (!adj.negated()) {
            skinFinds.add(new SkinFind(adj.sense(Kind.SKIN_ADJ).value(), spanStart, spanEnd, rule));
            signal(spanStart, spanEnd, "skin type");
          }
        }
      }
      skinFinds.sort(Comparator.comparingInt(SkinFind::start));
    }

    private void quantity() {
      int bestStart = Integer.MAX_VALUE;
      Integer best = null;
      int[] span = null;
      String rule = null;
      for (QuantityRule r : QUANTITY_RULES) {
        Matcher m = r.pattern().matcher(text.folded);
        while (m.find()) {
          if (overlapsBlocked(m.start("n"), m.end("n"))) {
            continue;
          }
          Integer v = numberValue(m.group("n"));
          if (v != null && v > 0 && m.start() < bestStart) {
            bestStart = m.start();
            best = v;
            span = new int[] {m.start(), m.end()};
            rule = r.ruleId();
          }
          break;
        }
      }
      for (TypeFind f : typeFinds) {
        Hit h = f.hit();
        int first = h.t0;
        if (first >= 1
            && covering[first - 1] != null
            && covering[first - 1].brand != null
            && text.gaps[first] == BriefText.Gap.SPACE) {
          first = covering[first - 1].t0; // "2 La Roche-Posay sunscreens"
        }
        if (first < 1 || blocked[first - 1] || text.gaps[first] != BriefText.Gap.SPACE) {
          continue;
        }
        Integer v = numberValue(norm[first - 1]);
        int s = text.starts[first - 1];
        if (v != null && v > 0 && s < bestStart && covering[first - 1] == null) {
          bestStart = s;
          best = v;
          span = new int[] {s, h.end};
          rule = "quantity.product_plural";
        }
      }
      if (best != null) {
        quantity = best;
        evidence.add(Evidence.span(raw, rule, "quantity", span[0], span[1], "how many", "" + best));
      }
    }

    private Integer numberValue(String s) {
      if (s == null || s.isEmpty()) {
        return null;
      }
      if (s.chars().allMatch(Character::isDigit)) {
        return s.length() <= 3 ? Integer.valueOf(s) : null;
      }
      return NUMBER_WORDS.get(s.replaceAll("\\s+", " "));
    }

    private void recipients() {
      Matcher m = RECIPIENT.matcher(text.folded);
      if (m.find()) {
        gift = true;
        evidence.add(
            Evidence.span(
                raw,
                "gift.recipient",
                "giftIntent",
                m.start(),
                m.end(),
                "buying for someone else",
                "true"));
      }
    }

    private void usUpper() {
      if (textMarket != null) {
        return;
      }
      Matcher m = US_UPPER.matcher(raw);
      if (m.find()) {
        textMarket = "US";
        evidence.add(
            Evidence.span(
                raw, "market.country_name", "market", m.start(), m.end(), "place named", "US"));
      }
    }

    // -------------------------------------------------------------- language

    private String language() {
      int kana = 0;
      int han = 0;
      int hangul = 0;
      int firstCjk = -1;
      int cjkEnd = -1;
      for (int i = 0; i < raw.length(); i++) {
        char c = raw.charAt(i);
        boolean k = (c >= 0x3040 && c <= 0x30FF) || (c >= 0xFF66 && c <= 0xFF9F);
        boolean h = (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF);
        boolean g = c >= 0xAC00 && c <= 0xD7AF;
        if (k) {
          kana++;
        }
        if (h) {
          han++;
        }
        if (g) {
          hangul++;
        }
        if (k || h || g) {
          if (firstCjk < 0) {
            firstCjk = i;
            cjkEnd = i + 1;
          } else if (cjkEnd == i) {
            cjkEnd = i + 1;
          }
        }
      }
      int[] scores = new int[LANGS.size()];
      int[] firstToken = new int[LANGS.size()];
      Arrays.fill(firstToken, -1);
      for (int t = 0; t < n; t++) {
        if (covering[t] != null && covering[t].brand != null) {
          continue;
        }
        List<String> langs = LANG_WORDS.get(text.tokens[t]);
        if (langs == null) {
          continue;
        }
        int weight = langs.size() == 1 ? 2 : 1;
        for (String l : langs) {
          int i = LANGS.indexOf(l);
          scores[i] += weight;
          if (firstToken[i] < 0) {
            firstToken[i] = t;
          }
        }
      }
      String lowered = raw.toLowerCase(Locale.ROOT);
      bonus(lowered, "äöüß", "de", scores);
      bonus(lowered, "ñ¿¡", "es", scores);
      bonus(lowered, "çèêàùœâîôû", "fr", scores);
      bonus(lowered, "òì", "it", scores);
      int best = 0;
      for (int i = 1; i < scores.length; i++) {
        if (scores[i] > scores[best]) {
          best = i;
        }
      }
      int latinScore = scores[best];
      if (kana > 0 || hangul > 0 || (han >= 2 && latinScore < 4)) {
        String lang = kana > 0 ? "ja" : hangul > 0 ? "ko" : raw.indexOf('円') >= 0 ? "ja" : "zh";
        evidence.add(Evidence.span(raw, "lang.script", "lang", firstCjk, cjkEnd, "script", lang));
        return lang;
      }
      if (latinScore >= 2) {
        String lang = LANGS.get(best);
        int t = firstToken[best];
        if (t >= 0) {
          evidence.add(
              Evidence.span(
                  raw,
                  "lang.keywords",
                  "lang",
                  text.starts[t],
                  text.ends[t],
                  "first " + lang + " word (score " + latinScore + ")",
                  lang));
        } else {
          evidence.add(
              Evidence.derived("lang.keywords", "lang", "accented letters of " + lang, lang));
        }
        return lang;
      }
      if (in.locale() != null) {
        String lang = in.locale().split("[-_]")[0].toLowerCase(Locale.ROOT);
        if (!lang.isEmpty()) {
          evidence.add(Evidence.derived("lang.locale", "lang", "caller's locale", lang));
          return lang;
        }
      }
      assumptions.add(new Assumption("lang.default", "Language not clear; English assumed", 0.5));
      return "en";
    }

    private void bonus(String lowered, String chars, String lang, int[] scores) {
      for (int i = 0; i < chars.length(); i++) {
        if (lowered.indexOf(chars.charAt(i)) >= 0) {
          scores[LANGS.indexOf(lang)] += 2;
          return;
        }
      }
    }

    // -------------------------------------------------------------- assemble

    private ParsedBrief assemble(
        String lang, String inMarket, String inCurrency, BudgetRules.Result found) {
      // Product type: the first strong one, else the first weak one.
      List<String> types = new ArrayList<>();
      TypeFind primary = null;
      for (TypeFind f : typeFinds) {
        if (!f.weak() && !types.contains(f.type())) {
          types.add(f.type());
          if (primary == null) {
            primary = f;
          }
        }
      }
      if (types.isEmpty()) {
        for (TypeFind f : typeFinds) {
          if (!types.contains(f.type())) {
            types.add(f.type());
            if (primary == null) {
              primary = f;
            }
          }
        }
      }
      for (TypeFind f : typeFinds) {
        if (types.contains(f.type())) {
          signal(f.hit(), "product type");
        }
      }

      // Skin type.
      String skinType = null;
      SkinFind skinFind = null;
      SkinFind sensitiveFind = null;
      for (SkinFind s : skinFinds) {
        if (s.type().equals("sensitive")) {
          if (sensitiveFind == null) {
            sensitiveFind = s;
          }
        } else if (skinFind == null) {
          skinFind = s;
        }
      }
      if (skinFind == null) {
        skinFind = sensitiveFind;
      }
      if (skinFind != null) {
        skinType = skinFind.type();
      }
      boolean sensitive = sensitiveFind != null;

      // Vertical.
      String vertical = null;
      String suggested;
      if (firstPet != null) {
        vertical = "other";
        suggested = "pet";
        evidence.add(ev("vertical.pet", "vertical", firstPet, "pets", "other"));
      } else if (primary != null) {
        vertical = "beauty";
        suggested = "beauty";
        evidence.add(
            ev("vertical.product_type", "vertical", primary.hit(), "beauty product", "beauty"));
      } else if (firstOff != null) {
        vertical = "other";
        suggested = firstOff.sense(Kind.OFF_VERTICAL).value();
        evidence.add(ev("vertical.off_vertical", "vertical", firstOff, suggested, "other"));
      } else {
        if (beautySignal == null && !strongCategories.isEmpty()) {
          signal(strongCategories.get(0), "category");
        }
        if (beautySignal == null && !weakCategories.isEmpty()) {
          signal(weakCategories.get(0), "category");
        }
        if (beautySignal != null) {
          vertical = "beauty";
          evidence.add(
              Evidence.span(
                  raw,
                  "vertical.beauty_signal",
                  "vertical",
                  beautySignal[0],
                  beautySignal[1],
                  beautySignalWhat,
                  "beauty"));
        }
        suggested = "beauty";
        if (vertical == null) {
          assumptions.add(
              new Assumption(
                  "vertical.default",
                  "Nothing names a kind of product; routed to beauty, the catalog's vertical",
                  0.4));
        }
      }
      boolean other = "other".equals(vertical);

      // Category.
      String category = null;
      String productType = null;
      if (!other) {
        if (primary != null) {
          productType = primary.type();
          category = Lexicon.CATEGORY_OF_TYPE.get(productType);
          for (TypeFind f : typeFinds) {
            if (types.contains(f.type())) {
              String rule = f.weak() ? "product_type.weak" : "product_type.keyword";
              if (f == primary) {
                evidence.add(ev(rule, "productType", f.hit(), "product type word", f.type()));
                typo(f.hit(), "productType", f.type());
              }
              evidence.add(ev(rule, "productTypes", f.hit(), "product type word", f.type()));
              typo(f.hit(), "productTypes", f.type());
            }
          }
          evidence.add(
              ev("category.product_type", "category", primary.hit(), productType, category));
        } else if (!strongCategories.isEmpty()) {
          Hit h = strongCategories.get(0);
          category = h.sense(Kind.CATEGORY).value();
          evidence.add(ev("category.keyword", "category", h, "category word", category));
        } else if (!concernHits.isEmpty()) {
          for (Hit h : concernHits) {
            String c = Lexicon.CATEGORY_OF_CONCERN.get(h.sense(Kind.CONCERN).value());
            if (c != null) {
              category = c;
              evidence.add(ev("category.from_concern", "category", h, "concern of " + c, category));
              break;
            }
          }
        }
        if (category == null && !weakCategories.isEmpty()) {
          Hit h = weakCategories.get(0);
          category = h.sense(Kind.CATEGORY).value();
          evidence.add(ev("category.keyword", "category", h, "category word", category));
        }
        if (category == null && skinFind != null) {
          category = "skincare";
          evidence.add(
              Evidence.span(
                  raw,
                  "category.from_skin_type",
                  "category",
                  skinFind.start(),
                  skinFind.end(),
                  "skin type named",
                  category));
        }
        if (category == null && !wanted.isEmpty() && !wanted.contains("spf")) {
          for (Evidence e : evidence) {
            if (e.field().equals("wantedIngredients") && e.hasSpan()) {
              category = "skincare";
              evidence.add(
                  Evidence.span(
                      raw,
                      "category.from_ingredient",
                      "category",
                      e.start(),
                      e.end(),
                      "skincare active",
                      category));
              break;
            }
          }
        }
      }
      if (skinFind != null) {
        evidence.add(
            Evidence.span(
                raw,
                skinFind.ruleId(),
                "skinType",
                skinFind.start(),
                skinFind.end(),
                "skin type",
                skinType));
      }
      if (sensitive) {
        evidence.add(
            Evidence.span(
                raw,
                "skin.sensitive",
                "sensitiveSkin",
                sensitiveFind.start(),
                sensitiveFind.end(),
                "sensitive skin",
                "true"));
      }

      // Market, currency, budget currency, locale.
      String market = null;
      String currency = null;
      String textCurrency = null;
      int[] textCurrencySpan = null;
      Money mention = found.currencyMention();
      if (mention != null) {
        textCurrency = mention.currency();
        textCurrencySpan = new int[] {mention.curStart(), mention.curEnd()};
      } else if (found.currencyWord() != null) {
        textCurrency = found.currencyWord();
        textCurrencySpan = found.currencyWordSpan();
      }
      String localeRegion = null;
      if (in.locale() != null) {
        String[] parts = in.locale().split("[-_]");
        if (parts.length > 1 && parts[parts.length - 1].length() == 2) {
          localeRegion = normalizeMarket(parts[parts.length - 1].toUpperCase(Locale.ROOT));
        }
      }
      if (inMarket != null) {
        market = inMarket;
        evidence.add(Evidence.derived("input.market", "market", "caller's market", market));
      } else if (textMarket != null) {
        market = textMarket;
      } else if (textCurrency != null && CURRENCY_MARKET.containsKey(textCurrency)) {
        market = CURRENCY_MARKET.get(textCurrency);
        evidence.add(
            Evidence.span(
                raw,
                "market.currency_symbol",
                "market",
                textCurrencySpan[0],
                textCurrencySpan[1],
                "market of " + textCurrency,
                market));
      } else if (inCurrency != null && CURRENCY_MARKET.containsKey(inCurrency)) {
        market = CURRENCY_MARKET.get(inCurrency);
        evidence.add(
            Evidence.derived("market.from_currency", "market", "market of " + inCurrency, market));
      } else if (localeRegion != null) {
        market = localeRegion;
        evidence.add(Evidence.derived("market.locale", "market", "caller's locale", market));
      }

      if (inCurrency != null) {
        currency = inCurrency;
        evidence.add(Evidence.derived("input.currency", "currency", "caller's currency", currency));
      } else if (textCurrency != null) {
        currency = textCurrency;
        evidence.add(
            Evidence.span(
                raw,
                "currency.text",
                "currency",
                textCurrencySpan[0],
                textCurrencySpan[1],
                "currency named",
                currency));
      } else if (market != null && marketCurrency(market) != null) {
        currency = marketCurrency(market);
        evidence.add(
            Evidence.derived(
                "currency.from_market", "currency", "currency of market " + market, currency));
        assumptions.add(
            new Assumption(
                "currency.from_market",
                "Currency " + currency + " assumed from market " + market,
                0.8));
      }

      String locale;
      if (in.locale() != null) {
        locale = in.locale();
        evidence.add(Evidence.derived("input.locale", "locale", "caller's locale", locale));
      } else {
        String region = null;
        if (market != null && !market.equals("EU")) {
          region = market;
        } else if ("EU".equals(market)) {
          region = EU_LANG_REGION.get(lang);
        }
        locale = region == null ? lang : lang + "-" + region;
        evidence.add(Evidence.derived("locale.inferred", "locale", "language and market", locale));
        assumptions.add(
            new Assumption(
                "locale.inferred", "Locale " + locale + " built from language and market", 0.6));
      }

      Budget budget = null;
      if (found.found()) {
        String budgetCurrency = found.currency();
        if (budgetCurrency == null) {
          String source = null;
          if (inCurrency != null) {
            budgetCurrency = inCurrency;
            source = "the caller's currency";
          } else if (textCurrency != null) {
            budgetCurrency = textCurrency;
            source = "the currency named in the brief";
          } else if (market != null && marketCurrency(market) != null) {
            budgetCurrency = marketCurrency(market);
            source = "market " + market;
          }
          if (budgetCurrency != null) {
            assumptions.add(
                new Assumption(
                    "budget.currency_default",
                    "Budget amount has no currency; " + budgetCurrency + " taken from " + source,
                    0.8));
            evidence.add(
                Evidence.derived(
                    "budget.currency_default",
                    "budget",
                    "currency from " + source,
                    BudgetEvidence.describe(found.min(), found.max(), budgetCurrency)));
          } else {
            assumptions.add(
                new Assumption(
                    "budget.currency_unknown",
                    "Budget amount has no currency and nothing tells which one",
                    0.3));
          }
        }
        budget = new Budget(found.min(), found.max(), budgetCurrency);
        evidence.addAll(found.evidence());
        assumptions.addAll(found.assumptions());
      } else if ("budget".equals(priceTier)) {
        assumptions.add(
            new Assumption(
                "budget.low_no_amount",
                "Wants a low price but gave no amount; budget left open",
                0.5));
      }

      // Unknowns and confidence.
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
        if (skinTypeRelevant(category, productType)) {
          slots++;
          if (skinType == null) {
            unknowns.add("skin_type");
          } else {
            score += 1;
          }
        }
        if (concernsRelevant(category)) {
          slots++;
          if (concerns.isEmpty()) {
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
      for (Evidence e : evidence) {
        boolean keep =
            switch (e.field()) {
              case "lang", "locale" -> true;
              case "vertical" -> fVertical != null;
              case "category" -> fCategory != null;
              case "productType" -> fProductType != null;
              case "productTypes" -> fTypes.contains(e.value());
              case "budget" -> fBudget != null;
              case "priceTier" -> priceTier != null;
              case "skinType" -> fSkin != null;
              case "sensitiveSkin" -> fSensitive;
              case "concerns" -> concerns.contains(e.value());
              case "exclusions" -> exclusions.contains(e.value());
              case "wantedIngredients" -> wanted.contains(e.value());
              case "brandsWanted" -> brandsWanted.contains(e.value());
              case "brandsAvoided" -> brandsAvoided.contains(e.value());
              case "minSpf" -> minSpf != null;
              case "quantity" -> quantity != null;
              case "market" -> Objects.equals(fMarket, e.value());
              case "currency" -> Objects.equals(fCurrency, e.value());
              case "inStockOnly" -> inStock;
              case "giftIntent" -> gift;
              default -> true;
            };
        if (keep && !kept.contains(e)) {
          kept.add(e);
        }
      }

      return new ParsedBrief(
          raw,
          lang,
          vertical,
          suggested,
          category,
          productType,
          fTypes,
          budget,
          priceTier,
          skinType,
          sensitive,
          List.copyOf(concerns),
          List.copyOf(exclusions),
          List.copyOf(wanted),
          minSpf,
          quantity,
          List.copyOf(brandsWanted),
          List.copyOf(brandsAvoided),
          market,
          locale,
          currency,
          inStock,
          gift,
          kept,
          unknowns,
          assumptions,
          confidence,
          List.of());
    }
  }

  // ------------------------------------------------------------------ helpers

  private static String normalizeMarket(String market) {
    if (market == null) {
      return null;
    }
    String m = market.strip().toUpperCase(Locale.ROOT);
    if (m.equals("UK")) {
      return "GB";
    }
    return EUROZONE.contains(m) ? "EU" : m;
  }

  private static String marketCurrency(String market) {
    return MARKET_CURRENCY.get(market);
  }

  private static String dollarDefault(String inCurrency, String inMarket) {
    if (inCurrency != null && DOLLARS.contains(inCurrency)) {
      return inCurrency;
    }
    if (inMarket != null) {
      String c = MARKET_CURRENCY.get(inMarket);
      if (c != null && DOLLARS.contains(c)) {
        return c;
      }
    }
    return "USD";
  }

  /**
   * Optimal-string-alignment distance (adjacent transpositions count as one edit), giving up as
   * soon as it must exceed {@code max}.
   */
  static int distance(String a, String b, int max) {
    int la = a.length();
    int lb = b.length();
    if (Math.abs(la - lb) > max) {
      return max + 1;
    }
    int[][] d = new int[la + 1][lb + 1];
    for (int i = 0; i <= la; i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= lb; j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= la; i++) {
      int rowMin = Integer.MAX_VALUE;
      for (int j = 1; j <= lb; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
        rowMin = Math.min(rowMin, v);
      }
      if (rowMin > max) {
        return max + 1;
      }
    }
    return d[la][lb];
  }
}
