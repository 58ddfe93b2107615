package org.agentcommerce.platform.domain.agent;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Agents and their keys. */
public interface AgentRepository {

  Optional<Agent> findById(String agentId);

  Optional<Agent> findByEmail(String email);

  /**
   * The agent, with its row locked until the transaction ends ({@code SELECT ... FOR UPDATE}): the
   * lock that serializes an agent's key changes and buyer merges on every node. It must be the
   * transaction's first read, so that later reads see every change committed while it waited.
   */
  Optional<Agent> lockById(String agentId);

  Optional<ApiKey> findKeyByHash(String keyHash);

  List<ApiKey> findUsableKeys(String agentId, Instant now);

  /** One of the agent's keys; keys of other agents are not found. */
  Optional<ApiKey> findKey(String agentId, String keyId);

  /** The agent's most recent keys, newest first, whatever their state. */
  List<ApiKey> findKeys(String agentId, int max);

  void add(Agent agent);

  void add(ApiKey key);
}
