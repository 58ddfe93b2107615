package org.agentcommerce.catalog.application.search;

import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.FixedBitSet;

/**
 * The documents set in one bit set per segment (by leaf ordinal, null for none), for one search of
 * the searcher they were computed on: as a filter clause it leads the iteration, so only those
 * documents are scored.
 */
final class BitsQuery extends Query {

  private final FixedBitSet[] leaves;

  BitsQuery(FixedBitSet[] leaves) {
    this.leaves = leaves;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    return new ConstantScoreWeight(this, boost) {
      @Override
      public Scorer scorer(LeafReaderContext context) {
        FixedBitSet bits = leaves[context.ord];
        return bits == null
            ? null
            : new ConstantScoreScorer(
                this, score(), scoreMode, new BitSetIterator(bits, bits.approximateCardinality()));
      }

      @Override
      public boolean isCacheable(LeafReaderContext context) {
        return false;
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "bits";
  }

  @Override
  public boolean equals(Object other) {
    return this == other;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }
}
