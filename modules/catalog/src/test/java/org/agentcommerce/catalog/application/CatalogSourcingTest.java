package org.agentcommerce.catalog.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.inject.Instance;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.agentcommerce.catalog.application.CatalogSourcing.Outcome;
import org.agentcommerce.catalog.application.CatalogSourcing.SeedPolicy;
import org.agentcommerce.catalog.domain.product.ProductWriter;
import org.agentcommerce.catalog.spi.ConnectorException;
import org.agentcommerce.catalog.spi.ConnectorTarget;
import org.agentcommerce.catalog.spi.MerchantCatalogConnector;
import org.agentcommerce.catalog.spi.Page;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.agentcommerce.catalog.spi.VariantSnapshot;
import org.agentcommerce.platform.api.ApiException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The sourcing decisions, with an in-memory platform, store, directory and executor. */
class CatalogSourcingTest {

  private static final String SHOP = "merch_shop";
  private static final String LOCAL = "merch_local";
  private static final Duration TTL = Duration.ofMinutes(15);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-20T10:00:00Z"));
  private final FakeWriter writer = new FakeWriter();
  private final FakePlatform platform = new FakePlatform();
  private final FakeDirectory directory = new FakeDirectory();
  private final List<Runnable> background = new ArrayList<>();
  private final AtomicInteger indexRefreshes = new AtomicInteger();
  private CatalogSourcing sourcing;

  @BeforeEach
  void setUp() {
    directory.put(entry(SHOP, "shopify", "https://shop.example", "USD", "US", Set.of("us")));
    directory.put(entry(LOCAL, "local", null, "USD", "US", Set.of()));
    sourcing =
        new CatalogSourcing() {
          @Override
          void refreshIndex() {
            indexRefreshes.incrementAndGet();
          }
        };
    sourcing.merchants = directory;
    sourcing.writer = writer;
    sourcing.clock = clock;
    sourcing.cacheTtl = TTL;
    sourcing.connectors = instanceOf(platform);
    sourcing.executor = executorInto(background);
  }

  @Test
  void localAndUnknownMerchantsAreCacheWithoutAnyIo() {
    assertEquals(
        new Outcome("cache", false, null), sourcing.ensureFresh(LOCAL, SeedPolicy.DEFAULT));
    assertEquals(new Outcome("cache", false, null), sourcing.ensureFresh("merch_none", null));
    assertEquals(0, writer.reads.get());
    assertEquals(0, platform.requests.get());
  }

  @Test
  void aMissReadsEveryPageStoresAndRefreshesTheIndex() {
    Outcome outcome = sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);

