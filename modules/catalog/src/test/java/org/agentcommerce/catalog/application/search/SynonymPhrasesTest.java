package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Synonym phrases ("sun cream" for sunscreen) are one word of the weighted text field: written
 * there where a product's text has the phrase, word after word, and searched as that one term.
 */
class SynonymPhrasesTest {

  private static List<String> terms(String text) {
    List<String> out = new ArrayList<>();
    BeautyAnalyzers.termsAndPhrases(BeautyAnalyzers.index(), "text", text, out::add);
    return out;
  }

  @ParameterizedTest
  @CsvSource({
    "'Daily Sun Cream SPF 30', sun_cream",
    "'Soothing After-Sun Gel', after_sun",
    "'Vitamin C brightening serum', vitamin_c",
    "'Rich Body Lotion with shea', body_lotion",
    "'Eau de Parfum 50 ml', eau_de_parfum"
  })
  void aProductWithThePhraseHasItAsOneMoreWord(String text, String phrase) {
    List<String> terms = terms(text);
    assertTrue(terms.contains(phrase), terms.toString());
  }

  @ParameterizedTest
  @CsvSource({
    "'Sun Glow Face Cream', sun_cream",
    "'Sun and cream', sun_cream",
    "'Lotion for the body', body_lotion"
  })
  void wordsApartAreNoPhrase(String text, String phrase) {
    List<String> terms = terms(text);
    assertFalse(terms.contains(phrase), terms.toString());
  }

  @Test
  void aWordWhoseSynonymIsAPhraseIsOneQueryOfTheWeightedField() throws IOException {
    List<Query> words = new ProductSearchService().words("sunscreen spf");
    assertEquals(2, words.size());
    words.forEach(w -> assertFalse(w instanceof DisjunctionMaxQuery, w.toString()));
    Set<String> found =
        search(
            "sunscreen",
            "Daily Sun Cream SPF 30",
            "Sun Glow Face Cream",
            "Mineral Sunblock",
            "Hand cream");
    assertEquals(Set.of("Daily Sun Cream SPF 30", "Mineral Sunblock"), found);
  }

  @Test
  void phraseWordsTheShopperTypedAlsoMatchApartButInferredOnesDoNot() throws IOException {
    String[] products = {
      "Rich Body Lotion", "Lotion for the body", "Body cream", "Cream and body oil"
    };
    assertEquals(
        Set.of("Rich Body Lotion", "Lotion for the body", "Body cream"),
        search("body lotion", products));
    assertEquals(
        Set.of("Rich Body Lotion", "Body cream", "Cream and body oil"),
        search("body cream", products));
  }

  /** The products whose weighted text matches every word of {@code query}. */
  private static Set<String> search(String query, String... products) throws IOException {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter writer =
          new IndexWriter(dir, new IndexWriterConfig(new KeywordAnalyzer()))) {
        for (String title : products) {
          Document doc = new Document();
          doc.add(new StringField("title", title, Field.Store.YES));
          StringBuilder text = new StringBuilder();
          terms(title).forEach(t -> text.append(t).append(' '));
          doc.add(
              new TextField(
                  IndexFields.TEXT,
                  new org.apache.lucene.analysis.core.WhitespaceAnalyzer()
                      .tokenStream(IndexFields.TEXT, text.toString())));
          writer.addDocument(doc);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        Query all = ProductSearchService.allWords(new ProductSearchService().words(query));
        Set<String> found = new TreeSet<>();
        for (ScoreDoc d : searcher.search(all, 10).scoreDocs) {
          found.add(searcher.storedFields().document(d.doc).get("title"));
        }
        return found;
      }
    }
  }
}
