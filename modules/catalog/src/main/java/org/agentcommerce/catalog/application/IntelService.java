package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;
import org.agentcommerce.catalog.api.IntelView;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.domain.evidence.EvidenceRepository;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.platform.api.ApiException;

/** Intel about a product, every claim with its evidence. Not reviewed when nothing is known. */
@ApplicationScoped
public class IntelService {

  @Inject EvidenceRepository evidence;
  @Inject ProductSearchService search;
  @Inject CatalogQueries catalog;

  @Transactional
  public IntelView intel(String productId, String merchantId) {
    ProductRecord p =
        search
            .find(merchantId, productId)
            .filter(r -> catalog.visibleMerchants().contains(r.merchantId()))
            .orElseThrow(() -> ApiException.notFound("Product " + productId));
    return evidence
        .intel(p.id())
        .map(
            i ->
                new IntelView(
                    p.id(),
                    i.reviewed(),
                    i.bestFor(),
                    i.why(),
                    i.claims().stream()
                        .map(
                            c ->
                                new IntelView.Claim(
                                    c.claim(),
                                    new IntelView.Evidence(
                                        c.citation().id(),
                                        c.citation().kind(),
                                        c.citation().title(),
                                        c.citation().publisher(),
                                        c.citation().url())))
                        .toList()))
        .orElse(new IntelView(p.id(), false, null, null, List.of()));
  }
}
