package org.agentcommerce.catalog.application.search;

import static org.agentcommerce.catalog.application.search.IndexFields.COMMIT_DATABASE;
import static org.agentcommerce.catalog.application.search.IndexFields.COMMIT_FINGERPRINT;
import static org.agentcommerce.catalog.application.search.IndexFields.COMMIT_WATERMARK;
import static org.agentcommerce.catalog.application.search.IndexFields.ID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Logger;
import org.agentcommerce.catalog.domain.product.ProductReader;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.platform.api.ApiException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;

/**
 * The in-process Lucene index of the catalog (BM25). At start a node reuses the index it kept on
 * disk when it is sound, written by this code and built from this database, and brings it up to
 * date from its change watermark; otherwise it builds the index from the database. Then it is kept
 * current by reading products whose {@code updated_at} moved past the last one seen. Each document
 * stores the product with all its variants and offers, so search and product reads are answered
 * from memory without touching the database.
 */
@ApplicationScoped
public class CatalogIndex {

  private static final Logger LOG = Logger.getLogger(CatalogIndex.class.getName());

  /** Products as Lucene documents (a field initialiser, as its analyzer always was). */
  private final ProductDocuments documents = new ProductDocuments();

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

  /**
   * Whether the node keeps its index between restarts ({@value IndexDirectory#KEPT} under {@code
   * ac.search.index-directory}) and starts from it.
   */
  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(
      name = "ac.search.index-reuse",
      defaultValue = "true")
  boolean reuse = true;

  /**
   * A directory the nodes of a fleet share where a copy of the index is published ({@link
   * IndexSeed}): a node without a usable index of its own starts from it. Unset: no copies.
   */
  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(name = "ac.search.index-seed")
  java.util.Optional<String> seed = java.util.Optional.empty();

  /** Holds a commit's files while they are copied to the seed. */
  private org.apache.lucene.index.SnapshotDeletionPolicy snapshots;

  /** The database's identity, read at the first start or build; null when it has none. */
  private String identity;

  /** Opened by the first build (not here: a CDI client proxy runs field initialisers too). */
  private IndexDirectory directory;

  private IndexWriter writer;
  private SearcherManager searchers;
  private SlicedSearcherFactory searcherFactory;

  /** Reads in progress: a search forks its slices only while the search threads are idle. */
  private final java.util.concurrent.atomic.AtomicInteger reading =
      new java.util.concurrent.atomic.AtomicInteger();

  /** The watermark and the products a refresh has already indexed near it. */
  private final ChangeWindow window = new ChangeWindow();

  private volatile boolean ready;
  private volatile BuildReport lastBuild;

  /** When a build or refresh last brought the index up to date with the database. */
  private volatile Instant upToDateAt;

  /** How long after its change the newest product of the last refresh was indexed. */
  private volatile java.time.Duration refreshLag = java.time.Duration.ZERO;

  private final Set<String> vendors = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** The vendors, sorted, until a new one is indexed: callers compare it on every brief. */
  private volatile Set<String> vendorSnapshot;

  /**
   * How the index was last made ready: a full build, or ({@code reused}) the stored index brought
   * up to date; {@code millis} is how long that took.
   */
  public record BuildReport(long products, long millis, long indexBytes, IndexSource source) {

    /** Whether an index written before was reused rather than built from the database. */
    public boolean reused() {
      return source != IndexSource.DATABASE;
    }
  }

  public boolean isReady() {
    return ready;
  }

  public BuildReport lastBuild() {
    return lastBuild;
  }

  /**
   * Makes the index ready at start: the stored index, when it can be reused (see {@link
   * StoredIndex}), else a full build.
   */
  public synchronized BuildReport start() {
    long begin = System.nanoTime();
    String refused;
    if (!reuse) {
      refused = "reuse is switched off (ac.search.index-reuse)";
    } else {
      if (directory == null) {
        directory = IndexDirectory.openKept(indexDirectory.orElse(null));
      }
      refused =
          directory == null
              ? "another node keeps the stored index here"
              : resume(begin, IndexSource.STORED);
      if (refused != null && seed.isPresent() && !seed.get().isBlank()) {
        if (directory == null) {
          directory = IndexDirectory.open(indexDirectory.orElse(null));
        }
        if (directory.path() != null
            && IndexSeed.fetch(java.nio.file.Path.of(seed.get()), directory.path())) {
          String fromSeed = resume(begin, IndexSource.SEED);
          refused = fromSeed == null ? null : refused + "; the fleet's copy: " + fromSeed;
        }
      }
    }
    if (refused == null) {
      return lastBuild;
    }
    String why = refused;
    LOG.info(() -> "Catalog index: building from the database: " + why);
    return build();
  }

