package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.FilterWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;

/**
 * A query's score plus a constant: a product matching the inner query scores {@code plus + score}.
 * Several of them in one disjunction rank products by how many of them match first, then by text
 * score, and the constant is part of each clause's maximum score, so block-max WAND prunes products
 * that cannot match as many clauses as the page already holds.
 */
final class PlusQuery extends Query {

  private final Query inner;
  private final float plus;

  PlusQuery(Query inner, float plus) {
    this.inner = Objects.requireNonNull(inner);
    this.plus = plus;
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    Query rewritten = inner.rewrite(searcher);
    return rewritten == inner ? super.rewrite(searcher) : new PlusQuery(rewritten, plus);
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost)
      throws IOException {
    Weight weight = inner.createWeight(searcher, scoreMode, boost);
    if (!scoreMode.needsScores()) {
      return weight;
    }
    float added = plus * boost;
    return new FilterWeight(this, weight) {
      @Override
      public Scorer scorer(LeafReaderContext context) throws IOException {
        Scorer scorer = in.scorer(context);
        return scorer == null ? null : new PlusScorer(this, scorer, added);
      }

      @Override
      public Explanation explain(LeafReaderContext context, int doc) throws IOException {
        Explanation e = in.explain(context, doc);
        return e.isMatch()
            ? Explanation.match(e.getValue().floatValue() + added, "plus " + added, e)
            : e;
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    inner.visit(visitor.getSubVisitor(org.apache.lucene.search.BooleanClause.Occur.MUST, this));
  }

  @Override
  public String toString(String field) {
    return "(" + inner.toString(field) + ")+" + plus;
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other)
        && inner.equals(((PlusQuery) other).inner)
        && Float.compare(plus, ((PlusQuery) other).plus) == 0;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * classHash() + inner.hashCode()) + Float.hashCode(plus);
  }

  private static final class PlusScorer extends Scorer {
    private final Scorer in;
    private final float plus;

    PlusScorer(Weight weight, Scorer in, float plus) {
      super(weight);
      this.in = in;
      this.plus = plus;
    }

    @Override
    public int docID() {
      return in.docID();
    }

    @Override
    public DocIdSetIterator iterator() {
      return in.iterator();
    }

    @Override
    public TwoPhaseIterator twoPhaseIterator() {
      return in.twoPhaseIterator();
    }

    @Override
    public float score() throws IOException {
      return in.score() + plus;
    }

    @Override
    public int advanceShallow(int target) throws IOException {
      return in.advanceShallow(target);
    }

    @Override
    public float getMaxScore(int upTo) throws IOException {
      return in.getMaxScore(upTo) + plus;
    }

    @Override
    public void setMinCompetitiveScore(float minScore) throws IOException {
      in.setMinCompetitiveScore(Math.max(0f, minScore - plus));
    }
  }
}
