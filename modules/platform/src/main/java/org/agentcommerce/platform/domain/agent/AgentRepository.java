package org.agentcommerce.platform.domain.agent;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Agents and their keys. */
public interface AgentRepository {

  Optional<Agent> findById(String agentId);

  Optional<Agent> findByEmail(String email);

  Optional<ApiKey> findKeyByHash(String keyHash);

  List<ApiKey> findUsableKeys(String agentId, Instant now);

  void add(Agent agent);

  void add(ApiKey key);
}
