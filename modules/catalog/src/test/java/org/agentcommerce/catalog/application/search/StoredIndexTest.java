package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node restarted over the index it kept: it serves what a rebuild would, sees what changed while
 * it was down, and refuses (then rebuilds) an index that is corrupt, from another database or
 * written by other code.
 */
class StoredIndexTest {

  private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");
  private static final String[] QUERIES = {
    "",
    "vitamin c serum",
    "moisturiser for dry skin",
    "sunscreen spf 50",
    "eau de parfum",
    "red lipstik",
    "hair oil repair mask glow",
    "lumen",
    "zebra glow"
  };

  @TempDir Path parent;

  private final CatalogIndexRefreshTest.Store store = new CatalogIndexRefreshTest.Store();
  private final List<CatalogIndex> opened = new ArrayList<>();

  @AfterEach
  void closeAll() {
    opened.forEach(CatalogIndex::close);
  }

  private CatalogIndex node(boolean reuse, Path where) {
    return node(reuse, where, null);
  }

  private CatalogIndex node(boolean reuse, Path where, Path seed) {
    CatalogIndex index = new CatalogIndex();
    index.seed = Optional.ofNullable(seed).map(Path::toString);
    index.reader = store;
    index.buildParts = 3;
    index.reuse = reuse;
    index.indexDirectory = Optional.of(where.toString());
    opened.add(index);
    return index;
  }

  private void fill() {
    store.identity = "db-1";
    Random random = new Random(40);
    for (int i = 0; i < 400; i++) {
      store.put(SearchAnswersTest.product(random, i, T0));
    }
  }

  @Test
  void aRestartedNodeServesItsStoredIndexBroughtUpToDate() throws IOException {
    fill();
    CatalogIndex first = node(true, parent);
    assertFalse(first.start().reused(), "nothing stored yet: a build");
    assertTrue(Files.isDirectory(parent.resolve(IndexDirectory.KEPT)));
    String before = answers(first);
    first.close();

    // a plain restart serves exactly what the node served before (and drops the scratch
    // directories of a build a killed node left)
    Path leftover = Files.createDirectories(parent.resolve(IndexDirectory.KEPT).resolve("build-0"));
    CatalogIndex again = node(true, parent);
    assertTrue(again.start().reused());
    assertFalse(Files.exists(leftover));
    assertEquals(before, answers(again));
    again.close();
    assertTrue(
        Files.list(parent.resolve(IndexDirectory.KEPT))
            .anyMatch(p -> p.toString().contains("segments")),
        "the index stays on disk when the node stops");

    // while the node is down: one product changes, one is added, one is deleted
    Instant newest =
        store.changesSince(Instant.EPOCH, 1000).stream()
            .map(c -> c.updatedAt())
            .max(Comparator.naturalOrder())
            .orElseThrow();
    ProductRecord changed = store.read(List.of("prod_005")).get(0);
    store.put(retitled(changed, "Zebra glow serum", newest.plusSeconds(3600)));
    store.put(
        retitled(
            SearchAnswersTest.product(new Random(7), 900, T0),
            "Zebra glow mask",
            newest.plusSeconds(60)));
    store.remove("prod_010");

    CatalogIndex second = node(true, parent);
    CatalogIndex.BuildReport report = second.start();
    assertTrue(report.reused(), "the stored index is reused");
    List<String> missing = new ArrayList<>(store.allIds());
    missing.removeAll(ids(second));
    assertEquals(List.of(), missing);
    assertEquals(400, report.products());
    assertEquals(400, second.documents());

    Path elsewhere = Files.createDirectories(parent.resolve("rebuilt"));
    CatalogIndex rebuilt = node(false, elsewhere);
    assertFalse(rebuilt.start().reused());
    // The same products match every search. (Products re-indexed since the stored index was
    // written leave deleted documents in its segments until a merge, and BM25's statistics count
    // them, so a score can differ in a late digit from a fresh build's, as on a node that stayed
    // up through the same changes: the order of close scores may differ.)
    assertEquals(totals(answers(rebuilt)), totals(answers(second)));
    assertEquals(rebuilt.vendors(), second.vendors());
    assertEquals("Zebra glow serum", title(second, "prod_005"), "changed while down");
    assertEquals("Zebra glow mask", title(second, "prod_900"), "added while down");
    assertFalse(ids(second).contains("prod_010"), "a product deleted while down is gone");
  }

  @Test
  void aNewNodeStartsFromTheFleetsCopyWithoutReadingEveryProduct() throws IOException {
    fill();
    Path seed = parent.resolve("shared");
    CatalogIndex first = node(true, Files.createDirectories(parent.resolve("host-a")), seed);
    assertEquals(IndexSource.DATABASE, first.start().source());
    assertTrue(first.publishSeed(Instant.now().plusSeconds(1)));
    assertFalse(
        first.publishSeed(Instant.now().minusSeconds(60)), "a fresh copy is not published again");
    Instant newest =
        store.changesSince(Instant.EPOCH, 1000).stream()
            .map(c -> c.updatedAt())
            .max(Comparator.naturalOrder())
            .orElseThrow();
    store.put(
        retitled(store.read(List.of("prod_007")).get(0), "Zebra balm", newest.plusSeconds(9)));

    int fullReads = store.fullReads;
    CatalogIndex joining = node(true, Files.createDirectories(parent.resolve("host-b")), seed);
    assertEquals(IndexSource.SEED, joining.start().source());
    assertEquals(fullReads, store.fullReads, "the joining node read only what changed");
    assertEquals("Zebra balm", title(joining, "prod_007"));
    CatalogIndex rebuilt = node(false, Files.createDirectories(parent.resolve("host-r")));
    rebuilt.start();
    assertEquals(totals(answers(rebuilt)), totals(answers(joining)));

    // a copy from another database is refused: the node builds
    store.identity = "db-2";
    CatalogIndex other = node(true, Files.createDirectories(parent.resolve("host-c")), seed);
    assertEquals(IndexSource.DATABASE, other.start().source());
    assertEquals(400, other.documents());
  }

