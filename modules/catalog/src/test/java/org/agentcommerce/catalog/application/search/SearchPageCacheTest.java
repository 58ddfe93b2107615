package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SearchPageCacheTest {

  private static SearchPageCache cache(int capacity) {
    SearchPageCache cache = new SearchPageCache();
    cache.capacity = capacity;
    cache.init();
    return cache;
  }

  private static ProductSearchService.PageKey key(String query, long version) {
    SearchCriteria c =
        new SearchCriteria(query, null, null, null, null, null, null, null, Map.of(), 0, 20);
    return new ProductSearchService.PageKey(c, Set.of("merch_a"), version);
  }

  private static ProductSearchService.Page page(long total) {
    return new ProductSearchService.Page(List.of(), total, Set.of("merch_a"));
  }

  @Test
  void sameCriteriaInTheSameIndexVersionIsAnsweredFromTheCache() {
    SearchPageCache cache = cache(10);
    ProductSearchService.Page page = page(3);
    cache.put(key("serum", 7), page);
    assertSame(page, cache.get(key("serum", 7)));
    assertNull(cache.get(key("toner", 7)));
  }

  @Test
  void aNewerIndexVersionRetiresEveryPageReadBeforeIt() {
    SearchPageCache cache = cache(10);
    cache.put(key("serum", 7), page(3));
    assertNull(cache.get(key("serum", 8)));
    assertEquals(0, cache.size());
    // A search that started on the old version must not put its page back.
    cache.put(key("serum", 7), page(3));
    assertNull(cache.get(key("serum", 7)));
  }

  @Test
  void theLeastRecentlyUsedPageGoesFirst() {
    SearchPageCache cache = cache(2);
    cache.put(key("a", 1), page(1));
    cache.put(key("b", 1), page(2));
    cache.get(key("a", 1));
    cache.put(key("c", 1), page(3));
    assertNull(cache.get(key("b", 1)));
    assertEquals(1, cache.get(key("a", 1)).total());
    assertEquals(3, cache.get(key("c", 1)).total());
  }

  @Test
  void capacityZeroSwitchesTheCacheOff() {
    SearchPageCache cache = cache(0);
    cache.put(key("serum", 1), page(3));
    assertNull(cache.get(key("serum", 1)));
  }
}
