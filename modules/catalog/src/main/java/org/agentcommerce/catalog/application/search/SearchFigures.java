package org.agentcommerce.catalog.application.search;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * Search on /metrics (scope application; docs/operations.md, "Metrics"), for this node's index:
 * search latency, page-cache hits and misses, the index's size, how long ago it was last brought up
 * to date and how late the last refresh indexed a change. No label carries a query.
 */
@ApplicationScoped
public class SearchFigures {

  @Inject MetricRegistry metrics;
  @Inject CatalogIndex index;

  private Timer searches;
  private Counter hits;
  private Counter misses;

  void register(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
    searches =
        metrics.timer(
            Metadata.builder()
                .withName("search_duration")
                .withDescription("Product searches answered (page cache included), and their time")
                .withUnit(MetricUnits.SECONDS)
                .build());
    Metadata cache =
        Metadata.builder()
            .withName("search_page_cache")
            .withDescription("Search page-cache lookups, by result (hit, miss)")
            .build();
    hits = metrics.counter(cache, new Tag("result", "hit"));
    misses = metrics.counter(cache, new Tag("result", "miss"));
    gauge(
        "search_index_documents",
        "Products in this node's search index (-1 while it is first built)",
        () -> (double) index.documents());
    gauge(
        "search_index_age_seconds",
        "Seconds since a build or refresh last brought the index up to date (-1 before the first)",
        () -> {
          Instant at = index.upToDateAt();
          return at == null ? -1.0 : Duration.between(at, Instant.now()).toMillis() / 1000.0;
        });
    gauge(
        "search_index_refresh_lag_seconds",
        "Seconds between the newest product change the last refresh indexed and its indexing",
        () -> index.refreshLag().toMillis() / 1000.0);
  }

  private void gauge(String name, String description, Supplier<Double> value) {
    metrics.gauge(Metadata.builder().withName(name).withDescription(description).build(), value);
  }

  void searched(Duration took) {
    if (searches != null) {
      searches.update(took);
    }
  }

  void pageCache(boolean hit) {
    if (hits != null) {
      (hit ? hits : misses).inc();
    }
  }
}
