package org.agentcommerce.catalog.domain.brief;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Realistic briefs and what the parser must read from them. Each case asserts only the fields it
 * names. The summary test prints the pass rate and fails unless every case passes.
 */
class BriefParserTableTest {

  static final List<String> PARSER_BRANDS =
      List.of(
          "The Ordinary",
          "CeraVe",
          "La Roche-Posay",
          "Glossier",
          "Lumen Lab",
          "Dr. Jart+",
          "Maison Verte",
          "Sakura Glow");

  static final BriefParser PARSER = new BriefParser(PARSER_BRANDS);

  /** One brief, its caller context and the checks it must pass. */
  static final class Case {
    final String text;
    String market;
    String locale;
    String currency;
    final List<String> names = new ArrayList<>();
    final List<Function<ParsedBrief, String>> checks = new ArrayList<>();

    Case(String text) {
      this.text = text;
    }

    BriefInput input() {
      return new BriefInput(text, market, locale, currency);
    }

    Case market(String m) {
      market = m;
      return this;
    }

    Case locale(String l) {
      locale = l;
      return this;
    }

    Case inCurrency(String c) {
      currency = c;
      return this;
    }

    private Case check(String name, Function<ParsedBrief, String> check) {
      names.add(name);
      checks.add(check);
      return this;
    }

    private Case eq(String name, Function<ParsedBrief, Object> getter, Object expected) {
      return check(
          name,
          b -> {
            Object actual = getter.apply(b);
            return Objects.equals(actual, expected)
                ? null
                : name + ": expected " + expected + " but was " + actual;
          });
    }

    private Case has(String name, Function<ParsedBrief, List<String>> getter, String... values) {
      return check(
          name,
          b -> {
            List<String> actual = getter.apply(b);
            for (String v : values) {
              if (!actual.contains(v)) {
                return name + ": expected to contain " + v + " but was " + actual;
              }
            }
            return null;
          });
    }

    private Case hasNot(String name, Function<ParsedBrief, List<String>> getter, String... values) {
      return check(
          name,
          b -> {
            List<String> actual = getter.apply(b);
            for (String v : values) {
              if (actual.contains(v)) {
                return name + ": expected not to contain " + v + " but was " + actual;
              }
            }
            return null;
          });
    }

    Case max(String amount, String cur) {
      return check(
          "budget.max",
          b -> {
            Budget bu = b.budget();
            if (bu == null || bu.max() == null) {
              return "budget.max: expected " + amount + " " + cur + " but budget was " + bu;
            }
            if (bu.max().compareTo(new BigDecimal(amount)) != 0
                || !Objects.equals(bu.currency(), cur)) {
              return "budget.max: expected " + amount + " " + cur + " but was " + bu;
            }
            return null;
          });
    }

    Case min(String amount) {
      return check(
          "budget.min",
          b -> {
            Budget bu = b.budget();
            if (bu == null || bu.min() == null || bu.min().compareTo(new BigDecimal(amount)) != 0) {
              return "budget.min: expected " + amount + " but budget was " + bu;
            }
            return null;
          });
    }

    Case noMin() {
      return check(
          "budget.noMin",
          b ->
              b.budget() != null && b.budget().min() != null
                  ? "unexpected min " + b.budget()
                  : null);
    }

    Case noBudget() {
      return eq("budget", ParsedBrief::budget, null);
    }

    Case type(String t) {
      return eq("productType", ParsedBrief::productType, t);
    }

    Case category(String c) {
      return eq("category", ParsedBrief::category, c);
    }

    Case vertical(String v) {
      return eq("vertical", ParsedBrief::vertical, v);
    }

    Case suggested(String v) {
      return eq("suggestedVertical", ParsedBrief::suggestedVertical, v);
    }

    Case skin(String s) {
      return eq("skinType", ParsedBrief::skinType, s);
    }

    Case sensitive() {
      return eq("sensitiveSkin", ParsedBrief::sensitiveSkin, true);
    }

    Case concerns(String... c) {
      return has("concerns", ParsedBrief::concerns, c);
    }

    Case excludes(String... e) {
      return has("exclusions", ParsedBrief::exclusions, e);
    }

    Case notExcluded(String... e) {
      return hasNot("exclusions", ParsedBrief::exclusions, e);
    }

    Case wants(String... w) {
      return has("wantedIngredients", ParsedBrief::wantedIngredients, w);
    }

    Case notWanted(String... w) {
      return hasNot("wantedIngredients", ParsedBrief::wantedIngredients, w);
    }

