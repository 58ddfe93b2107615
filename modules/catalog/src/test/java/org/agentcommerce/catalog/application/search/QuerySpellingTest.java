package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuerySpellingTest {

  private static final ByteBuffersDirectory DIRECTORY = new ByteBuffersDirectory();
  private static DirectoryReader reader;
  private static IndexSearcher searcher;

  @BeforeAll
  static void index() throws IOException {
    try (IndexWriter writer =
        new IndexWriter(DIRECTORY, new IndexWriterConfig(BeautyAnalyzers.index()))) {
      for (String text :
          new String[] {
            "Hydrating Moisturizer with niacinamide, fragrance-free",
            "Argan Moisture Shampoo, sulfate-free",
            "Salicylic Acid Cleanser",
            "Vitamin C Serum",
            "Mineral Sunscreen SPF 50",
            "End-Grain Cutting Board"
          }) {
        Document d = new Document();
        d.add(new TextField(IndexFields.TEXT, text, Field.Store.NO));
        writer.addDocument(d);
      }
    }
    reader = DirectoryReader.open(DIRECTORY);
    searcher = new IndexSearcher(reader);
  }

  @AfterAll
  static void close() throws IOException {
    reader.close();
  }

  @Test
  void knownWordsAreLeftAsSent() {
    String query = "Vitamin C serum for my skin";
    assertSame(query, QuerySpelling.correct(searcher, query));
    assertEquals(" ", QuerySpelling.correct(searcher, " "));
  }

  /**
   * Sent → searched: unknown words become the closest indexed word (or a word of the synonym rules:
   * no product says "perfume"); words the synonym rules understand, short words, numbers and words
   * far from any indexed one stay ("beard" is one substitution from "board", but e and o are not
   * neighbouring keys).
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          moisturzer             | moisturizer
          shampo                 | shampoo
          niacinimide            | niacinamide
          salicylic acid clenser | salicylic acid cleanser
          Vitamin C serun        | Vitamin C serum
          fragrence-free         | fragrance free
          perfum                 | perfume
          fake tan               | fake tan
          Sonnencreme            | Sonnencreme
          crème hydratante       | crème hydratante
          beard oil              | beard oil
          xqzv plorb             | xqzv plorb
          50ml                   | 50ml
          mortgage calculator    | mortgage calculator
          """)
  void correction(String sent, String searched) {
    assertEquals(searched, QuerySpelling.correct(searcher, sent));
  }

  @Test
  void substitutionsOfShortWordsMustBeNeighbouringKeys() {
    assertTrue(QuerySpelling.neighbours('n', 'm'));
    assertTrue(QuerySpelling.neighbours('e', 'd'));
    assertTrue(QuerySpelling.neighbours('a', 'z'));
    assertFalse(QuerySpelling.neighbours('e', 'o'));
    assertFalse(QuerySpelling.neighbours('a', 'x'));
    assertEquals(1, QuerySpelling.edits("serun", "serum", true));
    assertEquals(2, QuerySpelling.edits("beard", "board", true));
    assertEquals(1, QuerySpelling.edits("beard", "board", false));
    assertEquals(1, QuerySpelling.edits("moisutrizer", "moisturizer", false));
  }
}
