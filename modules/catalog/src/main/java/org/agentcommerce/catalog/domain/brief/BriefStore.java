package org.agentcommerce.catalog.domain.brief;

import java.time.Instant;
import java.util.Optional;

/** Where built briefs are kept; each is readable only by the agent that built it. */
public interface BriefStore {

  /** A brief as stored: the document is the brief JSON exactly as the agent received it. */
  record StoredBrief(
      String id,
      String agentId,
      String schemaVersion,
      String rawQuery,
      String document,
      Instant createdAt) {}

  void save(StoredBrief brief);

  Optional<StoredBrief> find(String agentId, String briefId);
}
