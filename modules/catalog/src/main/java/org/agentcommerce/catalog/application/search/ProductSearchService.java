package org.agentcommerce.catalog.application.search;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.MerchantDirectory;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;

/**
 * Searches and reads the catalog index: BM25 over the text fields with per-field weights (title,
 * brand, type and key actives count most), the vertical's synonyms at query time, and exact filters
 * for merchants, category, surface, price, stock, market and payment capabilities.
 */
@ApplicationScoped
public class ProductSearchService {

  @Inject CatalogIndex index;
  @Inject SearchFigures figures;
  @Inject MerchantDirectory merchants;
  @Inject SearchPageCache pages;

  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(
      name = "ac.search.word-bits-mb",
      defaultValue = "64")
  long wordBitsMegabytes;

  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(
      name = "ac.search.product-cache-entries",
      defaultValue = "10000")
  long renderedCapacity;

  /** The shopper's words as queries (with the query analyzers). */
  private final QueryWords queryWords = new QueryWords();

  /** Runs a page that the page cache does not hold. */
  private PageSearch pageSearch;

  @jakarta.annotation.PostConstruct
  void init() {
    pageSearch = new PageSearch(index, merchants, queryWords, wordBitsMegabytes, renderedCapacity);
  }

  /**
   * One page of hits and how many there are in all. A page answered from the cache is the same
   * object each time, so callers may keep what they derive from it (e.g. its serialized form) in
   * {@link #memo}: it lives exactly as long as the cached page.
   */
  public record Page(
      List<ProductView> products,
      long total,
      Set<String> merchantsSearched,
      java.util.concurrent.ConcurrentMap<Object, Object> memo,
      List<RenderedProduct> rendered) {

    public Page(List<ProductView> products, long total, Set<String> merchantsSearched) {
      this(products, total, merchantsSearched, List.of());
    }

    Page(
        List<ProductView> products,
        long total,
        Set<String> merchantsSearched,
        List<RenderedProduct> rendered) {
      this(
          products,
          total,
          merchantsSearched,
          new java.util.concurrent.ConcurrentHashMap<>(),
          rendered);
    }

    /**
     * What {@code compute} derives from the {@code i}th product as rendered before its score was
     * added, kept with the rendered product (per index version and market) so that other pages
     * showing the same product use it too; null when this page's products were not rendered through
     * that cache.
     */
    public <T> T derivedForProduct(int i, Class<T> kind, Function<ProductView, T> compute) {
      return i < rendered.size() ? rendered.get(i).derived(kind, compute) : null;
    }

    /** What {@code compute} derives from this page for {@code key}, computed once per key. */
    @SuppressWarnings("unchecked")
    public <T> T derived(Object key, java.util.function.Supplier<T> compute) {
      if (memo.size() >= 2) {
        Object known = memo.get(key);
        return known != null ? (T) known : compute.get();
      }
      return (T) memo.computeIfAbsent(key, k -> compute.get());
    }
  }

  /** A page as searched in one version of the index, for one set of searchable merchants. */
  record PageKey(SearchCriteria criteria, Set<String> searchable, long indexVersion) {}

  /** Searches through the page cache; timed on /metrics ({@code search_duration}). */
  public Page search(SearchCriteria c) {
    long t0 = System.nanoTime();
    try {
      return search(c, true);
    } finally {
      figures.searched(java.time.Duration.ofNanos(System.nanoTime() - t0));
    }
  }

  /**
   * Runs typical shopper searches, uncached, until {@code budget} has passed or {@code maxSearches}
   * ran, so that the JIT has compiled the search path before the node reports ready: the first
   * agent's search then costs what every later one does. Returns how many searches ran.
   */
  public int warmUp(java.time.Duration budget, int maxSearches) {
    String[] words = {
      "vitamin c serum",
      "moisturiser for dry skin",
      "sunscreen spf 50",
      "niacinamide",
      "retinol night cream",
      "shampoo for dandruff",
      "fragrance-free cleanser",
      "red lipstick",
      "hyaluronic acid",
      "eau de parfum",
      "acne spot treatment",
      "body lotion",
      "mascara",
      "hair oil frizz",
      "sensitive skin toner",
      "eye cream dark circles",
      "",
      "usb charger"
    };
    long deadline = System.nanoTime() + budget.toNanos();
    int ran = 0;
    while (ran < maxSearches && System.nanoTime() < deadline) {
      String q = words[ran % words.length];
      boolean filtered = (ran / words.length) % 2 == 1;
      search(
          new SearchCriteria(
              q,
              null,
              filtered ? "skincare" : null,
              null,
              null,
              filtered ? java.math.BigDecimal.valueOf(40) : null,
              filtered ? Boolean.TRUE : null,
              null,
              Map.of(),
              ran % 3 == 0 ? 20 : 0,
              20),
          false);
      ran++;
    }
    return ran;
  }

