package org.agentcommerce.catalog.application.search;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.MerchantDirectory;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SynonymQuery;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollector;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.QueryBuilder;

/**
 * Searches and reads the catalog index: BM25 over the text fields with per-field weights (title,
 * brand, type and key actives count most), the vertical's synonyms at query time, and exact filters
 * for merchants, category, surface, price, stock, market and payment capabilities.
 */
@ApplicationScoped
public class ProductSearchService {

  /** Field weights of the text search. */
  static final Map<String, Float> WEIGHTS =
      Map.of(
          CatalogIndex.TITLE, 3.0f,
          CatalogIndex.BRAND_TYPE, 2.5f,
          CatalogIndex.FACETS, 1.75f,
          CatalogIndex.DESCRIPTION, 1.0f);

  /** Weight of a title that has two of the shopper's words next to each other. */
  static final float PAIR_BOOST = 4.0f;

  /** The deepest hit a search collects (offset + limit). */
  static final int MAX_WINDOW = 10_000;

  /** Share of the query's words a product must contain (rounded down, at least one). */
  static final float COVERAGE = 0.7f;

  @Inject CatalogIndex index;
  @Inject SearchFigures figures;
  @Inject MerchantDirectory merchants;
  @Inject SearchPageCache pages;

  /** The filters of recent searches as bit sets, per index version. */
  private final FilterBits filters = new FilterBits(256);

  /** The products with each word of recent searches as bit sets, per index version. */
  private WordBits wordBits;

  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(
      name = "ac.search.word-bits-mb",
      defaultValue = "64")
  long wordBitsMegabytes;

  /** The products of recent pages as rendered for a market, per index version. */
  private VersionedCache<RenderedProduct.Key, RenderedProduct> rendered;

  @Inject
  @org.eclipse.microprofile.config.inject.ConfigProperty(
      name = "ac.search.product-cache-entries",
      defaultValue = "10000")
  long renderedCapacity;

  @jakarta.annotation.PostConstruct
  void init() {
    wordBits = new WordBits(wordBitsMegabytes << 20);
    rendered = new VersionedCache<>(renderedCapacity, s -> 1);
  }

  private final Analyzer queryAnalyzer = BeautyAnalyzers.query();

