package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.agentcommerce.catalog.api.AlternativesView;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.IntelView;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.application.search.SearchCriteria;
import org.agentcommerce.platform.api.ApiException;

/** The catalog as other modules read it: the same services the REST resources use. */
@ApplicationScoped
public class CatalogReadsService implements CatalogReads {

  @Inject ProductSearchService search;
  @Inject CatalogQueries catalog;
  @Inject IntelService intel;
  @Inject AlternativesService alternatives;
  @Inject MerchantDirectory merchants;

  @Override
  public SearchResult search(SearchRequest r) {
    Set<String> scope = null;
    if (r.merchantId() != null) {
      catalog.merchant(r.merchantId());
      scope = Set.of(r.merchantId());
    } else {
      scope = catalog.visibleMerchants();
    }
    ProductSearchService.Page page =
        search.search(
            new SearchCriteria(
                r.query(),
                scope,
                r.category(),
                null,
                r.priceMin(),
                r.priceMax(),
                r.inStockOnly() ? Boolean.TRUE : null,
                r.market(),
                Map.of(),
                r.offset(),
                r.limit()));
    return new SearchResult(page.products(), page.total());
  }

  @Override
  public ProductView product(String merchantId, String productId, String market) {
    if (merchantId != null) {
      return ProductViews.render(catalog.product(merchantId, productId), market);
    }
    Set<String> visible = catalog.visibleMerchants();
    return search
        .find(null, productId)
        .filter(p -> "active".equals(p.status()) && visible.contains(p.merchantId()))
        .map(p -> ProductViews.render(p, market))
        .orElseThrow(() -> ApiException.notFound("Product " + productId));
  }

  @Override
  public IntelView intel(String productId, String merchantId) {
    return intel.intel(productId, merchantId);
  }

  @Override
  public AlternativesView alternatives(
      String productId, String merchantId, String relation, int limit) {
    return alternatives.alternatives(productId, merchantId, relation, limit);
  }

  @Override
  public List<MerchantSummary> merchants(int offset, int limit) {
    Set<String> visible = catalog.visibleMerchants();
    List<MerchantSummary> out = new ArrayList<>();
    merchants.all().stream()
        .filter(m -> visible.contains(m.id()))
        .sorted(Comparator.comparing(MerchantDirectory.Entry::name))
        .skip(offset)
        .limit(limit)
        .forEach(
            m -> {
              Map<String, List<String>> caps = new TreeMap<>();
              m.capabilities()
                  .forEach((kind, codes) -> caps.put(kind, codes.stream().sorted().toList()));
              out.add(
                  new MerchantSummary(
                      m.id(), m.name(), m.status(), m.platform(), m.region(), m.currency(), caps));
            });
    return out;
  }
}
