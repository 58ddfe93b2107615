package org.agentcommerce.checkout.interfaces.jmx;

/**
 * {@code org.agentcommerce:type=PartnerPoller}: this node's partner purchase poller. Stopping it is
 * what a node going down does to its polling: steps under way finish, and the purchases wait in the
 * database for a run on any node (this one after start, or another).
 */
public interface PartnerPollerMXBean {

  /** Whether this node polls on its schedule. */
  boolean isScheduled();

  /** Starts scheduled polling on this node; answers what it did. */
  String start();

  /** Stops scheduled polling on this node; answers what it did. */
  String stop();

  /** One poll run on the calling thread until nothing is due; answers the steps it took. */
  int runOnce();
}