  /** The words as said, without synonyms: the title-phrase bonus is for the shopper's own words. */
  private final Analyzer phraseAnalyzer = BeautyAnalyzers.index();

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
      return index.withSearcher(searcher -> execute(searcher, c, searchable));
    }
    return index.withSearcher(
        searcher -> {
          // The cache is consulted before the query is even analysed: a repeat costs a lookup.
          PageKey key = new PageKey(c, searchable, CatalogIndex.version(searcher));
          Page page = pages.get(key);
          figures.pageCache(page != null);
          if (page == null) {
            page = execute(searcher, c, searchable);
            pages.put(key, page);
          }
          return page;
        });
  }

  private Page execute(IndexSearcher searcher, SearchCriteria c, Set<String> searchable) {
    List<Query> required = new ArrayList<>();
    List<Query> excluded = new ArrayList<>();
    Set<String> allActive = merchants.activeWith(Map.of());
    if (searchable.equals(allActive)) {
      // Every active merchant: excluding the few others is far cheaper than listing them all.
      Set<String> others = new HashSet<>();
      merchants.all().forEach(m -> others.add(m.id()));
      others.removeAll(allActive);
      if (!others.isEmpty()) {
        excluded.add(terms(CatalogIndex.MERCHANT, others));
      }
    } else {
      required.add(terms(CatalogIndex.MERCHANT, searchable));
    }
    excluded.add(new TermQuery(new Term(CatalogIndex.INACTIVE, "true")));
    if (c.category() != null) {
      required.add(new TermQuery(new Term(CatalogIndex.CATEGORY, lower(c.category()))));
    }
    if (c.catalogSurface() != null) {
      required.add(new TermQuery(new Term(CatalogIndex.SURFACE, lower(c.catalogSurface()))));
    }
    if (c.market() != null) {
      required.add(new TermQuery(new Term(CatalogIndex.MARKET, c.market())));
    }
    if (c.inStock() != null) {
      Query stocked =
          c.market() != null
              ? new TermQuery(new Term(CatalogIndex.IN_STOCK_MARKET, c.market()))
              : new TermQuery(new Term(CatalogIndex.HOME_IN_STOCK, "true"));
      (c.inStock() ? required : excluded).add(stocked);
    }
    if (c.minPrice() != null || c.maxPrice() != null) {
      String field =
          c.market() != null ? ProductDocuments.priceField(c.market()) : CatalogIndex.HOME_PRICE;
      long low = c.minPrice() == null ? Long.MIN_VALUE : ProductDocuments.scaled(c.minPrice());
      long high = c.maxPrice() == null ? Long.MAX_VALUE : ProductDocuments.scaled(c.maxPrice());
      required.add(LongPoint.newRangeQuery(field, low, high));
    }
    FilterBits.Bits pass = filters.of(searcher, new FilterBits.Filter(required, excluded));
    // Words no product contains are read as the closest indexed word (typos); the answer still
    // echoes what the client sent.
    String text = QuerySpelling.correct(searcher, c.query());
    return run(searcher, c, text, pass, searchable);
  }

  private Page run(
      IndexSearcher searcher,
      SearchCriteria c,
      String text,
      FilterBits.Bits pass,
      Set<String> searchable) {
    try {
      // Deep pages are not served: beyond MAX_WINDOW hits a page is empty (the total stays exact),
      // so no request can make the collectors hold an unbounded queue.
      int want = Math.max(1, Math.min(MAX_WINDOW, c.offset() + c.limit()));
      List<Query> words = blank(text) ? null : words(text);
      boolean scored = words != null;
      TopDocs top;
      long total;
      if (scored) {
        int minimum = minimum(words.size());
        WordBits.Counts counts =
            words.isEmpty()
                ? new WordBits.Counts(0, 0)
                : wordBits.count(searcher, words, minimum, pass);
        total = counts.atLeast();
        if (total == 0) {
          return new Page(List.of(), 0, searchable);
        }
        // Products with more of the words rank first: when enough of them have every word, the
        // page is the top of the conjunction of the words. Otherwise the page is filled
        // level by level: products with every word, then with all words but one, and so on,
        // each level's bits leading the iteration so that only its products are scored.
        List<Query> pairs = titlePairs(text);
        if (counts.all() >= want || counts.all() == total) {
          top =
              searcher.search(
                  scoringQuery(allWords(words), pairs),
                  FilterBits.only(
                      pass, TopScoreDocCollector.createSharedManager(want, null, want)));
        } else {
          top = byLevel(searcher, words, minimum, pairs, pass, want);
        }
      } else {
        Sort byNewest = new Sort(new SortField(CatalogIndex.UPDATED, SortField.Type.LONG, true));
        top =
            searcher.search(
                new MatchAllDocsQuery(),
                FilterBits.only(
                    pass, TopFieldCollector.createSharedManager(byNewest, want, null, want)));
        total = pass.cardinality();
      }
      ScoreDoc[] docs = top.scoreDocs;
      List<RenderedProduct> views = rendered(searcher, docs, c.offset(), c.market());
      List<ProductView> hits = new ArrayList<>(views.size());
      for (int i = c.offset(); i < docs.length; i++) {
        ProductView view = views.get(i - c.offset()).view();
        hits.add(scored ? view.withScore(round(docs[i].score)) : view);
      }
      // JSON templates pay only for products kept for other pages: with the cache off, none.
      return new Page(
          List.copyOf(hits), total, searchable, renderedCapacity > 0 ? views : List.of());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The hits from {@code from} on as rendered for {@code market}: from the cache of rendered
   * products where this index version already rendered them, the others decoded and rendered.
   */
  private List<RenderedProduct> rendered(
      IndexSearcher searcher, ScoreDoc[] docs, int from, String market) {
    RenderedProduct[] out = new RenderedProduct[Math.max(0, docs.length - from)];
    int[] missing = new int[out.length];
    int misses = 0;
    for (int i = 0; i < out.length; i++) {
      out[i] = rendered.find(searcher, new RenderedProduct.Key(docs[from + i].doc, market));
      if (out[i] == null) {
        missing[misses++] = i;
      }
    }
    if (misses > 0) {
      int[] wanted = new int[misses];
      for (int m = 0; m < misses; m++) {
        wanted[m] = docs[from + missing[m]].doc;
      }
      List<ProductRecord> records = index.records(searcher, wanted);
      for (int m = 0; m < misses; m++) {
        RenderedProduct view = new RenderedProduct(ProductViews.render(records.get(m), market));
        out[missing[m]] = view;
        rendered.put(searcher, new RenderedProduct.Key(wanted[m], market), view);
      }
    }
    return Arrays.asList(out);
  }

  /**
   * The top {@code want} products for {@code words}: those with every word first, then those with
   * one word fewer, down to {@code minimum}, each level ranked by text score: products with more of
   * the words always rank above those with fewer, and products of levels below the page are never
   * scored.
   */
  private TopDocs byLevel(
      IndexSearcher searcher,
      List<Query> words,
      int minimum,
      List<Query> pairs,
      FilterBits.Bits pass,
      int want)
      throws IOException {
    List<ScoreDoc> hits = new ArrayList<>(want);
    long matched = 0;
    for (int k = words.size(); k >= minimum && hits.size() < want; k--) {
      WordBits.Level level = wordBits.exactly(searcher, words, k, pass);
      if (level.count() == 0) {
        continue;
      }
      matched += level.count();
      BooleanQuery.Builder these = new BooleanQuery.Builder();
      these.add(new BitsQuery(level.leaves()), Occur.FILTER);
      words.forEach(w -> these.add(w, Occur.SHOULD));
      int need = want - hits.size();
      TopDocs part =
          searcher.search(
              scoringQuery(these.build(), pairs),
              TopScoreDocCollector.createSharedManager(need, null, need));
      hits.addAll(List.of(part.scoreDocs));
    }
    return new TopDocs(
        new TotalHits(matched, TotalHits.Relation.GREATER_THAN_OR_EQUAL_TO),
        hits.toArray(ScoreDoc[]::new));
  }

  /** The active merchants a search covers: those named (or all), with the payment filters. */
  private Set<String> searchableMerchants(SearchCriteria c) {
    Set<String> ids = new HashSet<>(merchants.activeWith(c.paymentCapabilities()));
    if (c.merchantIds() != null) {
      ids.retainAll(c.merchantIds());
    }
    return ids;
  }

  /**
   * The words of the query (empty when none is searchable), each with its synonyms as one query on
   * the weighted text field (BM25F over title, brand and type, facets, description). A synonym that
   * is a phrase ("sun cream") is the phrase's one term in that field ({@link
   * BeautyAnalyzers#PHRASES}); words the shopper typed that form a synonym phrase ("body lotion")
   * also match wherever a product has all of them. A word whose alternatives are not all single
   * terms or known phrases is scored as the best of the weighted fields instead.
   */
  List<Query> words(String text) {
    QueryBuilder builder = new QueryBuilder(queryAnalyzer);
    List<Query> weighted = words(builder.createBooleanQuery(CatalogIndex.TEXT, text, Occur.MUST));
    List<List<Query>> perField = null;
    List<Query> words = new ArrayList<>(weighted.size());
    String typed = null;
    for (int i = 0; i < weighted.size(); i++) {
      Query word = weighted.get(i);
      if (!(word instanceof TermQuery || word instanceof SynonymQuery)) {
        typed = typed != null ? typed : typed(text);
        Set<String> terms = new java.util.TreeSet<>();
        List<Query> typedPhrases = new ArrayList<>();
        if (alternatives(word, typed, terms, typedPhrases)) {
          SynonymQuery.Builder one = new SynonymQuery.Builder(CatalogIndex.TEXT);
          terms.forEach(t -> one.addTerm(new Term(CatalogIndex.TEXT, t)));
          word = one.build();
          if (!typedPhrases.isEmpty()) {
            BooleanQuery.Builder either = new BooleanQuery.Builder().add(word, Occur.SHOULD);
            typedPhrases.forEach(q -> either.add(q, Occur.SHOULD));
            word = either.build();
          }
        } else {
          perField = perField != null ? perField : perField(builder, text, weighted.size());
          word = new DisjunctionMaxQuery(perField.get(i), 0.3f);
        }
      }
      words.add(word);
    }
    return words;
  }

  /** The words as typed, analysed without synonyms, each between '_'. */
  private String typed(String text) {
    StringBuilder out = new StringBuilder("_");
    BeautyAnalyzers.terms(phraseAnalyzer, CatalogIndex.TEXT, text, t -> out.append(t).append('_'));
    return out.toString();
  }

  /**
   * Adds the terms of the weighted field that stand for one word of the query: its single-term
   * alternatives, and its phrase alternatives as their one term; a phrase the shopper typed also
   * goes to {@code typedPhrases} as the conjunction of its words. False when an alternative is
   * neither a term nor a known phrase.
   */
  private static boolean alternatives(
      Query word, String typed, Set<String> terms, List<Query> typedPhrases) {
    if (word instanceof TermQuery t) {
      terms.add(t.getTerm().text());
      return true;
    }
    if (word instanceof SynonymQuery s) {
      s.getTerms().forEach(t -> terms.add(t.text()));
      return true;
    }
    if (!(word instanceof BooleanQuery b) || b.clauses().isEmpty()) {
      return false;
    }
    if (b.clauses().stream().allMatch(c -> c.getOccur() == Occur.SHOULD)) {
      return b.clauses().stream()
          .allMatch(c -> alternatives(c.getQuery(), typed, terms, typedPhrases));
    }
    if (b.clauses().stream()
        .allMatch(c -> c.getOccur() == Occur.MUST && c.getQuery() instanceof TermQuery)) {
      String phrase =
          String.join(
              "_",
              b.clauses().stream().map(c -> ((TermQuery) c.getQuery()).getTerm().text()).toList());
      if (!BeautyAnalyzers.PHRASES.contains(phrase)) {
        return false;
      }
      terms.add(phrase);
      if (typed.contains("_" + phrase + "_")) {
        typedPhrases.add(b);
      }
      return true;
    }
    return false;
  }

  /**
   * Coverage: at least {@link #COVERAGE} of the words must match, so that one shared word ("dry" in
   * a beach towel) does not carry a product into the results.
   */
  static int minimum(int words) {
    return Math.max(1, (int) (COVERAGE * words));
  }

  /** Products with every word, ranked by text score. */
  static BooleanQuery allWords(List<Query> words) {
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    words.forEach(w -> all.add(w, Occur.MUST));
    return all.build();
  }

  /**
   * A bonus for each pair of the shopper's own neighbouring words that a title has in that order
   * ({@link CatalogIndex#TITLE_PAIRS}), once per search.
   */
  List<Query> titlePairs(String text) {
    Set<String> seen = new java.util.LinkedHashSet<>();
    BeautyAnalyzers.pairs(phraseAnalyzer, CatalogIndex.TITLE, text, seen::add);
    return seen.stream()
        .<Query>map(
            pair ->
                new BoostQuery(new TermQuery(new Term(CatalogIndex.TITLE_PAIRS, pair)), PAIR_BOOST))
        .toList();
  }

  /**
   * {@code base} (a conjunction, or a filter with optional words) with the title-pair bonuses as
   * optional clauses: the query keeps its shape (block-max conjunction, or the filter leading); a
   * title pair implies its words, so it lets nothing more through.
   */
  static Query scoringQuery(BooleanQuery base, List<Query> pairs) {
    if (pairs.isEmpty()) {
      return base;
    }
    BooleanQuery.Builder q = new BooleanQuery.Builder();
    base.clauses().forEach(q::add);
    pairs.forEach(pair -> q.add(pair, Occur.SHOULD));
    return q.build();
  }

  /** For each word, its query on each weighted field with the field's weight. */
  private static List<List<Query>> perField(QueryBuilder builder, String text, int count) {
    List<List<Query>> perWord = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      perWord.add(new ArrayList<>());
    }
    for (Map.Entry<String, Float> field : WEIGHTS.entrySet()) {
      List<Query> words = words(builder.createBooleanQuery(field.getKey(), text, Occur.MUST));
      if (words.size() != count) {
        // One analyzer for every field gives every field the same words; this never happens.
        throw new IllegalStateException("fields disagree on the words of " + text);
      }
      for (int i = 0; i < count; i++) {
        perWord.get(i).add(new BoostQuery(words.get(i), field.getValue()));
      }
    }
    return perWord;
  }

  /**
   * The words of an analysed query: the clauses of a conjunction (QueryBuilder makes one clause per
   * position, synonyms and multi-word alternatives inside it), or the one query it made.
   */
  private static List<Query> words(Query analysed) {
    if (analysed == null) {
      return List.of();
    }
    if (analysed instanceof BooleanQuery b
        && !b.clauses().isEmpty()
        && b.clauses().stream().allMatch(c -> c.getOccur() == Occur.MUST)) {
      return b.clauses().stream().map(org.apache.lucene.search.BooleanClause::getQuery).toList();
    }
    return List.of(analysed);
  }

  /** A product by our id, or by the merchant platform's product id or handle. */
  public Optional<ProductRecord> find(String merchantId, String productId) {
    return first(
            new TermQuery(new Term(CatalogIndex.ID, productId)),
            merchantId == null
                ? null
                : new TermQuery(new Term(CatalogIndex.PLATFORM_ID, merchantId + ":" + productId)),
            merchantId == null
                ? null
                : new TermQuery(new Term(CatalogIndex.HANDLE, merchantId + ":" + productId)))
        .filter(p -> merchantId == null || p.merchantId().equals(merchantId));
  }

  /** The product that has a variant with this platform variant id (or SKU) at the merchant. */
  public Optional<ProductRecord> findByVariant(String merchantId, String variantId) {
    return first(new TermQuery(new Term(CatalogIndex.VARIANT, merchantId + ":" + variantId)));
  }

  /** A merchant's active products, newest first. */
  public List<ProductRecord> byMerchant(String merchantId, int limit) {
    BooleanQuery query =
        new BooleanQuery.Builder()
            .add(new TermQuery(new Term(CatalogIndex.MERCHANT, merchantId)), Occur.FILTER)
            .add(new TermQuery(new Term(CatalogIndex.STATUS, "active")), Occur.FILTER)
            .build();
    return records(
        query, limit, new Sort(new SortField(CatalogIndex.UPDATED, SortField.Type.LONG, true)));
  }

  /** Members of a product group, active ones only. */
  public List<ProductRecord> byGroup(String groupId, int limit) {
    return records(new TermQuery(new Term(CatalogIndex.GROUP, groupId)), limit, Sort.INDEXORDER);
  }

  /**
   * Products like this one: same brand, same type, shared tags and title words; the product itself
   * excluded. Scores are relative to each other only.
   */
  public List<ProductRecord> related(ProductRecord p, Collection<String> merchantScope, int limit) {
    BooleanQuery.Builder like = new BooleanQuery.Builder();
    if (p.vendor() != null) {
      like.add(
          new BoostQuery(new TermQuery(new Term(CatalogIndex.VENDOR_KEY, lower(p.vendor()))), 2f),
          Occur.SHOULD);
    }
    if (p.productType() != null) {
      like.add(
          new BoostQuery(
              new TermQuery(new Term(CatalogIndex.TYPE_KEY, lower(p.productType()))), 3f),
          Occur.SHOULD);
    }
    for (String tag : p.tags()) {
      like.add(new TermQuery(new Term(CatalogIndex.TAG_KEY, lower(tag))), Occur.SHOULD);
    }
    Query title =
        new QueryBuilder(queryAnalyzer)
            .createBooleanQuery(CatalogIndex.TITLE, p.title(), Occur.SHOULD);
    if (title != null) {
      like.add(title, Occur.SHOULD);
    }
    BooleanQuery query =
        new BooleanQuery.Builder()
            .add(like.build(), Occur.MUST)
            .add(new TermQuery(new Term(CatalogIndex.ID, p.id())), Occur.MUST_NOT)
            .add(new TermQuery(new Term(CatalogIndex.STATUS, "active")), Occur.FILTER)
            .add(terms(CatalogIndex.MERCHANT, merchantScope), Occur.FILTER)
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
              out.add(index.record(searcher, d.doc));
            }
            return out;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  private static Query terms(String field, Collection<String> values) {
    List<BytesRef> refs = values.stream().map(BytesRef::new).toList();
    return new TermInSetQuery(field, refs);
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }

  private static double round(double score) {
    return Math.round(score * 1000.0) / 1000.0;
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
