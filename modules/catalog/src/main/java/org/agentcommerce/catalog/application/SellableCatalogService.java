package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.agentcommerce.catalog.api.SellableCatalog;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.domain.product.ProductReader;
import org.agentcommerce.catalog.domain.product.ProductRecord;

/**
 * The order book's view of the catalog. The search index only says which product a reference names
 * (ids never change); price, stock and status are then read from the database.
 */
@ApplicationScoped
public class SellableCatalogService implements SellableCatalog {

  @Inject MerchantDirectory merchants;
  @Inject ProductSearchService search;
  @Inject ProductReader products;

  @Override
  public Optional<Seller> seller(String merchantId) {
    return merchants
        .find(merchantId)
        .map(
            e ->
                new Seller(
                    e.id(),
                    e.name(),
                    e.status(),
                    e.platform(),
                    e.region(),
                    e.currency(),
                    e.catalogBaseUrl(),
                    markets(e)));
  }

  @Override
  public Optional<Seller> sellerByDomain(String domain) {
    String wanted = storeHost(domain);
    if (wanted == null) {
      return Optional.empty();
    }
    List<String> ids =
        merchants.all().stream()
            .filter(e -> e.catalogBaseUrl() != null)
            .filter(e -> wanted.equals(storeHost(hostOf(e.catalogBaseUrl()))))
            .map(MerchantDirectory.Entry::id)
            .toList();
    return ids.size() == 1 ? seller(ids.get(0)) : Optional.empty();
  }

  private static String hostOf(String url) {
    try {
      return java.net.URI.create(url.trim()).getHost();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** A host in lower case without one leading {@code www.}. */
  static String storeHost(String host) {
    if (host == null || host.isBlank()) {
      return null;
    }
    String h = host.trim().toLowerCase(java.util.Locale.ROOT);
    return h.startsWith("www.") ? h.substring(4) : h;
  }

  private static Set<String> markets(MerchantDirectory.Entry e) {
    Set<String> markets = new TreeSet<>();
    e.capabilities().getOrDefault("market", Set.of()).forEach(m -> markets.add(m.toUpperCase()));
    return markets;
  }

  @Override
  public Optional<Sellable> sellable(String merchantId, String ref) {
    if (ref == null || ref.isBlank()) {
      return Optional.empty();
    }
    String matchedVariant = null;
    Optional<ProductRecord> indexed = search.find(merchantId, ref);
    if (indexed.isEmpty()) {
      indexed = search.findByVariant(merchantId, ref);
      if (indexed.isPresent()) {
        matchedVariant = variantMatching(indexed.get(), ref);
      }
    }
    if (indexed.isEmpty()) {
      return Optional.empty();
    }
    List<ProductRecord> fresh = products.read(List.of(indexed.get().id()));
    if (fresh.isEmpty() || !fresh.get(0).merchantId().equals(merchantId)) {
      return Optional.empty();
    }
    ProductRecord p = fresh.get(0);
    if (matchedVariant != null && variantMatching(p, matchedVariant) == null) {
      matchedVariant = null;
    }
    return Optional.of(
        new Sellable(
            p.id(),
            p.platformProductId(),
            p.merchantId(),
            p.title(),
            p.vendor(),
            p.imageUrl(),
            p.status(),
            ProductViews.homeMarket(p),
            p.variants().stream()
                .map(
                    v ->
                        new Variant(
                            v.platformVariantId(),
                            v.title(),
                            v.sku(),
                            ProductViews.options(v.optionsJson()),
                            v.imageUrl(),
                            v.offers().stream()
                                .map(
                                    o ->
                                        new Offer(
                                            o.market(),
                                            o.currency(),
                                            o.priceMinor(),
                                            o.compareAtMinor(),
                                            o.inventoryQuantity()))
                                .toList()))
                .toList(),
            matchedVariant));
  }

  /** The platform id of the variant the reference names (its platform id or SKU), if any. */
  private static String variantMatching(ProductRecord p, String ref) {
    for (ProductRecord.VariantRecord v : p.variants()) {
      if (v.platformVariantId().equals(ref) || ref.equals(v.sku())) {
        return v.platformVariantId();
      }
    }
    return null;
  }
}
