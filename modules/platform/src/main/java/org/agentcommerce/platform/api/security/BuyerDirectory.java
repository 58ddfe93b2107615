package org.agentcommerce.platform.api.security;

import java.util.List;

/** What a buyer reference means for an agent, after the agent's merges. */
public interface BuyerDirectory {

  /** The canonical reference this one resolves to for the agent (itself when never merged). */
  BuyerRef canonical(String agentId, BuyerRef ref);

  /**
   * The canonical reference and every reference merged into it, for lookups that must include
   * aliases (a buyer's orders). Never empty.
   */
  List<String> equivalents(String agentId, BuyerRef ref);
}
