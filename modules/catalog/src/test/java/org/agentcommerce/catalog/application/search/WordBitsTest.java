package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.FixedBitSet;
import org.junit.jupiter.api.Test;

/** The counts from word bit sets against counting each product's words one by one. */
class WordBitsTest {

  private static final int WORDS = 9;

  @Test
  void countsMatchEveryProductCountedByHandOverSegmentsFiltersAndDeletions() throws IOException {
    Random random = new Random(7);
    int docs = 3_000;
    boolean[][] has = new boolean[docs][WORDS];
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      IndexWriterConfig config =
          new IndexWriterConfig()
              .setMaxBufferedDocs(700)
              // Segments stay as written, so a product's number is its segment's base plus its doc.
              .setMergePolicy(org.apache.lucene.index.NoMergePolicy.INSTANCE);
      try (IndexWriter writer = new IndexWriter(dir, config)) {
        for (int d = 0; d < docs; d++) {
          Document doc = new Document();
          doc.add(new StringField("id", Integer.toString(d), Field.Store.NO));
          for (int w = 0; w < WORDS; w++) {
            // Word w is in about one product in (w + 1): common and rare words.
            has[d][w] = random.nextInt(w + 1) == 0;
            if (has[d][w]) {
              doc.add(new StringField("f", "w" + w, Field.Store.NO));
            }
          }
          writer.addDocument(doc);
        }
        for (int d = 0; d < docs; d += 11) {
          writer.deleteDocuments(new Term("id", Integer.toString(d)));
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        WordBits bits = new WordBits(1 << 20);
        // Filters: every live product, and a random half of them.
        FilterBits.Bits everyone = filter(searcher, d -> d % 11 != 0);
        boolean[] half = new boolean[docs];
        for (int d = 0; d < docs; d++) {
          half[d] = d % 11 != 0 && random.nextBoolean();
        }
        FilterBits.Bits someone = filter(searcher, d -> half[d]);
        for (int n = 1; n <= WORDS; n++) {
          List<Query> words = new ArrayList<>();
          List<Integer> ids = new ArrayList<>();
          for (int w = 0; w < n; w++) {
            int id = (w * 4 + n) % WORDS;
            ids.add(id);
            words.add(new TermQuery(new Term("f", "w" + id)));
          }
          for (int minimum = 1; minimum <= n; minimum++) {
            for (boolean all : new boolean[] {true, false}) {
              FilterBits.Bits pass = all ? everyone : someone;
              long atLeast = 0;
              long every = 0;
              long exactly = 0;
              for (int d = 0; d < docs; d++) {
                if (d % 11 == 0 || (!all && !half[d])) {
                  continue;
                }
                int count = 0;
                for (int id : ids) {
                  count += has[d][id] ? 1 : 0;
                }
                atLeast += count >= minimum ? 1 : 0;
                exactly += count == minimum ? 1 : 0;
                every += count == n ? 1 : 0;
              }
              WordBits.Level level = bits.exactly(searcher, words, minimum, pass);
              long set = 0;
              for (FixedBitSet leaf : level.leaves()) {
                set += leaf == null ? 0 : leaf.cardinality();
              }
              assertEquals(exactly, level.count(), "exactly " + minimum + " of " + n);
              assertEquals(exactly, set, "bits of exactly " + minimum + " of " + n);
              WordBits.Counts counts = bits.count(searcher, words, minimum, pass);
              String what = n + " words, at least " + minimum + (all ? "" : ", filtered");
              assertEquals(atLeast, counts.atLeast(), what);
              assertEquals(every, counts.all(), what);
            }
          }
        }
        // A word is computed once per index version and then read from the cache.
        Query common = new TermQuery(new Term("f", "w0"));
        assertSame(bits.of(searcher, common), bits.of(searcher, common));
        assertEquals(
            0,
            bits.count(searcher, List.of(new TermQuery(new Term("f", "nowhere"))), 1, everyone)
                .atLeast());
      }
    }
  }

  @Test
  void aMinimumIsComparedBitByBitAcrossPlanes() {
    // Counts 0..7 in planes: product k (bit k) has count k.
    long[] planes = new long[3];
    for (int k = 0; k < 8; k++) {
      for (int p = 0; p < 3; p++) {
        if (((k >>> p) & 1) != 0) {
          planes[p] |= 1L << k;
        }
      }
    }
    for (int minimum = 1; minimum <= 9; minimum++) {
      long expected = 0;
      for (int k = 0; k < 8; k++) {
        expected |= k >= minimum ? 1L << k : 0;
      }
      assertEquals(expected, WordBits.atLeast(planes, minimum), "minimum " + minimum);
    }
  }

  private static FilterBits.Bits filter(
      IndexSearcher searcher, java.util.function.IntPredicate pass) throws IOException {
    var leaves = searcher.getIndexReader().leaves();
    FixedBitSet[] sets = new FixedBitSet[leaves.size()];
    long cardinality = 0;
    for (var leaf : leaves) {
      FixedBitSet set = new FixedBitSet(leaf.reader().maxDoc());
      for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
        if (pass.test(leaf.docBase + doc)) {
          set.set(doc);
        }
      }
      sets[leaf.ord] = set;
      cardinality += set.cardinality();
    }
    return new FilterBits.Bits(sets, cardinality);
  }
}
