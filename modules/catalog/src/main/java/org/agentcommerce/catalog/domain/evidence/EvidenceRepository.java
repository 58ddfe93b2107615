package org.agentcommerce.catalog.domain.evidence;

import java.util.List;
import java.util.Optional;

/** Citations, and the intel about products that rests on them. */
public interface EvidenceRepository {

  List<Citation> allCitations();

  Optional<Citation> citation(String id);

  /** The intel block of a product, with its claims in order. */
  Optional<Intel> intel(String productId);

  /** What is known about a product, every claim with its evidence. */
  record Intel(
      String productId, boolean reviewed, String bestFor, String why, List<Claim> claims) {}

  /** One claim and the citation it rests on. */
  record Claim(String claim, Citation citation) {}
}
