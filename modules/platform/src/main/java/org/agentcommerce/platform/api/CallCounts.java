package org.agentcommerce.platform.api;

import java.time.Instant;
import java.util.List;

/**
 * Read port of the agents' counted calls ({@link CountsAs}), per hour: what has reached the
 * database plus what this node has counted and not yet written.
 */
public interface CallCounts {

  /** One hour's count of one kind of call. {@code hour} is the start of the hour (UTC). */
  record HourlyCount(CountedCall call, Instant hour, long count) {}

  /** The agent's counts in the hours starting at or after {@code fromHour}, in no set order. */
  List<HourlyCount> since(String agentId, Instant fromHour);
}
