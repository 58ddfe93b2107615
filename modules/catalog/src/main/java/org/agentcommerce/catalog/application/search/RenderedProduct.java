package org.agentcommerce.catalog.application.search;

import java.util.function.Function;
import org.agentcommerce.catalog.api.ProductView;

/**
 * A product of a search page as rendered for one market from one version of the index, before a
 * score is added. Pages of that version showing the same product for the same market share it, with
 * what an answer door derives from it (its JSON, say): a product is decoded, rendered and written
 * once per index version while it stays in the cache ({@code ac.search.product-cache-entries}).
 */
public final class RenderedProduct {

  /** A document of one index version, shown in a market (null: each product's home market). */
  record Key(int doc, String market) {}

  private final ProductView view;
  private volatile Object derived;

  RenderedProduct(ProductView view) {
    this.view = view;
  }

  /** The product without a score. */
  public ProductView view() {
    return view;
  }

  /**
   * What {@code compute} derives from the product, computed once per kind and kept with it (one
   * kind at a time: deriving another kind replaces it).
   */
  public <T> T derived(Class<T> kind, Function<ProductView, T> compute) {
    Object known = derived;
    if (kind.isInstance(known)) {
      return kind.cast(known);
    }
    T made = compute.apply(view);
    derived = made;
    return made;
  }
}
