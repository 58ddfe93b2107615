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
    long v = CatalogIndex.version(searcher);
    synchronized (this) {
      if (v > version) {
        entries.clear();
        weights = 0;
        version = v;
      }
      V known = v == version ? entries.get(key) : null;
      if (known != null) {
        return known;
      }
    }
    V computed = compute.apply(key);
    long w = weight.applyAsLong(computed);
    if (w > capacity) {
      return computed;
    }
    synchronized (this) {
      if (v == version) {
        V old = entries.put(key, computed);
        weights += w - (old == null ? 0 : weight.applyAsLong(old));
        var eldest = entries.entrySet().iterator();
        while (weights > capacity && eldest.hasNext()) {
          Map.Entry<K, V> e = eldest.next();
          weights -= weight.applyAsLong(e.getValue());
          eldest.remove();
        }
      }
    }
    return computed;
  }
}
