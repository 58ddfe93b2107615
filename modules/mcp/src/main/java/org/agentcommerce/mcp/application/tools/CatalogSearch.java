package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * The search both dialects' {@code search_catalog} run: the catalog's search, with the market
 * chosen by a currency. A currency several markets share (EUR) searches each of them and merges the
 * pages, best first.
 */
@ApplicationScoped
public class CatalogSearch {

  /** What to search; prices are major units of {@code currency} (or each product's own). */
  record Query(
      String text,
      String merchantId,
      String category,
      BigDecimal priceMin,
      BigDecimal priceMax,
      String currency,
      String market,
      boolean inStockOnly,
      int offset,
      int limit) {}

  /** One page, how many match in all, and why it is empty when it is. */
  record Page(List<ProductView> products, long total, String emptyReason) {}

  @Inject CatalogReads catalog;
  @Inject Markets markets;

  Page search(Query q) throws ToolFailure {
    List<String> searched = marketsOf(q);
    Page page;
    if (searched.size() == 1) {
      CatalogReads.SearchResult r =
          catalog.search(request(q, searched.get(0), q.offset(), q.limit()));
      page = new Page(r.products(), r.total(), null);
    } else {
      page = merged(q, searched);
    }
    if (!page.products().isEmpty()) {
      return page;
    }
    return new Page(page.products(), page.total(), emptyReason(q, page.total()));
  }

  /** The markets to search: one (possibly null, meaning each product's home market) or several. */
  private List<String> marketsOf(Query q) throws ToolFailure {
    if (q.market() != null) {
      return List.of(q.market());
    }
    if (q.currency() == null) {
      return java.util.Collections.singletonList(null);
    }
    if (q.merchantId() != null && !markets.visible(q.merchantId())) {
      // Let the catalog answer for a merchant the caller cannot see (404), as without a currency.
      return java.util.Collections.singletonList(null);
    }
    List<String> found = markets.forCurrency(q.currency(), q.merchantId());
    if (found.isEmpty()) {
      throw ToolJson.invalidArgument(
          "/currency",
          "no market sells in " + q.currency(),
          "No market "
              + (q.merchantId() == null ? "" : "of merchant " + q.merchantId() + " ")
              + "sells in "
              + q.currency()
              + ". Omit currency to see each product in its own currency.");
    }
    return found;
  }

  /**
   * Each market's best {@code offset + limit} hits, merged: by relevance for a query, newest first
   * when browsing; a product offered in two of the markets is kept once (the total may then count
   * it twice).
   */
  private Page merged(Query q, List<String> searched) {
    int want = q.offset() + q.limit();
    List<ProductView> all = new ArrayList<>();
    long total = 0;
    for (String market : searched) {
      CatalogReads.SearchResult r = catalog.search(request(q, market, 0, want));
      all.addAll(r.products());
      total += r.total();
    }
    Comparator<ProductView> order =
        q.text() != null
            ? Comparator.comparing(
                ProductView::relevanceScore, Comparator.nullsLast(Comparator.reverseOrder()))
            : Comparator.comparing(
                ProductView::updatedAt, Comparator.nullsLast(Comparator.<Instant>reverseOrder()));
    all.sort(order);
    Map<String, ProductView> unique = new LinkedHashMap<>();
    all.forEach(p -> unique.putIfAbsent(p.productId(), p));
    List<ProductView> ranked = new ArrayList<>(unique.values());
    int from = Math.min(q.offset(), ranked.size());
    int to = Math.min(from + q.limit(), ranked.size());
    return new Page(List.copyOf(ranked.subList(from, to)), total, null);
  }

  private static CatalogReads.SearchRequest request(Query q, String market, int offset, int limit) {
    return new CatalogReads.SearchRequest(
        q.text(),
        q.merchantId(),
        q.category(),
        q.priceMin(),
        q.priceMax(),
        market,
        q.inStockOnly(),
        offset,
        limit);
  }

  /**
   * Why a page is empty: {@code page_out_of_range} (there are results, on earlier pages), {@code
   * filtered_out} (the query matches, but not with these filters), {@code no_match} (nothing in the
   * catalog matches the words: often a query outside beauty and personal care).
   */
  private String emptyReason(Query q, long total) {
    if (total > 0) {
      return "page_out_of_range";
    }
    boolean filtered =
        q.merchantId() != null
            || q.category() != null
            || q.priceMin() != null
            || q.priceMax() != null
            || q.currency() != null
            || q.market() != null
            || q.inStockOnly();
    if (filtered) {
      CatalogReads.SearchResult unfiltered =
          catalog.search(
              new CatalogReads.SearchRequest(q.text(), null, null, null, null, null, false, 0, 1));
      if (unfiltered.total() > 0) {
        return "filtered_out";
      }
    }
    return "no_match";
  }
}
