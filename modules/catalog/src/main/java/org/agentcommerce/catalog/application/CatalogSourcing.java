package org.agentcommerce.catalog.application;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.catalog.application.search.CatalogIndex;
import org.agentcommerce.catalog.domain.product.ProductWriter;
import org.agentcommerce.catalog.spi.ConnectorException;
import org.agentcommerce.catalog.spi.ConnectorTarget;
import org.agentcommerce.catalog.spi.MerchantCatalogConnector;
import org.agentcommerce.catalog.spi.Page;
import org.agentcommerce.catalog.spi.ProductSnapshot;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Cache-first sourcing of the catalogs that live on a merchant's platform ({@code catalog_source}
 * with a {@link MerchantCatalogConnector}, such as {@code shopify}): before a read, decides from
 * the caller's {@link SeedPolicy} and the age of the stored copy whether to read the platform now,
 * serve the stored copy, or serve it and refresh it in the background. A sync reads every page,
 * stores it through the {@link ProductWriter} and refreshes the search index, so the very next read
 * sees it. Merchants whose catalog is local are never read from anywhere.
 *
 * <p>At most one sync per merchant runs on a node at a time (a request that finds one running waits
 * for it and uses its result); the writer's row lock on the merchant orders syncs across nodes.
 */
@ApplicationScoped
public class CatalogSourcing {

  private static final Logger LOG = Logger.getLogger(CatalogSourcing.class.getName());

  /** Products asked for per platform page. */
  public static final int PAGE_SIZE = 250;

  /** Pages read at most per sync: beyond that the listing is stored as partial. */
  public static final int MAX_PAGES = 40;

  /** How long a request waits for another request's sync of the same merchant. */
  static final Duration LOCK_WAIT = Duration.ofSeconds(30);

  static final String DEFAULT_MARKET = "US";

  /**
   * What a read will be served from.
   *
   * @param source {@code cache} (the stored copy, fresh), {@code realtime} (read from the platform
   *     during this call) or {@code cache_stale} (the stored copy, older than the TTL or never
   *     synced, because the policy forbade a platform read or the platform failed)
   * @param refreshed whether this call stored a new copy
   * @param warning why the copy may be stale, for the client; null when there is nothing to say
   */
  public record Outcome(String source, boolean refreshed, String warning) {

    public static final String CACHE = "cache";
    public static final String REALTIME = "realtime";
    public static final String CACHE_STALE = "cache_stale";
  }

  /**
   * How far a caller lets a read go to the merchant's platform: the {@code allow_external_seed},
   * {@code allow_stale_cache}, {@code external_seed_strategy} and {@code fast_mode} parameters.
   *
   * @param allowExternalSeed false: never read the platform
   * @param allowStaleCache false: a stale copy is read again now rather than served
   * @param strategy {@code legacy} or {@code cache_first} (read the platform on a miss, or when
   *     stale and stale is not allowed), {@code realtime_first} (always read the platform), {@code
   *     cache_only} (never); null or blank is {@code legacy}
   * @param fastMode true: never read the platform
   */
  public record SeedPolicy(
      boolean allowExternalSeed, boolean allowStaleCache, String strategy, boolean fastMode) {

    public static final String LEGACY = "legacy";
    public static final String CACHE_FIRST = "cache_first";
    public static final String REALTIME_FIRST = "realtime_first";
    public static final String CACHE_ONLY = "cache_only";
    public static final Set<String> STRATEGIES =
        Set.of(LEGACY, CACHE_FIRST, REALTIME_FIRST, CACHE_ONLY);

    public static final SeedPolicy DEFAULT = new SeedPolicy(true, true, LEGACY, false);

    public SeedPolicy {
      strategy =
          strategy == null || strategy.isBlank()
              ? LEGACY
              : strategy.strip().toLowerCase(Locale.ROOT);
      if (!STRATEGIES.contains(strategy)) {
        throw new IllegalArgumentException("Unknown external seed strategy: " + strategy);
      }
    }

    /** Whether this policy forbids reading the platform at all. */
    boolean neverCallsOut() {
      return fastMode || !allowExternalSeed || CACHE_ONLY.equals(strategy);
    }
  }

