package org.agentcommerce.catalog.application.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SynonymQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.QueryBuilder;

/**
 * The shopper's words as Lucene queries: each word with its synonyms on the weighted text field
 * (BM25F), how many of them a product must have, and the bonus for the shopper's own word pairs in
 * a title. Holds the query analyzers; safe for concurrent searches.
 */
final class QueryWords {

  /** Field weights of the text search. */
  static final Map<String, Float> WEIGHTS =
      Map.of(
          IndexFields.TITLE, 3.0f,
          IndexFields.BRAND_TYPE, 2.5f,
          IndexFields.FACETS, 1.75f,
          IndexFields.DESCRIPTION, 1.0f);

  /** Weight of a title that has two of the shopper's words next to each other. */
  static final float PAIR_BOOST = 4.0f;

  /** Share of the query's words a product must contain (rounded down, at least one). */
  static final float COVERAGE = 0.7f;

  private final Analyzer queryAnalyzer = BeautyAnalyzers.query();

  /** The words as said, without synonyms: the title-phrase bonus is for the shopper's own words. */
  private final Analyzer phraseAnalyzer = BeautyAnalyzers.index();

  /**
   * The words of the query (empty when none is searchable), each with its synonyms as one query on
   * the weighted text field (BM25F over title, brand and type, facets, description). A synonym that
   * is a phrase ("sun cream") is the phrase's one term in that field ({@link
   * BeautyAnalyzers#PHRASES}); words the shopper typed that form a synonym phrase ("body lotion")
   * also match wherever a product has all of them. A word whose alternatives are not all single
   * terms or known phrases is scored as the best of the weighted fields instead.
   */
  List<Query> words(String text) {
    QueryBuilder builder = new QueryBuilder(queryAnalyzer);
    List<Query> weighted = words(builder.createBooleanQuery(IndexFields.TEXT, text, Occur.MUST));
    List<List<Query>> perField = null;
    List<Query> words = new ArrayList<>(weighted.size());
    String typed = null;
    for (int i = 0; i < weighted.size(); i++) {
      Query word = weighted.get(i);
      if (!(word instanceof TermQuery || word instanceof SynonymQuery)) {
        typed = typed != null ? typed : typed(text);
        Set<String> terms = new java.util.TreeSet<>();
        List<Query> typedPhrases = new ArrayList<>();
        if (alternatives(word, typed, terms, typedPhrases)) {
          SynonymQuery.Builder one = new SynonymQuery.Builder(IndexFields.TEXT);
          terms.forEach(t -> one.addTerm(new Term(IndexFields.TEXT, t)));
          word = one.build();
          if (!typedPhrases.isEmpty()) {
            BooleanQuery.Builder either = new BooleanQuery.Builder().add(word, Occur.SHOULD);
            typedPhrases.forEach(q -> either.add(q, Occur.SHOULD));
            word = either.build();
          }
        } else {
          perField = perField != null ? perField : perField(builder, text, weighted.size());
          word = new DisjunctionMaxQuery(perField.get(i), 0.3f);
        }
      }
      words.add(word);
    }
    return words;
  }

  /** The words as typed, analysed without synonyms, each between '_'. */
  private String typed(String text) {
    StringBuilder out = new StringBuilder("_");
    BeautyAnalyzers.terms(phraseAnalyzer, IndexFields.TEXT, text, t -> out.append(t).append('_'));
    return out.toString();
  }

