package org.agentcommerce.platform.api;

/**
 * Write port of the query analytics for calls that do not pass a {@link CountsAs} operation (the
 * keyed tool door): counts one answered call of the agent, in memory, written in batches.
 */
public interface CallCounter {

  void record(String agentId, CountedCall call);
}
