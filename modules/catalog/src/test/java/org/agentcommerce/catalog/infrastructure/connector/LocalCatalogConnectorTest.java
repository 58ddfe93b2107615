package org.agentcommerce.catalog.infrastructure.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.agentcommerce.catalog.domain.product.ProductReader;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.OfferRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.VariantRecord;
import org.agentcommerce.catalog.spi.ConnectorTarget;
import org.agentcommerce.catalog.spi.Page;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.junit.jupiter.api.Test;

class LocalCatalogConnectorTest {

  static ProductRecord product(String id, String status, List<VariantRecord> variants) {
    return new ProductRecord(
        id,
        "merch_jp",
        "Sakura",
        "active",
        "JPY",
        "shopify",
        "8123456789012",
        "kumo-" + id,
        "Kumo Serum",
        "A serum.",
        "Kumo",
        "Serum",
        "skincare",
        "beauty",
        List.of("hydrating"),
        List.of("niacinamide"),
        "AQUA, NIACINAMIDE",
        List.of("all"),
        List.of("dullness"),
        "https://img.example/k.jpg",
        status,
        null,
        Instant.EPOCH,
        Instant.EPOCH,
        variants);
  }

  static class FakeReader implements ProductReader {
    final List<ProductRecord> all = new ArrayList<>();

    @Override
    public long readAll(Consumer<List<ProductRecord>> batch) {
      batch.accept(all);
      return all.size();
    }

    @Override
    public List<Change> changesSince(Instant since, int limit) {
      return all.stream()
          .filter(p -> p.updatedAt().isAfter(since))
          .map(p -> new Change(p.id(), p.updatedAt()))
          .limit(limit)
          .toList();
    }

    @Override
    public List<ProductRecord> read(List<String> ids) {
      return all.stream().filter(p -> ids.contains(p.id())).toList();
    }

    @Override
    public List<ProductRecord> readMerchant(String merchantId, String afterId, int limit) {
      return all.stream()
          .filter(p -> p.merchantId().equals(merchantId) && p.id().compareTo(afterId) > 0)
          .limit(limit)
          .toList();
    }

    @Override
    public List<String> allIds() {
      return all.stream().map(ProductRecord::id).toList();
    }
  }

  @Test
  void storedProductsComeBackAsSnapshotsInTheShopCurrencyWithYenUnscaled() throws Exception {
    FakeReader reader = new FakeReader();
    reader.all.add(
        product(
            "prod_a",
            "active",
            List.of(
                new VariantRecord(
                    "44123456789012",
                    "30 ml",
                    "KUMO-30",
                    "{\"Size\":\"30 ml\"}",
                    null,
                    1,
                    List.of(
                        new OfferRecord("JP", "JPY", 3300, 4000L, 0),
                        new OfferRecord("US", "USD", 2400, null, 5))))));
    reader.all.add(product("prod_b", "archived", List.of()));
    LocalCatalogConnector connector = new LocalCatalogConnector();
    connector.reader = reader;
    ConnectorTarget target =
        new ConnectorTarget("merch_jp", URI.create("https://sakura.example"), "JPY");

    Page page = connector.listProducts(target, 250, "");
    assertEquals(1, page.products().size(), "archived products are not listed");
    assertNull(page.nextCursor());
    ProductSnapshot p = page.products().get(0);
    assertEquals("8123456789012", p.platformProductId());
    var v = p.variants().get(0);
    assertEquals("44123456789012", v.platformVariantId());
    assertEquals(0, new BigDecimal("3300").compareTo(v.price()));
    assertEquals("JPY", v.currency());
    assertEquals(0, new BigDecimal("4000").compareTo(v.compareAtPrice()));
    assertFalse(v.available(), "no stock in the shop's market");
    assertEquals("30 ml", v.options().get("Size"));
    assertTrue(connector.productByHandle(target, "kumo-prod_a").isPresent());
    assertTrue(connector.productByHandle(target, "kumo-prod_b").isEmpty());
    assertEquals("local", connector.source());
  }
}
