package org.agentcommerce.catalog.domain.brief;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Properties every parse must have, checked over the whole table, and a few focused rules. */
class BriefParserTest {

  private static final BriefParser PARSER = BriefParserTableTest.PARSER;

  private static void forEveryCase(Consumer<ParsedBrief> check) {
    for (BriefParserTableTest.Case c : BriefParserTableTest.cases()) {
      ParsedBrief b = PARSER.parse(c.input());
      try {
        check.accept(b);
      } catch (AssertionError e) {
        throw new AssertionError(c + ": " + e.getMessage(), e);
      }
    }
  }

  @Test
  void evidenceSpansAreSubstringsOfTheRawText() {
    forEveryCase(
        b -> {
          for (Evidence e : b.evidence()) {
            if (e.hasSpan()) {
              assertTrue(e.start() <= e.end() && e.end() <= b.rawText().length(), e.toString());
              assertEquals(b.rawText().substring(e.start(), e.end()), e.text(), e.toString());
            } else {
              assertEquals(-1, e.start(), e.toString());
              assertEquals(-1, e.end(), e.toString());
              assertEquals("", e.text(), e.toString());
            }
          }
        });
  }

  @Test
  void everyRuleIsDocumentedOnce() {
    Set<String> ids = new HashSet<>();
    for (BriefRule r : BriefParser.RULES) {
      assertTrue(ids.add(r.id()), "duplicate rule id " + r.id());
      assertFalse(r.description().isBlank(), r.id());
    }
    forEveryCase(b -> b.evidence().forEach(e -> assertTrue(ids.contains(e.ruleId()), e.ruleId())));
  }

  @Test
  void everyFieldThatIsSetHasEvidence() {
    forEveryCase(
        b -> {
          requireEvidence(
              b,
              "lang",
              null,
              !b.assumptions().stream().anyMatch(a -> a.id().equals("lang.default")));
          requireEvidence(b, "vertical", null, b.vertical() != null);
          requireEvidence(b, "category", null, b.category() != null);
          requireEvidence(b, "productType", null, b.productType() != null);
          b.productTypes().forEach(t -> requireEvidence(b, "productTypes", t, true));
          requireEvidence(b, "budget", null, b.budget() != null);
          requireEvidence(b, "priceTier", null, b.priceTier() != null);
          requireEvidence(b, "skinType", null, b.skinType() != null);
          requireEvidence(b, "sensitiveSkin", null, b.sensitiveSkin());
          b.concerns().forEach(v -> requireEvidence(b, "concerns", v, true));
          b.exclusions().forEach(v -> requireEvidence(b, "exclusions", v, true));
          b.wantedIngredients().forEach(v -> requireEvidence(b, "wantedIngredients", v, true));
          b.brandsWanted().forEach(v -> requireEvidence(b, "brandsWanted", v, true));
          b.brandsAvoided().forEach(v -> requireEvidence(b, "brandsAvoided", v, true));
          requireEvidence(b, "minSpf", null, b.minSpf() != null);
          requireEvidence(b, "quantity", null, b.quantity() != null);
          requireEvidence(b, "market", null, b.market() != null);
          requireEvidence(b, "locale", null, b.locale() != null);
          requireEvidence(b, "currency", null, b.currency() != null);
          requireEvidence(b, "inStockOnly", null, b.inStockOnly());
          requireEvidence(b, "giftIntent", null, b.giftIntent());
        });
  }

  private static void requireEvidence(ParsedBrief b, String field, String value, boolean set) {
    if (!set) {
      return;
    }
    List<Evidence> found = value == null ? b.evidenceFor(field) : b.evidenceFor(field, value);
    assertFalse(found.isEmpty(), "no evidence for " + field + (value == null ? "" : "=" + value));
  }

  @Test
  void inputContextGetsInputEvidenceWithoutSpan() {
    ParsedBrief b = PARSER.parse(new BriefInput("serum for acne, max 40", "us", "en-US", "usd"));
    assertEquals("US", b.market());
    assertEquals("en-US", b.locale());
    assertEquals("USD", b.currency());
    assertEquals("USD", b.budget().currency());
    for (String field : List.of("market", "locale", "currency")) {
      Evidence e = b.evidenceFor(field).get(0);
      assertEquals("input." + field, e.ruleId());
      assertEquals(-1, e.start());
      assertEquals(-1, e.end());
    }
    assertTrue(b.assumptions().stream().anyMatch(a -> a.id().equals("budget.currency_default")));
  }

  @Test
  void currencyIsAssumedFromTheMarket() {
    ParsedBrief b = PARSER.parse(new BriefInput("a toner", "JP", null, null));
    assertEquals("JPY", b.currency());
    assertEquals("JP", b.market());
    assertTrue(b.locale().endsWith("-JP"), b.locale());
    assertTrue(b.assumptions().stream().anyMatch(a -> a.id().equals("currency.from_market")));
  }

  @Test
  void sameInputGivesAnEqualResult() {
    BriefParser other = new BriefParser(List.copyOf(BriefParserTableTest.PARSER_BRANDS));
    for (BriefParserTableTest.Case c : BriefParserTableTest.cases()) {
      ParsedBrief first = PARSER.parse(c.input());
      assertEquals(first, PARSER.parse(c.input()), c.toString());
      assertEquals(first, other.parse(c.input()), c.toString());
    }
  }

