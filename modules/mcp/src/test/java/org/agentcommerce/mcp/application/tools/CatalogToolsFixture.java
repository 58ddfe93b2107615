package org.agentcommerce.mcp.application.tools;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agentcommerce.catalog.api.AlternativesView;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.catalog.api.IntelView;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.platform.api.ApiException;

/**
 * The catalog tools wired to a small fake catalog: a USD serum with two variants (US, also sold in
 * Canada), a JPY cream (Japan), and two EUR products, one sold in France, one in Germany.
 */
public final class CatalogToolsFixture {

  public static final String LUMEN = "merch_lumen";
  public static final String SAKURA = "merch_sakura";
  public static final String MAISON = "merch_maison";
  public static final String NORDLYS = "merch_nordlys";

  private CatalogToolsFixture() {}

  /** Every catalog tool except recommend_products (which needs a CDI Instance). */
  public static List<McpTool> tools() {
    FakeCatalog catalog = new FakeCatalog();
    Markets markets = new Markets();
    markets.catalog = catalog;
    CatalogSearch search = new CatalogSearch();
    search.catalog = catalog;
    search.markets = markets;
    SearchCatalogTool searchTool = new SearchCatalogTool();
    searchTool.search = search;
    GetProductTool product = new GetProductTool();
    product.catalog = catalog;
    GetAlternativesTool alternatives = new GetAlternativesTool();
    alternatives.catalog = catalog;
    GetIntelTool intel = new GetIntelTool();
    intel.catalog = catalog;
    UcpSearchCatalogTool ucpSearch = new UcpSearchCatalogTool();
    ucpSearch.search = search;
    ucpSearch.markets = markets;
    UcpGetProductTool ucpProduct = new UcpGetProductTool();
    ucpProduct.catalog = catalog;
    ucpProduct.markets = markets;
    UcpLookupCatalogTool lookup = new UcpLookupCatalogTool();
    lookup.markets = markets;
    lookup.catalog = catalog;
    return List.of(searchTool, product, alternatives, intel, ucpSearch, ucpProduct, lookup);
  }

  static ProductView.Variant variant(
      String id, String title, String price, String compareAt, String currency, int stock) {
    return new ProductView.Variant(
        id,
        id,
        title,
        "SKU-" + id,
        new BigDecimal(price),
        compareAt == null ? null : new BigDecimal(compareAt),
        currency,
        stock,
        stock > 0,
        title == null ? Map.of() : Map.of("Size", title),
        null,
        1);
  }

  static ProductView view(
      String id,
      String merchant,
      String title,
      String market,
      Instant updated,
      List<ProductView.Variant> variants) {
    ProductView.Variant cheapest =
        variants.stream().min(Comparator.comparing(ProductView.Variant::price)).orElseThrow();
    return new ProductView(
        id,
        id,
        "p-" + id,
        id + "-handle",
        "shopify",
        merchant,
        merchant.substring(6).toUpperCase(Locale.ROOT) + " Shop",
        title,
        title + ", described.",
        "Brand " + merchant.substring(6),
        "Serum",
        "skincare",
        "beauty",
        List.of("tag"),
        List.of("vitamin c"),
        List.of("dry"),
        List.of("dullness"),
        cheapest.price(),
        cheapest.compareAtPrice(),
        cheapest.currency(),
        market,
        variants.stream().mapToInt(ProductView.Variant::inventoryQuantity).sum(),
        variants.stream().anyMatch(ProductView.Variant::inStock),
        cheapest.sku(),
        "https://img.example/" + id + ".jpg",
        List.of("https://img.example/" + id + ".jpg"),
        variants,
        null,
        "active",
        updated,
        updated,
        null);
  }

  /** A catalog of four products; search matches every word of the query in the title. */
  static final class FakeCatalog implements CatalogReads {

    /** product id → market → view. */
    final Map<String, Map<String, ProductView>> products = new LinkedHashMap<>();

    FakeCatalog() {
      Instant t = Instant.parse("2026-01-01T00:00:00Z");
      put(
          view(
              "prod_serum",
              LUMEN,
              "Vitamin C Serum",
              "US",
              t,
              List.of(
                  variant("4101", "30 ml", "24.00", "30.00", "USD", 5),
                  variant("4102", "50 ml", "38.50", null, "USD", 0))));
      put(
          view(
              "prod_serum",
              LUMEN,
              "Vitamin C Serum",
              "CA",
              t,
              List.of(
                  variant("4101", "30 ml", "32.00", null, "CAD", 5),
                  variant("4102", "50 ml", "51.00", null, "CAD", 0))));
      put(
          view(
              "prod_cream",
              SAKURA,
              "Sakura Vitamin C Cream",
              "JP",
              t.plusSeconds(10),
              List.of(variant("7001", null, "3000", null, "JPY", 9))));
      put(
          view(
              "prod_fr",
              MAISON,
              "Sérum Vitamin C",
              "FR",
              t.plusSeconds(20),
              List.of(variant("8001", "30 ml", "29.90", null, "EUR", 3))));
      put(
          view(
              "prod_de",
              NORDLYS,
              "Nordic Vitamin C Serum",
              "DE",
              t.plusSeconds(30),
              List.of(variant("9001", "30 ml", "19.00", null, "EUR", 0))));
    }

