package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.agentcommerce.catalog.application.MerchantDirectory;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.OfferRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.VariantRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The answers of searches and product reads over a fixed, generated catalog, as they were when the
 * index and the search were split into smaller classes ({@code search-answers.txt}): the split must
 * not change any of them.
 */
class SearchAnswersTest {

  private static final String[] WORDS =
      ("vitamin c serum moisturiser dry skin sunscreen spf 50 niacinamide retinol night cream"
              + " shampoo dandruff cleanser red lipstick hyaluronic acid eau de parfum body lotion mascara hair"
              + " oil toner eye sun gel after glow repair gentle daily rich balm mask")
          .split(" ");
  private static final String[] BRANDS = {"Lumen", "Aqua Verde", "Roseline", "Kiso", "Norda"};
  private static final String[] TYPES = {"Serum", "Moisturizer", "Shampoo", "Lipstick", "Perfume"};
  private static final String[] CATEGORIES = {"skincare", "hair", "makeup", "fragrance", "other"};
  private static final String[] MERCHANTS = {"merch_a", "merch_b", "merch_c", "merch_off"};

  private final CatalogIndexRefreshTest.Store store = new CatalogIndexRefreshTest.Store();
  private final CatalogIndex index = new CatalogIndex();
  private final ProductSearchService search = new ProductSearchService();

  @AfterEach
  void close() {
    index.close();
  }

  private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");

  /** Builds the index of 400 generated products in three parts; answers the generator. */
  private Random buildIndex() {
    Random random = new Random(40);
    for (int i = 0; i < 400; i++) {
      store.put(product(random, i, T0));
    }
    index.reader = store;
    index.buildParts = 3;
    index.build();
    return random;
  }

  @Test
  void searchesAndReadsAnswerAsBefore() throws IOException {
    buildIndex();
    search.index = index;
    search.figures = new SearchFigures();
    search.merchants = merchants();
    SearchPageCache pages = new SearchPageCache();
    pages.capacity = 100;
    pages.init();
    search.pages = pages;
    search.wordBitsMegabytes = 64;
    search.renderedCapacity = 10_000;
    search.init();

    StringBuilder out = new StringBuilder();
    out.append("documents ").append(index.documents()).append('\n');
    out.append("vendors ").append(index.vendors()).append('\n');
    String[] queries = {
      "",
      "vitamin c serum",
      "moisturiser for dry skin",
      "sunscreen spf 50",
      "sun cream",
      "retinol night cream",
      "hyaluronic acid serum gentle",
      "eau de parfum",
      "body lotion",
      "red lipstik",
      "hair oil repair mask glow",
      "lumen",
      "usb charger"
    };
    for (String q : queries) {
      for (int variant = 0; variant < 6; variant++) {
        SearchCriteria c = criteria(q, variant);
        ProductSearchService.Page page = search.search(c);
        out.append("search ").append(variant).append(" '").append(q).append("'\n");
        out.append("  total ").append(page.total());
        out.append(" merchants ").append(new java.util.TreeSet<>(page.merchantsSearched()));
        out.append('\n');
        page.products()
            .forEach(
                p ->
                    out.append("  ")
                        .append(p.id())
                        .append(' ')
                        .append(p.relevanceScore())
                        .append(' ')
                        .append(p.market())
                        .append(' ')
                        .append(p.price())
                        .append(' ')
                        .append(p.inStock())
                        .append(" view#")
                        .append(Integer.toHexString(p.toString().hashCode()))
                        .append('\n'));
        assertSame(page, search.search(c), "a repeat comes from the page cache");
      }
    }
    out.append("warm-up ").append(search.warmUp(java.time.Duration.ofMinutes(1), 40)).append('\n');
    for (int i = 0; i < 400; i += 37) {
      String id = String.format("prod_%03d", i);
      ProductRecord p = search.find(null, id).orElseThrow();
      out.append("find ").append(id).append(' ').append(p.title()).append('\n');
      out.append("  by platform id ")
          .append(search.find(p.merchantId(), p.platformProductId()).map(ProductRecord::id))
          .append(" by handle ")
          .append(search.find(p.merchantId(), p.handle()).map(ProductRecord::id))
          .append(" elsewhere ")
          .append(search.find("merch_x", p.handle()).map(ProductRecord::id))
          .append('\n');
      out.append("  by variant ")
          .append(search.findByVariant(p.merchantId(), "v1-" + id).map(ProductRecord::id))
          .append(" by sku ")
          .append(search.findByVariant(p.merchantId(), "SKU-" + id).map(ProductRecord::id))
          .append('\n');
      out.append("  related ")
          .append(ids(search.related(p, List.of("merch_a", "merch_b"), 8)))
          .append('\n');
      out.append("  record#").append(Integer.toHexString(p.toString().hashCode())).append('\n');
    }
    for (String m : MERCHANTS) {
      out.append("merchant ").append(m).append(' ').append(ids(search.byMerchant(m, 15)));
      out.append('\n');
    }
    for (int g = 0; g < 4; g++) {
      out.append("group ").append(g).append(' ').append(ids(search.byGroup("grp_" + g, 20)));
      out.append('\n');
    }
    String expected = expected();
    if (!expected.equals(out.toString())) {
      // for a diff: target/search-answers-actual.txt
      java.nio.file.Files.writeString(
          java.nio.file.Path.of("target", "search-answers-actual.txt"), out.toString(), UTF_8);
    }
    assertEquals(expected, out.toString());
  }