    Case avoidsBrands(String... b) {
      return has("brandsAvoided", ParsedBrief::brandsAvoided, b);
    }

    Case wantsBrands(String... b) {
      return has("brandsWanted", ParsedBrief::brandsWanted, b);
    }

    Case quantity(int q) {
      return eq("quantity", ParsedBrief::quantity, q);
    }

    Case noQuantity() {
      return eq("quantity", ParsedBrief::quantity, null);
    }

    Case lang(String l) {
      return eq("lang", ParsedBrief::lang, l);
    }

    Case marketIs(String m) {
      return eq("market", ParsedBrief::market, m);
    }

    Case currencyIs(String c) {
      return eq("currency", ParsedBrief::currency, c);
    }

    Case inStock() {
      return eq("inStockOnly", ParsedBrief::inStockOnly, true);
    }

    Case gift() {
      return eq("giftIntent", ParsedBrief::giftIntent, true);
    }

    Case spf(int s) {
      return eq("minSpf", ParsedBrief::minSpf, s);
    }

    Case tier(String t) {
      return eq("priceTier", ParsedBrief::priceTier, t);
    }

    Case unknown(String... u) {
      return has("unknowns", ParsedBrief::unknowns, u);
    }

    Case known(String... u) {
      return hasNot("unknowns", ParsedBrief::unknowns, u);
    }

    Case questions(String... ids) {
      return eq("questions", b -> b.questions().stream().map(Question::id).toList(), List.of(ids));
    }

    Case assumption(String id) {
      return has("assumptions", b -> b.assumptions().stream().map(Assumption::id).toList(), id);
    }

    /** The failures of this case, empty when it passes. */
    List<String> failures(ParsedBrief b) {
      List<String> out = new ArrayList<>();
      for (Function<ParsedBrief, String> c : checks) {
        String f = c.apply(b);
        if (f != null) {
          out.add(f);
        }
      }
      return out;
    }

    @Override
    public String toString() {
      return text
          + (market != null ? " [market " + market + "]" : "")
          + (currency != null ? " [currency " + currency + "]" : "")
          + (locale != null ? " [locale " + locale + "]" : "");
    }
  }

  static Case c(String text) {
    return new Case(text);
  }