    assertEquals(new Outcome("realtime", true, null), outcome);
    assertEquals(2, platform.requests.get(), "page 1, then the empty page 2");
    assertEquals(List.of("p1", "p2"), writer.lastProductIds);
    assertEquals("US", writer.lastMarket);
    assertTrue(writer.lastComplete);
    assertEquals(clock.instant(), writer.synced.get(SHOP));
    assertEquals(1, indexRefreshes.get());
    assertEquals(1, directory.invalidations.get());
    assertEquals("USD", platform.lastTarget.currency());
    assertEquals("https://shop.example", platform.lastTarget.baseUrl().toString());
  }

  @Test
  void aFreshCopyIsServedWithoutCallingOut() {
    sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);
    clock.advance(Duration.ofMinutes(14));

    assertEquals(new Outcome("cache", false, null), sourcing.ensureFresh(SHOP, null));
    assertEquals(
        new Outcome("cache", false, null),
        sourcing.ensureFresh(SHOP, new SeedPolicy(true, false, "cache_first", false)));
    assertEquals(2, platform.requests.get());
  }

  @Test
  void aStaleCopyIsServedAndRefreshedInTheBackgroundOnceAtATime() {
    sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);
    clock.advance(Duration.ofMinutes(16));

    Outcome first = sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);
    Outcome second = sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);

    assertEquals("cache_stale", first.source());
    assertFalse(first.refreshed());
    assertNotNull(first.warning());
    assertEquals("cache_stale", second.source());
    assertEquals(1, background.size(), "one refresh in flight per merchant");
    assertEquals(2, platform.requests.get(), "nothing read before the background task runs");

    background.remove(0).run();
    assertEquals(4, platform.requests.get());
    assertEquals(clock.instant(), writer.synced.get(SHOP));
    assertEquals(new Outcome("cache", false, null), sourcing.ensureFresh(SHOP, null));

    clock.advance(Duration.ofMinutes(16));
    sourcing.ensureFresh(SHOP, null);
    assertEquals(1, background.size(), "a new refresh once the last one is done");
  }

  @Test
  void aStaleCopyIsReadAgainWhenStaleIsNotAllowed() {
    sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);
    clock.advance(Duration.ofMinutes(16));

    Outcome outcome = sourcing.ensureFresh(SHOP, new SeedPolicy(true, false, "legacy", false));

    assertEquals(new Outcome("realtime", true, null), outcome);
    assertEquals(4, platform.requests.get());
    assertTrue(background.isEmpty());
  }

  @Test
  void realtimeFirstAlwaysReads() {
    SeedPolicy realtime = new SeedPolicy(true, true, "realtime_first", false);
    assertEquals("realtime", sourcing.ensureFresh(SHOP, realtime).source());
    assertEquals("realtime", sourcing.ensureFresh(SHOP, realtime).source());
    assertEquals(4, platform.requests.get());
  }

  @Test
  void fastModeCacheOnlyAndNoExternalSeedNeverCallOut() {
    for (SeedPolicy policy :
        List.of(
            new SeedPolicy(true, true, "realtime_first", true),
            new SeedPolicy(true, false, "cache_only", false),
            new SeedPolicy(false, false, "realtime_first", false))) {
      Outcome never = sourcing.ensureFresh(SHOP, policy);
      assertEquals("cache_stale", never.source(), policy::toString);
      assertTrue(never.warning().contains("not been read"), never::warning);
    }
    assertEquals(0, platform.requests.get());

    sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);
    assertEquals(
        new Outcome("cache", false, null),
        sourcing.ensureFresh(SHOP, new SeedPolicy(true, true, "realtime_first", true)));
    clock.advance(Duration.ofHours(1));
    assertEquals(
        "cache_stale",
        sourcing.ensureFresh(SHOP, new SeedPolicy(true, true, "cache_only", false)).source());
    assertEquals(2, platform.requests.get());
    assertTrue(background.isEmpty());
  }

  @Test
  void aFailingPlatformServesTheStoredCopy() {
    sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);
    platform.failWith =
        new ConnectorException(ConnectorException.Kind.UNAVAILABLE, "HTTP 503", null, 503, -1);

    Outcome outcome =
        sourcing.ensureFresh(SHOP, new SeedPolicy(true, true, "realtime_first", false));

    assertEquals(
        new Outcome("cache_stale", false, "merchant platform unavailable: unavailable"), outcome);
    assertEquals(1, indexRefreshes.get());
  }

  @Test
  void aFailingPlatformWithNothingStoredIs502() {
    platform.failWith = ConnectorException.rateLimited("slow down", 429, 7L);

    ApiException e =
        assertThrows(ApiException.class, () -> sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT));

    assertEquals(502, e.status());
    assertEquals("MERCHANT_CATALOG_UNAVAILABLE", e.code());
    assertEquals(SHOP, e.context().get("merchant_id"));
    assertEquals(true, e.context().get("retriable"));
    assertEquals(Map.of("Retry-After", "7"), e.headers());
    assertFalse(e.getMessage().contains("shop.example"), "no upstream address in the message");

    platform.failWith = new ConnectorException(ConnectorException.Kind.INVALID_RESPONSE, "garbage");
    ApiException invalid =
        assertThrows(ApiException.class, () -> sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT));
    assertEquals(false, invalid.context().get("retriable"));
    assertTrue(invalid.headers().isEmpty());
  }

  @Test
  void aMerchantWithoutACatalogAddressIsUnavailable() {
    directory.put(entry("merch_nourl", "shopify", null, "USD", "US", Set.of()));
    ApiException e =
        assertThrows(
            ApiException.class, () -> sourcing.ensureFresh("merch_nourl", SeedPolicy.DEFAULT));
    assertEquals(502, e.status());
    assertEquals(0, platform.requests.get());
  }

  @Test
  void theListingStopsAtFortyPagesAndIsStoredAsPartial() {
    platform.endless = true;

    Outcome outcome = sourcing.ensureFresh(SHOP, SeedPolicy.DEFAULT);

    assertEquals("realtime", outcome.source());
    assertNotNull(outcome.warning());
    assertEquals(CatalogSourcing.MAX_PAGES, platform.requests.get());
    assertFalse(writer.lastComplete);
  }

  @Test
  void concurrentMissesReadThePlatformOnce() throws Exception {
    platform.gate = new CountDownLatch(1);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<Outcome> first = threads.submit(() -> sourcing.ensureFresh(SHOP, null));
      assertTrue(platform.entered.await(5, TimeUnit.SECONDS));
      Future<Outcome> second = threads.submit(() -> sourcing.ensureFresh(SHOP, null));
      Thread.sleep(200);
      platform.gate.countDown();

      assertEquals(new Outcome("realtime", true, null), first.get(5, TimeUnit.SECONDS));
      assertEquals(new Outcome("realtime", false, null), second.get(5, TimeUnit.SECONDS));
      assertEquals(2, platform.requests.get());
      assertEquals(1, writer.stores.get());
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void theMarketIsTheRegionOrTheOneInTheMerchantsCurrency() {
    assertEquals(
        "US", CatalogSourcing.market(entry("m", "shopify", null, "USD", "US", Set.of("ca", "us"))));
    assertEquals(
        "DE",
        CatalogSourcing.market(entry("m", "shopify", null, "EUR", "EU", Set.of("gb", "fr", "de"))));
    assertEquals(
        "JP", CatalogSourcing.market(entry("m", "shopify", null, "JPY", "APAC", Set.of("jp"))));
    assertEquals("US", CatalogSourcing.market(entry("m", "shopify", null, "USD", "US", Set.of())));
  }

  @Test
  void seedPolicyDefaultsAndValidation() {
    assertEquals(new SeedPolicy(true, true, "legacy", false), SeedPolicy.DEFAULT);
    assertEquals("legacy", new SeedPolicy(true, true, null, false).strategy());
    assertEquals("cache_first", new SeedPolicy(true, true, " Cache_First ", false).strategy());
    assertThrows(IllegalArgumentException.class, () -> new SeedPolicy(true, true, "x", false));
  }

  // ---------------------------------------------------------------------------------------------

  private static MerchantDirectory.Entry entry(
      String id, String source, String url, String currency, String region, Set<String> markets) {
    return new MerchantDirectory.Entry(
        id,
        "Shop " + id,
        "active",
        "shopify",
        region,
        currency,
        source,
        url,
        markets.isEmpty() ? Map.of() : Map.of("market", markets));
  }

  private static ProductSnapshot product(String id) {
    return new ProductSnapshot(
        id,
        "handle-" + id,
        "Title " + id,
        null,
        "Vendor",
        "Serum",
        List.of(),
        null,
        List.of(),
        List.of(
            new VariantSnapshot(
                id + "-v1",
                "Default",
                null,
                new BigDecimal("24.00"),
                null,
                "USD",
                true,
                null,
                Map.of(),
                null,
                1)),
        null);
  }

  @SuppressWarnings("unchecked")
  private static Instance<MerchantCatalogConnector> instanceOf(MerchantCatalogConnector c) {
    return (Instance<MerchantCatalogConnector>)
        Proxy.newProxyInstance(
            CatalogSourcingTest.class.getClassLoader(),
            new Class<?>[] {Instance.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "iterator" -> List.of(c).iterator();
                  case "stream" -> List.of(c).stream();
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  private static ManagedExecutorService executorInto(List<Runnable> tasks) {
    return (ManagedExecutorService)
        Proxy.newProxyInstance(
            CatalogSourcingTest.class.getClassLoader(),
            new Class<?>[] {ManagedExecutorService.class},
            (proxy, method, args) -> {
              if (method.getName().equals("execute")) {
                tasks.add((Runnable) args[0]);
                return null;
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  /** A Shopify-like listing: page 1 has two products, page 2 is empty. */
  static final class FakePlatform implements MerchantCatalogConnector {
    final AtomicInteger requests = new AtomicInteger();
    final CountDownLatch entered = new CountDownLatch(1);
    volatile ConnectorException failWith;
    volatile boolean endless;
    volatile CountDownLatch gate;
    volatile ConnectorTarget lastTarget;

    @Override
    public String source() {
      return "shopify";
    }

    @Override
    public Page listProducts(ConnectorTarget target, int limit, String cursor)
        throws ConnectorException {
      requests.incrementAndGet();
      lastTarget = target;
      entered.countDown();
      if (gate != null) {
        try {
          gate.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (failWith != null) {
        throw failWith;
      }
      int page = cursor == null ? 1 : Integer.parseInt(cursor);
      if (endless) {
        return new Page(List.of(product("e" + page)), Integer.toString(page + 1));
      }
      return page == 1
          ? new Page(List.of(product("p1"), product("p2")), "2")
          : new Page(List.of(), null);
    }

    @Override
    public Optional<ProductSnapshot> productByHandle(ConnectorTarget target, String handle) {
      throw new UnsupportedOperationException();
    }
  }

  /** The store, in memory. */
  static final class FakeWriter implements ProductWriter {
    final Map<String, Instant> synced = new ConcurrentHashMap<>();
    final Map<String, Integer> active = new ConcurrentHashMap<>();
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger stores = new AtomicInteger();
    volatile List<String> lastProductIds;
    volatile String lastMarket;
    volatile boolean lastComplete;

    @Override
    public void replaceMerchantCatalog(
        String merchantId,
        List<ProductSnapshot> products,
        String market,
        Instant now,
        boolean complete) {
      stores.incrementAndGet();
      lastProductIds = products.stream().map(ProductSnapshot::platformProductId).toList();
      lastMarket = market;
      lastComplete = complete;
      active.put(merchantId, products.size());
      synced.put(merchantId, now);
    }

    @Override
    public int activeProductCount(String merchantId) {
      reads.incrementAndGet();
      return active.getOrDefault(merchantId, 0);
    }

    @Override
    public Optional<Instant> syncedAt(String merchantId) {
      reads.incrementAndGet();
      return Optional.ofNullable(synced.get(merchantId));
    }
  }

  /** The merchant directory without a database. */
  static final class FakeDirectory extends MerchantDirectory {
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    final AtomicInteger invalidations = new AtomicInteger();

    void put(Entry e) {
      entries.put(e.id(), e);
    }

    @Override
    public Optional<Entry> find(String merchantId) {
      return Optional.ofNullable(entries.get(merchantId));
    }

    @Override
    public void invalidate() {
      invalidations.incrementAndGet();
    }
  }

  /** A clock the test moves. */
  static final class MutableClock extends Clock {
    private volatile Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
