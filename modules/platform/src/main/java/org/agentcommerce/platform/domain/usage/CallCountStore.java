package org.agentcommerce.platform.domain.usage;

import java.time.Instant;
import java.util.List;
import org.agentcommerce.platform.api.CallCounts.HourlyCount;

/** Where counted calls are kept: one row per agent, kind of call and hour. */
public interface CallCountStore {

  /** One hour's count to add to an agent's row. */
  record Increment(String agentId, HourlyCount count) {}

  /** Adds every increment in one transaction (creating rows as needed); all or nothing. */
  void add(List<Increment> increments);

  /** The agent's rows of hours starting at or after {@code fromHour}. */
  List<HourlyCount> read(String agentId, Instant fromHour);

  /** Deletes rows of hours before {@code hour}; answers how many. */
  int purgeBefore(Instant hour);
}
