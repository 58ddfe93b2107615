package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.ProductOffers;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.domain.product.ProductRecord;

/** {@link ProductOffers} from the product groups of the search index. */
@ApplicationScoped
public class ProductOffersService implements ProductOffers {

  @Inject CatalogReads reads;
  @Inject ProductSearchService search;
  @Inject CatalogQueries catalog;

  @Override
  public Offers offers(String productId, String merchantId, String market, int limit) {
    ProductView anchor = reads.product(merchantId, productId, market);
    if (anchor.productGroupId() == null) {
      return new Offers(null, anchor, List.of(anchor));
    }
    Set<String> visible = catalog.visibleMerchants();
    List<ProductView> offers = new ArrayList<>();
    offers.add(anchor);
    for (ProductRecord p : search.byGroup(anchor.productGroupId(), 1000)) {
      if (offers.size() >= limit) {
        break;
      }
      if (!p.id().equals(anchor.id())
          && visible.contains(p.merchantId())
          && "active".equals(p.status())) {
        offers.add(ProductViews.render(p, market));
      }
    }
    return new Offers(anchor.productGroupId(), anchor, offers);
  }

  @Override
  public Offers groupOffers(String productGroupId, String market, int limit) {
    Set<String> visible = catalog.visibleMerchants();
    for (ProductRecord p : search.byGroup(productGroupId, 1000)) {
      if (visible.contains(p.merchantId()) && "active".equals(p.status())) {
        return offers(p.id(), p.merchantId(), market, limit);
      }
    }
    throw new org.agentcommerce.platform.api.ApiException(
        404, "NOT_FOUND", "Product group " + productGroupId + " was not found.");
  }
}
