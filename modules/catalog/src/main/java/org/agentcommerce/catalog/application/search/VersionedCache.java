package org.agentcommerce.catalog.application.search;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.apache.lucene.search.IndexSearcher;

/**
 * What was computed from one version of the catalog index, least recently used dropped first once
 * the weights of the entries pass the capacity (count entries with a weight of one each, or bytes).
 * A searcher on a newer version empties it; one on an older version computes without caching, so an
 * entry is never used with a searcher of another version.
 */
final class VersionedCache<K, V> {

  private final long capacity;
  private final ToLongFunction<V> weight;
  private final LinkedHashMap<K, V> entries = new LinkedHashMap<>(64, 0.75f, true);
  private long version = Long.MIN_VALUE;
  private long weights;

  VersionedCache(long capacity, ToLongFunction<V> weight) {
    this.capacity = capacity;
    this.weight = weight;
  }

  /** The value of {@code key} in the searcher's index version, computed once per version. */
  V get(IndexSearcher searcher, K key, Function<K, V> compute) {
    V known = find(searcher, key);
    if (known != null) {
      return known;
    }
    V computed = compute.apply(key);
    put(searcher, key, computed);
    return computed;
  }

  /** The value kept for {@code key} in the searcher's index version, or null. */
  V find(IndexSearcher searcher, K key) {
    long v = CatalogIndex.version(searcher);
    synchronized (this) {
      if (v > version) {
        entries.clear();
        weights = 0;
        version = v;
      }
      return v == version ? entries.get(key) : null;
    }
  }

  /** Keeps {@code value} for {@code key} if the searcher reads the version the cache holds. */
  void put(IndexSearcher searcher, K key, V value) {
    long v = CatalogIndex.version(searcher);
    long w = weight.applyAsLong(value);
    if (w > capacity) {
      return;
    }
    synchronized (this) {
      if (v == version) {
        V old = entries.put(key, value);
        weights += w - (old == null ? 0 : weight.applyAsLong(old));
        var eldest = entries.entrySet().iterator();
        while (weights > capacity && eldest.hasNext()) {
          Map.Entry<K, V> e = eldest.next();
          weights -= weight.applyAsLong(e.getValue());
          eldest.remove();
        }
      }
    }
  }
}
