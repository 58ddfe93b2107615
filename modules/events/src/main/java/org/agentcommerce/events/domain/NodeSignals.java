package org.agentcommerce.events.domain;

import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * How the nodes of a cluster tell each other that they put events on the timeline, so that other
 * nodes' long-poll waiters wake at once instead of at their next database poll. Best effort: a lost
 * signal costs latency, never an event (every node reads the timeline itself).
 */
public interface NodeSignals {

  /**
   * Joins the channel {@code name} as {@code node} when the nodes share one (empty otherwise: the
   * database poll alone carries other nodes' events); {@code onSignal} gets the last timeline id
   * each other node announces, on a thread of the channel's: it must return at once.
   */
  Optional<Channel> join(String name, String node, LongConsumer onSignal);

  /** A joined channel. */
  interface Channel extends AutoCloseable {

    /** Tells the other nodes that events up to {@code lastId} are on the timeline. */
    void publish(long lastId);

    @Override
    void close();
  }
}
