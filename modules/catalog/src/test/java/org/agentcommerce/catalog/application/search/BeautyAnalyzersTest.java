package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The spelling table read from spellings.tsv: as large as the Java table it replaced. */
class BeautyAnalyzersTest {

  @Test
  void spellingsAreTheTwentyFiveOfTheOldTable() {
    assertEquals(25, BeautyAnalyzers.SPELLINGS.size());
    assertEquals("moisturizer", BeautyAnalyzers.SPELLINGS.get("moisturiser"));
    assertEquals("color", BeautyAnalyzers.SPELLINGS.get("colour"));
    assertEquals("hydrate", BeautyAnalyzers.SPELLINGS.get("hydration"));
    assertEquals("creams", BeautyAnalyzers.SPELLINGS.get("cremas"));
  }

  @Test
  void theIndexAnalyzerWritesOneSpelling() {
    List<String> terms = new ArrayList<>();
    BeautyAnalyzers.terms(BeautyAnalyzers.index(), "", "Crème moisturiser colours", terms::add);
    assertEquals(List.of("cream", "moisturizer", "color"), terms);
  }
}