    private void put(ProductView p) {
      products.computeIfAbsent(p.productId(), k -> new LinkedHashMap<>()).put(p.market(), p);
    }

    private static String home(String merchant) {
      return switch (merchant) {
        case LUMEN -> "US";
        case SAKURA -> "JP";
        case MAISON -> "FR";
        default -> "DE";
      };
    }

    @Override
    public SearchResult search(SearchRequest r) {
      List<ProductView> hits = new ArrayList<>();
      for (Map<String, ProductView> byMarket : products.values()) {
        ProductView any = byMarket.values().iterator().next();
        String market = r.market() != null ? r.market() : home(any.merchantId());
        ProductView p = byMarket.get(market);
        if (p == null
            || r.merchantId() != null && !r.merchantId().equals(p.merchantId())
            || r.category() != null && !r.category().equals(p.category())
            || r.priceMin() != null && p.price().compareTo(r.priceMin()) < 0
            || r.priceMax() != null && p.price().compareTo(r.priceMax()) > 0
            || r.inStockOnly() && !p.inStock()) {
          continue;
        }
        if (r.query() != null) {
          String title = p.title().toLowerCase(Locale.ROOT);
          boolean all = true;
          for (String word : r.query().toLowerCase(Locale.ROOT).split("\\s+")) {
            all &= title.contains(word);
          }
          if (!all) {
            continue;
          }
          p = p.withScore(10.0 - hits.size());
        }
        hits.add(p);
      }
      int from = Math.min(r.offset(), hits.size());
      int to = Math.min(from + r.limit(), hits.size());
      return new SearchResult(hits.subList(from, to), hits.size());
    }

    @Override
    public ProductView product(String merchantId, String productId, String market) {
      Map<String, ProductView> byMarket = products.get(productId);
      if (byMarket == null) {
        throw ApiException.notFound("Product " + productId);
      }
      ProductView any = byMarket.values().iterator().next();
      if (merchantId != null && !merchantId.equals(any.merchantId())) {
        throw ApiException.notFound("Product " + productId);
      }
      ProductView p = market == null ? null : byMarket.get(market);
      return p != null ? p : byMarket.get(home(any.merchantId()));
    }

    @Override
    public IntelView intel(String productId, String merchantId) {
      ProductView p = product(merchantId, productId, null);
      return new IntelView(
          p.productId(),
          true,
          "dull skin",
          "15% vitamin C",
          List.of(
              new IntelView.Claim(
                  "Brightens",
                  new IntelView.Evidence(
                      "cit_1", "study", "A study", "A journal", "https://doi.example/1"))));
    }

    @Override
    public AlternativesView alternatives(
        String productId, String merchantId, String relation, int limit) {
      ProductView anchor = product(merchantId, productId, null);
      ProductView other =
          product(null, "prod_cream".equals(productId) ? "prod_serum" : "prod_cream", null);
      return new AlternativesView(
          anchor,
          List.of(
              new AlternativesView.Alternative(
                  other,
                  "cheaper",
                  new BigDecimal("0.800"),
                  other.price(),
                  null,
                  "B",
                  List.of("same product type (Serum)"))));
    }

    @Override
    public List<MerchantSummary> merchants(int offset, int limit) {
      List<MerchantSummary> all =
          List.of(
              new MerchantSummary(
                  LUMEN,
                  "Lumen",
                  "active",
                  "shopify",
                  "US",
                  "USD",
                  Map.of("market", List.of("ca", "us"), "psp", List.of("stripe"))),
              new MerchantSummary(
                  MAISON,
                  "Maison",
                  "active",
                  "woocommerce",
                  "EU",
                  "EUR",
                  Map.of("market", List.of("be", "fr"))),
              new MerchantSummary(
                  NORDLYS,
                  "Nordlys",
                  "active",
                  "local",
                  "EU",
                  "EUR",
                  Map.of("market", List.of("de", "se"))),
              new MerchantSummary(
                  SAKURA,
                  "Sakura",
                  "active",
                  "shopify",
                  "JP",
                  "JPY",
                  Map.of("market", List.of("jp"))));
      return all.subList(Math.min(offset, all.size()), Math.min(offset + limit, all.size()));
    }
  }
}
