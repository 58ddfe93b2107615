package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.security.Caller;

/**
 * Product reads for agents: a merchant's products, one product (by our id, the platform's id or its
 * handle), the product behind a platform variant id, related products and recommendations.
 * Everything answers from the search index; unknown or invisible things are 404.
 */
@ApplicationScoped
public class CatalogQueries {

  @Inject ProductSearchService search;
  @Inject MerchantDirectory merchants;
  @Inject Caller caller;

  /** A visible, active merchant, or 404 (403 when the key may not see it). */
  public MerchantDirectory.Entry merchant(String merchantId) {
    if (caller.isEstablished()) {
      caller.requireMerchantAccess(merchantId);
    }
    return merchants
        .find(merchantId)
        .filter(MerchantDirectory.Entry::isActive)
        .orElseThrow(
            () ->
                new ApiException(
                    404, "MERCHANT_NOT_FOUND", "Merchant " + merchantId + " was not found."));
  }

  /** Whether the merchant has every payment capability asked for (kind → code). */
  public boolean supports(MerchantDirectory.Entry merchant, Map<String, String> payment) {
    return payment.entrySet().stream().allMatch(e -> merchant.has(e.getKey(), e.getValue()));
  }

  public List<ProductView> merchantProducts(String merchantId, int limit, String market) {
    merchant(merchantId);
    return search.byMerchant(merchantId, limit).stream()
        .map(p -> ProductViews.render(p, market))
        .toList();
  }

  public ProductRecord product(String merchantId, String productId) {
    merchant(merchantId);
    return search
        .find(merchantId, productId)
        .filter(p -> "active".equals(p.status()))
        .orElseThrow(() -> notFound("Product " + productId));
  }

  public ProductRecord productByVariant(String merchantId, String variantId) {
    merchant(merchantId);
    return search
        .findByVariant(merchantId, variantId)
        .orElseThrow(() -> notFound("Variant " + variantId));
  }

  /** Similar products: brand, type, tags and title words; the product itself excluded. */
  public List<ProductView> related(String merchantId, String productId, int limit, String market) {
    ProductRecord p = product(merchantId, productId);
    return search.related(p, visibleMerchants(), limit).stream()
        .map(r -> ProductViews.render(r, market))
        .toList();
  }

  /** Same-group offers from other sellers first, then facet-similar products. */
  public List<ProductView> recommendations(String merchantId, String productId, int limit) {
    ProductRecord p = product(merchantId, productId);
    Set<String> visible = visibleMerchants();
    Map<String, ProductRecord> picked = new LinkedHashMap<>();
    if (p.productGroupId() != null) {
      for (ProductRecord member : search.byGroup(p.productGroupId(), 50)) {
        if (!member.id().equals(p.id())
            && visible.contains(member.merchantId())
            && "active".equals(member.status())) {
          picked.putIfAbsent(member.id(), member);
        }
      }
    }
    if (picked.size() < limit) {
      for (ProductRecord similar : search.related(p, visible, limit + picked.size())) {
        picked.putIfAbsent(similar.id(), similar);
      }
    }
    List<ProductView> out = new ArrayList<>();
    for (ProductRecord r : picked.values()) {
      if (out.size() == limit) {
        break;
      }
      out.add(ProductViews.render(r, null));
    }
    return out;
  }

  /** Active merchants this key may see. */
  public Set<String> visibleMerchants() {
    Set<String> active = merchants.activeWith(Map.of());
    Set<String> scope = caller.isEstablished() ? caller.merchantScope() : Set.of();
    if (!scope.isEmpty()) {
      active.retainAll(scope);
    }
    return active;
  }

  private static ApiException notFound(String what) {
    return new ApiException(404, "NOT_FOUND", what + " was not found.");
  }
}
