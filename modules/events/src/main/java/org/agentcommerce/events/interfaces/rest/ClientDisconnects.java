package org.agentcommerce.events.interfaces.rest;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tells when the client of a waiting (suspended) request goes away, on Payara's Grizzly HTTP
 * server. Jersey on a servlet container never calls JAX-RS {@code ConnectionCallback}
 * (eclipse-ee4j/jersey#3144), and Grizzly does not read a connection while its request is
 * suspended, so a client that closes is noticed only when its answer is written. This turns reads
 * back on for that connection, so Grizzly sees the end of the stream and closes it, and listens for
 * that close. Grizzly's classes are not part of the application's class path: they are reached by
 * reflection through the objects the container hands the request, and where any step is missing
 * (another container, another version) nothing is watched and the wait ends at its timeout as
 * before.
 */
final class ClientDisconnects {

  private static final Logger LOG = Logger.getLogger(ClientDisconnects.class.getName());
  private static final AtomicBoolean WARNED = new AtomicBoolean();

  /** Stops watching (after the answer): drops the close listener from the kept-alive connection. */
  interface Watch {
    void stop();
  }

  private static final Watch NONE = () -> {};

  private ClientDisconnects() {}

  /**
   * Runs {@code gone} once if the connection of {@code request} closes before {@link Watch#stop}.
   */
  static Watch watch(ServletRequest request, Runnable gone) {
    try {
      ServletRequest r = request;
      while (r instanceof ServletRequestWrapper w) {
        r = w.getRequest();
      }
      Object catalina = call(r, "getUnwrappedCoyoteRequest");
      Object grizzly = call(catalina, "getCoyoteRequest");
      Object context = call(grizzly, "getContext");
      Object connection = call(context, "getConnection");
      ClassLoader loader = connection.getClass().getClassLoader();
      Class<?> listenerType = Class.forName("org.glassfish.grizzly.CloseListener", false, loader);
      AtomicBoolean fired = new AtomicBoolean();
      Object listener =
          Proxy.newProxyInstance(
              loader,
              new Class<?>[] {listenerType},
              (proxy, method, args) ->
                  switch (method.getName()) {
                    case "onClosed" -> {
                      if (fired.compareAndSet(false, true)) {
                        gone.run();
                      }
                      yield null;
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "long-poll disconnect watch";
                    default -> null;
                  });
      Method add = method(connection, "addCloseListener", listenerType);
      Method remove = method(connection, "removeCloseListener", listenerType);
      add.invoke(connection, listener);
      Class<?> ioEvent = Class.forName("org.glassfish.grizzly.IOEvent", false, loader);
      @SuppressWarnings({"unchecked", "rawtypes"})
      Object read = Enum.valueOf((Class) ioEvent, "READ");
      method(connection, "enableIOEvent", ioEvent).invoke(connection, read);
      return () -> {
        fired.set(true);
        try {
          remove.invoke(connection, listener);
        } catch (ReflectiveOperationException | RuntimeException e) {
          LOG.log(Level.FINE, "Could not drop a disconnect watch", e);
        }
      };
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      if (WARNED.compareAndSet(false, true)) {
        LOG.log(
            Level.INFO,
            "Long-poll waits cannot watch for clients that leave on this container; a wait whose"
                + " client left ends at its timeout",
            e);
      }
      return NONE;
    }
  }

  private static Object call(Object target, String name) throws ReflectiveOperationException {
    Object out = method(target, name).invoke(target);
    if (out == null) {
      throw new IllegalStateException(name + " gave null");
    }
    return out;
  }

  /** A public method of the object's class or of one of its public interfaces/superclasses. */
  private static Method method(Object target, String name, Class<?>... types)
      throws NoSuchMethodException {
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      for (Class<?> i : c.getInterfaces()) {
        try {
          return i.getMethod(name, types);
        } catch (NoSuchMethodException e) {
          // try the next
        }
      }
    }
    Method m = target.getClass().getMethod(name, types);
    m.setAccessible(true);
    return m;
  }
}