  static List<Case> cases() {
    return List.of(
        // English, US and UK budgets
        c("Moisturizer for dry skin under $30")
            .type("Moisturizer")
            .category("skincare")
            .vertical("beauty")
            .skin("dry")
            .max("30", "USD")
            .noMin()
            .marketIs("US")
            .currencyIs("USD"),
        c("Looking for a fragrance-free moisturiser for sensitive skin, max £25")
            .type("Moisturizer")
            .excludes("fragrance")
            .skin("sensitive")
            .sensitive()
            .max("25", "GBP")
            .marketIs("GB"),
        c("vitamin c serum below 30 dollars").type("Serum").wants("vitamin c").max("30", "USD"),
        c("sunscreen SPF 50 for oily skin, less than €25")
            .type("Sunscreen")
            .category("sun")
            .spf(50)
            .skin("oily")
            .max("25", "EUR")
            .marketIs("EU"),
        c("30 euros max for a night cream").type("Moisturizer").max("30", "EUR"),
        c("shampoo for dandruff no more than £20")
            .type("Shampoo")
            .category("hair")
            .concerns("dandruff")
            .max("20", "GBP"),
        c("up to 3000 yen toner for combination skin")
            .type("Toner")
            .skin("combination")
            .max("3000", "JPY")
            .marketIs("JP"),
        c("¥3000 face wash").type("Cleanser").max("3000", "JPY"),
        c("eye cream 3000 JPY").type("Eye Cream").max("3000", "JPY"),
        c("deodorant for 30 bucks").type("Deodorant").max("30", "USD"),
        c("cleanser between $20 and $40").type("Cleanser").min("20").max("40", "USD"),
        c("lipstick $20-$40").type("Lipstick").min("20").max("40", "USD"),
        c("body lotion 20 to 40 dollars").type("Body Lotion").min("20").max("40", "USD"),
        c("around $25 for a hydrating serum")
            .type("Serum")
            .min("20")
            .max("30", "USD")
            .concerns("dehydration")
            .assumption("budget.around"),
        c("budget of 50, need a conditioner for frizzy hair")
            .inCurrency("USD")
            .type("Conditioner")
            .concerns("frizz")
            .max("50", "USD"),
        c("luxury perfume $1,299.50")
            .type("Eau de Parfum")
            .category("fragrance")
            .max("1299.50", "USD")
            .tier("premium"),
        c("cheap mascara")
            .type("Mascara")
            .noBudget()
            .tier("budget")
            .unknown("budget")
            .assumption("budget.low_no_amount"),
        c("I don't want to spend more than $35 on a cleanser")
            .type("Cleanser")
            .max("35", "USD")
            .noMin(),
        c("not more than 45 euros for a body wash").type("Body Wash").max("45", "EUR"),
        c("$50+ eye cream for fine lines").type("Eye Cream").min("50").concerns("fine lines"),
        c("at least $20 but under $60, a serum").type("Serum").min("20").max("60", "USD"),
        c("serum, budget is 30-40").inCurrency("EUR").min("30").max("40", "EUR"),
        c("moisturiser with SPF for daily use, 40 pounds")
            .type("Moisturizer")
            .wants("spf")
            .max("40", "GBP"),
        c("foundation for oily skin that doesn't look cakey, $35")
            .type("Foundation")
            .category("makeup")
            .skin("oily")
            .max("35", "USD")
            .assumption("budget.amount_as_max"),
        c("eau de toilette for my boyfriend, CA$80 max")
            .type("Eau de Toilette")
            .max("80", "CAD")
            .marketIs("CA")
            .gift(),
        c("A$60 body oil").type("Body Oil").max("60", "AUD"),
        c("hair stuff under 20 quid").category("hair").max("20", "GBP").unknown("product_type"),
        // Bare numbers and where their currency comes from
        c("Serum for acne, max 40")
            .max("40", null)
            .unknown("market")
            .assumption("budget.currency_unknown"),
        c("Serum for acne, max 40").market("GB").max("40", "GBP").currencyIs("GBP"),
        c("Serum for acne, max 40").inCurrency("EUR").max("40", "EUR").marketIs("EU"),
        c("gel cleanser under $25").market("CA").max("25", "CAD"),
        c("from $20 to $40, a good primer").category("makeup").min("20").max("40", "USD"),
        c("20€-30€ pour un gommage").type("Body Scrub").min("20").max("30", "EUR"),
        c("¥3,000以内のリップクリーム").type("Lip Balm").max("3000", "JPY"),
        // Numbers that are not money
        c("SPF 50 sunscreen with 10% niacinamide in a 50ml tube")
            .noBudget()
            .spf(50)
            .wants("niacinamide")
            .type("Sunscreen"),
        c("2 bottles of shampoo for oily hair")
            .quantity(2)
            .noBudget()
            .type("Shampoo")
            .concerns("oiliness")
            .category("hair"),
        c("SPF 30 moisturizer for my 30s, I'm age 30")
            .noBudget()
            .spf(30)
            .type("Moisturizer")
            .noQuantity(),
        // European formats and languages
        c("crème hydratante 30€ peau sèche")
            .type("Moisturizer")
            .max("30", "EUR")
            .skin("dry")
            .lang("fr"),
        c("sérum à la niacinamide 29,99 €")
            .type("Serum")
            .max("29.99", "EUR")
            .wants("niacinamide")
            .lang("fr"),
        c("Un parfum pour ma mère, budget 1.299,50 €")
            .type("Eau de Parfum")
            .max("1299.50", "EUR")
            .lang("fr")
            .gift(),
        c("crème pour le visage moins de 30 euros, sans parfum")
            .type("Moisturizer")
            .excludes("fragrance")
            .max("30", "EUR")
            .lang("fr")
            .notWanted("fragrance"),
        c("sérum anti-taches entre 20 et 40 euros")
            .type("Serum")
            .concerns("dark spots")
            .min("20")
            .max("40", "EUR")
            .lang("fr"),
        c("peau mixte, je cherche un nettoyant doux")
            .type("Cleanser")
            .skin("combination")
            .lang("fr"),
        c("Gesichtscreme unter 30 Euro ohne Duftstoffe für trockene Haut")
            .type("Moisturizer")
            .max("30", "EUR")
            .excludes("fragrance")
            .skin("dry")
            .lang("de"),
        c("Ich suche ein Shampoo gegen Schuppen bis 15 Euro")
            .type("Shampoo")
            .concerns("dandruff")
            .max("15", "EUR")
            .lang("de"),
        c("protector solar menos de 30 euros, sin fragancia")
            .type("Sunscreen")
            .max("30", "EUR")
            .excludes("fragrance")
            .lang("es"),
        c("menos de 25 € para un champú para la caspa")
            .type("Shampoo")
            .concerns("dandruff")
            .max("25", "EUR")
            .lang("es"),
        c("crema viso per pelle secca sotto i 30 euro")
            .type("Moisturizer")
            .skin("dry")
            .max("30", "EUR")
            .lang("it"),
        // Japanese
        c("3,000円の化粧水").type("Toner").max("3000", "JPY").lang("ja").marketIs("JP"),
        c("日焼け止め 3000円以下").type("Sunscreen").max("3000", "JPY").lang("ja"),
        c("乾燥肌用の保湿クリーム、5000円まで").type("Moisturizer").skin("dry").max("5000", "JPY").lang("ja"),
        c("敏感肌 無香料 化粧水 2000円以下").type("Toner").sensitive().excludes("fragrance").max("2000", "JPY"),
        c("1万円以下の美容液").type("Serum").max("10000", "JPY"),
        c("between 3000 and 5000 yen for a sheet mask").type("Mask").min("3000").max("5000", "JPY"),
        // Typos
        c("a moisturzer for dry skin").type("Moisturizer").skin("dry"),
        c("serun with hyaloronic acid").type("Serum").wants("hyaluronic acid"),
        c("sunscren for sensitve skin").type("Sunscreen").sensitive(),
        c("niacinimide serum for blackheads")
            .wants("niacinamide")
            .concerns("blackheads")
            .type("Serum"),
        c("lip stick, no parabens or fragrance, under 20 euros")
            .type("Lipstick")
            .excludes("parabens", "fragrance")
            .max("20", "EUR"),
        c("lippie in a nude shade").type("Lipstick"),
        // retinal vs retinol, negations
        c("retinal serum, no retinol")
            .wants("retinal")
            .excludes("retinol")
            .notWanted("retinol")
            .notExcluded("retinal"),
        c("night serum with retinol").wants("retinol").notWanted("retinal"),
        c("no retinol please, I want a serum for fine lines")
            .excludes("retinol")
            .notWanted("retinol")
            .concerns("fine lines"),
        c("retinol-free eye cream for dark circles and puffiness")
            .type("Eye Cream")
            .excludes("retinol")
            .notWanted("retinol")
            .concerns("dark circles", "puffiness"),
        c("avoid alcohol and essential oils, toner for redness")
            .type("Toner")
            .excludes("alcohol", "essential oils")
            .concerns("redness"),
        c("nothing with parabens, a body lotion for eczema")
            .type("Body Lotion")
            .excludes("parabens")
            .concerns("irritation"),
        c("shampoo free of sulfates and silicones")
            .type("Shampoo")
            .excludes("sulfates", "silicones"),
        c("sulfate and paraben free conditioner")
            .type("Conditioner")
            .excludes("sulfates", "parabens"),
        c("unscented hand cream").type("Hand Cream").excludes("fragrance"),
        c("body lotion, no perfume").type("Body Lotion").excludes("fragrance"),
        c("I'm allergic to niacinamide, need a moisturizer for combination skin")
            .excludes("niacinamide")
            .notWanted("niacinamide")
            .skin("combination"),
        c("can't use retinol, what's good for wrinkles?")
            .excludes("retinol")
            .notWanted("retinol")
            .concerns("fine lines"),
        c("I'm pregnant and need something for acne")
            .excludes("retinol")
            .concerns("acne")
            .category("skincare")
            .unknown("product_type")
            .assumption("pregnancy.retinoids"),
        c("face cream for dry skin, not oily skin").skin("dry"),
        c("cleanser, my skin is not oily").skin(null).type("Cleanser"),
        c("cleanser without fragrance, with salicylic acid")
            .excludes("fragrance")
            .wants("salicylic acid")
            .notExcluded("salicylic acid"),
        c("no fragrance or alcohol, with niacinamide")
            .excludes("fragrance", "alcohol")
            .wants("niacinamide")
            .notExcluded("niacinamide"),
        c("aluminium-free deodorant").type("Deodorant").excludes("aluminum"),
        c("oil-free moisturizer for acne-prone skin")
            .type("Moisturizer")
            .excludes("oil")
            .concerns("acne"),
        c("my skin is very dry and sensitive, I need a cleanser")
            .skin("dry")
            .sensitive()
            .type("Cleanser"),
        // Brands
        c("Glossier lip balm, not CeraVe")
            .type("Lip Balm")
            .wantsBrands("Glossier")
            .avoidsBrands("CeraVe"),
        c("anything but The Ordinary, I want a niacinamide serum")
            .avoidsBrands("The Ordinary")
            .wants("niacinamide")
            .type("Serum"),
        c("la roche posay sunscreen, no glossier")
            .wantsBrands("La Roche-Posay")
            .avoidsBrands("Glossier")
            .type("Sunscreen"),
        c("Dr Jart cica cream for redness")
            .wantsBrands("Dr. Jart+")
            .wants("centella asiatica")
            .concerns("redness")
            .type("Moisturizer"),
        c("avoid Maison Verte and CeraVe, any good body scrub?")
            .avoidsBrands("Maison Verte", "CeraVe")
            .type("Body Scrub"),
        // Quantity, stock, gifts
        c("three of them, the Lumen Lab hair oil")
            .quantity(3)
            .wantsBrands("Lumen Lab")
            .type("Hair Oil"),
        c("need x2 lip balm for dry lips").quantity(2).concerns("dry lips").type("Lip Balm"),
        c("2 lipsticks under $40").quantity(2).max("40", "USD").type("Lipstick"),
        c("in stock lipstick that ships today please").inStock().type("Lipstick"),
        c("shower gel available now").inStock().type("Body Wash").category("body"),
        c("2 la roche-posay sunscreens").quantity(2).wantsBrands("La Roche-Posay"),
        c("cica balm from dr.jart+")
            .wantsBrands("Dr. Jart+")
            .wants("centella asiatica")
            .type("Moisturizer"),
        c("gift for my mum, she loves perfume, around £50")
            .gift()
            .type("Eau de Parfum")
            .min("40")
            .max("60", "GBP"),
        // Hair, body, sun
        c("leave-in conditioner for frizz and split ends")
            .type("Leave-In Conditioner")
            .concerns("frizz", "split ends"),
        c("scalp serum for itchy scalp").type("Scalp Serum").concerns("itchy scalp"),
        c("body wash for body odour").type("Body Wash").concerns("body odor"),
        c("after sun lotion for the beach").type("After-Sun").category("sun"),
        c("self tanner that doesn't streak").type("Self-Tanner"),
        c("exfoliant with glycolic acid for texture and dullness")
            .type("Exfoliant")
            .wants("glycolic acid")
            .concerns("texture", "dullness"),
        // Off-vertical and ambiguous
        c("cheap gaming laptop under $800")
            .vertical("other")
            .suggested("electronics")
            .max("800", "USD")
            .unknown("category")
            .questions(),
        c("running shoes for flat feet").vertical("other").suggested("footwear"),
        c("dog food for a puppy, grain free").vertical("other").suggested("pet"),
        c("something nice for my sister")
            .vertical(null)
            .suggested("beauty")
            .gift()
            .unknown("category", "budget")
            .questions("q_category", "q_budget"),
        c("moins de 30 euros").max("30", "EUR").unknown("category").lang("fr"),
        // Unknowns and questions
        c("a blush").type("Blush").unknown("budget").known("skin_type", "concerns"),
        c("perfume under $80").known("skin_type", "concerns", "budget").questions(),
        c("serum").unknown("budget", "skin_type", "concerns").questions("q_budget", "q_skin_type"),
        c("serum under $30").questions("q_skin_type", "q_concerns"),
        c("serum for dry skin under $30").questions("q_concerns"),
        c("skincare for acne")
            .category("skincare")
            .unknown("product_type")
            .questions("q_category", "q_budget"));
  }

  static Stream<Case> caseStream() {
    return cases().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("caseStream")
  void eachCase(Case c) {
    ParsedBrief b = PARSER.parse(c.input());
    List<String> failures = c.failures(b);
    if (!failures.isEmpty()) {
      fail(String.join("; ", failures) + "\n  parsed: " + b);
    }
  }

  @Test
  void tablePassRate() {
    List<Case> all = cases();
    int pass = 0;
    List<String> failed = new ArrayList<>();
    for (Case c : all) {
      List<String> failures = c.failures(PARSER.parse(c.input()));
      if (failures.isEmpty()) {
        pass++;
      } else {
        failed.add(c + " -> " + failures);
      }
    }
    System.out.println("brief parser: " + pass + "/" + all.size() + " cases pass");
    failed.forEach(f -> System.out.println("  FAIL " + f));
    assertTrue(all.size() >= 60, "the table needs at least 60 cases");
    assertEquals(all.size(), pass, "failing cases: " + failed);
  }
}
