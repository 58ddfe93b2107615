package org.agentcommerce.catalog.application.search;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.domain.product.ProductReader;

/**
 * Which product changes the index has seen: the watermark (the newest {@code updated_at} indexed)
 * and the products indexed within the overlap window behind it, with the {@code updated_at} they
 * had. A transaction that commits late can carry an {@code updated_at} older than rows already
 * read: each refresh re-reads {@link #OVERLAP} behind the watermark, and only the products not yet
 * indexed at that time are loaded and indexed. Used under the index's lock.
 */
final class ChangeWindow {

  /** How far behind the watermark each refresh re-reads. */
  static final Duration OVERLAP = Duration.ofSeconds(5);

  /** Products indexed by refresh within the overlap window, with the updated_at they had. */
  private final Map<String, Instant> recent = new HashMap<>();

  private volatile Instant watermark = Instant.EPOCH;

  Instant watermark() {
    return watermark;
  }

  /** Where the next look for changes starts: a short window behind the watermark. */
  Instant since() {
    return watermark.minus(OVERLAP);
  }

  /**
   * After a build that indexed products up to {@code newest}: what it indexed near the watermark
   * ({@code seen}: id → updated_at) counts as indexed for the refresh's overlap.
   */
  void built(Instant newest, Map<String, Instant> seen) {
    watermark = newest;
    Instant horizon = watermark.minus(OVERLAP).minus(OVERLAP);
    recent.clear();
    seen.forEach(
        (id, at) -> {
          if (!at.isBefore(horizon)) {
            recent.put(id, at);
          }
        });
  }

  /**
   * After a restart over a stored index up to date with {@code watermark}, which holds {@code
   * indexed} (id → updated_at) near it: the first refresh re-indexes only the products that
   * changed.
   */
  void resumed(Instant watermark, Map<String, Instant> indexed) {
    this.watermark = watermark;
    recent.clear();
    recent.putAll(indexed);
  }

  /** The ids of the changes not yet indexed at that updated_at, in their order. */
  List<String> unseen(List<ProductReader.Change> changes) {
    List<String> ids = new ArrayList<>();
    for (ProductReader.Change change : changes) {
      if (!change.updatedAt().equals(recent.get(change.id()))) {
        ids.add(change.id());
      }
    }
    return ids;
  }

  /**
   * Counts {@code changes} as seen, of which {@code indexed} were just indexed, and moves the
   * watermark; answers the newest updated_at indexed so far ({@code newestIndexed} or later).
   */
  Instant saw(List<ProductReader.Change> changes, List<String> indexed, Instant newestIndexed) {
    for (ProductReader.Change change : changes) {
      if (indexed.contains(change.id())
          && (newestIndexed == null || change.updatedAt().isAfter(newestIndexed))) {
        newestIndexed = change.updatedAt();
      }
      recent.put(change.id(), change.updatedAt());
      if (change.updatedAt().isAfter(watermark)) {
        watermark = change.updatedAt();
      }
    }
    Instant horizon = watermark.minus(OVERLAP).minus(OVERLAP);
    recent.values().removeIf(at -> at.isBefore(horizon));
    return newestIndexed;
  }
}
