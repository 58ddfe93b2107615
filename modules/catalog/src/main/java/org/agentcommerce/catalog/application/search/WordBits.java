package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.FixedBitSet;

/**
 * Which products contain each word of a search (the word with its synonyms, as one query): one bit
 * set per index segment, kept per index version within a memory budget, most recently used words
 * first. With them a search's exact total — products with at least the coverage's share of its
 * words, within the filters — takes a few operations per 64 products instead of a second pass over
 * the postings, and the number of products with every word tells whether the page can be read from
 * a conjunction of the words, which Lucene skips through much faster than a disjunction with a
 * minimum.
 */
final class WordBits {

  /** A word's bits per segment (by leaf ordinal; null where no product has it) and their size. */
  record Bits(FixedBitSet[] leaves, long bytes) {}

  /** Products (within the filters) with at least the minimum of the words, and with all of them. */
  record Counts(long atLeast, long all) {}

  private final VersionedCache<Query, Bits> cache;

  /** Keeps the bits of recent words in at most {@code budgetBytes} (0: none kept). */
  WordBits(long budgetBytes) {
    this.cache = new VersionedCache<>(budgetBytes, Bits::bytes);
  }

  /** The products that match {@code word}, in the searcher's index version. */
  Bits of(IndexSearcher searcher, Query word) {
    return cache.get(searcher, word, w -> compute(searcher, w));
  }

  /**
   * Counts the products set in {@code pass} that match at least {@code minimum} of {@code words},
   * and those that match all of them.
   */
  Counts count(IndexSearcher searcher, List<Query> words, int minimum, FilterBits.Bits pass) {
    int n = words.size();
    Bits[] bits = of(searcher, words);
    // A bit-sliced counter: plane k holds bit k of how many words each product has.
    long[] planes = new long[32 - Integer.numberOfLeadingZeros(n)];
    long[][] word = new long[n][];
    long atLeast = 0;
    long all = 0;
    for (int leaf = 0; leaf < pass.leaves().length; leaf++) {
      FixedBitSet passing = pass.leaves()[leaf];
      if (passing == null) {
        continue;
      }
      int present = 0;
      for (int i = 0; i < n; i++) {
        FixedBitSet b = bits[i].leaves()[leaf];
        word[i] = b == null ? null : b.getBits();
        present += b == null ? 0 : 1;
      }
      if (present < minimum || present == 0) {
        continue;
      }
      long[] p = passing.getBits();
      int longs = FixedBitSet.bits2words(passing.length());
      for (int j = 0; j < longs; j++) {
        long in = p[j];
        if (in == 0) {
          continue;
        }
        java.util.Arrays.fill(planes, 0L);
        long every = in;
        for (int i = 0; i < n; i++) {
          long carry = word[i] == null ? 0L : word[i][j] & in;
          every &= carry;
          add(planes, carry);
        }
        all += Long.bitCount(every);
        atLeast += Long.bitCount(atLeast(planes, minimum));
      }
    }
    return new Counts(atLeast, all);
  }

  /**
   * The products set in {@code pass} that match exactly {@code k} of {@code words}, as a bit set
   * per segment (null where there are none), and how many they are.
   */
  Level exactly(IndexSearcher searcher, List<Query> words, int k, FilterBits.Bits pass) {
    int n = words.size();
    Bits[] bits = of(searcher, words);
    long[] planes = new long[32 - Integer.numberOfLeadingZeros(n)];
    FixedBitSet[] sets = new FixedBitSet[pass.leaves().length];
    long count = 0;
    for (int leaf = 0; leaf < sets.length; leaf++) {
      FixedBitSet passing = pass.leaves()[leaf];
      if (passing == null) {
        continue;
      }
      FixedBitSet set = new FixedBitSet(passing.length());
      long[] out = set.getBits();
      long[] p = passing.getBits();
      int here = 0;
      for (int j = 0; j < FixedBitSet.bits2words(passing.length()); j++) {
        if (p[j] == 0) {
          continue;
        }
        java.util.Arrays.fill(planes, 0L);
        for (int i = 0; i < n; i++) {
          FixedBitSet b = bits[i].leaves()[leaf];
          long carry = b == null ? 0L : b.getBits()[j] & p[j];
          add(planes, carry);
        }
        out[j] = p[j] & atLeast(planes, k) & ~atLeast(planes, k + 1);
        here += Long.bitCount(out[j]);
      }
      sets[leaf] = here == 0 ? null : set;
      count += here;
    }
    return new Level(sets, count);
  }

  /** The products with exactly some number of the words, per segment, and how many they are. */
  record Level(FixedBitSet[] leaves, long count) {}

  private Bits[] of(IndexSearcher searcher, List<Query> words) {
    Bits[] bits = new Bits[words.size()];
    for (int i = 0; i < bits.length; i++) {
      bits[i] = of(searcher, words.get(i));
    }
    return bits;
  }

  /**
   * Adds one to the count, written bit-sliced in {@code planes}, of each product in {@code one}.
   */
  private static void add(long[] planes, long one) {
    long carry = one;
    for (int k = 0; carry != 0 && k < planes.length; k++) {
      long next = planes[k] & carry;
      planes[k] ^= carry;
      carry = next;
    }
  }

  /** The products whose count, written in {@code planes}, is at least {@code minimum}. */
  static long atLeast(long[] planes, int minimum) {
    long greater = 0;
    long equal = -1L;
    for (int k = planes.length - 1; k >= 0; k--) {
      if (((minimum >>> k) & 1) != 0) {
        equal &= planes[k];
      } else {
        greater |= equal & planes[k];
        equal &= ~planes[k];
      }
    }
    // A minimum above what the planes can hold is more than any product has.
    return (minimum >>> planes.length) != 0 ? 0L : greater | equal;
  }

  private static Bits compute(IndexSearcher searcher, Query word) {
    try {
      Weight weight =
          searcher.createWeight(searcher.rewrite(word), ScoreMode.COMPLETE_NO_SCORES, 1f);
      List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
      FixedBitSet[] sets = new FixedBitSet[leaves.size()];
      long bytes = 0;
      for (LeafReaderContext leaf : leaves) {
        Scorer s = FilterBits.scorer(weight, leaf);
        if (s != null) {
          FixedBitSet set = new FixedBitSet(leaf.reader().maxDoc());
          set.or(s.iterator());
          sets[leaf.ord] = set;
          bytes += set.ramBytesUsed();
        }
      }
      return new Bits(sets, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