  private Page search(SearchCriteria c, boolean cached) {
    Set<String> searchable = searchableMerchants(c);
    if (searchable.isEmpty()) {
      return new Page(List.of(), 0, Set.of());
    }
    if (!cached) {
      return index.withSearcher(searcher -> pageSearch.execute(searcher, c, searchable));
    }
    return index.withSearcher(
        searcher -> {
          // The cache is consulted before the query is even analysed: a repeat costs a lookup.
          PageKey key = new PageKey(c, searchable, CatalogIndex.version(searcher));
          Page page = pages.get(key);
          figures.pageCache(page != null);
          if (page == null) {
            page = pageSearch.execute(searcher, c, searchable);
            pages.put(key, page);
          }
          return page;
        });
  }

  /** The active merchants a search covers: those named (or all), with the payment filters. */
  private Set<String> searchableMerchants(SearchCriteria c) {
    Set<String> ids = new HashSet<>(merchants.activeWith(c.paymentCapabilities()));
    if (c.merchantIds() != null) {
      ids.retainAll(c.merchantIds());
    }
    return ids;
  }

  /** The words of a query as the search reads them ({@link QueryWords#words}). */
  List<Query> words(String text) {
    return queryWords.words(text);
  }

  /** Products with every word ({@link QueryWords#allWords}). */
  static BooleanQuery allWords(List<Query> words) {
    return QueryWords.allWords(words);
  }

  /** A product by our id, or by the merchant platform's product id or handle. */
  public Optional<ProductRecord> find(String merchantId, String productId) {
    return first(
            new TermQuery(new Term(IndexFields.ID, productId)),
            merchantId == null
                ? null
                : new TermQuery(new Term(IndexFields.PLATFORM_ID, merchantId + ":" + productId)),
            merchantId == null
                ? null
                : new TermQuery(new Term(IndexFields.HANDLE, merchantId + ":" + productId)))
        .filter(p -> merchantId == null || p.merchantId().equals(merchantId));
  }

  /** The product that has a variant with this platform variant id (or SKU) at the merchant. */
  public Optional<ProductRecord> findByVariant(String merchantId, String variantId) {
    return first(new TermQuery(new Term(IndexFields.VARIANT, merchantId + ":" + variantId)));
  }

  /** A merchant's active products, newest first. */
  public List<ProductRecord> byMerchant(String merchantId, int limit) {
    BooleanQuery query =
        new BooleanQuery.Builder()
            .add(new TermQuery(new Term(IndexFields.MERCHANT, merchantId)), Occur.FILTER)
            .add(new TermQuery(new Term(IndexFields.STATUS, "active")), Occur.FILTER)
            .build();
    return records(
        query, limit, new Sort(new SortField(IndexFields.UPDATED, SortField.Type.LONG, true)));
  }

  /** Members of a product group, active ones only. */
  public List<ProductRecord> byGroup(String groupId, int limit) {
    return records(new TermQuery(new Term(IndexFields.GROUP, groupId)), limit, Sort.INDEXORDER);
  }

  /**
   * Products like this one: same brand, same type, shared tags and title words; the product itself
   * excluded. Scores are relative to each other only.
   */
  public List<ProductRecord> related(ProductRecord p, Collection<String> merchantScope, int limit) {
    BooleanQuery.Builder like = new BooleanQuery.Builder();
    if (p.vendor() != null) {
      like.add(
          new BoostQuery(
              new TermQuery(new Term(IndexFields.VENDOR_KEY, SearchFilters.lower(p.vendor()))), 2f),
          Occur.SHOULD);
    }
    if (p.productType() != null) {
      like.add(
          new BoostQuery(
              new TermQuery(new Term(IndexFields.TYPE_KEY, SearchFilters.lower(p.productType()))),
              3f),
          Occur.SHOULD);
    }
    for (String tag : p.tags()) {
      like.add(
          new TermQuery(new Term(IndexFields.TAG_KEY, SearchFilters.lower(tag))), Occur.SHOULD);
    }
    Query title = queryWords.titleWords(p.title());
    if (title != null) {
      like.add(title, Occur.SHOULD);
    }
    BooleanQuery query =
        new BooleanQuery.Builder()
            .add(like.build(), Occur.MUST)
            .add(new TermQuery(new Term(IndexFields.ID, p.id())), Occur.MUST_NOT)
            .add(new TermQuery(new Term(IndexFields.STATUS, "active")), Occur.FILTER)
            .add(SearchFilters.terms(IndexFields.MERCHANT, merchantScope), Occur.FILTER)
            .build();
    return records(query, limit, null);
  }

  private Optional<ProductRecord> first(Query... alternatives) {
    for (Query q : alternatives) {
      if (q == null) {
        continue;
      }
      List<ProductRecord> found = records(q, 1, null);
      if (!found.isEmpty()) {
        return Optional.of(found.get(0));
      }
    }
    return Optional.empty();
  }

  private List<ProductRecord> records(Query query, int limit, Sort sort) {
    return index.withSearcher(
        searcher -> {
          try {
            TopDocs top =
                sort == null
                    ? searcher.search(query, Math.max(1, limit))
                    : searcher.search(query, Math.max(1, limit), sort);
            List<ProductRecord> out = new ArrayList<>();
            for (ScoreDoc d : top.scoreDocs) {
              out.add(RecordCodec.record(searcher, d.doc));
            }
            return out;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }
}
