package org.agentcommerce.catalog.domain.brief;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The parser's data files load, are not empty and have the columns their readers expect. */
class BriefDataTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "categories.txt",
        "connectors.txt",
        "dollar-currencies.txt",
        "eurozone.txt",
        "item-fillers.txt",
        "lead-fillers.txt",
        "not-typos.txt",
        "skin-chain.txt",
        "skin-copulas.txt",
        "skin-foreign-nouns.txt",
        "skin-relevant-types.txt",
        "typo-targets.txt"
      })
  void listLoads(String file) {
    List<String> lines = BriefData.lines(file);
    assertFalse(lines.isEmpty(), file);
    lines.forEach(l -> assertFalse(l.isBlank(), file));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "concerns.tsv",
        "currency-words.tsv",
        "eu-language-regions.tsv",
        "language-letters.tsv",
        "language-words.tsv",
        "markets.tsv",
        "number-words.tsv",
        "product-types.tsv",
        "question-choices.tsv",
        "rules.tsv"
      })
  void tableLoads(String file) {
    assertFalse(BriefData.table(file).isEmpty(), file);
  }

  @Test
  void lexiconLoads() {
    assertFalse(BriefData.rows("lexicon.tsv", 5).isEmpty());
    assertTrue(Lexicon.INSTANCE.isVocabularyToken("serum"));
  }

  @Test
  void missingFileFailsNamingIt() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> BriefData.lines("no-such-file.txt"));
    assertTrue(e.getMessage().contains("no-such-file.txt"), e.getMessage());
  }

  @Test
  void wrongColumnCountFailsNamingTheFile() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> BriefData.rows("markets.tsv", 3));
    assertTrue(e.getMessage().contains("markets.tsv"), e.getMessage());
  }

  @Test
  void rulesKeepTheirFileOrder() {
    assertEquals("input.market", BriefParser.RULES.get(0).id());
    assertEquals(BriefData.lines("rules.tsv").size(), BriefParser.RULES.size());
  }
}
