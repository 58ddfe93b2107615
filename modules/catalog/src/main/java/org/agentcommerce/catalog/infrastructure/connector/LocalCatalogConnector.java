package org.agentcommerce.catalog.infrastructure.connector;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.catalog.application.search.ProductViews;
import org.agentcommerce.catalog.domain.product.ProductReader;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.catalog.spi.ConnectorException;
import org.agentcommerce.catalog.spi.ConnectorTarget;
import org.agentcommerce.catalog.spi.MerchantCatalogConnector;
import org.agentcommerce.catalog.spi.Page;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.agentcommerce.catalog.spi.VariantSnapshot;

/**
 * The connector of merchants whose catalog is our database ({@code catalog_source=local}, the demo
 * merchants): the same snapshots a platform connector returns, read from the stored products, so
 * that code written against the port treats every merchant alike.
 */
@ApplicationScoped
public class LocalCatalogConnector implements MerchantCatalogConnector {

  @Inject ProductReader reader;

  @Override
  public String source() {
    return "local";
  }

  @Override
  public Page listProducts(ConnectorTarget target, int limit, String cursor)
      throws ConnectorException {
    int size = Math.max(1, Math.min(limit, 250));
    List<ProductRecord> records = reader.readMerchant(target.merchantId(), cursor, size);
    List<ProductSnapshot> products = new ArrayList<>();
    for (ProductRecord r : records) {
      if ("active".equals(r.status())) {
        products.add(snapshot(r, target.currency()));
      }
    }
    String next = records.size() < size ? null : records.get(records.size() - 1).id();
    return new Page(products, next);
  }

  @Override
  public Optional<ProductSnapshot> productByHandle(ConnectorTarget target, String handle)
      throws ConnectorException {
    String after = "";
    while (true) {
      List<ProductRecord> page = reader.readMerchant(target.merchantId(), after, 500);
      for (ProductRecord r : page) {
        if (handle.equals(r.handle()) && "active".equals(r.status())) {
          return Optional.of(snapshot(r, target.currency()));
        }
      }
      if (page.size() < 500) {
        return Optional.empty();
      }
      after = page.get(page.size() - 1).id();
    }
  }

  /** A stored product in the port's shape, priced in {@code currency} where it is offered. */
  static ProductSnapshot snapshot(ProductRecord r, String currency) {
    List<VariantSnapshot> variants = new ArrayList<>();
    for (ProductRecord.VariantRecord v : r.variants()) {
      ProductRecord.OfferRecord offer =
          v.offers().stream()
              .filter(o -> o.currency().equals(currency))
              .findFirst()
              .orElse(
                  v.offers().stream()
                      .min(Comparator.comparing(ProductRecord.OfferRecord::market))
                      .orElse(null));
      BigDecimal price =
          offer == null ? null : ProductViews.major(offer.priceMinor(), offer.currency());
      BigDecimal compareAt =
          offer == null || offer.compareAtMinor() == null
              ? null
              : ProductViews.major(offer.compareAtMinor(), offer.currency());
      Map<String, String> options = ProductViews.options(v.optionsJson());
      variants.add(
          new VariantSnapshot(
              v.platformVariantId(),
              v.title(),
              v.sku(),
              price,
              compareAt,
              offer == null ? currency : offer.currency(),
              offer != null && offer.inventoryQuantity() > 0,
              offer == null ? null : offer.inventoryQuantity(),
              options,
              v.imageUrl(),
              v.position()));
    }
    return new ProductSnapshot(
        r.platformProductId(),
        r.handle(),
        r.title(),
        r.description(),
        r.vendor(),
        r.productType(),
        r.tags(),
        r.imageUrl(),
        r.imageUrl() == null ? List.of() : List.of(r.imageUrl()),
        variants,
        r.updatedAt());
  }
}
