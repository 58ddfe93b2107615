package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.TermFrequencyAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.Version;

/**
 * What this build of the code writes into the index, as one hash: the Lucene version, and every
 * field and token that {@link ProductDocuments} and the index analyzer make of a sample product
 * touching every field. A stored index is reused only when its fingerprint is this one, so a change
 * to the documents, the analyzers or their word lists makes the next start rebuild instead of
 * serving answers the new code would not give. Nobody has to remember to bump a number.
 */
final class IndexFingerprint {

  private IndexFingerprint() {}

  /** The fingerprint of the code running now: computed once, it cannot change while it runs. */
  static String current() {
    return Current.VALUE;
  }

  /** Holds the fingerprint, computed at first use (every commit records it). */
  private static final class Current {
    static final String VALUE = of(new ProductDocuments(), BeautyAnalyzers.index());
  }

  static String of(ProductDocuments documents, Analyzer analyzer) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      put(sha, "lucene " + Version.LATEST);
      for (ProductRecord sample : samples()) {
        Document doc = documents.document(sample);
        for (IndexableField field : doc.getFields()) {
          put(sha, field.name());
          put(sha, String.valueOf(field.fieldType()));
          BytesRef binary = field.binaryValue();
          if (binary != null) {
            sha.update(binary.bytes, binary.offset, binary.length);
          }
          if (field.numericValue() != null) {
            put(sha, field.numericValue().toString());
          }
          if (field.stringValue() != null) {
            put(sha, field.stringValue());
            if (field.fieldType().tokenized()) {
              tokens(sha, analyzer, field.name(), field.stringValue());
            }
          }
        }
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void tokens(MessageDigest sha, Analyzer analyzer, String field, String text) {
    try (TokenStream ts = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute step = ts.addAttribute(PositionIncrementAttribute.class);
      TermFrequencyAttribute freq = ts.addAttribute(TermFrequencyAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        put(sha, term + "/" + step.getPositionIncrement() + "/" + freq.getTermFrequency());
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void put(MessageDigest sha, String s) {
    sha.update(s.getBytes(StandardCharsets.UTF_8));
    sha.update((byte) 0);
  }

  /**
   * Products whose words go through the analyzers' spelling, plural, phrase and language rules:
   * British spellings, French and accented words, a brand with an ampersand, numbers and units.
   */
  private static List<ProductRecord> samples() {
    Instant at = Instant.parse("2026-01-01T00:00:00Z");
    ProductRecord.OfferRecord home = new ProductRecord.OfferRecord("US", "USD", 2450, 2900L, 7);
    ProductRecord.OfferRecord away = new ProductRecord.OfferRecord("FR", "EUR", 2300, null, 0);
    ProductRecord.VariantRecord variant =
        new ProductRecord.VariantRecord(
            "v_1", "50 ml", "SKU-1", "{\"size\":\"50 ml\"}", null, 1, List.of(home, away));
    return List.of(
        new ProductRecord(
            "prod_sample_1",
            "merch_sample",
            "Sample & Co",
            "active",
            "USD",
            "sandbox",
            "pp_1",
            "hydrating-creme-spf-30",
            "Hydrating Crème Moisturiser SPF 30 with Niacinamide, fragrance-free",
            "A lightweight colour-correcting cream for sensitive, dry skin. Odour-free; 50 ml.",
            "L'Atelier & Fils",
            "Moisturisers",
            "Skincare > Face > Moisturizers",
            "beauty",
            List.of("vegan", "Cruelty-Free", "sunscreens"),
            List.of("niacinamide", "hyaluronic acid"),
            "Aqua, Glycerin, Niacinamide",
            List.of("dry", "sensitive"),
            List.of("redness", "dehydration"),
            "https://example.test/p.png",
            "active",
            "group_1",
            at,
            at,
            List.of(variant)));
  }
}
