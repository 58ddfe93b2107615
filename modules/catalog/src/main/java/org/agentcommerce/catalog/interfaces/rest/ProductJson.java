package org.agentcommerce.catalog.interfaces.rest;

import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.platform.api.RecordJson;

/**
 * A product's JSON with a gap for its relevance score: written once per rendered product (see
 * {@code RenderedProduct}) and reused by every page that shows it, with that page's score. The same
 * text as {@link RecordJson} writes for the product with the score ({@code RecordJsonTest}).
 */
record ProductJson(String head, String tail) {

  private static final String GAP = "\"relevance_score\":null";

  /** The template of a product without a score. */
  static ProductJson of(ProductView scoreless) {
    if (scoreless.relevanceScore() != null) {
      throw new IllegalArgumentException("a template is made from a product without a score");
    }
    String json = RecordJson.text(scoreless);
    // Quotes inside string values are escaped, so the unescaped key is the product's own.
    int at = json.indexOf(GAP);
    if (at < 0 || json.indexOf(GAP, at + 1) >= 0) {
      throw new IllegalStateException("no single relevance_score in a product's JSON");
    }
    return new ProductJson(
        json.substring(0, at + GAP.length() - "null".length()), json.substring(at + GAP.length()));
  }

  /** The product's JSON with {@code score} (null: none). */
  void write(StringBuilder out, Double score) {
    out.append(head);
    if (score == null) {
      out.append("null");
    } else {
      // As RecordJson writes a Double.
      out.append(score.doubleValue());
    }
    out.append(tail);
  }
}
