package org.agentcommerce.catalog.domain.product;

import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/** Reads stored products in bulk, for building and refreshing the search index. */
public interface ProductReader {

  /** Every product, in batches, in id order; returns how many were read. */
  long readAll(Consumer<List<ProductRecord>> batch);

  /** Which product changed when: an id and its {@code updated_at}. */
  record Change(String id, Instant updatedAt) {}

  /** How many products are stored (what {@link #readAll} would read now). */
  default long count() {
    return allIds().size();
  }

  /** Ids and times of products changed after {@code since}, oldest first: a cheap look. */
  List<Change> changesSince(Instant since, int limit);

  /** These products (those still stored), in any order. */
  List<ProductRecord> read(List<String> ids);

  /** One merchant's products in id order after {@code afterId} ("" for the first page). */
  List<ProductRecord> readMerchant(String merchantId, String afterId, int limit);

  /** Ids of every stored product: to find the ones deleted since the index was built. */
  List<String> allIds();

  /**
   * Names the database the products are read from, the same for every node and every restart of it:
   * an index built from another database must not be reused. Null when the store cannot name itself
   * (then no stored index is ever reused).
   */
  default String identity() {
    return null;
  }
}