  @Test
  void theDefaultLocaleDoesNotChangeTheResult() {
    Locale saved = Locale.getDefault();
    List<String> briefs =
        List.of(
            "FRAGRANCE-FREE MOISTURIZER FOR DRY SKIN, NO RETINOL, UNDER $30",
            "LIP BALM WITH SPF, IN STOCK",
            "Gesichtscreme unter 30 Euro ohne Duftstoffe für trockene Haut");
    try {
      Locale.setDefault(Locale.ROOT);
      List<ParsedBrief> root = briefs.stream().map(t -> PARSER.parse(BriefInput.of(t))).toList();
      Locale.setDefault(Locale.forLanguageTag("tr-TR"));
      List<ParsedBrief> turkish = briefs.stream().map(t -> PARSER.parse(BriefInput.of(t))).toList();
      assertEquals(root, turkish);
      assertEquals("Moisturizer", turkish.get(0).productType());
      assertTrue(turkish.get(0).exclusions().containsAll(List.of("fragrance", "retinol")));
      assertTrue(turkish.get(1).inStockOnly());
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void atMostTwoQuestionsAndStableIds() {
    Set<String> known = Set.of("q_category", "q_budget", "q_skin_type", "q_concerns");
    forEveryCase(
        b -> {
          assertTrue(b.questions().size() <= 2, b.questions().toString());
          b.questions().forEach(q -> assertTrue(known.contains(q.id()), q.id()));
          assertEquals(b.questions(), PARSER.clarifyingQuestions(b));
        });
  }

  @Test
  void questionsComeInPriorityOrder() {
    List<String> order = List.of("q_category", "q_budget", "q_skin_type", "q_concerns");
    forEveryCase(
        b -> {
          List<Integer> ranks = b.questions().stream().map(q -> order.indexOf(q.id())).toList();
          for (int i = 1; i < ranks.size(); i++) {
            assertTrue(ranks.get(i - 1) < ranks.get(i), ranks.toString());
          }
        });
    ParsedBrief noType = PARSER.parse(BriefInput.of("something for my skin, max $40"));
    Question first = noType.questions().get(0);
    assertEquals("q_category", first.id());
    assertEquals("choice", first.type());
    assertTrue(first.choices().contains("Serum"), first.choices().toString());

    ParsedBrief noBudget = PARSER.parse(new BriefInput("a serum for dry skin", "GB", null, null));
    Question budget = noBudget.questions().get(0);
    assertEquals("q_budget", budget.id());
    assertEquals("number", budget.type());
    assertEquals("GBP", budget.unit());
    assertEquals("q_concerns", noBudget.questions().get(1).id());
  }

  @Test
  void questionsSpeakTheBriefsLanguage() {
    ParsedBrief fr = PARSER.parse(BriefInput.of("je cherche une crème pour la peau"));
    assertEquals("fr", fr.lang());
    assertEquals("Quel est votre budget ?", fr.questions().get(0).text());
  }

  @Test
  void confidenceStaysBetweenZeroAndOne() {
    forEveryCase(b -> assertTrue(b.confidence() >= 0 && b.confidence() <= 1));
    ParsedBrief full = PARSER.parse(BriefInput.of("serum for dry skin and acne under $30"));
    ParsedBrief thin = PARSER.parse(BriefInput.of("serum"));
    assertTrue(full.confidence() > thin.confidence());
    assertEquals(1.0, full.confidence());
  }

  @Test
  void fullWidthAndNonBreakingSpacesKeepOffsets() {
    String raw = "ＳＰＦ５０の日焼け止め　￥３０００以下";
    ParsedBrief b = PARSER.parse(BriefInput.of(raw));
    assertEquals(50, b.minSpf());
    assertEquals("Sunscreen", b.productType());
    assertEquals(0, new BigDecimal("3000").compareTo(b.budget().max()));
    assertEquals("JPY", b.budget().currency());
    for (Evidence e : b.evidence()) {
      if (e.hasSpan()) {
        assertEquals(raw.substring(e.start(), e.end()), e.text());
      }
    }
    ParsedBrief fr = PARSER.parse(BriefInput.of("sérum moins de 29,50\u202f€"));
    assertEquals(0, new BigDecimal("29.50").compareTo(fr.budget().max()));
    assertEquals("EUR", fr.budget().currency());
  }

  @Test
  void emptyAndUnknownBriefs() {
    ParsedBrief empty = PARSER.parse(BriefInput.of(""));
    assertNull(empty.vertical());
    assertEquals("beauty", empty.suggestedVertical());
    assertEquals(
        List.of("q_category", "q_budget"), empty.questions().stream().map(Question::id).toList());
    ParsedBrief noBrands = new BriefParser(List.of()).parse(BriefInput.of("CeraVe cleanser"));
    assertEquals("Cleanser", noBrands.productType());
    assertTrue(noBrands.brandsWanted().isEmpty());
  }

  @Test
  void typoDistanceCountsTranspositionsAsOneEdit() {
    assertEquals(1, BriefParser.distance("moisturzer", "moisturizer", 2));
    assertEquals(1, BriefParser.distance("serun", "serum", 1));
    assertEquals(1, BriefParser.distance("sreum", "serum", 1));
    assertEquals(1, BriefParser.distance("retinal", "retinol", 2));
    assertEquals(List.of("retinal"), PARSER.parse(BriefInput.of("retinal")).wantedIngredients());
    ParsedBrief b = PARSER.parse(BriefInput.of("moisturzer"));
    assertNotNull(b.productType());
    assertTrue(b.evidence().stream().anyMatch(e -> e.ruleId().equals("typo.edit_distance")));
  }

  @Test
  void budgetIsNeverConfusedWithOtherNumbers() {
    for (String text :
        List.of(
            "SPF 50 sunscreen",
            "10% niacinamide serum",
            "50ml moisturizer",
            "2 bottles of shampoo",
            "cream for age 30 skin",
            "3-step routine for my 40s",
            "spf50+ for a 2 year old")) {
      assertNull(PARSER.parse(BriefInput.of(text)).budget(), text);
    }
  }
}
