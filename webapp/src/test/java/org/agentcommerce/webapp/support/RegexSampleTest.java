package org.agentcommerce.webapp.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RegexSampleTest {

  @Test
  void theShortestMatchOfThePatternsTheDocumentUses() {
    assertEquals("AA", RegexSample.of("^(?:[A-Za-z]{2})$"));
    assertEquals("AAA", RegexSample.of("^(?:[A-Z]{3})$"));
    assertEquals("legacy", RegexSample.of("^(?:legacy|cache_first|realtime_first)$"));
    assertEquals("http://a", RegexSample.of("^(?:https?://\\S+)$"));
    assertEquals("0", RegexSample.of("^(?:[0-9]{1,12}(\\.[0-9]{1,4})?)$"));
    assertEquals("A", RegexSample.of("^(?:[A-Za-z0-9_.:-]+)$"));
    assertEquals("a", RegexSample.of("\\S"));
    assertEquals("a", RegexSample.of("^[^ ]$"));
    assertEquals("3.1.1", RegexSample.of("^3\\.1\\.\\d+$"));
  }
}