  /**
   * Adds the terms of the weighted field that stand for one word of the query: its single-term
   * alternatives, and its phrase alternatives as their one term; a phrase the shopper typed also
   * goes to {@code typedPhrases} as the conjunction of its words. False when an alternative is
   * neither a term nor a known phrase.
   */
  private static boolean alternatives(
      Query word, String typed, Set<String> terms, List<Query> typedPhrases) {
    if (word instanceof TermQuery t) {
      terms.add(t.getTerm().text());
      return true;
    }
    if (word instanceof SynonymQuery s) {
      s.getTerms().forEach(t -> terms.add(t.text()));
      return true;
    }
    if (!(word instanceof BooleanQuery b) || b.clauses().isEmpty()) {
      return false;
    }
    if (b.clauses().stream().allMatch(c -> c.getOccur() == Occur.SHOULD)) {
      return b.clauses().stream()
          .allMatch(c -> alternatives(c.getQuery(), typed, terms, typedPhrases));
    }
    if (b.clauses().stream()
        .allMatch(c -> c.getOccur() == Occur.MUST && c.getQuery() instanceof TermQuery)) {
      String phrase =
          String.join(
              "_",
              b.clauses().stream().map(c -> ((TermQuery) c.getQuery()).getTerm().text()).toList());
      if (!BeautyAnalyzers.PHRASES.contains(phrase)) {
        return false;
      }
      terms.add(phrase);
      if (typed.contains("_" + phrase + "_")) {
        typedPhrases.add(b);
      }
      return true;
    }
    return false;
  }

  /**
   * Coverage: at least {@link #COVERAGE} of the words must match, so that one shared word ("dry" in
   * a beach towel) does not carry a product into the results.
   */
  static int minimum(int words) {
    return Math.max(1, (int) (COVERAGE * words));
  }

  /** Products with every word, ranked by text score. */
  static BooleanQuery allWords(List<Query> words) {
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    words.forEach(w -> all.add(w, Occur.MUST));
    return all.build();
  }

  /**
   * A bonus for each pair of the shopper's own neighbouring words that a title has in that order
   * ({@link CatalogIndex#TITLE_PAIRS}), once per search.
   */
  List<Query> titlePairs(String text) {
    Set<String> seen = new java.util.LinkedHashSet<>();
    BeautyAnalyzers.pairs(phraseAnalyzer, IndexFields.TITLE, text, seen::add);
    return seen.stream()
        .<Query>map(
            pair ->
                new BoostQuery(new TermQuery(new Term(IndexFields.TITLE_PAIRS, pair)), PAIR_BOOST))
        .toList();
  }

  /**
   * {@code base} (a conjunction, or a filter with optional words) with the title-pair bonuses as
   * optional clauses: the query keeps its shape (block-max conjunction, or the filter leading); a
   * title pair implies its words, so it lets nothing more through.
   */
  static Query scoringQuery(BooleanQuery base, List<Query> pairs) {
    if (pairs.isEmpty()) {
      return base;
    }
    BooleanQuery.Builder q = new BooleanQuery.Builder();
    base.clauses().forEach(q::add);
    pairs.forEach(pair -> q.add(pair, Occur.SHOULD));
    return q.build();
  }

  /** For each word, its query on each weighted field with the field's weight. */
  private static List<List<Query>> perField(QueryBuilder builder, String text, int count) {
    List<List<Query>> perWord = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      perWord.add(new ArrayList<>());
    }
    for (Map.Entry<String, Float> field : WEIGHTS.entrySet()) {
      List<Query> words = words(builder.createBooleanQuery(field.getKey(), text, Occur.MUST));
      if (words.size() != count) {
        // One analyzer for every field gives every field the same words; this never happens.
        throw new IllegalStateException("fields disagree on the words of " + text);
      }
      for (int i = 0; i < count; i++) {
        perWord.get(i).add(new BoostQuery(words.get(i), field.getValue()));
      }
    }
    return perWord;
  }

  /**
   * The words of an analysed query: the clauses of a conjunction (QueryBuilder makes one clause per
   * position, synonyms and multi-word alternatives inside it), or the one query it made.
   */
  private static List<Query> words(Query analysed) {
    if (analysed == null) {
      return List.of();
    }
    if (analysed instanceof BooleanQuery b
        && !b.clauses().isEmpty()
        && b.clauses().stream().allMatch(c -> c.getOccur() == Occur.MUST)) {
      return b.clauses().stream().map(org.apache.lucene.search.BooleanClause::getQuery).toList();
    }
    return List.of(analysed);
  }

  /** The words of a title, with their synonyms, as optional clauses on the title field. */
  Query titleWords(String title) {
    return new QueryBuilder(queryAnalyzer)
        .createBooleanQuery(IndexFields.TITLE, title, Occur.SHOULD);
  }
}
