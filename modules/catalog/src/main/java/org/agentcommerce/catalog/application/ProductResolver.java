package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.application.search.SearchCriteria;
import org.agentcommerce.catalog.domain.product.ProductGroupRepository;
import org.agentcommerce.catalog.domain.product.ProductRecord;

/**
 * Turns whatever an agent holds — our id, a platform id, a canonical ref ({@code merchant:handle}),
 * a product page URL, a SKU or variant id, or just words — into products, in this order: exact
 * aliases and ids, variants, search (within the merchant when one is named), then the product's
 * group so that other sellers of the same product come along.
 */
@ApplicationScoped
public class ProductResolver {

  @Inject ProductSearchService search;
  @Inject ProductGroupRepository groups;
  @Inject CatalogQueries catalog;
  @Inject MerchantDirectory merchants;

  /** One candidate and how it was found. */
  public record Candidate(String matchType, Double score, ProductView product) {}

  /** The outcome: how it resolved, the group if any, and the candidates best first. */
  public record Resolution(String method, String productGroupId, List<Candidate> candidates) {}

  @Transactional
  public Resolution resolve(
      String merchantId, String productId, String skuId, String query, int limit) {
    Set<String> visible = catalog.visibleMerchants();
    if (merchantId != null) {
      catalog.merchant(merchantId);
    }
    Map<String, Candidate> found = new LinkedHashMap<>();
    String method = "none";
    if (productId != null) {
      Optional<ProductRecord> exact = byAlias(merchantId, productId.trim());
      if (exact.isPresent()) {
        method = "alias";
      } else {
        exact = search.find(merchantId, productId.trim());
        method = exact.isPresent() ? "id" : method;
      }
      exact
          .filter(p -> visible.contains(p.merchantId()))
          .ifPresent(
              p -> found.put(p.id(), new Candidate("exact", null, ProductViews.render(p, null))));
    }
    if (found.isEmpty() && skuId != null) {
      for (String m : merchantId == null ? visible : Set.of(merchantId)) {
        search
            .findByVariant(m, skuId.trim())
            .ifPresent(
                p ->
                    found.put(
                        p.id(), new Candidate("variant", null, ProductViews.render(p, null))));
      }
      method = found.isEmpty() ? method : "variant";
    }
    if (found.isEmpty()) {
      String words =
          query != null ? query : productId != null && !productId.contains("/") ? productId : null;
      if (words != null && !words.isBlank()) {
        ProductSearchService.Page page =
            search.search(
                new SearchCriteria(
                    words,
                    merchantId == null ? visible : Set.of(merchantId),
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    Map.of(),
                    0,
                    limit));
        for (ProductView p : page.products()) {
          found.put(p.id(), new Candidate("search", p.relevanceScore(), p));
        }
        method = found.isEmpty() ? method : "search";
      }
    }
    String groupId = null;
    if (!found.isEmpty()) {
      ProductView first = found.values().iterator().next().product();
      groupId = first.productGroupId();
      if (groupId != null) {
        for (ProductRecord member : search.byGroup(groupId, 200)) {
          if (visible.contains(member.merchantId()) && "active".equals(member.status())) {
            found.putIfAbsent(
                member.id(), new Candidate("group", null, ProductViews.render(member, null)));
          }
        }
      }
    }
    List<Candidate> candidates = new ArrayList<>(found.values());
    return new Resolution(
        method, groupId, candidates.subList(0, Math.min(limit, candidates.size())));
  }

  /** Exact aliases: the text itself, the canonical ref, a product page URL. */
  private Optional<ProductRecord> byAlias(String merchantId, String text) {
    List<String> keys = new ArrayList<>();
    keys.add(text);
    if (merchantId != null) {
      keys.add(merchantId + ":" + text);
    }
    for (String key : keys) {
      Optional<ProductRecord> hit =
          groups.productForAlias(key).flatMap(id -> search.find(null, id));
      if (hit.isPresent()) {
        return hit;
      }
    }
    int colon = text.indexOf(':');
    if (colon > 0 && !text.startsWith("http")) {
      Optional<ProductRecord> ref =
          search.find(text.substring(0, colon), text.substring(colon + 1));
      if (ref.isPresent()) {
        return ref;
      }
    }
    if (text.startsWith("http://") || text.startsWith("https://")) {
      return byUrl(text);
    }
    return Optional.empty();
  }

  /** A product page URL of a known store: {@code <store>/products/<handle>}. */
  private Optional<ProductRecord> byUrl(String url) {
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    String path = uri.getPath() == null ? "" : uri.getPath();
    int at = path.indexOf("/products/");
    if (uri.getHost() == null || at < 0) {
      return Optional.empty();
    }
    String handle = path.substring(at + "/products/".length()).replaceAll("[/?#].*$", "");
    for (MerchantDirectory.Entry m : merchants.all()) {
      String store = m.catalogBaseUrl();
      if (store != null && uri.getHost().equalsIgnoreCase(URI.create(store).getHost())) {
        return search.find(m.id(), handle);
      }
    }
    return Optional.empty();
  }
}
