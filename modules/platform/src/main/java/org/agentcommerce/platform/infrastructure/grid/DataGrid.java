package org.agentcommerce.platform.infrastructure.grid;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This node's view of the data grid it shares with the other nodes, if any: Payara's Hazelcast
 * member when the server runs one (see docs/operations.md, "Scaling out"), otherwise nothing, and
 * every user of the grid falls back to what one node can do alone. Looked up lazily and again at
 * most every ten seconds while there is none, since the grid may start after the application.
 */
@ApplicationScoped
public class DataGrid {

  private static final Logger LOG = Logger.getLogger(DataGrid.class.getName());
  private static final long LOOKUP_EVERY_NANOS = 10_000_000_000L;

  /** Finds the server's member; replaced in tests. */
  Supplier<Optional<HazelcastMember>> lookup = HazelcastMember::ofServer;

  private final java.util.List<Map.Entry<String, Consumer<String>>> listeners =
      new java.util.concurrent.CopyOnWriteArrayList<>();
  private volatile HazelcastMember member;
  private volatile long lastLookup = System.nanoTime() - LOOKUP_EVERY_NANOS;

  /** {@code data_grid_members} on /metrics: the grid's members, 1 without a grid. */
  @jakarta.inject.Inject org.eclipse.microprofile.metrics.MetricRegistry metrics;

  @jakarta.annotation.PostConstruct
  void gauge() {
    metrics.gauge("data_grid_members", this, DataGrid::members);
  }

  /** A node without a grid (tests, and servers without one). */
  public static DataGrid none() {
    DataGrid grid = new DataGrid();
    grid.lookup = Optional::empty;
    return grid;
  }

  /** A node that is {@code member} of a grid. */
  public static DataGrid of(HazelcastMember member) {
    DataGrid grid = new DataGrid();
    grid.lookup = () -> Optional.of(member);
    return grid;
  }

  /** The grid member of this node, when the server has a running one. */
  public Optional<HazelcastMember> member() {
    HazelcastMember m = member;
    if (m != null) {
      return Optional.of(m);
    }
    long now = System.nanoTime();
    if (now - lastLookup < LOOKUP_EVERY_NANOS) {
      return Optional.empty();
    }
    synchronized (this) {
      if (member == null && now - lastLookup >= LOOKUP_EVERY_NANOS) {
        lastLookup = now;
        lookup
            .get()
            .ifPresent(
                found -> {
                  member = found;
                  listeners.forEach(l -> listen(found, l.getKey(), l.getValue()));
                  LOG.info(
                      () ->
                          "Data grid: this node is member "
                              + found.address()
                              + " of "
                              + found.members()
                              + "; rate limits and key revocations are shared through it");
                });
      }
      return Optional.ofNullable(member);
    }
  }

  /**
   * Hands every message any node publishes on {@code topic} to {@code listener} (on the grid's
   * event thread: it must return at once), from the moment this node finds its grid on. Nothing
   * happens without a grid.
   */
  public void listen(String topic, Consumer<String> listener) {
    synchronized (this) {
      listeners.add(Map.entry(topic, listener));
      if (member != null) {
        listen(member, topic, listener);
      }
    }
    member(); // a first look for the grid
  }

  /**
   * Sends {@code message} to the listeners of {@code topic} on every node; false without a grid.
   */
  public boolean publish(String topic, String message) {
    Optional<HazelcastMember> m = member();
    if (m.isEmpty()) {
      return false;
    }
    try {
      m.get().publish(topic, message);
      return true;
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Could not publish on the data grid topic " + topic, e);
      return false;
    }
  }

  private static void listen(HazelcastMember m, String topic, Consumer<String> listener) {
    try {
      m.subscribe(topic, listener);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Could not listen on the data grid topic " + topic, e);
    }
  }

  /** How many nodes share the grid, this one included; 1 without a grid. */
  public int members() {
    try {
      return member().map(HazelcastMember::members).orElse(1);
    } catch (RuntimeException e) {
      return 1;
    }
  }
}