  private static final Outcome CACHED = new Outcome(Outcome.CACHE, false, null);

  @Inject MerchantDirectory merchants;
  @Inject ProductWriter writer;
  @Inject CatalogIndex index;
  @Inject Clock clock;
  @Inject Instance<MerchantCatalogConnector> connectors;

  @Inject
  @ConfigProperty(name = "ac.catalog.cache-ttl", defaultValue = "PT15M")
  Duration cacheTtl;

  @Resource ManagedExecutorService executor;

  private final ConcurrentHashMap<String, MerchantSync> syncs = new ConcurrentHashMap<>();
  private final Set<String> backgroundInFlight = ConcurrentHashMap.newKeySet();

  /**
   * Orders store-and-index steps on this node, so that products are committed in the order of their
   * {@code updated_at}: the index picks up changes past a watermark and would skip an older
   * timestamp committed after a newer one.
   */
  private final Object storeLock = new Object();

  /**
   * Makes the merchant's stored catalog as fresh as the policy asks, reading its platform when it
   * must. Unknown, inactive and local-catalog merchants are answered {@code cache} at once, without
   * any I/O (the caller reports an unknown merchant itself).
   *
   * @param policy null is {@link SeedPolicy#DEFAULT}
   * @throws ApiException 502 {@code MERCHANT_CATALOG_UNAVAILABLE} when the platform had to be read,
   *     failed, and nothing is cached; 503 {@code TEMPORARY_UNAVAILABLE} when another sync of the
   *     merchant took too long to wait for and nothing is cached
   */
  public Outcome ensureFresh(String merchantId, SeedPolicy policy) {
    SeedPolicy p = policy == null ? SeedPolicy.DEFAULT : policy;
    MerchantDirectory.Entry merchant =
        merchantId == null ? null : merchants.find(merchantId).orElse(null);
    if (merchant == null || !merchant.isActive()) {
      return CACHED;
    }
    Optional<MerchantCatalogConnector> connector = connectorFor(merchant.catalogSource());
    if (connector.isEmpty()) {
      return CACHED;
    }
    Optional<Instant> synced = writer.syncedAt(merchant.id());
    boolean stale = isStale(synced, clock.instant());
    if (p.neverCallsOut()) {
      return stale ? new Outcome(Outcome.CACHE_STALE, false, staleWarning(synced)) : CACHED;
    }
    if (!SeedPolicy.REALTIME_FIRST.equals(p.strategy())) {
      if (!stale) {
        return CACHED;
      }
      if (synced.isPresent() && p.allowStaleCache()) {
        refreshInBackground(merchant, connector.get());
        return new Outcome(
            Outcome.CACHE_STALE, false, staleWarning(synced) + "; a refresh has been started");
      }
    }
    return syncNow(merchant, connector.get());
  }

