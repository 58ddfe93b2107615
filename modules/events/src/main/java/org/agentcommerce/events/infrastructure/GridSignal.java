package org.agentcommerce.events.infrastructure;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.events.domain.NodeSignals;

/**
 * Tells the other nodes of a cluster that this node put events on the timeline, through a topic of
 * the data grid the nodes share (Payara's Hazelcast member, JNDI {@code payara/Hazelcast}), and
 * hands the other nodes' signals to a listener, so that their long-poll waiters wake within
 * milliseconds instead of at their next database poll. A signal carries only the sending node and
 * the last timeline id it numbered: receivers read the timeline as they always do, so a lost or
 * late signal costs latency, never an event.
 *
 * <p>Nothing links against Hazelcast: the topic is reached by reflection through the instance's own
 * class loader and the listener is a dynamic proxy of its {@code MessageListener}. Without a grid
 * (Payara Micro with {@code --nocluster} or its data grid disabled, other servers) there is nothing
 * to join, and the database poll alone carries other nodes' events.
 */
public final class GridSignal implements NodeSignals.Channel {

  private static final Logger LOG = Logger.getLogger(GridSignal.class.getName());
  private static final String PAYARA_GRID = "payara/Hazelcast";

  private final Object topic;
  private final Method publish;
  private final Method removeListener;
  private final Object registration;
  private final String node;

  private GridSignal(
      Object topic, Method publish, Method removeListener, Object registration, String node) {
    this.topic = topic;
    this.publish = publish;
    this.removeListener = removeListener;
    this.registration = registration;
    this.node = node;
  }

  /** The server's running data grid member, if it has one (Payara with its data grid enabled). */
  public static Optional<Object> serverGrid() {
    try {
      Object grid = new javax.naming.InitialContext().lookup(PAYARA_GRID);
      if (grid == null) {
        return Optional.empty();
      }
      Object lifecycle = grid.getClass().getMethod("getLifecycleService").invoke(grid);
      boolean running = (Boolean) lifecycle.getClass().getMethod("isRunning").invoke(lifecycle);
      return running ? Optional.of(grid) : Optional.empty();
    } catch (javax.naming.NamingException | ReflectiveOperationException | RuntimeException e) {
      LOG.log(Level.FINE, "No data grid to share event signals through", e);
      return Optional.empty();
    }
  }

  /**
   * Joins the topic {@code name} of the Hazelcast instance {@code grid} as {@code node}; {@code
   * onSignal} gets the last timeline id each other node publishes (never this node's own), on the
   * grid's event thread: it must return at once.
   */
  public static GridSignal join(Object grid, String name, String node, LongConsumer onSignal)
      throws ReflectiveOperationException {
    ClassLoader loader = grid.getClass().getClassLoader();
    Object topic = grid.getClass().getMethod("getTopic", String.class).invoke(grid, name);
    Class<?> topicType = Class.forName("com.hazelcast.topic.ITopic", false, loader);
    Class<?> listenerType = Class.forName("com.hazelcast.topic.MessageListener", false, loader);
    Class<?> messageType = Class.forName("com.hazelcast.topic.Message", false, loader);
    Method messageObject = messageType.getMethod("getMessageObject");
    Object listener =
        Proxy.newProxyInstance(
            loader,
            new Class<?>[] {listenerType},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "onMessage" -> {
                  signalled(messageObject.invoke(args[0]), node, onSignal);
                  return null;
                }
                case "hashCode" -> {
                  return System.identityHashCode(proxy);
                }
                case "equals" -> {
                  return proxy == args[0];
                }
                case "toString" -> {
                  return "GridSignal listener of " + node;
                }
                default -> throw new UnsupportedOperationException(method.getName());
              }
            });
    Object registration =
        topicType.getMethod("addMessageListener", listenerType).invoke(topic, listener);
    return new GridSignal(
        topic,
        topicType.getMethod("publish", Object.class),
        topicType.getMethod("removeMessageListener", java.util.UUID.class),
        registration,
        node);
  }

  private static void signalled(Object message, String self, LongConsumer onSignal) {
    if (!(message instanceof String text)) {
      return;
    }
    int colon = text.lastIndexOf(':');
    if (colon <= 0 || text.substring(0, colon).equals(self)) {
      return; // this node's own signal, or not one of ours
    }
    try {
      onSignal.accept(Long.parseLong(text.substring(colon + 1)));
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "A data grid signal was not handled", e);
    }
  }

  /** Best effort: a failure is logged at FINE (their database poll finds the events anyway). */
  @Override
  public void publish(long lastId) {
    try {
      publish.invoke(topic, node + ":" + lastId);
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.log(Level.FINE, "Could not signal new events through the data grid", e);
    }
  }

  /** Stops listening. */
  @Override
  public void close() {
    try {
      removeListener.invoke(topic, registration);
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.log(Level.FINE, "Leaving the data grid topic failed", e);
    }
  }
}