  /** Every term of every field with its postings (documents and frequencies), and the norms. */
  @Test
  void theIndexHoldsWhatItHeldBefore() throws Exception {
    Random random = buildIndex();
    for (int i = 0; i < 5; i++) { // re-indexed by a refresh, as new segments
      store.put(product(random, i * 50, T0.plusSeconds(200_000)));
    }
    assertEquals(5, index.refresh());
    java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
    index.withSearcher(
        s -> {
          try {
            for (var leaf : s.getIndexReader().leaves()) {
              var reader = leaf.reader();
              for (var field : reader.getFieldInfos()) {
                if (field.name.equals(IndexFields.VENDOR_NAME)) {
                  continue; // doc values only, for restarts over a stored index: never searched
                }
                digest.update((field.name + field.getIndexOptions()).getBytes(UTF_8));
                var terms = reader.terms(field.name);
                if (terms != null) {
                  var it = terms.iterator();
                  org.apache.lucene.index.PostingsEnum postings = null;
                  for (var term = it.next(); term != null; term = it.next()) {
                    digest.update(term.utf8ToString().getBytes(UTF_8));
                    postings = it.postings(postings, org.apache.lucene.index.PostingsEnum.FREQS);
                    while (postings.nextDoc()
                        != org.apache.lucene.search.DocIdSetIterator.NO_MORE_DOCS) {
                      digest.update((postings.docID() + ":" + postings.freq()).getBytes(UTF_8));
                    }
                  }
                }
                var norms = reader.getNormValues(field.name);
                while (norms != null
                    && norms.nextDoc() != org.apache.lucene.search.DocIdSetIterator.NO_MORE_DOCS) {
                  digest.update((norms.docID() + "=" + norms.longValue()).getBytes(UTF_8));
                }
                var numbers = reader.getNumericDocValues(field.name);
                while (numbers != null
                    && numbers.nextDoc()
                        != org.apache.lucene.search.DocIdSetIterator.NO_MORE_DOCS) {
                  long value = numbers.longValue();
                  if (field.name.equals(IndexFields.UPDATED)) {
                    value /= 1_000_000; // held in nanoseconds now, in milliseconds before
                  }
                  digest.update((numbers.docID() + "#" + value).getBytes(UTF_8));
                }
                var points = reader.getPointValues(field.name);
                if (points != null) {
                  digest.update(points.getMinPackedValue());
                  digest.update(points.getMaxPackedValue());
                  digest.update(String.valueOf(points.size()).getBytes(UTF_8));
                }
              }
            }
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
          return null;
        });
    assertEquals(INDEX_DIGEST, java.util.HexFormat.of().formatHex(digest.digest()));
  }

  private static final String INDEX_DIGEST =
      "a371beb781bd8dbd09c8ba68cfae94f2f80776f3f979a8103ff596f395657d96";

  private static String expected() throws IOException {
    try (InputStream in = SearchAnswersTest.class.getResourceAsStream("search-answers.txt")) {
      return in == null ? "(no search-answers.txt)" : new String(in.readAllBytes(), UTF_8);
    }
  }

  private static final java.nio.charset.Charset UTF_8 = StandardCharsets.UTF_8;

  private static List<String> ids(List<ProductRecord> products) {
    return products.stream().map(ProductRecord::id).toList();
  }

  static SearchCriteria criteria(String q, int variant) {
    return switch (variant) {
      case 0 -> new SearchCriteria(q, null, null, null, null, null, null, null, Map.of(), 0, 10);
      case 1 ->
          new SearchCriteria(
              q, null, "skincare", null, null, new BigDecimal("40"), true, null, Map.of(), 5, 10);
      case 2 ->
          new SearchCriteria(
              q,
              Set.of("merch_a", "merch_c"),
              null,
              "beauty",
              new BigDecimal("10.5"),
              null,
              false,
              "GB",
              Map.of(),
              0,
              7);
      case 3 ->
          new SearchCriteria(
              q, null, null, null, null, null, null, "JP", Map.of("psp", "stripe"), 3, 12);
      case 4 ->
          new SearchCriteria(
              q,
              Set.of("merch_b"),
              null,
              null,
              null,
              new BigDecimal("1e20"),
              null,
              null,
              Map.of(),
              0,
              30);
      default ->
          new SearchCriteria(q, null, null, null, null, null, null, "US", Map.of(), 9_995, 10);
    };
  }

  static MerchantDirectory merchants() {
    return new MerchantDirectory() {
      @Override
      public Set<String> activeWith(Map<String, String> required) {
        Set<String> ids = new java.util.TreeSet<>(Set.of("merch_a", "merch_b", "merch_c"));
        if ("stripe".equals(required.get("psp"))) {
          ids.remove("merch_b");
        }
        return ids;
      }

      @Override
      public List<Entry> all() {
        List<Entry> all = new ArrayList<>();
        for (String m : MERCHANTS) {
          all.add(
              new Entry(
                  m,
                  m,
                  m.equals("merch_off") ? "suspended" : "active",
                  "shopify",
                  "US",
                  "USD",
                  "shopify",
                  null,
                  Map.of()));
        }
        return all;
      }
    };
  }

  static ProductRecord product(Random random, int i, Instant t0) {
    String id = String.format("prod_%03d", i);
    String merchant = MERCHANTS[random.nextInt(MERCHANTS.length)];
    String currency = new String[] {"USD", "GBP", "JPY"}[random.nextInt(3)];
    String title = words(random, 2 + random.nextInt(4));
    String description = words(random, random.nextInt(12));
    String brand = BRANDS[random.nextInt(BRANDS.length)];
    String type = TYPES[random.nextInt(TYPES.length)];
    String category = CATEGORIES[random.nextInt(CATEGORIES.length)];
    List<String> tags = List.of(WORDS[random.nextInt(WORDS.length)], "tag-" + random.nextInt(5));
    List<VariantRecord> variants = new ArrayList<>();
    int count = 1 + random.nextInt(3);
    for (int v = 1; v <= count; v++) {
      List<OfferRecord> offers = new ArrayList<>();
      offers.add(new OfferRecord("US", "USD", 500 + random.nextInt(9000), null, random.nextInt(3)));
      if (random.nextBoolean()) {
        offers.add(
            new OfferRecord("GB", "GBP", 400 + random.nextInt(8000), 9999L, random.nextInt(2)));
      }
      if (random.nextInt(3) == 0) {
        offers.add(new OfferRecord("JP", "JPY", 800 + random.nextInt(12000), null, 4));
      }
      variants.add(
          new VariantRecord(
              "v" + v + "-" + id,
              v * 10 + "ml",
              v == 1 ? "SKU-" + id : null,
              "{\"Size\":\"" + v * 10 + "ml\"}",
              null,
              v,
              offers));
    }
    return new ProductRecord(
        id,
        merchant,
        "Shop " + merchant,
        "active",
        currency,
        "shopify",
        "pp" + i,
        "handle-" + i,
        title,
        description.isEmpty() ? null : description,
        brand,
        type,
        category,
        category.equals("other") ? "general" : "beauty",
        tags,
        random.nextBoolean() ? List.of("niacinamide", "zinc") : List.of(),
        "AQUA",
        List.of(random.nextBoolean() ? "dry" : "oily"),
        random.nextBoolean() ? List.of("acne") : List.of(),
        "https://img/" + i,
        random.nextInt(10) == 0 ? "archived" : "active",
        random.nextInt(4) == 0 ? "grp_" + random.nextInt(4) : null,
        t0,
        t0.plusSeconds(random.nextInt(100_000)),
        variants);
  }

  private static String words(Random random, int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        s.append(' ');
      }
      s.append(WORDS[random.nextInt(WORDS.length)]);
    }
    return s.toString();
  }
}
