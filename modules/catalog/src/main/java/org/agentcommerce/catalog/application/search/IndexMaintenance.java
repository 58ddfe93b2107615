package org.agentcommerce.catalog.application.search;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Makes the catalog index ready once the schema is ready — the index this node kept, brought up to
 * date, or else a full build (in the background: readiness says DOWN until it is done) — then picks
 * up changed products every {@code ac.catalog.index.refresh-interval} and drops deleted ones every
 * {@code ac.catalog.index.prune-interval}. Every node does this for itself, so a change made
 * through any node reaches all of them within one interval.
 */
@ApplicationScoped
public class IndexMaintenance {

  private static final Logger LOG = Logger.getLogger(IndexMaintenance.class.getName());

  @Inject CatalogIndex index;
  @Inject ProductSearchService search;
  @Inject jakarta.enterprise.event.Event<SearchWarmingUp> warming;

  @Inject
  @ConfigProperty(name = "ac.catalog.index.warm-up", defaultValue = "PT5S")
  Duration warmUp;

  private volatile boolean warm;
  private int failedBuilds;

  @Inject
  @ConfigProperty(name = "ac.catalog.index.refresh-interval", defaultValue = "PT2S")
  Duration refreshInterval;

  @Inject
  @ConfigProperty(name = "ac.catalog.index.prune-interval", defaultValue = "PT5M")
  Duration pruneInterval;

  /** How old the fleet's copy of the index may grow before a node publishes a new one. */
  @Inject
  @ConfigProperty(name = "ac.search.index-seed-interval", defaultValue = "PT15M")
  Duration seedInterval;

  @Resource ManagedScheduledExecutorService scheduler;

  private final List<ScheduledFuture<?>> tasks = new ArrayList<>();

  void onSchemaReady(@Observes SchemaReady ready) {
    scheduler.execute(this::buildThenMaintain);
  }

  private void buildThenMaintain() {
    java.time.Instant began = java.time.Instant.now();
    CatalogIndex.BuildReport started;
    try {
      started = index.start();
    } catch (RuntimeException e) {
      // The first build runs while the container may still be deploying the application, and a
      // class it loads then can fail to load ("zip file closed", seen once in CI): try again soon
      // once, then every 15 s.
      int delay = failedBuilds++ == 0 ? 2 : 15;
      LOG.log(Level.SEVERE, "Catalog index build failed; retrying in " + delay + " s", e);
      scheduler.schedule(this::buildThenMaintain, delay, TimeUnit.SECONDS);
      return;
    }
    try {
      long t0 = System.nanoTime();
      int ran = search.warmUp(warmUp, 400);
      LOG.info(
          () ->
              String.format(
                  "Catalog search warmed up: %d searches in %d ms",
                  ran, (System.nanoTime() - t0) / 1_000_000));
      warming.fire(new SearchWarmingUp((int) index.lastBuild().products()));
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Catalog search warm-up failed; serving cold", e);
    } finally {
      warm = true;
    }
    synchronized (tasks) {
      tasks.add(
          scheduler.scheduleWithFixedDelay(
              () -> quietly("refresh", index::refresh),
              refreshInterval.toMillis(),
              refreshInterval.toMillis(),
              TimeUnit.MILLISECONDS));
      tasks.add(
          scheduler.scheduleWithFixedDelay(
              () -> quietly("prune", index::prune),
              pruneInterval.toMillis(),
              pruneInterval.toMillis(),
              TimeUnit.MILLISECONDS));
      // A node that had to build publishes its copy at once (unless another did since it began);
      // then whichever node finds the copy older than the interval publishes the next.
      if (started.source() == IndexSource.DATABASE) {
        scheduler.execute(() -> quietly("publish", () -> index.publishSeed(began) ? 1 : 0));
      }
      tasks.add(
          scheduler.scheduleWithFixedDelay(
              () ->
                  quietly(
                      "publish",
                      () -> index.publishSeed(java.time.Instant.now().minus(seedInterval)) ? 1 : 0),
              seedInterval.toMillis(),
              seedInterval.toMillis(),
              TimeUnit.MILLISECONDS));
    }
  }

  /** Whether the index is built and the search path warmed up: the node may take traffic. */
  public boolean isReady() {
    return warm && index.isReady();
  }

  private static void quietly(String what, java.util.function.IntSupplier work) {
    try {
      int changed = work.getAsInt();
      if (changed > 0) {
        LOG.fine(() -> "Catalog index " + what + ": " + changed + " products");
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Catalog index " + what + " failed; will retry", e);
    }
  }

  @PreDestroy
  void stop() {
    synchronized (tasks) {
      tasks.forEach(t -> t.cancel(false));
      tasks.clear();
    }
  }
}
