package org.agentcommerce.catalog.application.search;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Recently answered search pages of this node, least recently used dropped first. A page is keyed
 * by its criteria, the merchants searched and the index version it was read from, so a refresh of
 * the index (any product change on any node, within one refresh interval) retires every page read
 * before it: the cache never answers with a catalog older than the index itself. Size: {@code
 * ac.search.cache-entries} (0 switches it off).
 */
@ApplicationScoped
public class SearchPageCache {

  @Inject
  @ConfigProperty(name = "ac.search.cache-entries", defaultValue = "1000")
  int capacity;

  private Map<ProductSearchService.PageKey, ProductSearchService.Page> pages;
  private long version = Long.MIN_VALUE;

  @PostConstruct
  void init() {
    pages =
        new LinkedHashMap<>(64, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(
              Map.Entry<ProductSearchService.PageKey, ProductSearchService.Page> eldest) {
            return size() > capacity;
          }
        };
  }

  /** The page cached for this key, or null. */
  public ProductSearchService.Page get(ProductSearchService.PageKey key) {
    // Switched off, a search takes no lock: every search thread would queue on it for nothing.
    if (capacity <= 0) {
      return null;
    }
    synchronized (this) {
      retireOlderThan(key.indexVersion());
      return pages.get(key);
    }
  }

  public void put(ProductSearchService.PageKey key, ProductSearchService.Page page) {
    if (capacity <= 0) {
      return;
    }
    synchronized (this) {
      retireOlderThan(key.indexVersion());
      if (key.indexVersion() == version) {
        pages.put(key, page);
      }
    }
  }

  public synchronized int size() {
    return pages.size();
  }

  private void retireOlderThan(long indexVersion) {
    if (indexVersion > version) {
      pages.clear();
      version = indexVersion;
    }
  }
}
