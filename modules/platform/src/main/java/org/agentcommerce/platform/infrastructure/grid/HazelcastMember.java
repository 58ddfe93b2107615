package org.agentcommerce.platform.infrastructure.grid;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The server's Hazelcast member (Payara's data grid, JNDI {@code payara/Hazelcast}) seen through
 * the few operations the service shares across nodes: maps of counters, topics and the member list.
 * Nothing links against Hazelcast: its maps are used through {@link ConcurrentMap} (which {@code
 * IMap} implements), the rest by reflection through the instance's own class loader, so the WAR
 * runs unchanged on servers without a grid.
 */
public final class HazelcastMember {

  private static final Logger LOG = Logger.getLogger(HazelcastMember.class.getName());
  private static final String PAYARA_GRID = "payara/Hazelcast";
  private static final String INSTANCE = "com.hazelcast.core.HazelcastInstance";
  private static final String CLUSTER = "com.hazelcast.cluster.Cluster";
  private static final String TOPIC = "com.hazelcast.topic.ITopic";

  private final Object instance;
  private final ClassLoader loader;

  private HazelcastMember(Object instance) {
    this.instance = instance;
    this.loader = instance.getClass().getClassLoader();
  }

  /** A Hazelcast instance given as an object (the server's, or a test's). */
  public static HazelcastMember of(Object hazelcastInstance) {
    return new HazelcastMember(hazelcastInstance);
  }

  /** The server's running data grid member, if it has one (Payara with its data grid enabled). */
  public static Optional<HazelcastMember> ofServer() {
    try {
      Object grid = new javax.naming.InitialContext().lookup(PAYARA_GRID);
      if (grid == null) {
        return Optional.empty();
      }
      HazelcastMember member = new HazelcastMember(grid);
      return member.isRunning() ? Optional.of(member) : Optional.empty();
    } catch (javax.naming.NamingException | RuntimeException e) {
      LOG.log(Level.FINE, "This server has no data grid", e);
      return Optional.empty();
    }
  }

  /** Whether the member is still part of its grid. */
  public boolean isRunning() {
    try {
      Object lifecycle = call(instance, INSTANCE, "getLifecycleService");
      return (Boolean) call(lifecycle, "com.hazelcast.core.LifecycleService", "isRunning");
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** How many members the grid has, this one included. */
  public int members() {
    Object cluster = call(instance, INSTANCE, "getCluster");
    return ((Collection<?>) call(cluster, CLUSTER, "getMembers")).size();
  }

  /** This member's address as the grid knows it, e.g. {@code 10.0.0.11:5900}. */
  public String address() {
    Object cluster = call(instance, INSTANCE, "getCluster");
    Object local = call(cluster, CLUSTER, "getLocalMember");
    return String.valueOf(call(local, "com.hazelcast.cluster.Member", "getAddress"))
        .replace("[", "")
        .replace("]", "");
  }

  /**
   * The distributed map {@code name}, its entries dropped {@code ttlSeconds} after their last
   * write. The time to live is set as the map's configuration before its first use on this member
   * (the grid keeps the first configuration it was given for a name).
   */
  @SuppressWarnings("unchecked")
  public ConcurrentMap<String, Long> counters(String name, int ttlSeconds) {
    try {
      Class<?> mapConfigType = Class.forName("com.hazelcast.config.MapConfig", false, loader);
      Object mapConfig = mapConfigType.getConstructor(String.class).newInstance(name);
      mapConfigType.getMethod("setTimeToLiveSeconds", int.class).invoke(mapConfig, ttlSeconds);
      Object config = call(instance, INSTANCE, "getConfig");
      Class.forName("com.hazelcast.config.Config", false, loader)
          .getMethod("addMapConfig", mapConfigType)
          .invoke(config, mapConfig);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Another member configured it first (the same settings), or the grid refused: the map works.
      LOG.log(Level.FINE, "The data grid kept its own configuration of map " + name, e);
    }
    try {
      return (ConcurrentMap<String, Long>)
          Class.forName(INSTANCE, false, loader)
              .getMethod("getMap", String.class)
              .invoke(instance, name);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("The data grid has no map " + name, e);
    }
  }

  /** Sends {@code message} to every member listening on {@code topic}, this one included. */
  public void publish(String topic, String message) {
    try {
      Class.forName(TOPIC, false, loader)
          .getMethod("publish", Object.class)
          .invoke(topic(topic), message);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Publishing on the data grid topic " + topic + " failed", e);
    }
  }

  /**
   * Hands every text message of {@code topic} to {@code listener}, on the grid's event thread (the
   * listener must return at once). Closing the result stops listening.
   */
  public AutoCloseable subscribe(String topic, Consumer<String> listener) {
    try {
      Object t = topic(topic);
      Class<?> topicType = Class.forName(TOPIC, false, loader);
      Class<?> listenerType = Class.forName("com.hazelcast.topic.MessageListener", false, loader);
      Method messageObject =
          Class.forName("com.hazelcast.topic.Message", false, loader).getMethod("getMessageObject");
      Object proxy =
          Proxy.newProxyInstance(
              loader,
              new Class<?>[] {listenerType},
              (self, method, args) ->
                  switch (method.getName()) {
                    case "onMessage" -> {
                      if (messageObject.invoke(args[0]) instanceof String text) {
                        listener.accept(text);
                      }
                      yield null;
                    }
                    case "hashCode" -> System.identityHashCode(self);
                    case "equals" -> self == args[0];
                    case "toString" -> "listener of " + topic;
                    default -> throw new UnsupportedOperationException(method.getName());
                  });
      Object registration =
          topicType.getMethod("addMessageListener", listenerType).invoke(t, proxy);
      Method remove = topicType.getMethod("removeMessageListener", java.util.UUID.class);
      return () -> remove.invoke(t, registration);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Listening on the data grid topic " + topic + " failed", e);
    }
  }

  private Object topic(String name) throws ReflectiveOperationException {
    return Class.forName(INSTANCE, false, loader)
        .getMethod("getTopic", String.class)
        .invoke(instance, name);
  }

  /** Calls a method without arguments through the public Hazelcast type that declares it. */
  private Object call(Object target, String type, String method) {
    try {
      return Class.forName(type, false, loader).getMethod(method).invoke(target);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("The data grid has no " + method + "()", e);
    }
  }
}
