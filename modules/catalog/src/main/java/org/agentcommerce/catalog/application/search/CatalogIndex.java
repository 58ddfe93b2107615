package org.agentcommerce.catalog.application.search;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Logger;
import org.agentcommerce.catalog.domain.product.ProductReader;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.OfferRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.VariantRecord;
import org.agentcommerce.platform.api.ApiException;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;

/**
 * The in-process Lucene index of the catalog (BM25). Built from the database when the application
 * starts, then kept current by reading products whose {@code updated_at} moved past the last one
 * seen. Each document stores the product with all its variants and offers, so search and product
 * reads are answered from memory without touching the database.
 */
@ApplicationScoped
public class CatalogIndex {

  private static final Logger LOG = Logger.getLogger(CatalogIndex.class.getName());

  /** Prices are indexed as major units × 1000: exact for every ISO currency exponent (≤ 3). */
  static final int PRICE_SCALE = 3;

  static final String ID = "id";
  static final String MERCHANT = "merchant_id";
  static final String PLATFORM_ID = "platform_product_id";
  static final String HANDLE = "merchant_handle";
  static final String VARIANT = "variant";
  static final String CATEGORY = "category";
  static final String SURFACE = "catalog_surface";
  static final String STATUS = "status";
  static final String GROUP = "group_id";
  static final String MARKET = "market";
  static final String IN_STOCK_MARKET = "in_stock_market";
  static final String HOME_PRICE = "price_home";
  static final String HOME_IN_STOCK = "in_stock_home";
  static final String VENDOR_KEY = "vendor_key";
  static final String TYPE_KEY = "product_type_key";
  static final String TAG_KEY = "tag_key";
  static final String STORED = "record";
  static final String UPDATED = "updated";

  /** The product id as sorted doc values: the order of documents in every segment. */
  static final String ID_ORDER = "id_order";

  private static final org.apache.lucene.search.Sort ID_ORDER_SORT =
      new org.apache.lucene.search.Sort(
          new org.apache.lucene.search.SortField(
              ID_ORDER, org.apache.lucene.search.SortField.Type.STRING));

  static final String INACTIVE = "inactive";
  static final String TITLE = "title";

  /**
   * Each pair of neighbouring title words as one term ({@link BeautyAnalyzers#pairs}): the bonus
   * for a title that says the shopper's words in their order, as terms whose maximum scores let
   * Lucene skip, where a phrase query's do not.
   */
  static final String TITLE_PAIRS = "title_pairs";

  /** Brand, product type and category. */
  static final String BRAND_TYPE = "brand_type";

  /** Key actives, concerns, tags and skin types. */
  static final String FACETS = "facets";

  static final String DESCRIPTION = "description";

  /**
   * The four text fields as one weighted field (BM25F): each word's frequency is the sum over the
   * fields of its count there times the field's weight (in quarters, see {@link #WEIGHT_UNITS}),
   * and the length is weighted the same way. One postings list per word, with real block maxima, is
   * what lets a search skip most products; the search scores it with {@link #SIMILARITY}.
   */
  static final String TEXT = "text";

  /** Field weights are indexed in quarters: 3.0 → 12. */
  static final int WEIGHT_UNITS = 4;

  /**
   * BM25 for every field, with k1 scaled by {@link #WEIGHT_UNITS} for {@link #TEXT} so that its
   * quarter-unit frequencies saturate as the weighted frequencies would (exact BM25F).
   */
  static final org.apache.lucene.search.similarities.Similarity SIMILARITY =
      new org.apache.lucene.search.similarities.PerFieldSimilarityWrapper() {
        private final BM25Similarity plain = new BM25Similarity();
        private final BM25Similarity weighted = new BM25Similarity(1.2f * WEIGHT_UNITS, 0.75f);

        @Override
        public org.apache.lucene.search.similarities.Similarity get(String name) {
          return TEXT.equals(name) ? weighted : plain;
        }
      };

  /** Indexed with frequencies (set per word) and norms, no positions. */
  private static final org.apache.lucene.document.FieldType WEIGHTED_TEXT = withFrequencies(true);

  /**
   * A pair of neighbouring title words: one term, once per product, with its frequency (always 1)
   * indexed only so that the postings carry impacts. Without them (a {@code StringField}) Lucene
   * bounds the pair's score as if its frequency were unbounded, 2.2 times its real score, and the
   * word-order bonus of a multi-word search let fewer blocks of products be skipped. The scores are
   * the same either way.
   */
  private static final org.apache.lucene.document.FieldType TITLE_PAIR = withFrequencies(false);

