package org.agentcommerce.catalog.spi;

import java.util.List;

/** One page of products; {@code nextCursor} is null when there are no more pages. */
public record Page(List<ProductSnapshot> products, String nextCursor) {

  public Page {
    products = products == null ? List.of() : List.copyOf(products);
  }

  public boolean hasMore() {
    return nextCursor != null;
  }
}
