package org.agentcommerce.catalog.application.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.application.MerchantDirectory;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * The exact filters of a search as queries: the merchants searched, active products only, and the
 * criteria's category, surface, market, stock and price range.
 */
final class SearchFilters {

  private SearchFilters() {}

  /**
   * The filters of a search over {@code searchable} merchants: what a product must match ({@code
   * required}) and must not ({@code excluded}); {@code merchants} tells which merchants are active.
   */
  static FilterBits.Filter of(
      SearchCriteria c, Set<String> searchable, MerchantDirectory merchants) {
    List<Query> required = new ArrayList<>();
    List<Query> excluded = new ArrayList<>();
    Set<String> allActive = merchants.activeWith(Map.of());
    if (searchable.equals(allActive)) {
      // Every active merchant: excluding the few others is far cheaper than listing them all.
      Set<String> others = new HashSet<>();
      merchants.all().forEach(m -> others.add(m.id()));
      others.removeAll(allActive);
      if (!others.isEmpty()) {
        excluded.add(terms(IndexFields.MERCHANT, others));
      }
    } else {
      required.add(terms(IndexFields.MERCHANT, searchable));
    }
    excluded.add(new TermQuery(new Term(IndexFields.INACTIVE, "true")));
    if (c.category() != null) {
      required.add(new TermQuery(new Term(IndexFields.CATEGORY, lower(c.category()))));
    }
    if (c.catalogSurface() != null) {
      required.add(new TermQuery(new Term(IndexFields.SURFACE, lower(c.catalogSurface()))));
    }
    if (c.market() != null) {
      required.add(new TermQuery(new Term(IndexFields.MARKET, c.market())));
    }
    if (c.inStock() != null) {
      Query stocked =
          c.market() != null
              ? new TermQuery(new Term(IndexFields.IN_STOCK_MARKET, c.market()))
              : new TermQuery(new Term(IndexFields.HOME_IN_STOCK, "true"));
      (c.inStock() ? required : excluded).add(stocked);
    }
    if (c.minPrice() != null || c.maxPrice() != null) {
      String field =
          c.market() != null ? ProductDocuments.priceField(c.market()) : IndexFields.HOME_PRICE;
      long low = c.minPrice() == null ? Long.MIN_VALUE : ProductDocuments.scaled(c.minPrice());
      long high = c.maxPrice() == null ? Long.MAX_VALUE : ProductDocuments.scaled(c.maxPrice());
      required.add(LongPoint.newRangeQuery(field, low, high));
    }
    return new FilterBits.Filter(required, excluded);
  }

  /** Products whose {@code field} is one of {@code values}. */
  static Query terms(String field, Collection<String> values) {
    List<BytesRef> refs = values.stream().map(BytesRef::new).toList();
    return new TermInSetQuery(field, refs);
  }

  /** A keyword as indexed: in lower case. */
  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
