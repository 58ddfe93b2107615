package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.synonym.SynonymGraphFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;

/**
 * Typo tolerance: a word of the query that no product contains ("moisturzer", "shampo") is replaced
 * by the closest word the catalog does contain ("moisturizer", "shampoo"), so that the search runs
 * on what the shopper meant. Words the index knows, and words a synonym rule understands (a foreign
 * word, "fake" of "fake tan"), are left as they are. When every word is known, which is most
 * searches, the cost is one analysis of the query and one term lookup per word.
 */
final class QuerySpelling {

  /** Words shorter than this are never corrected: too many real words lie one edit away. */
  static final int MIN_LENGTH = 5;

  /** Words at least this long may be two edits away from what was meant; shorter ones one. */
  static final int TWO_EDITS_LENGTH = 8;

  /** The first letters that must be right: typos rarely start a word, and the search is cheaper. */
  static final int PREFIX = 1;

  private static final Analyzer INDEX = BeautyAnalyzers.index();
  private static final Analyzer QUERY = BeautyAnalyzers.query();

  private QuerySpelling() {}

  /** One analysed word of the query and where it stands in the text. */
  private record Word(String term, int start, int end) {}

  /**
   * The query with each unknown word replaced by the closest indexed one of {@link
   * CatalogIndex#TEXT}; the text itself when nothing needs correcting.
   */
  static String correct(IndexSearcher searcher, String text) {
    if (text == null || text.isBlank()) {
      return text;
    }
    try {
      IndexReader reader = searcher.getIndexReader();
      List<Word> unknown = new ArrayList<>();
      for (Word w : words(INDEX, text, false)) {
        if (correctable(w.term()) && reader.docFreq(new Term(IndexFields.TEXT, w.term())) == 0) {
          unknown.add(w);
        }
      }
      if (unknown.isEmpty()) {
        return text;
      }
      List<Word> understood = words(QUERY, text, true);
      StringBuilder out = new StringBuilder(text);
      // From the end, so that the offsets of the words before stay valid.
      for (int i = unknown.size() - 1; i >= 0; i--) {
        Word w = unknown.get(i);
        if (understood.stream().anyMatch(s -> s.start() < w.end() && w.start() < s.end())) {
          continue;
        }
        String closest = closest(reader, w.term());
        if (closest != null) {
          // "fragrance_free" is two words of text: written back as such, the analyzer joins them.
          out.replace(w.start(), w.end(), closest.replace('_', ' '));
        }
      }
      return out.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Long enough, and letters only: numbers and sizes ("50ml") are not misspelt words. */
  private static boolean correctable(String term) {
    if (term.codePointCount(0, term.length()) < MIN_LENGTH) {
      return false;
    }
    return term.codePoints().allMatch(c -> Character.isLetter(c) || c == '_');
  }

  /**
   * The words {@code analyzer} makes of {@code text}; with {@code synonymsOnly}, just the words a
   * synonym rule put there.
   */
  private static List<Word> words(Analyzer analyzer, String text, boolean synonymsOnly)
      throws IOException {
    List<Word> words = new ArrayList<>();
    try (TokenStream tokens = analyzer.tokenStream(IndexFields.TEXT, text)) {
      CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
      OffsetAttribute offset = tokens.addAttribute(OffsetAttribute.class);
      TypeAttribute type = tokens.addAttribute(TypeAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        if (!synonymsOnly || SynonymGraphFilter.TYPE_SYNONYM.equals(type.type())) {
          words.add(new Word(term.toString(), offset.startOffset(), offset.endOffset()));
        }
      }
      tokens.end();
    }
    return words;
  }

  /**
   * The word fewest edits away (insertions, deletions, substitutions and transpositions) among the
   * indexed words and those of the synonym rules, the most common one among equals; null when none
   * is close enough.
   */
  private static String closest(IndexReader reader, String word) throws IOException {
    int length = word.codePointCount(0, word.length());
    int maxEdits = length >= TWO_EDITS_LENGTH ? 2 : 1;
    Closest best = new Closest(word, maxEdits);
    String prefix = word.substring(0, word.offsetByCodePoints(0, PREFIX));
    Terms terms = MultiTerms.getTerms(reader, IndexFields.TEXT);
    if (terms != null) {
      // The indexed words with the same first letter, in order: a walk over a slice of the terms
      // dictionary, far cheaper than building a Levenshtein automaton for every correction.
      BytesRef start = new BytesRef(prefix);
      TermsEnum indexed = terms.iterator();
      if (indexed.seekCeil(start) != TermsEnum.SeekStatus.END) {
        for (BytesRef term = indexed.term();
            term != null && StringHelper.startsWith(term, start);
            term = indexed.next()) {
          // UTF-8 is at least as long as the text: a term this short cannot be close.
          if (term.length >= length - maxEdits) {
            best.offer(term.utf8ToString(), indexed);
          }
        }
      }
    }
    for (String rule : BeautyAnalyzers.RULE_WORDS.tailSet(prefix)) {
      if (!rule.startsWith(prefix)) {
        break;
      }
      best.offer(rule, null);
    }
    return best.term;
  }

  /** The best candidate so far. */
  private static final class Closest {
    private final String word;
    private final int maxEdits;
    private String term;
    private int edits = Integer.MAX_VALUE;
    private int frequency = -1;

    Closest(String word, int maxEdits) {
      this.word = word;
      this.maxEdits = maxEdits;
    }

    /** Takes {@code candidate} if it is closer, or as close and more common ({@code at} its df). */
    void offer(String candidate, TermsEnum at) throws IOException {
      if (Math.abs(candidate.length() - word.length()) > maxEdits) {
        return;
      }
      int e = edits(word, candidate, maxEdits == 1, Math.min(maxEdits, edits));
      if (e > maxEdits || e > edits) {
        return;
      }
      int f = at == null ? 0 : at.docFreq();
      if (e < edits || f > frequency) {
        term = candidate;
        edits = e;
        frequency = f;
      }
    }
  }

  /**
   * Optimal string alignment distance: Levenshtein plus transposition of two neighbours. With
   * {@code strict}, a substitution costs one only between neighbouring keys (a slip of the finger,
   * "serun" for "serum") and two otherwise: a short word one letter away from a catalog word is
   * more often another word ("beard", "board") than a typo.
   */
  static int edits(String a, String b, boolean strict) {
    return edits(a, b, strict, Integer.MAX_VALUE - 2);
  }

  /** {@link #edits(String, String, boolean)}, or more than {@code limit} once it must be. */
  private static int edits(String a, String b, boolean strict, int limit) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    int previousMin = 0;
    for (int i = 1; i <= a.length(); i++) {
      int rowMin = d[i][0];
      for (int j = 1; j <= b.length(); j++) {
        char x = a.charAt(i - 1);
        char y = b.charAt(j - 1);
        int cost = x == y ? 0 : !strict || neighbours(x, y) ? 1 : 2;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
        rowMin = Math.min(rowMin, d[i][j]);
      }
      // Every later cell comes from this row or, one more edit away, from the one before.
      if (rowMin > limit && previousMin >= limit) {
        return limit + 1;
      }
      previousMin = rowMin;
    }
    return d[a.length()][b.length()];
  }

  private static final String[] KEY_ROWS = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};

  /** How far each row of a keyboard is shifted to the right, in keys. */
  private static final double[] ROW_SHIFT = {0, 0.25, 0.75};

  /** Whether two letters are neighbouring keys of a QWERTY keyboard. */
  static boolean neighbours(char a, char b) {
    for (int r = 0; r < KEY_ROWS.length; r++) {
      int i = KEY_ROWS[r].indexOf(a);
      if (i < 0) {
        continue;
      }
      for (int s = Math.max(0, r - 1); s <= Math.min(KEY_ROWS.length - 1, r + 1); s++) {
        int j = KEY_ROWS[s].indexOf(b);
        double dx = Math.abs((i + ROW_SHIFT[r]) - (j + ROW_SHIFT[s]));
        if (j >= 0 && a != b && (s == r ? dx == 1 : dx <= 0.75)) {
          return true;
        }
      }
    }
    return false;
  }
}
