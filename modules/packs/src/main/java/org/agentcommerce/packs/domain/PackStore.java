package org.agentcommerce.packs.domain;

import java.time.Instant;
import java.util.Optional;
import org.agentcommerce.packs.api.PackStatus;
import org.agentcommerce.packs.api.Validation;

/** Where packs are kept. */
public interface PackStore {

  void insert(Pack pack);

  Optional<Pack> find(String packId);

  /**
   * Stores a move and a validation result if the pack is still in {@code from}; answers whether it
   * was.
   */
  boolean update(
      String packId,
      PackStatus from,
      PackStatus to,
      Validation validation,
      Instant at,
      Instant validatedAt,
      Instant publishedAt);
}
