package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.agentcommerce.catalog.domain.product.ProductReader;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CatalogIndexRefreshTest {

  private final Store store = new Store();
  private final CatalogIndex index = new CatalogIndex();

  CatalogIndexRefreshTest() {
    index.reader = store;
  }

  @AfterEach
  void close() {
    index.close();
  }

  @Test
  void aLateCommitWithAnOlderTimestampIsStillIndexed() {
    Instant t0 = Instant.parse("2026-11-21T10:00:00Z");
    store.put(product("prod_a", t0));
    index.build();
    store.put(product("prod_b", t0.plusSeconds(3)));
    assertEquals(1, index.refresh());
    // Committed after prod_b was read, but stamped a second before it.
    store.put(product("prod_late", t0.plusSeconds(2)));
    assertEquals(1, index.refresh());
    assertTrue(indexed("prod_late"));
  }

  @Test
  void quietRefreshesIndexNothingAgain() {
    Instant t0 = Instant.parse("2026-11-21T10:00:00Z");
    store.put(product("prod_a", t0));
    index.build();
    store.put(product("prod_b", t0.plusSeconds(1)));
    assertEquals(1, index.refresh());
    assertEquals(0, index.refresh());
    assertEquals(0, index.refresh());
  }

  @Test
  void productsWithEqualScoresComeInIdOrderInEverySegmentLayout() throws Exception {
    Instant t0 = Instant.parse("2026-11-21T10:00:00Z");
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      ids.add(String.format("prod_%03d", i));
    }
    java.util.Collections.shuffle(ids, new java.util.Random(5));
    ids.forEach(id -> store.put(product(id, t0))); // stored in no particular order
    List<String> byId = ids.stream().sorted().toList();
    for (int batch : new int[] {7, 1000}) { // a range may end inside a batch
      for (int parts : new int[] {1, 3, 4}) {
        index.buildParts = parts;
        store.batchSize = batch;
        index.build();
        assertEquals(byId, serums(), parts + " parts, batches of " + batch);
        int segments = index.withSearcher(s -> s.getIndexReader().leaves().size());
        assertEquals(parts, segments);
      }
    }
    // a refreshed product is re-indexed: the ties of the rest keep their order
    store.put(product("prod_030", t0.plusSeconds(1)));
    assertEquals(1, index.refresh());
    List<String> rest = new ArrayList<>(byId);
    rest.remove("prod_030");
    List<String> after = new ArrayList<>(serums());
    assertTrue(after.remove("prod_030"));
    assertEquals(rest, after);
  }

  /** The ids of the products whose title says "serum", best first (all score alike). */
  private List<String> serums() {
    return index.withSearcher(
        s -> {
          try {
            var top = s.search(new TermQuery(new Term(IndexFields.TITLE, "serum")), 1000);
            java.util.Set<Float> scores = new java.util.HashSet<>();
            List<String> found = new ArrayList<>();
            for (var hit : top.scoreDocs) {
              scores.add(hit.score);
              found.add(s.storedFields().document(hit.doc).get(IndexFields.ID));
            }
            assertEquals(1, scores.size(), "every product scores alike");
            return found;
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  private boolean indexed(String id) {
    return index.withSearcher(
        s -> {
          try {
            return s.count(new TermQuery(new Term(IndexFields.ID, id))) == 1;
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  static ProductRecord product(String id, Instant updated) {
    return new ProductRecord(
        id,
        "merch_a",
        "Shop",
        "active",
        "USD",
        "shopify",
        "1",
        "h-" + id,
        "Serum " + id,
        "A serum.",
        "Brand",
        "Serum",
        "skincare",
        "beauty",
        List.of(),
        List.of(),
        "AQUA",
        List.of("all"),
        List.of(),
        null,
        "active",
        null,
        updated,
        updated,
        List.of(
            new ProductRecord.VariantRecord(
                "v-" + id,
                "30ml",
                "SKU-" + id,
                "{}",
                null,
                1,
                List.of(new ProductRecord.OfferRecord("US", "USD", 1000, null, 5)))));
  }

  /** Products as a database would hold them, with their updated_at. */
  static final class Store implements ProductReader {
    private final List<ProductRecord> rows = new ArrayList<>();

    void put(ProductRecord p) {
      rows.removeIf(r -> r.id().equals(p.id()));
      rows.add(p);
    }

    void remove(String id) {
      rows.removeIf(r -> r.id().equals(id));
    }

    /** The database's identity; null: it has none. */
    String identity;

    @Override
    public String identity() {
      return identity;
    }

    /** How many products each batch of {@link #readAll} holds. */
    int batchSize = Integer.MAX_VALUE;

    /** After how many batches {@link #readAll} fails (-1: never). */
    int failAfterBatches = -1;

    /** How many times every product was read. */
    int fullReads;

    @Override
    public long readAll(Consumer<List<ProductRecord>> batch) {
      fullReads++;
      List<ProductRecord> byId =
          rows.stream().sorted(java.util.Comparator.comparing(ProductRecord::id)).toList();
      int batches = 0;
      for (int from = 0; from < byId.size(); from += batchSize) {
        if (batches++ == failAfterBatches) {
          throw new IllegalStateException("the database went away");
        }
        batch.accept(byId.subList(from, (int) Math.min(byId.size(), (long) from + batchSize)));
      }
      return rows.size();
    }

    @Override
    public List<Change> changesSince(Instant since, int limit) {
      return rows.stream()
          .filter(p -> p.updatedAt().isAfter(since))
          .sorted(java.util.Comparator.comparing(ProductRecord::updatedAt))
          .limit(limit)
          .map(p -> new Change(p.id(), p.updatedAt()))
          .toList();
    }

    @Override
    public List<ProductRecord> read(List<String> ids) {
      return rows.stream().filter(p -> ids.contains(p.id())).toList();
    }

    @Override
    public List<ProductRecord> readMerchant(String merchantId, String afterId, int limit) {
      return List.of();
    }

    @Override
    public List<String> allIds() {
      return rows.stream().map(ProductRecord::id).toList();
    }
  }
}