  /** Indexed with frequencies, no positions: analysed text with norms, or one term without. */
  private static org.apache.lucene.document.FieldType withFrequencies(boolean text) {
    var type = new org.apache.lucene.document.FieldType();
    type.setTokenized(text);
    type.setOmitNorms(!text);
    type.setIndexOptions(org.apache.lucene.index.IndexOptions.DOCS_AND_FREQS);
    type.freeze();
    return type;
  }

  private final org.apache.lucene.analysis.Analyzer textAnalyzer = BeautyAnalyzers.index();

  @Inject ProductReader reader;

  /** How many segments (contiguous ranges of ids) a build lays the products out in. */
  int buildParts = searchThreads();

  /**
   * Where the index is written: a directory of this node's under this parent (default: the JVM's
   * temporary directory), memory-mapped and deleted at stop; {@code memory} keeps it in the heap.
   */
  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(name = "ac.search.index-directory")
  java.util.Optional<String> indexDirectory = java.util.Optional.empty();

  /** Opened by the first build (not here: a CDI client proxy runs field initialisers too). */
  private IndexDirectory directory;

  private IndexWriter writer;
  private SearcherManager searchers;
  private SlicedSearcherFactory searcherFactory;

  /** Reads in progress: a search forks its slices only while the search threads are idle. */
  private final java.util.concurrent.atomic.AtomicInteger reading =
      new java.util.concurrent.atomic.AtomicInteger();

  /** Products indexed by refresh within the overlap window, with the updated_at they had. */
  private final java.util.Map<String, Instant> recent = new java.util.HashMap<>();

  /** How far behind the watermark each refresh re-reads. */
  static final java.time.Duration OVERLAP = java.time.Duration.ofSeconds(5);

  private volatile boolean ready;
  private volatile Instant watermark = Instant.EPOCH;
  private volatile BuildReport lastBuild;

  /** When a build or refresh last brought the index up to date with the database. */
  private volatile Instant upToDateAt;

  /** How long after its change the newest product of the last refresh was indexed. */
  private volatile java.time.Duration refreshLag = java.time.Duration.ZERO;

  private final Set<String> vendors = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** The vendors, sorted, until a new one is indexed: callers compare it on every brief. */
  private volatile Set<String> vendorSnapshot;

  /** How the last full build went. */
  public record BuildReport(long products, long millis, long indexBytes) {}

  public boolean isReady() {
    return ready;
  }

  public BuildReport lastBuild() {
    return lastBuild;
  }

