package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.CollectionTerminatedException;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.FilterCollector;
import org.apache.lucene.search.FilterLeafCollector;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.FixedBitSet;

/**
 * The products a search's filters let through (merchants, status, category, market, stock, price),
 * one bit set per index segment, kept for the index version they were computed on. The text query
 * then runs alone — a pure disjunction of its words, which Lucene scores with its fastest top-hits
 * and counting algorithms — and its collectors drop what the filters do not let through.
 */
final class FilterBits {

  /** The filters of a search: clauses that must match and clauses that must not. */
  record Filter(List<Query> required, List<Query> excluded) {}

  /** Bits per segment (by leaf ordinal; null where none is set) and how many are set in all. */
  record Bits(FixedBitSet[] leaves, long cardinality) {}

  private final VersionedCache<Filter, Bits> cache;

  FilterBits(int capacity) {
    this.cache = new VersionedCache<>(capacity, bits -> 1);
  }

  /** The bits of {@code filter} in the searcher's index version, computed once per version. */
  Bits of(IndexSearcher searcher, Filter filter) {
    return cache.get(searcher, filter, f -> compute(searcher, f));
  }

  private static Bits compute(IndexSearcher searcher, Filter filter) {
    try {
      List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
      FixedBitSet[] bits = new FixedBitSet[leaves.size()];
      List<Weight> required = weights(searcher, filter.required());
      List<Weight> excluded = weights(searcher, filter.excluded());
      long cardinality = 0;
      for (LeafReaderContext leaf : leaves) {
        int maxDoc = leaf.reader().maxDoc();
        FixedBitSet set = new FixedBitSet(maxDoc);
        set.set(0, maxDoc);
        if (leaf.reader().getLiveDocs() != null) {
          var live = leaf.reader().getLiveDocs();
          for (int doc = 0; doc < maxDoc; doc++) {
            if (!live.get(doc)) {
              set.clear(doc);
            }
          }
        }
        FixedBitSet scratch = new FixedBitSet(maxDoc);
        for (Weight w : required) {
          scratch.clear();
          Scorer s = scorer(w, leaf);
          if (s != null) {
            scratch.or(s.iterator());
          }
          set.and(scratch);
        }
        for (Weight w : excluded) {
          Scorer s = scorer(w, leaf);
          if (s != null) {
            scratch.clear();
            scratch.or(s.iterator());
            set.andNot(scratch);
          }
        }
        int passing = set.cardinality();
        bits[leaf.ord] = passing == 0 ? null : set;
        cardinality += passing;
      }
      return new Bits(bits, cardinality);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Weight> weights(IndexSearcher searcher, List<Query> queries)
      throws IOException {
    List<Weight> weights = new java.util.ArrayList<>();
    for (Query q : queries) {
      weights.add(searcher.createWeight(searcher.rewrite(q), ScoreMode.COMPLETE_NO_SCORES, 1f));
    }
    return weights;
  }

  static Scorer scorer(Weight w, LeafReaderContext leaf) throws IOException {
    ScorerSupplier supplier = w.scorerSupplier(leaf);
    return supplier == null ? null : supplier.get(Long.MAX_VALUE);
  }

  /** Wraps a collector manager so that only documents set in {@code bits} are collected. */
  static <C extends Collector, T> CollectorManager<Only<C>, T> only(
      Bits bits, CollectorManager<C, T> manager) {
    return new CollectorManager<>() {
      @Override
      public Only<C> newCollector() throws IOException {
        return new Only<>(manager.newCollector(), bits);
      }

      @Override
      public T reduce(Collection<Only<C>> collectors) throws IOException {
        return manager.reduce(collectors.stream().map(Only::inner).toList());
      }
    };
  }

  /** A collector that passes on only the documents the filter lets through. */
  static final class Only<C extends Collector> extends FilterCollector {
    private final C inner;
    private final Bits bits;

    Only(C inner, Bits bits) {
      super(inner);
      this.inner = inner;
      this.bits = bits;
    }

    C inner() {
      return inner;
    }

    @Override
    public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
      FixedBitSet pass = bits.leaves()[context.ord];
      if (pass == null) {
        throw new CollectionTerminatedException();
      }
      return new FilterLeafCollector(super.getLeafCollector(context)) {
        @Override
        public void collect(int doc) throws IOException {
          if (pass.get(doc)) {
            in.collect(doc);
          }
        }
      };
    }
  }
}
