package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;

/**
 * The checks and reads that let a node start from the index it kept instead of rebuilding it. A
 * stored index is refused when it is not there, was written by other code (its {@link
 * IndexFingerprint} differs), was built from another database, or has no watermark; a corrupt one
 * fails to open or fails {@link #checkIntegrity}. Refused or failed, the node builds anew.
 */
final class StoredIndex {

  private StoredIndex() {}

  /** Why the index in {@code directory} cannot be reused for {@code database}; null if it can. */
  static String refusal(Directory directory, String database) throws IOException {
    if (!DirectoryReader.indexExists(directory)) {
      return "no index is stored yet";
    }
    Map<String, String> data = SegmentInfos.readLatestCommit(directory).getUserData();
    if (!IndexFingerprint.current().equals(data.get(IndexFields.COMMIT_FINGERPRINT))) {
      return "the stored index was written by other code (its fingerprint differs)";
    }
    if (database == null || !database.equals(data.get(IndexFields.COMMIT_DATABASE))) {
      return "the stored index was built from another database";
    }
    try {
      watermark(directory);
    } catch (DateTimeParseException | NullPointerException e) {
      return "the stored index has no watermark";
    }
    return null;
  }

  /** The change watermark the stored index is up to date with. */
  static Instant watermark(Directory directory) throws IOException {
    return Instant.parse(
        SegmentInfos.readLatestCommit(directory).getUserData().get(IndexFields.COMMIT_WATERMARK));
  }

  /**
   * Verifies the checksum of every file of every segment (a torn write or a flipped bit fails);
   * answers how many bytes the index holds.
   */
  static long checkIntegrity(SearcherManager searchers) {
    return withReader(
        searchers,
        s -> {
          try {
            // Each segment on a search thread: at a million products the index holds 1.5 GB.
            List<Callable<Void>> checks = new ArrayList<>();
            for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
              checks.add(
                  () -> {
                    leaf.reader().checkIntegrity();
                    return null;
                  });
            }
            s.getTaskExecutor().invokeAll(checks);
            long bytes = 0;
            Directory dir = ((DirectoryReader) s.getIndexReader()).directory();
            for (String file :
                ((DirectoryReader) s.getIndexReader()).getIndexCommit().getFileNames()) {
              bytes += dir.fileLength(file);
            }
            return bytes;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  /** The brands of the indexed products, as the catalog spells them. */
  static Set<String> vendors(SearcherManager searchers) {
    return withReader(searchers, s -> values(s.getIndexReader(), IndexFields.VENDOR_NAME));
  }

  /** The ids of the indexed products. */
  static Set<String> ids(SearcherManager searchers) {
    return withReader(searchers, s -> values(s.getIndexReader(), IndexFields.ID_ORDER));
  }

  /** How many products the index holds. */
  static long documents(SearcherManager searchers) {
    return withReader(searchers, s -> (long) s.getIndexReader().numDocs());
  }

  /**
   * The products indexed with an {@code updated_at} at or after {@code since}, with that time: what
   * a restarted node already holds near its watermark, so that its first refresh re-indexes only
   * what changed.
   */
  static Map<String, Instant> updatedSince(SearcherManager searchers, Instant since) {
    long from = ProductDocuments.epochNanos(since);
    return withReader(
        searchers,
        s -> {
          Map<String, Instant> out = new java.util.HashMap<>();
          try {
            for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
              org.apache.lucene.index.NumericDocValues updated =
                  leaf.reader().getNumericDocValues(IndexFields.UPDATED);
              SortedDocValues ids = leaf.reader().getSortedDocValues(IndexFields.ID_ORDER);
              if (updated == null || ids == null) {
                continue;
              }
              Bits live = leaf.reader().getLiveDocs();
              for (int doc = updated.nextDoc();
                  doc != DocIdSetIterator.NO_MORE_DOCS;
                  doc = updated.nextDoc()) {
                long nanos = updated.longValue();
                if (nanos >= from && (live == null || live.get(doc)) && ids.advanceExact(doc)) {
                  out.put(
                      ids.lookupOrd(ids.ordValue()).utf8ToString(),
                      Instant.ofEpochSecond(
                          Math.floorDiv(nanos, 1_000_000_000L),
                          Math.floorMod(nanos, 1_000_000_000L)));
                }
              }
            }
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          return out;
        });
  }

  /** The distinct values of a sorted doc-values field over the live documents. */
  private static Set<String> values(IndexReader reader, String field) {
    Set<String> out = new HashSet<>();
    try {
      for (LeafReaderContext leaf : reader.leaves()) {
        SortedDocValues values = leaf.reader().getSortedDocValues(field);
        if (values == null || values.getValueCount() == 0) {
          continue;
        }
        Bits live = leaf.reader().getLiveDocs();
        FixedBitSet ords = new FixedBitSet(values.getValueCount());
        for (int doc = values.nextDoc();
            doc != DocIdSetIterator.NO_MORE_DOCS;
            doc = values.nextDoc()) {
          if (live == null || live.get(doc)) {
            ords.set(values.ordValue());
          }
        }
        for (int ord = ords.nextSetBit(0);
            ord != DocIdSetIterator.NO_MORE_DOCS;
            ord =
                ord + 1 < ords.length()
                    ? ords.nextSetBit(ord + 1)
                    : DocIdSetIterator.NO_MORE_DOCS) {
          out.add(values.lookupOrd(ord).utf8ToString());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /**
   * The log line of a reused index: where from, what changed since its watermark, and how long
   * checking it ({@code millis[0]}), bringing it up to date (1) and looking for deletions (2) took.
   */
  static String reused(
      String from,
      java.nio.file.Path at,
      long docs,
      int changed,
      int deleted,
      Instant watermark,
      long checkedBytes,
      long[] millis) {
    return String.format(
        "Catalog index reused (%s) at %s: %d products, %d re-indexed and %d removed since %s,"
            + " %d KiB checked in %d ms, brought up to date in %d ms, deletions looked for in %d ms",
        from,
        at,
        docs,
        changed,
        deleted,
        watermark,
        checkedBytes / 1024,
        millis[0],
        millis[1],
        millis[2]);
  }

  /** Runs a read against the searchers' current view, ready or not. */
  static <T> T withReader(SearcherManager searchers, Function<IndexSearcher, T> work) {
    try {
      IndexSearcher searcher = searchers.acquire();
      try {
        return work.apply(searcher);
      } finally {
        searchers.release(searcher);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
