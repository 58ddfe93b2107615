package org.agentcommerce.catalog.application.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherFactory;

/**
 * Searchers that search one query on several threads: the index's segments are dealt into as many
 * slices of about equal size as there are threads. Lucene's default slicing keeps an index of this
 * size (under 250,000 documents) in one slice, which leaves every core but one idle while a single
 * agent waits for its answer.
 *
 * <p>A search forks its slices only while fewer searches run than there are search threads: when
 * the cores are busy with other searches, handing a slice to another thread only adds a hand-over
 * (a wake-up, a context switch, a wait) to the same work. Lucene's task group lets the calling
 * thread run every slice no other thread has started, so a hand-over that is skipped is simply done
 * by the caller ({@code SlicedSearcherFactoryTest} holds Lucene to that).
 */
final class SlicedSearcherFactory extends SearcherFactory {

  private final int slices;
  private final ExecutorService executor;
  private final Executor forking;

  /**
   * @param slices how many slices (and search threads) a searcher deals its segments into
   * @param running how many searches are running now, this one included
   */
  SlicedSearcherFactory(int slices, IntSupplier running) {
    this.slices = slices;
    AtomicInteger n = new AtomicInteger();
    this.executor =
        Executors.newFixedThreadPool(
            slices,
            r -> {
              Thread t = new Thread(r, "catalog-search-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    this.forking =
        task -> {
          if (running.getAsInt() < slices) {
            executor.execute(task);
          }
        };
  }

  @Override
  public IndexSearcher newSearcher(IndexReader reader, IndexReader previousReader) {
    IndexSearcher searcher =
        slices <= 1 ? new IndexSearcher(reader) : new Sliced(reader, forking, slices);
    searcher.setSimilarity(IndexFields.SIMILARITY);
    return searcher;
  }

  /** Stops the search threads. */
  void close() {
    executor.shutdownNow();
  }

  private static final class Sliced extends IndexSearcher {

    private final int count;

    Sliced(IndexReader reader, Executor executor, int count) {
      super(reader, executor);
      this.count = count;
    }

    @Override
    protected LeafSlice[] slices(List<LeafReaderContext> leaves) {
      // Deal the biggest segments first, each to the lightest slice so far.
      List<LeafReaderContext> bySize = new ArrayList<>(leaves);
      bySize.sort(Comparator.comparingInt((LeafReaderContext l) -> l.reader().maxDoc()).reversed());
      int n = Math.min(count, Math.max(1, bySize.size()));
      List<List<LeafReaderContext>> groups = new ArrayList<>();
      long[] docs = new long[n];
      for (int i = 0; i < n; i++) {
        groups.add(new ArrayList<>());
      }
      for (LeafReaderContext leaf : bySize) {
        int lightest = 0;
        for (int i = 1; i < n; i++) {
          if (docs[i] < docs[lightest]) {
            lightest = i;
          }
        }
        groups.get(lightest).add(leaf);
        docs[lightest] += leaf.reader().maxDoc();
      }
      return groups.stream()
          .filter(g -> !g.isEmpty())
          .map(g -> new LeafSlice(g))
          .toArray(LeafSlice[]::new);
    }
  }
}
