package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;

/**
 * The parts of a build: contiguous ranges of ids, in id order, each indexed into a scratch
 * directory of its own. Batches are indexed on every core while the next batch is read, and a part
 * is merged into one segment while the next one is indexed. Closing it deletes the directories (and
 * rolls back what a failed build left).
 */
final class BuildParts implements AutoCloseable {

  /** Logs as the index it builds. */
  private static final Logger LOG = Logger.getLogger(CatalogIndex.class.getName());

  private final int count;
  private final long expected;
  private final int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
  private final java.util.concurrent.ExecutorService pool =
      java.util.concurrent.Executors.newFixedThreadPool(threads);
  private final Directory[] scratch;
  private final IndexWriter[] writers;
  private final List<List<java.util.concurrent.Future<?>>> adds = new java.util.ArrayList<>();
  private final List<java.util.concurrent.Future<?>> pending = new java.util.ArrayList<>();
  private final List<java.util.concurrent.Future<?>> merges = new java.util.ArrayList<>();
  private final IndexDirectory directory;
  private final BiConsumer<IndexWriter, ProductRecord> add;
  private long read;
  private int current;

  /**
   * {@code count} parts for {@code expected} products, in scratch directories of {@code directory};
   * {@code add} indexes one product into a part's writer (on the build's threads).
   */
  BuildParts(
      int count,
      long expected,
      IndexDirectory directory,
      BiConsumer<IndexWriter, ProductRecord> add)
      throws IOException {
    this.count = count;
    this.expected = expected;
    this.directory = directory;
    this.add = add;
    scratch = new Directory[count];
    writers = new IndexWriter[count];
    try {
      for (int i = 0; i < count; i++) {
        scratch[i] = directory.scratch("build-" + i);
        writers[i] = new IndexWriter(scratch[i], IndexFields.writerConfig());
        adds.add(new java.util.ArrayList<>());
      }
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * Indexes a batch (the next products in id order), split where a range ends, so that a small
   * catalog still gets a segment per search thread.
   */
  void index(List<ProductRecord> batch) {
    int from = 0;
    while (from < batch.size()) {
      int part = (int) Math.min(count - 1, read * count / expected);
      int to = batch.size();
      if (part < count - 1) {
        long rangeEnd = ((part + 1) * expected + count - 1) / count;
        to = (int) Math.min(to, from + Math.max(1, rangeEnd - read));
      }
      List<ProductRecord> slice = batch.subList(from, to);
      read += slice.size();
      from = to;
      while (current < part) {
        mergeNext();
      }
      IndexWriter target = writers[part];
      java.util.concurrent.Future<?> added =
          pool.submit(() -> slice.forEach(p -> add.accept(target, p)));
      adds.get(part).add(added);
      pending.add(added);
      if (pending.size() > threads * 2) {
        await(pending.remove(0));
      }
    }
  }

  /** Waits until every part is one segment; answers their directories, in id order. */
  Directory[] merged() {
    while (current < count) {
      mergeNext();
    }
    merges.forEach(BuildParts::await);
    return scratch;
  }

  /** Merges the current part into one segment, once its batches are indexed, and closes it. */
  private void mergeNext() {
    int part = current++;
    merges.add(
        pool.submit(
            () -> {
              // its batches were queued before this task: running or done, never waiting on it
              adds.get(part).forEach(BuildParts::await);
              writers[part].forceMerge(1);
              writers[part].close();
              return null;
            }));
  }

  @Override
  public void close() {
    pool.shutdownNow();
    try {
      // a failed build's tasks stop before their directories go
      pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (int i = 0; i < count; i++) {
      if (writers[i] != null && writers[i].isOpen()) {
        try {
          writers[i].rollback(); // a failed build's
        } catch (IOException | RuntimeException e) {
          LOG.log(Level.FINE, "Rolling back a part of the index build", e);
        }
      }
      if (scratch[i] != null) {
        directory.drop("build-" + i, scratch[i]);
      }
    }
  }

  private static void await(java.util.concurrent.Future<?> f) {
    try {
      f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("index build interrupted", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("index build failed", e.getCause());
    }
  }
}