  /** The connector for a catalog source, if there is one ({@code local} has none). */
  Optional<MerchantCatalogConnector> connectorFor(String source) {
    if (source == null || source.isBlank() || connectors == null) {
      return Optional.empty();
    }
    String wanted = source.strip();
    if ("local".equalsIgnoreCase(wanted)) {
      return Optional.empty(); // our database is the catalog: nothing to sync from
    }
    for (MerchantCatalogConnector c : connectors) {
      if (wanted.equalsIgnoreCase(c.source())) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  private boolean isStale(Optional<Instant> synced, Instant now) {
    return synced.isEmpty() || synced.get().isBefore(now.minus(cacheTtl));
  }

  private static String staleWarning(Optional<Instant> synced) {
    return synced
        .map(at -> "the merchant's catalog was last read from its platform at " + at)
        .orElse("the merchant's catalog has not been read from its platform yet");
  }

  /** Syncs now, or waits for the sync another request has under way and uses its result. */
  private Outcome syncNow(MerchantDirectory.Entry merchant, MerchantCatalogConnector connector) {
    MerchantSync state = syncFor(merchant.id());
    long seen = state.completed;
    boolean locked;
    try {
      locked = state.lock.tryLock(LOCK_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      locked = false;
    }
    if (!locked) {
      return busy(merchant);
    }
    try {
      if (state.completed != seen) {
        // Read from the platform while this request waited: as fresh as reading it again.
        return new Outcome(Outcome.REALTIME, false, null);
      }
      return sync(merchant, connector, state);
    } catch (ConnectorException e) {
      LOG.log(
          Level.INFO,
          () -> "Catalog of merchant " + merchant.id() + " not read: " + e.getMessage());
      return unavailable(merchant, e);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Catalog of merchant " + merchant.id() + " not stored", e);
      if (writer.activeProductCount(merchant.id()) > 0) {
        return new Outcome(
            Outcome.CACHE_STALE,
            false,
            "the merchant's catalog could not be refreshed; serving the stored copy");
      }
      throw e;
    } finally {
      state.lock.unlock();
    }
  }

  /**
   * Reads every page of the platform listing (at most {@link #MAX_PAGES}), stores it, refreshes the
   * index and the merchant directory. The caller holds the merchant's lock.
   */
  private Outcome sync(
      MerchantDirectory.Entry merchant, MerchantCatalogConnector connector, MerchantSync state)
      throws ConnectorException {
    ConnectorTarget target = target(merchant, connector);
    long start = System.nanoTime();
    List<ProductSnapshot> products = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Page page = connector.listProducts(target, PAGE_SIZE, cursor);
      products.addAll(page.products());
      cursor = page.nextCursor();
      pages++;
    } while (cursor != null && pages < MAX_PAGES);
    boolean complete = cursor == null;
    String market = market(merchant);
    synchronized (storeLock) {
      writer.replaceMerchantCatalog(merchant.id(), products, market, clock.instant(), complete);
      refreshIndex();
    }
    state.completed++;
    merchants.invalidate();
    int count = products.size();
    int pageCount = pages;
    LOG.info(
        () ->
            String.format(
                "Catalog of merchant %s read from %s: %d products in %d pages, %d ms%s",
                merchant.id(),
                connector.source(),
                count,
                pageCount,
                (System.nanoTime() - start) / 1_000_000,
                complete ? "" : " (partial: page limit reached)"));
    return new Outcome(
        Outcome.REALTIME,
        true,
        complete
            ? null
            : "only the first "
                + count
                + " products of the merchant's platform were read; the rest are as stored");
  }

  /** Makes what was just stored visible to the next read. */
  void refreshIndex() {
    try {
      index.refresh();
    } catch (RuntimeException e) {
      // Stored all the same; the periodic refresh will index it.
      LOG.log(Level.WARNING, "Catalog index refresh after a sync failed", e);
    }
  }

  /** The store to read: the merchant's catalog URL, in its default currency. */
  private static ConnectorTarget target(
      MerchantDirectory.Entry merchant, MerchantCatalogConnector connector)
      throws ConnectorException {
    String base = merchant.catalogBaseUrl();
    try {
      if (base == null || base.isBlank()) {
        throw new IllegalArgumentException("no catalog_base_url");
      }
      String currency = merchant.currency() == null ? "USD" : merchant.currency();
      return new ConnectorTarget(merchant.id(), URI.create(base.strip()), currency);
    } catch (IllegalArgumentException e) {
      throw new ConnectorException(
          ConnectorException.Kind.INVALID_RESPONSE,
          "merchant "
              + merchant.id()
              + " has no usable "
              + connector.source()
              + " catalog address: "
              + e.getMessage(),
          e);
    }
  }

  /**
   * The market the platform's prices are offered in: among the merchant's market capabilities the
   * one equal to its region, else the first whose currency is the merchant's, else the first in
   * alphabetical order; {@code US} when it has none.
   */
  static String market(MerchantDirectory.Entry merchant) {
    List<String> markets =
        merchant.capabilities().getOrDefault("market", Set.of()).stream()
            .map(m -> m.strip().toUpperCase(Locale.ROOT))
            .filter(m -> !m.isEmpty() && m.length() <= 8)
            .sorted()
            .toList();
    if (markets.isEmpty()) {
      return DEFAULT_MARKET;
    }
    String region = merchant.region() == null ? "" : merchant.region().toUpperCase(Locale.ROOT);
    if (markets.contains(region)) {
      return region;
    }
    for (String m : markets) {
      if (merchant.currency() != null && merchant.currency().equals(currencyOf(m))) {
        return m;
      }
    }
    return markets.get(0);
  }

  private static String currencyOf(String country) {
    try {
      Currency c = Currency.getInstance(new Locale("", country));
      return c == null ? null : c.getCurrencyCode();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The platform failed: the stored copy when there is one, else 502. */
  private Outcome unavailable(MerchantDirectory.Entry merchant, ConnectorException e) {
    String kind = e.kind().name().toLowerCase(Locale.ROOT);
    if (writer.activeProductCount(merchant.id()) > 0) {
      return new Outcome(Outcome.CACHE_STALE, false, "merchant platform unavailable: " + kind);
    }
    Map<String, Object> context = new LinkedHashMap<>();
    context.put("merchant_id", merchant.id());
    context.put("retriable", e.retriable());
    OptionalLong retryAfter = e.retryAfterSeconds();
    throw new ApiException(
        502,
        "MERCHANT_CATALOG_UNAVAILABLE",
        "The catalog of merchant "
            + merchant.id()
            + " could not be read from its platform ("
            + kind
            + ") and no copy is stored.",
        context,
        retryAfter.isPresent()
            ? Map.of("Retry-After", Long.toString(retryAfter.getAsLong()))
            : Map.of());
  }

  /** Another sync of the merchant is taking too long to wait for. */
  private Outcome busy(MerchantDirectory.Entry merchant) {
    if (writer.activeProductCount(merchant.id()) > 0) {
      return new Outcome(
          Outcome.CACHE_STALE,
          false,
          "the merchant's catalog is being read from its platform; serving the stored copy");
    }
    Map<String, Object> context = new LinkedHashMap<>();
    context.put("merchant_id", merchant.id());
    context.put("retriable", true);
    throw new ApiException(
        503,
        "TEMPORARY_UNAVAILABLE",
        "The catalog of merchant "
            + merchant.id()
            + " is being read from its platform; retry"
            + " shortly.",
        context,
        Map.of("Retry-After", "5"));
  }

  /** Refreshes a stale copy after the answer, at most one per merchant at a time. */
  private void refreshInBackground(
      MerchantDirectory.Entry merchant, MerchantCatalogConnector connector) {
    String id = merchant.id();
    if (executor == null || !backgroundInFlight.add(id)) {
      return;
    }
    try {
      executor.execute(
          () -> {
            try {
              refreshQuietly(merchant, connector);
            } finally {
              backgroundInFlight.remove(id);
            }
          });
    } catch (RejectedExecutionException e) {
      backgroundInFlight.remove(id);
      LOG.log(Level.WARNING, "Background catalog refresh of merchant " + id + " not started", e);
    }
  }

  private void refreshQuietly(
      MerchantDirectory.Entry merchant, MerchantCatalogConnector connector) {
    MerchantSync state = syncFor(merchant.id());
    if (!state.lock.tryLock()) {
      return; // a request is syncing it right now
    }
    try {
      if (!isStale(writer.syncedAt(merchant.id()), clock.instant())) {
        return;
      }
      sync(merchant, connector, state);
    } catch (ConnectorException e) {
      LOG.log(
          Level.INFO,
          () ->
              "Background catalog refresh of merchant "
                  + merchant.id()
                  + " failed: "
                  + e.getMessage());
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING, "Background catalog refresh of merchant " + merchant.id() + " failed", e);
    } finally {
      state.lock.unlock();
    }
  }

  private MerchantSync syncFor(String merchantId) {
    return syncs.computeIfAbsent(merchantId, k -> new MerchantSync());
  }

  /** One merchant's sync lock, and how many syncs of it completed on this node. */
  private static final class MerchantSync {
    final ReentrantLock lock = new ReentrantLock();

    /** Written under the lock only. */
    volatile long completed;
  }
}
