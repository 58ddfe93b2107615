package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A search forks its slices to the search threads only while they are idle; when they are busy the
 * calling thread searches every slice itself, with the same answer.
 */
class SlicedSearcherFactoryTest {

  private static final int DOCS = 4_000;

  @Test
  @Timeout(30)
  void anIdleNodeSearchesTheSlicesOnTwoThreadsAtOnce() throws Exception {
    withSearcher(
        1,
        searcher -> {
          // Each slice waits for the other: only two threads searching at once pass the barrier.
          CyclicBarrier both = new CyclicBarrier(2);
          Set<Thread> threads = ConcurrentHashMap.newKeySet();
          int hits = searcher.search(new TermQuery(new Term("f", "even")), counting(threads, both));
          assertEquals(DOCS / 2, hits);
          assertEquals(2, threads.size(), "threads that searched: " + threads);
        });
  }

  @Test
  @Timeout(30)
  void aBusyNodeSearchesEverySliceOnTheCallingThread() throws Exception {
    withSearcher(
        2,
        searcher -> {
          assertEquals(2, searcher.getSlices().length);
          for (int i = 0; i < 50; i++) {
            Set<Thread> threads = ConcurrentHashMap.newKeySet();
            int hits =
                searcher.search(new TermQuery(new Term("f", "even")), counting(threads, null));
            assertEquals(DOCS / 2, hits);
            assertEquals(Set.of(Thread.currentThread()), threads);
          }
        });
  }

  private interface SearcherCheck {
    void check(IndexSearcher searcher) throws Exception;
  }

  /** Runs {@code check} on a two-slice searcher of a node with {@code running} searches. */
  private static void withSearcher(int running, SearcherCheck check) throws Exception {
    try (ByteBuffersDirectory dir = index();
        DirectoryReader reader = DirectoryReader.open(dir)) {
      SlicedSearcherFactory factory = new SlicedSearcherFactory(2, () -> running);
      try {
        check.check(factory.newSearcher(reader, null));
      } finally {
        factory.close();
      }
    }
  }

  /** Counts the hits, noting which threads collected; with a barrier, each slice waits at it. */
  private static CollectorManager<Counting, Integer> counting(
      Set<Thread> threads, CyclicBarrier barrier) {
    return new CollectorManager<>() {
      @Override
      public Counting newCollector() {
        return new Counting(threads, barrier);
      }

      @Override
      public Integer reduce(Collection<Counting> collectors) {
        return collectors.stream().mapToInt(c -> c.count).sum();
      }
    };
  }

  private static final class Counting extends SimpleCollector {
    private final Set<Thread> threads;
    private final CyclicBarrier barrier;
    private boolean waited;
    int count;

    Counting(Set<Thread> threads, CyclicBarrier barrier) {
      this.threads = threads;
      this.barrier = barrier;
    }

    @Override
    protected void doSetNextReader(LeafReaderContext context) throws IOException {
      threads.add(Thread.currentThread());
      if (barrier != null && !waited) {
        waited = true;
        try {
          barrier.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
          throw new IOException("the other slice was not searched at the same time", e);
        }
      }
    }

    @Override
    public void collect(int doc) {
      count++;
    }

    @Override
    public ScoreMode scoreMode() {
      return ScoreMode.COMPLETE_NO_SCORES;
    }
  }

  /** Four segments of equal size: two slices of two segments. */
  private static ByteBuffersDirectory index() throws IOException {
    ByteBuffersDirectory dir = new ByteBuffersDirectory();
    IndexWriterConfig config =
        new IndexWriterConfig().setMaxBufferedDocs(DOCS / 4).setMergePolicy(NoMergePolicy.INSTANCE);
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      for (int d = 0; d < DOCS; d++) {
        Document doc = new Document();
        doc.add(new StringField("f", d % 2 == 0 ? "even" : "odd", Field.Store.NO));
        writer.addDocument(doc);
      }
    }
    return dir;
  }
}
