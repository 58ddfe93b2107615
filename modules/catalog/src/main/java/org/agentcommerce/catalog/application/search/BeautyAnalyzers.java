package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.text.ParseException;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.synonym.SolrSynonymParser;
import org.apache.lucene.analysis.synonym.SynonymGraphFilter;
import org.apache.lucene.analysis.synonym.SynonymMap;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Analyzers that know the beauty vertical: British and American spellings are one word
 * (moisturiser/moisturizer, colour/color), plurals fold (serums/serum), accents fold (crème/creme),
 * and at query time the vertical's synonyms expand (SPF, sunscreen, sun cream; acne, blemish).
 */
public final class BeautyAnalyzers {

  /** One spelling of each word the catalog writes two ways. */
  static final Map<String, String> SPELLINGS =
      Map.ofEntries(
          Map.entry("moisturiser", "moisturizer"),
          Map.entry("moisturisers", "moisturizers"),
          Map.entry("moisturising", "moisturizing"),
          Map.entry("moisturise", "moisturize"),
          Map.entry("colour", "color"),
          Map.entry("colours", "colors"),
          Map.entry("coloured", "colored"),
          Map.entry("favourite", "favorite"),
          Map.entry("odour", "odor"),
          Map.entry("fibre", "fiber"),
          Map.entry("centre", "center"),
          Map.entry("optimising", "optimizing"),
          Map.entry("minimising", "minimizing"),
          Map.entry("neutralising", "neutralizing"),
          Map.entry("hydrating", "hydrate"),
          Map.entry("hydration", "hydrate"),
          Map.entry("hydrates", "hydrate"),
          Map.entry("sunscreens", "sunscreen"),
          Map.entry("suncream", "sunscreen"),
          Map.entry("sunblock", "sunscreen"),
          Map.entry("perfumes", "perfume"));

  /** Query-time synonyms of the vertical, Solr format. */
  static final String SYNONYMS =
      String.join(
          "\n",
          "sunscreen, spf, sun cream, sun screen, sun protection, sunblock",
          "moisturizer, moisturizing cream, face cream, hydrator",
          "cleanser, face wash, facial wash, cleansing gel",
          "perfume, fragrance, eau de parfum, edp, scent",
          "cologne, eau de toilette, edt",
          "acne, blemish, breakout, spot, pimple",
          "hyperpigmentation, dark spot, dark spots, pigmentation, discoloration",
          "fine lines, wrinkle, wrinkles, anti aging, anti-aging, antiaging",
          "vitamin c, ascorbic acid",
          "retinol, retinoid, retinal, vitamin a",
          "niacinamide, vitamin b3",
          "hyaluronic, hyaluronic acid, sodium hyaluronate",
          "bha, salicylic acid",
          "aha, glycolic acid, lactic acid",
          "lipstick, lip color, lip colour",
          "foundation, base makeup",
          "shampoo, hair wash",
          "conditioner, hair conditioner",
          "body lotion, body cream, body moisturizer",
          "after sun, after-sun, aftersun",
          "self tanner, self-tanner, fake tan, tanning",
          "deodorant, antiperspirant",
          "sensitive, reactive");

  /** Words that carry no product meaning; "no" and "not" stay (negation matters to briefs). */
  static final CharArraySet STOP_WORDS =
      new CharArraySet(
          java.util.List.of(
              "a",
              "an",
              "and",
              "are",
              "as",
              "at",
              "be",
              "but",
              "by",
              "for",
              "if",
              "in",
              "into",
              "is",
              "it",
              "of",
              "on",
              "or",
              "such",
              "that",
              "the",
              "their",
              "then",
              "there",
              "these",
              "they",
              "this",
              "to",
              "was",
              "will",
              "with",
              "i",
              "me",
              "my",
              "want",
              "need",
              "looking",
              "something",
              "some",
              "please",
              "good",
              "best"),
          true);

  private static final SynonymMap SYNONYM_MAP = buildSynonyms();

  private BeautyAnalyzers() {}

  /** Used to index text fields. */
  public static Analyzer index() {
    return new Chain(false);
  }

  /** Used to analyze a query: the index chain plus synonym expansion. */
  public static Analyzer query() {
    return new Chain(true);
  }

  private static final class Chain extends Analyzer {
    private final boolean synonyms;

    Chain(boolean synonyms) {
      this.synonyms = synonyms;
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
      Tokenizer tokenizer = new StandardTokenizer();
      TokenStream stream = normalized(tokenizer);
      if (synonyms) {
        stream = new SynonymGraphFilter(stream, SYNONYM_MAP, true);
      }
      stream = new EnglishMinimalStemFilter(stream);
      return new TokenStreamComponents(tokenizer, stream);
    }
  }

  private static TokenStream normalized(TokenStream in) {
    TokenStream stream = new EnglishPossessiveFilter(in);
    stream = new LowerCaseFilter(stream);
    stream = new StopFilter(stream, STOP_WORDS);
    stream = new ASCIIFoldingFilter(stream);
    return new FreeFromFilter(new SpellingFilter(stream));
  }

  private static SynonymMap buildSynonyms() {
    Analyzer ruleAnalyzer =
        new Analyzer() {
          @Override
          protected TokenStreamComponents createComponents(String fieldName) {
            Tokenizer tokenizer = new StandardTokenizer();
            return new TokenStreamComponents(tokenizer, normalized(tokenizer));
          }
        };
    try {
      SolrSynonymParser parser = new SolrSynonymParser(true, true, ruleAnalyzer);
      parser.parse(new StringReader(SYNONYMS));
      return parser.build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ParseException e) {
      throw new IllegalStateException("bad synonym rules", e);
    }
  }

  /**
   * "fragrance-free" and "fragrance free" are one token, {@code fragrance_free}: a product free of
   * something must not match a search for that thing, and a search for "fragrance free" must find
   * exactly those products.
   */
  private static final class FreeFromFilter extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private org.apache.lucene.util.AttributeSource.State pending;

    FreeFromFilter(TokenStream in) {
      super(in);
    }

    @Override
    public boolean incrementToken() throws IOException {
      if (pending != null) {
        restoreState(pending);
        pending = null;
        return true;
      }
      if (!input.incrementToken()) {
        return false;
      }
      if ("free".equals(term.toString())) {
        return true;
      }
      State current = captureState();
      String word = term.toString();
      if (!input.incrementToken()) {
        restoreState(current);
        return true;
      }
      if ("free".equals(term.toString())) {
        restoreState(current);
        term.setEmpty().append(word).append("_free");
        return true;
      }
      pending = captureState();
      restoreState(current);
      return true;
    }

    @Override
    public void reset() throws IOException {
      super.reset();
      pending = null;
    }
  }

  /** Rewrites a token to its one spelling. */
  private static final class SpellingFilter extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);

    SpellingFilter(TokenStream in) {
      super(in);
    }

    @Override
    public boolean incrementToken() throws IOException {
      if (!input.incrementToken()) {
        return false;
      }
      String replacement = SPELLINGS.get(term.toString());
      if (replacement != null) {
        term.setEmpty().append(replacement);
      }
      return true;
    }
  }
}
