package org.agentcommerce.events.domain;

import java.util.List;

/** The order event timeline as stored: read in id order, which is commit order. */
public interface Timeline {

  /** The events the query sees, ascending id, at most its limit. */
  List<TimelineEvent> page(TimelineQuery query);

  /** Ids and agents of every event after {@code afterId}, ascending, at most {@code max}. */
  List<Appended> appendedSince(long afterId, int max);

  /** The largest id on the timeline, 0 when empty. */
  long lastId();

  /** An event's place and owner, enough to wake the agent's waiters. */
  record Appended(long id, String agentId) {}
}
