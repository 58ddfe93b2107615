package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.MerchantDirectory;
import org.agentcommerce.catalog.application.search.ProductSearchService.Page;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollector;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.search.TotalHits;

/**
 * One search page, read uncached from a searcher: the filters as bit sets, the words counted and
 * the products ranked (those with more of the words first, level by level), and the page's products
 * rendered for the market, through the cache of rendered products. Built by {@link
 * ProductSearchService} when it starts; safe for concurrent searches.
 */
final class PageSearch {

  /** The deepest hit a search collects (offset + limit). */
  static final int MAX_WINDOW = 10_000;

  /** The filters of recent searches as bit sets, per index version. */
  private final FilterBits filters = new FilterBits(256);

  /** The products with each word of recent searches as bit sets, per index version. */
  private final WordBits wordBits;

  /** The products of recent pages as rendered for a market, per index version. */
  private final VersionedCache<RenderedProduct.Key, RenderedProduct> rendered;

  private final CatalogIndex index;
  private final MerchantDirectory merchants;
  private final QueryWords queryWords;
  private final long renderedCapacity;

  PageSearch(
      CatalogIndex index,
      MerchantDirectory merchants,
      QueryWords queryWords,
      long wordBitsMegabytes,
      long renderedCapacity) {
    this.index = index;
    this.merchants = merchants;
    this.queryWords = queryWords;
    this.renderedCapacity = renderedCapacity;
    wordBits = new WordBits(wordBitsMegabytes << 20);
    rendered = new VersionedCache<>(renderedCapacity, s -> 1);
  }

  /**
   * The page of {@code c} over {@code searchable} merchants, as {@code searcher} reads the index.
   */
  Page execute(IndexSearcher searcher, SearchCriteria c, Set<String> searchable) {
    FilterBits.Bits pass = filters.of(searcher, SearchFilters.of(c, searchable, merchants));
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
      List<Query> words = blank(text) ? null : queryWords.words(text);
      boolean scored = words != null;
      TopDocs top;
      long total;
      if (scored) {
        int minimum = QueryWords.minimum(words.size());
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
        List<Query> pairs = queryWords.titlePairs(text);
        if (counts.all() >= want || counts.all() == total) {
          top =
              searcher.search(
                  QueryWords.scoringQuery(QueryWords.allWords(words), pairs),
                  FilterBits.only(
                      pass, TopScoreDocCollector.createSharedManager(want, null, want)));
        } else {
          top = byLevel(searcher, words, minimum, pairs, pass, want);
        }
      } else {
        Sort byNewest = new Sort(new SortField(IndexFields.UPDATED, SortField.Type.LONG, true));
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
      List<ProductRecord> records = RecordCodec.records(searcher, wanted);
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
      // The level's products are those the collector takes; the query itself is a disjunction of
      // the words and title pairs with at least k of them, which Lucene reads with block-max WAND:
      // a product whose words cannot beat the page's lowest score so far is skipped unscored.
      // Products with more of the words match it too but are not collected (levels above this one
      // held fewer products than the page), and a title pair only counts where its words are.
      BooleanQuery.Builder these = new BooleanQuery.Builder();
      words.forEach(w -> these.add(w, Occur.SHOULD));
      pairs.forEach(p -> these.add(p, Occur.SHOULD));
      these.setMinimumNumberShouldMatch(k);
      int need = want - hits.size();
      TopDocs part =
          searcher.search(
              these.build(),
              FilterBits.only(
                  new FilterBits.Bits(level.leaves(), level.count()),
                  TopScoreDocCollector.createSharedManager(need, null, need)));
      hits.addAll(List.of(part.scoreDocs));
    }
    return new TopDocs(
        new TotalHits(matched, TotalHits.Relation.GREATER_THAN_OR_EQUAL_TO),
        hits.toArray(ScoreDoc[]::new));
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }

  private static double round(double score) {
    return Math.round(score * 1000.0) / 1000.0;
  }
}
