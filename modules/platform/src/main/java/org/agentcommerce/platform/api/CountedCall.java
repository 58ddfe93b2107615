package org.agentcommerce.platform.api;

/**
 * The kinds of agent call the query analytics count (docs/analytics.md), each under the name the
 * analytics answer shows.
 */
public enum CountedCall {
  /** {@code GET /agent/v1/products/search}. */
  CATALOG_SEARCH("catalog_searches"),
  /** {@code GET /agent/v1/products/{merchant_id}/{product_id}}. */
  PRODUCT_READ("product_reads"),
  /** {@code POST /agent/v1/cart/validate}. */
  CART_VALIDATION("cart_validations"),
  /** {@code POST /agent/v1/quotes/preview}. */
  QUOTE("quotes");

  private final String wireName;

  CountedCall(String wireName) {
    this.wireName = wireName;
  }

  /** The name in the analytics answer and in the {@code agent_call_counts} table. */
  public String wireName() {
    return wireName;
  }

  /** The kind stored under {@code wireName}; empty for a name this version does not know. */
  public static java.util.Optional<CountedCall> ofWireName(String wireName) {
    for (CountedCall c : values()) {
      if (c.wireName.equals(wireName)) {
        return java.util.Optional.of(c);
      }
    }
    return java.util.Optional.empty();
  }
}