  @Test
  void anIndexFromAnotherDatabaseIsRefusedAndRebuilt() {
    fill();
    node(true, parent).start();
    opened.get(0).close();
    store.identity = "db-2";
    CatalogIndex second = node(true, parent);
    assertFalse(second.start().reused());
    assertEquals(400, second.documents());
    // and the rebuilt index names the new database: the next restart reuses it
    second.close();
    assertTrue(node(true, parent).start().reused());
  }

  @Test
  void aCorruptIndexIsRefusedAndRebuilt() throws IOException {
    fill();
    CatalogIndex first = node(true, parent);
    first.start();
    String expected = answers(first);
    first.close();
    Path largest;
    try (Stream<Path> files = Files.list(parent.resolve(IndexDirectory.KEPT))) {
      largest =
          files
              .filter(Files::isRegularFile)
              .max(Comparator.comparingLong(StoredIndexTest::size))
              .orElseThrow();
    }
    try (RandomAccessFile f = new RandomAccessFile(largest.toFile(), "rw")) {
      long middle = f.length() / 2;
      f.seek(middle);
      int b = f.read();
      f.seek(middle);
      f.write(b ^ 0x5A); // one flipped byte: only a checksum sees it
    }
    CatalogIndex second = node(true, parent);
    assertFalse(second.start().reused(), "a corrupt index is not served");
    assertEquals(expected, answers(second));
  }

  @Test
  void anIndexWrittenByOtherCodeIsRefused() throws IOException {
    fill();
    node(true, parent).start();
    opened.get(0).close();
    try (FSDirectory dir = FSDirectory.open(parent.resolve(IndexDirectory.KEPT));
        IndexWriter writer = new IndexWriter(dir, IndexFields.writerConfig())) {
      Map<String, String> data = new java.util.HashMap<>();
      writer.getLiveCommitData().forEach(e -> data.put(e.getKey(), e.getValue()));
      data.put(IndexFields.COMMIT_FINGERPRINT, "an older build");
      writer.setLiveCommitData(data.entrySet());
      writer.commit();
    }
    CatalogIndex second = node(true, parent);
    assertFalse(second.start().reused());
    assertEquals(400, second.documents());
  }

  @Test
  void aSecondNodeOnTheSameHostBuildsAnIndexOfItsOwn() {
    fill();
    CatalogIndex first = node(true, parent);
    first.start();
    CatalogIndex second = node(true, parent);
    assertFalse(second.start().reused(), "the stored index is the first node's");
    assertEquals(answers(first), answers(second));
  }

  @Test
  void aStoreWithoutIdentityNeverReuses() {
    fill();
    store.identity = null;
    node(true, parent).start();
    opened.get(0).close();
    assertFalse(node(true, parent).start().reused());
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      return 0;
    }
  }

  private static ProductRecord retitled(ProductRecord p, String title, Instant at) {
    return new ProductRecord(
        p.id(),
        p.merchantId(),
        p.merchantName(),
        p.merchantStatus(),
        p.merchantCurrency(),
        p.platform(),
        p.platformProductId(),
        p.handle(),
        title,
        p.description(),
        p.vendor(),
        p.productType(),
        p.category(),
        p.catalogSurface(),
        p.tags(),
        p.keyActives(),
        p.ingredients(),
        p.skinTypes(),
        p.concerns(),
        p.imageUrl(),
        p.status(),
        p.productGroupId(),
        p.createdAt(),
        at,
        p.variants());
  }

  private static List<String> ids(CatalogIndex index) {
    return new ArrayList<>(StoredIndex.ids(searchers(index)));
  }

  private static org.apache.lucene.search.SearcherManager searchers(CatalogIndex index) {
    try {
      var field = CatalogIndex.class.getDeclaredField("searchers");
      field.setAccessible(true);
      return (org.apache.lucene.search.SearcherManager) field.get(index);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The title the index holds for a product. */
  private static String title(CatalogIndex index, String id) {
    return index.withSearcher(
        s -> {
          try {
            var hits =
                s.search(
                    new org.apache.lucene.search.TermQuery(
                        new org.apache.lucene.index.Term(IndexFields.ID, id)),
                    1);
            return hits.scoreDocs.length == 0
                ? null
                : RecordCodec.record(s, hits.scoreDocs[0].doc).title();
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  /** Each search's total: how many products it matched. */
  private static List<String> totals(String answers) {
    return answers.lines().map(l -> l.replaceAll(" prod_.*", "")).toList();
  }

  /** What searches answer: the total and the ids of the first page of each query. */
  private static String answers(CatalogIndex index) {
    ProductSearchService search = new ProductSearchService();
    search.index = index;
    search.figures = new SearchFigures();
    search.merchants = SearchAnswersTest.merchants();
    SearchPageCache pages = new SearchPageCache();
    pages.capacity = 0;
    pages.init();
    search.pages = pages;
    search.wordBitsMegabytes = 0;
    search.renderedCapacity = 0;
    search.init();
    StringBuilder out = new StringBuilder();
    for (String q : QUERIES) {
      for (int variant = 0; variant < 3; variant++) {
        ProductSearchService.Page page = search.search(SearchAnswersTest.criteria(q, variant));
        out.append(q).append(' ').append(variant).append(" total ").append(page.total());
        page.products().forEach(p -> out.append(' ').append(p.id()));
        out.append('\n');
      }
    }
    return out.toString();
  }
}