  /**
   * Publishes a copy of the index's last commit to the fleet's seed directory when one is set and
   * no copy there was published at or after {@code notBefore}; answers whether it did. Runs beside
   * searches and refreshes: the commit's files are held until copied.
   */
  public boolean publishSeed(Instant notBefore) {
    if (seed.isEmpty() || seed.get().isBlank() || !ready) {
      return false;
    }
    java.nio.file.Path target = java.nio.file.Path.of(seed.get());
    Instant published = IndexSeed.publishedAt(target);
    if (published != null && !published.isBefore(notBefore)) {
      return false;
    }
    IndexDirectory dir;
    org.apache.lucene.index.SnapshotDeletionPolicy held;
    synchronized (this) {
      dir = directory;
      held = snapshots;
    }
    if (dir == null || dir.path() == null || held == null) {
      return false;
    }
    try {
      long t0 = System.nanoTime();
      boolean done = IndexSeed.publish(held, dir.directory(), dir.path(), target);
      if (done) {
        LOG.info(
            () ->
                String.format(
                    "Catalog index copy published to %s in %d ms",
                    target, (System.nanoTime() - t0) / 1_000_000));
      }
      return done;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Brings the stored index up to date and makes it ready; answers why it was refused instead (then
   * the directory is empty again, for a build).
   */
  private String resume(long begin, IndexSource source) {
    String refused;
    try {
      identity = reader.identity();
      refused = StoredIndex.refusal(directory.directory(), identity);
      if (refused == null) {
        Instant watermark = StoredIndex.watermark(directory.directory());
        ensureWriter();
        long t0 = System.nanoTime();
        long checked = StoredIndex.checkIntegrity(searchers);
        long t1 = System.nanoTime();
        vendors.clear();
        vendors.addAll(StoredIndex.vendors(searchers));
        vendorSnapshot = null;
        window.resumed(
            watermark,
            StoredIndex.updatedSince(
                searchers, watermark.minus(ChangeWindow.OVERLAP).minus(ChangeWindow.OVERLAP)));
        int changed = refreshNow();
        long t2 = System.nanoTime();
        int[] fixed = pruneAfterRestart();
        int indexed = changed + fixed[1];
        long t3 = System.nanoTime();
        long docs = StoredIndex.documents(searchers);
        lastBuild =
            new BuildReport(docs, (System.nanoTime() - begin) / 1_000_000, indexBytes(), source);
        ready = true;
        String from = source == IndexSource.SEED ? "the fleet's copy" : "this node's stored index";
        long[] millis = {(t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000};
        LOG.info(
            () ->
                StoredIndex.reused(
                        from, directory.path(), docs, indexed, fixed[0], watermark, checked, millis)
                    + ", ready in "
                    + lastBuild.millis()
                    + " ms");
        return null;
      }
    } catch (IOException | RuntimeException e) {
      refused = "the stored index cannot be used (" + e + ")";
    }
    closeWriter();
    try {
      directory.clear();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return refused;
  }

  /** Indexes every stored product; replaces whatever was indexed. */
  public synchronized BuildReport build() {
    long start = System.nanoTime();
    try {
      if (reuse && identity == null) {
        identity = reader.identity();
      }
      ensureWriter();
      Instant[] newest = {Instant.EPOCH};
      java.util.Map<String, Instant> seen = new java.util.HashMap<>();
      // The products are laid out in id order, in as many segments as search threads, each a
      // contiguous range of ids (built apart, then added in order): right after a build, products
      // with equal scores come in id order on every node. (The ranges follow the database's order
      // of ids and each segment Lucene's byte order of them: the same for ids of one case and
      // length, as ours are; either way the same on every node.)
      long count;
      try (BuildParts parts =
          new BuildParts(
              Math.max(1, buildParts), Math.max(1, reader.count()), directory, this::add)) {
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
          commit(newest[0]);
        } catch (IOException | RuntimeException e) {
          // never leave the deletion pending (a later refresh would commit an empty index): back
          // to the last commit, which the searchers still read; the next use reopens the writer
          writer.rollback();
          throw e;
        }
      }
      searchers.maybeRefreshBlocking();
      window.built(newest[0], seen);
      long bytes = indexBytes();
      lastBuild =
          new BuildReport(
              count, (System.nanoTime() - start) / 1_000_000, bytes, IndexSource.DATABASE);
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
        closeWriter();
      }
      if (writer == null) {
        if (directory == null) {
          directory = IndexDirectory.open(indexDirectory.orElse(null));
        }
        IndexWriterConfig config = IndexFields.writerConfig();
        snapshots =
            new org.apache.lucene.index.SnapshotDeletionPolicy(
                new org.apache.lucene.index.KeepOnlyLastCommitDeletionPolicy());
        config.setIndexDeletionPolicy(snapshots);
        writer = new IndexWriter(directory.directory(), config);
        searcherFactory = new SlicedSearcherFactory(searchThreads(), reading::get);
        searchers = new SearcherManager(writer, searcherFactory);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Closes the writer and the searchers (not the directory), quietly. */
  private void closeWriter() {
    try {
      if (searchers != null) {
        searchers.close();
      }
      if (writer != null && writer.isOpen()) {
        writer.rollback();
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(java.util.logging.Level.FINE, "Closing the catalog index writer", e);
    } finally {
      if (searcherFactory != null) {
        searcherFactory.close();
      }
      searchers = null;
      searcherFactory = null;
      writer = null;
      snapshots = null;
    }
  }

  /**
   * Commits what the writer holds, with what a restart needs to reuse it: the code's fingerprint,
   * the database and the watermark the index is up to date with.
   */
  private void commit(Instant watermark) throws IOException {
    writer.setLiveCommitData(
        java.util.Map.of(
                COMMIT_FINGERPRINT, IndexFingerprint.current(),
                COMMIT_DATABASE, identity == null ? "" : identity,
                COMMIT_WATERMARK, watermark.toString())
            .entrySet());
    writer.commit();
  }

  /** Re-indexes the products changed since the last build or refresh; returns how many. */
  public synchronized int refresh() {
    if (!ready) {
      return 0;
    }
    return refreshNow();
  }

  private int refreshNow() {
    ensureWriter();
    int total = 0;
    Instant newestIndexed = null;
    while (true) {
      // A transaction that commits late can carry an updated_at older than rows already read:
      // a cheap look (ids and times) re-reads a short window behind the watermark, and only the
      // products not yet indexed at that time are loaded and indexed.
      List<ProductReader.Change> changes = reader.changesSince(window.since(), 1000);
      if (changes.isEmpty()) {
        break;
      }
      List<String> ids = window.unseen(changes);
      Instant before = window.watermark();
      int fresh = 0;
      for (ProductRecord p : reader.read(ids)) {
        add(p);
        fresh++;
      }
      newestIndexed = window.saw(changes, ids, newestIndexed);
      total += fresh;
      if (changes.size() < 1000 || !window.watermark().isAfter(before)) {
        break;
      }
    }
    try {
      if (total > 0) {
        commit(window.watermark());
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

  /** Removes products no longer stored and adds stored ones it lacks; returns how many. */
  public synchronized int prune() {
    return ready ? java.util.Arrays.stream(pruneNow()).sum() : 0;
  }

  /**
   * What a restarted node missed that no refresh shows. An index as large as the database holds
   * every stored product (an old-dated insertion and a deletion while down: the next prune).
   */
  private int[] pruneAfterRestart() {
    return reader.count() == StoredIndex.documents(searchers) ? new int[2] : pruneNow();
  }

  /**
   * Deletes what is no longer stored, and indexes stored products it lacks (written with an older
   * {@code updated_at} than the watermark, no refresh sees them): {removed, added}.
   */
  private int[] pruneNow() {
    ensureWriter();
    Set<String> stored = new HashSet<>(reader.allIds());
    Set<String> indexed = StoredIndex.ids(searchers);
    List<String> missing = stored.stream().filter(id -> !indexed.contains(id)).sorted().toList();
    indexed.removeAll(stored);
    try {
      for (String gone : indexed) {
        writer.deleteDocuments(new Term(ID, gone));
      }
      for (int i = 0; i < missing.size(); i += 1000) {
        reader.read(missing.subList(i, Math.min(missing.size(), i + 1000))).forEach(this::add);
      }
      if (!indexed.isEmpty() || !missing.isEmpty()) {
        commit(window.watermark());
        searchers.maybeRefreshBlocking();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new int[] {indexed.size(), missing.size()};
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
      into.updateDocument(new Term(ID, p.id()), documents.document(p));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private long indexBytes() throws IOException {
    long bytes = 0;
    for (String file : directory.directory().listAll()) {
      bytes += directory.directory().fileLength(file);
    }
    return bytes;
  }
}
