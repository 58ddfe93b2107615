package org.agentcommerce.catalog.api;

import java.util.List;

/**
 * What is known about a product: whether it was reviewed, what it is best for and why; every claim
 * carries its evidence.
 */
public record IntelView(
    String productId, boolean reviewed, String bestFor, String why, List<Claim> claims) {

  /** A claim and the citation it rests on. */
  public record Claim(String claim, Evidence evidence) {}

  /** The citation behind a claim. */
  public record Evidence(
      String citationId, String kind, String title, String publisher, String url) {}
}