  /** Indexes every stored product; replaces whatever was indexed. */
  public synchronized BuildReport build() {
    long start = System.nanoTime();
    try {
      ensureWriter();
      Instant[] newest = {Instant.EPOCH};
      java.util.Map<String, Instant> seen = new java.util.HashMap<>();
      // The products are laid out in id order, in as many segments as search threads, each a
      // contiguous range of ids (built apart, then added in order): right after a build, products
      // with equal scores come in id order on every node. (The ranges follow the database's order
      // of ids and each segment Lucene's byte order of them: the same for ids of one case and
      // length, as ours are; either way the same on every node.)
      long count;
      try (Parts parts = new Parts(Math.max(1, buildParts), Math.max(1, reader.count()))) {
        count =
            reader.readAll(
                batch -> {
                  for (ProductRecord p : batch) {
                    if (p.updatedAt() != null) {
                      seen.put(p.id(), p.updatedAt());
                      if (p.updatedAt().isAfter(newest[0])) {
                        newest[0] = p.updatedAt();
                      }
                    }
                  }
                  parts.index(batch);
                });
        Directory[] merged = parts.merged();
        try {
          writer.deleteAll();
          writer.addIndexes(merged);
          writer.commit();
        } catch (IOException | RuntimeException e) {
          // never leave the deletion pending (a later refresh would commit an empty index): back
          // to the last commit, which the searchers still read; the next use reopens the writer
          writer.rollback();
          throw e;
        }
      }
      searchers.maybeRefreshBlocking();
      watermark = newest[0];
      // What the build indexed near the watermark counts as indexed for the refresh's overlap.
      Instant horizon = watermark.minus(OVERLAP).minus(OVERLAP);
      recent.clear();
      seen.forEach(
          (id, at) -> {
            if (!at.isBefore(horizon)) {
              recent.put(id, at);
            }
          });
      long bytes = indexBytes();
      lastBuild = new BuildReport(count, (System.nanoTime() - start) / 1_000_000, bytes);
      upToDateAt = Instant.now();
      ready = true;
      LOG.info(
          () ->
              String.format(
                  "Catalog index built: %d products in %d ms, %d KiB",
                  count, lastBuild.millis(), bytes / 1024));
      return lastBuild;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Opens the index's writer and searchers when there are none, or again when a failed build closed
   * them (a rollback, or Lucene's tragic event): else every later build, refresh and prune would
   * fail the same way. A new writer starts from the last commit.
   */
  private void ensureWriter() {
    try {
      if (writer != null && !writer.isOpen()) {
        searchers.close();
        searcherFactory.close();
        writer = null;
      }
      if (writer == null) {
        if (directory == null) {
          directory = IndexDirectory.open(indexDirectory.orElse(null));
        }
        writer = new IndexWriter(directory.directory(), writerConfig());
        searcherFactory = new SlicedSearcherFactory(searchThreads(), reading::get);
        searchers = new SearcherManager(writer, searcherFactory);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Re-indexes the products changed since the last build or refresh; returns how many. */
  public synchronized int refresh() {
    if (!ready) {
      return 0;
    }
    ensureWriter();
    int total = 0;
    Instant newestIndexed = null;
    while (true) {
      // A transaction that commits late can carry an updated_at older than rows already read:
      // a cheap look (ids and times) re-reads a short window behind the watermark, and only the
      // products not yet indexed at that time are loaded and indexed.
      List<ProductReader.Change> changes = reader.changesSince(watermark.minus(OVERLAP), 1000);
      if (changes.isEmpty()) {
        break;
      }
      List<String> ids = new java.util.ArrayList<>();
      for (ProductReader.Change change : changes) {
        if (!change.updatedAt().equals(recent.get(change.id()))) {
          ids.add(change.id());
        }
      }
      Instant before = watermark;
      int fresh = 0;
      for (ProductRecord p : reader.read(ids)) {
        add(p);
        fresh++;
      }
      for (ProductReader.Change change : changes) {
        if (ids.contains(change.id())
            && (newestIndexed == null || change.updatedAt().isAfter(newestIndexed))) {
          newestIndexed = change.updatedAt();
        }
        recent.put(change.id(), change.updatedAt());
        if (change.updatedAt().isAfter(watermark)) {
          watermark = change.updatedAt();
        }
      }
      Instant horizon = watermark.minus(OVERLAP).minus(OVERLAP);
      recent.values().removeIf(at -> at.isBefore(horizon));
      total += fresh;
      if (changes.size() < 1000 || !watermark.isAfter(before)) {
        break;
      }
    }
    try {
      if (total > 0) {
        writer.commit();
        searchers.maybeRefreshBlocking();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Instant now = Instant.now();
    upToDateAt = now;
    if (newestIndexed != null) {
      refreshLag = java.time.Duration.between(newestIndexed, now);
    }
    return total;
  }

  /** Removes products that are no longer stored; returns how many. */
  public synchronized int prune() {
    if (!ready) {
      return 0;
    }
    ensureWriter();
    Set<String> stored = new HashSet<>(reader.allIds());
    Set<String> indexed =
        withSearcher(
            s -> {
              Set<String> ids = new HashSet<>();
              try {
                var storedFields = s.storedFields();
                for (int doc = 0; doc < s.getIndexReader().maxDoc(); doc++) {
                  String id = storedFields.document(doc, Set.of(ID)).get(ID);
                  if (id != null) {
                    ids.add(id);
                  }
                }
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
              return ids;
            });
    indexed.removeAll(stored);
    try {
      for (String gone : indexed) {
        writer.deleteDocuments(new Term(ID, gone));
      }
      if (!indexed.isEmpty()) {
        writer.commit();
        searchers.maybeRefreshBlocking();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return indexed.size();
  }

  /**
   * Threads that search one query's segments in parallel: one per core, at most four. More would
   * only add hand-offs on this kind of machine.
   */
  static int searchThreads() {
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }

  /** When a build or refresh last brought the index up to date; null before the first build. */
  public Instant upToDateAt() {
    return upToDateAt;
  }

  /**
   * How long after its change the newest product the last refresh indexed became searchable (zero
   * until a refresh indexed one).
   */
  public java.time.Duration refreshLag() {
    return refreshLag;
  }

  /** The documents (products) the index holds now; -1 while it is being built. */
  public long documents() {
    return ready ? withSearcher(s -> (long) s.getIndexReader().numDocs()) : -1;
  }

  /** Runs a read against the current point-in-time view of the index. */
  public <T> T withSearcher(Function<IndexSearcher, T> work) {
    if (!ready) {
      throw new ApiException(
          503,
          "TEMPORARY_UNAVAILABLE",
          "The catalog index is being built; retry shortly.",
          java.util.Map.of(),
          java.util.Map.of("Retry-After", "2"));
    }
    try {
      IndexSearcher searcher = searchers.acquire();
      reading.incrementAndGet();
      try {
        return work.apply(searcher);
      } finally {
        reading.decrementAndGet();
        searchers.release(searcher);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Identifies the point-in-time view a searcher reads: it changes with every refresh. */
  static long version(IndexSearcher searcher) {
    return ((org.apache.lucene.index.DirectoryReader) searcher.getIndexReader()).getVersion();
  }

  @jakarta.annotation.PreDestroy
  synchronized void close() {
    ready = false;
    try {
      if (searchers != null) {
        searchers.close();
      }
      if (writer != null) {
        writer.close();
      }
    } catch (IOException e) {
      LOG.log(java.util.logging.Level.FINE, "Closing the catalog index", e);
    } finally {
      if (searcherFactory != null) {
        searcherFactory.close();
      }
      if (directory != null) {
        directory.close();
        directory = null;
      }
    }
  }

  /** The stored product of a search hit ({@code doc} as the searcher numbers it). */
  public ProductRecord record(IndexSearcher searcher, int doc) {
    return records(searcher, new int[] {doc}).get(0);
  }

  /**
   * The records of {@code docs} (ids of the searcher's reader), in that order. Each segment's
   * records are read with one doc-values iterator, in document order.
   */
  public List<ProductRecord> records(IndexSearcher searcher, int[] docs) {
    List<org.apache.lucene.index.LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    Integer[] order = new Integer[docs.length];
    for (int i = 0; i < docs.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> docs[i]));
    ProductRecord[] out = new ProductRecord[docs.length];
    org.apache.lucene.index.LeafReaderContext leaf = null;
    org.apache.lucene.index.BinaryDocValues values = null;
    try {
      for (int i : order) {
        int doc = docs[i];
        if (leaf == null || doc >= leaf.docBase + leaf.reader().maxDoc()) {
          leaf = leaves.get(org.apache.lucene.index.ReaderUtil.subIndex(doc, leaves));
          values = leaf.reader().getBinaryDocValues(STORED);
        }
        if (values == null || !values.advanceExact(doc - leaf.docBase)) {
          throw new IllegalStateException("no record indexed for document " + doc);
        }
        org.apache.lucene.util.BytesRef bytes = values.binaryValue();
        out[i] = RecordCodec.decode(bytes.bytes, bytes.offset, bytes.length);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return java.util.Arrays.asList(out);
  }

  /**
   * The parts of a build: contiguous ranges of ids, in id order, each indexed into a scratch
   * directory of its own. Batches are indexed on every core while the next batch is read, and a
   * part is merged into one segment while the next one is indexed. Closing it deletes the
   * directories (and rolls back what a failed build left).
   */
  private final class Parts implements AutoCloseable {
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
    private long read;
    private int current;

    Parts(int count, long expected) throws IOException {
      this.count = count;
      this.expected = expected;
      scratch = new Directory[count];
      writers = new IndexWriter[count];
      try {
        for (int i = 0; i < count; i++) {
          scratch[i] = directory.scratch("build-" + i);
          writers[i] = new IndexWriter(scratch[i], writerConfig());
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
            pool.submit(() -> slice.forEach(p -> add(target, p)));
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
      merges.forEach(CatalogIndex::await);
      return scratch;
    }

    /** Merges the current part into one segment, once its batches are indexed, and closes it. */
    private void mergeNext() {
      int part = current++;
      merges.add(
          pool.submit(
              () -> {
                // its batches were queued before this task: running or done, never waiting on it
                adds.get(part).forEach(CatalogIndex::await);
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
            LOG.log(java.util.logging.Level.FINE, "Rolling back a part of the index build", e);
          }
        }
        if (scratch[i] != null) {
          directory.drop("build-" + i, scratch[i]);
        }
      }
    }
  }

  /** The configuration of the index's writer and of the parts of a build. */
  private static IndexWriterConfig writerConfig() {
    IndexWriterConfig config = new IndexWriterConfig(BeautyAnalyzers.index());
    config.setSimilarity(SIMILARITY);
    config.setRAMBufferSizeMB(64);
    // every segment in id order: a refresh's segments too, and whatever a merge makes
    config.setIndexSort(ID_ORDER_SORT);
    return config;
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

  /** Every brand name seen while indexing, as the catalog spells it. */
  public Set<String> vendors() {
    Set<String> sorted = vendorSnapshot;
    if (sorted == null) {
      synchronized (vendors) {
        sorted = vendorSnapshot;
        if (sorted == null) {
          sorted = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(vendors));
          vendorSnapshot = sorted;
        }
      }
    }
    return sorted;
  }

  private void add(ProductRecord p) {
    add(writer, p);
  }

  private void add(IndexWriter into, ProductRecord p) {
    if (p.vendor() != null && !p.vendor().isBlank() && vendors.add(p.vendor())) {
      synchronized (vendors) {
        vendorSnapshot = null;
      }
    }
    try {
      into.updateDocument(new Term(ID, p.id()), document(p));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Document document(ProductRecord p) {
    Document d = new Document();
    d.add(new StringField(ID, p.id(), Field.Store.YES));
    d.add(new SortedDocValuesField(ID_ORDER, new BytesRef(p.id())));
    d.add(new StringField(MERCHANT, p.merchantId(), Field.Store.NO));
    d.add(
        new StringField(PLATFORM_ID, p.merchantId() + ":" + p.platformProductId(), Field.Store.NO));
    d.add(new StringField(HANDLE, p.merchantId() + ":" + p.handle(), Field.Store.NO));
    d.add(new StringField(CATEGORY, lower(p.category()), Field.Store.NO));
    d.add(new StringField(SURFACE, lower(p.catalogSurface()), Field.Store.NO));
    d.add(new StringField(STATUS, lower(p.status()), Field.Store.NO));
    if (!"active".equalsIgnoreCase(p.status())) {
      d.add(new StringField(INACTIVE, "true", Field.Store.NO));
    }
    if (p.productGroupId() != null) {
      d.add(new StringField(GROUP, p.productGroupId(), Field.Store.NO));
    }
    if (p.vendor() != null) {
      d.add(new StringField(VENDOR_KEY, lower(p.vendor()), Field.Store.NO));
    }
    if (p.productType() != null) {
      d.add(new StringField(TYPE_KEY, lower(p.productType()), Field.Store.NO));
    }
    for (String tag : p.tags()) {
      d.add(new StringField(TAG_KEY, lower(tag), Field.Store.NO));
    }
    String home = ProductViews.homeMarket(p);
    Set<String> markets = new HashSet<>();
    Set<String> stocked = new HashSet<>();
    for (VariantRecord v : p.variants()) {
      d.add(new StringField(VARIANT, p.merchantId() + ":" + v.platformVariantId(), Field.Store.NO));
      if (v.sku() != null) {
        d.add(new StringField(VARIANT, p.merchantId() + ":" + v.sku(), Field.Store.NO));
      }
      for (OfferRecord o : v.offers()) {
        markets.add(o.market());
        if (o.inventoryQuantity() > 0) {
          stocked.add(o.market());
        }
      }
    }
    for (String market : markets) {
      d.add(new StringField(MARKET, market, Field.Store.NO));
      Long min = minPrice(p, market);
      if (min != null) {
        d.add(new LongPoint(priceField(market), min));
      }
    }
    for (String market : stocked) {
      d.add(new StringField(IN_STOCK_MARKET, market, Field.Store.NO));
    }
    Long homePrice = home == null ? null : minPrice(p, home);
    if (homePrice != null) {
      d.add(new LongPoint(HOME_PRICE, homePrice));
      d.add(new NumericDocValuesField(HOME_PRICE, homePrice));
    }
    d.add(
        new StringField(
            HOME_IN_STOCK, String.valueOf(home != null && stocked.contains(home)), Field.Store.NO));
    String brandType = join(p.vendor(), p.productType(), p.category());
    String facets =
        join(
            String.join(", ", p.keyActives()),
            String.join(", ", p.concerns()),
            String.join(", ", p.tags()).replace('-', ' '),
            String.join(", ", p.skinTypes()));
    text(d, TITLE, p.title());
    if (p.title() != null) {
      java.util.Set<String> pairs = new java.util.TreeSet<>();
      BeautyAnalyzers.pairs(textAnalyzer, TITLE, p.title(), pairs::add);
      pairs.forEach(pair -> d.add(new Field(TITLE_PAIRS, pair, TITLE_PAIR)));
    }
    text(d, BRAND_TYPE, brandType);
    text(d, FACETS, facets);
    text(d, DESCRIPTION, p.description());
    java.util.Map<String, Integer> weighted = new java.util.TreeMap<>();
    weigh(weighted, TITLE, p.title());
    weigh(weighted, BRAND_TYPE, brandType);
    weigh(weighted, FACETS, facets);
    weigh(weighted, DESCRIPTION, p.description());
    if (!weighted.isEmpty()) {
      d.add(new Field(TEXT, new WeightedTerms(weighted), WEIGHTED_TEXT));
    }
    d.add(
        new NumericDocValuesField(
            UPDATED, p.updatedAt() == null ? 0 : p.updatedAt().toEpochMilli()));
    // The record as doc values, not a stored field: stored fields are compressed in blocks of many
    // documents, so reading one hit's record decompressed the whole block.
    d.add(
        new org.apache.lucene.document.BinaryDocValuesField(
            STORED, new org.apache.lucene.util.BytesRef(RecordCodec.encode(p))));
    return d;
  }

  /**
   * Adds each word of {@code value} as analysed for {@code field}, and each synonym phrase it has
   * as one word, times the field's weight.
   */
  private void weigh(java.util.Map<String, Integer> weighted, String field, String value) {
    if (value == null || value.isBlank()) {
      return;
    }
    int weight = Math.round(ProductSearchService.WEIGHTS.get(field) * WEIGHT_UNITS);
    BeautyAnalyzers.termsAndPhrases(
        textAnalyzer, field, value, t -> weighted.merge(t, weight, Integer::sum));
  }

  /** The words of one product with their weighted frequencies, as one token each. */
  private static final class WeightedTerms extends org.apache.lucene.analysis.TokenStream {
    private final java.util.Iterator<java.util.Map.Entry<String, Integer>> words;
    private final org.apache.lucene.analysis.tokenattributes.CharTermAttribute term =
        addAttribute(org.apache.lucene.analysis.tokenattributes.CharTermAttribute.class);
    private final org.apache.lucene.analysis.tokenattributes.TermFrequencyAttribute frequency =
        addAttribute(org.apache.lucene.analysis.tokenattributes.TermFrequencyAttribute.class);

    WeightedTerms(java.util.Map<String, Integer> weighted) {
      this.words = weighted.entrySet().iterator();
    }

    @Override
    public boolean incrementToken() {
      if (!words.hasNext()) {
        return false;
      }
      clearAttributes();
      java.util.Map.Entry<String, Integer> word = words.next();
      term.setEmpty().append(word.getKey());
      frequency.setTermFrequency(word.getValue());
      return true;
    }
  }

  private long indexBytes() throws IOException {
    long bytes = 0;
    for (String file : directory.directory().listAll()) {
      bytes += directory.directory().fileLength(file);
    }
    return bytes;
  }

  static String priceField(String market) {
    return "price_" + market;
  }

  /** A major-unit amount as the indexed long (major × 1000). */
  static long scaled(BigDecimal major) {
    // Bounds first: a price filter of 1e20 or 1e-30000000 must neither overflow nor make
    // BigDecimal compute a huge power of ten.
    if (major.compareTo(MAX_PRICE) >= 0) {
      return Long.MAX_VALUE;
    }
    if (major.compareTo(MIN_PRICE) < 0) {
      return major.signum() < 0 ? Long.MIN_VALUE : 0;
    }
    return major
        .movePointRight(PRICE_SCALE)
        .setScale(0, java.math.RoundingMode.FLOOR)
        .longValueExact();
  }

  private static final BigDecimal MAX_PRICE = new BigDecimal("1e15");
  private static final BigDecimal MIN_PRICE = new BigDecimal("0.001");

  private static Long minPrice(ProductRecord p, String market) {
    Long min = null;
    for (VariantRecord v : p.variants()) {
      for (OfferRecord o : v.offers()) {
        if (o.market().equals(market)) {
          long scaled = scaled(ProductViews.major(o.priceMinor(), o.currency()));
          min = min == null ? scaled : Math.min(min, scaled);
        }
      }
    }
    return min;
  }

  private static String join(String... parts) {
    return String.join(
        " \n ", java.util.Arrays.stream(parts).filter(java.util.Objects::nonNull).toList());
  }

  private static void text(Document d, String field, String value) {
    if (value != null && !value.isBlank()) {
      d.add(new TextField(field, value, Field.Store.NO));
    }
  }

  private static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }
}
