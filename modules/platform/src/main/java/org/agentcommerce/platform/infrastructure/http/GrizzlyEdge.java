package org.agentcommerce.platform.infrastructure.http;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import org.agentcommerce.platform.interfaces.rest.ContainerErrorServlet;
import org.agentcommerce.platform.interfaces.rest.RequestFramingFilter;

/**
 * Puts {@link EdgeFilters} into the HTTP listeners of Payara (Grizzly), so that requests the HTTP
 * layer refuses before any servlet runs get our JSON error shape, and a {@code Host} with a
 * non-numeric port a 400 instead of the web container's empty 200 (docs/security.md, "The request
 * edge").
 *
 * <p>How: Grizzly builds a listener's filter chain when the listener starts and lets named add-ons
 * ({@code org.glassfish.grizzly.http.server.AddOn}, looked up in the server's HK2 service locator:
 * {@code websocket}, {@code comet}) change it. At deployment this registers, for each add-on the
 * server has, a wrapper ranked above it under the same name: the wrapper runs the server's add-on
 * unchanged, then inserts our two filters around the HTTP codec. Our listener opens only after
 * deployment (the pre-boot commands disable it, a post-deploy command enables it), so its chain is
 * built with the filters, before the first connection. A listener already open at deployment (the
 * Arquillian container starts Payara Micro with {@code --autoBindHttp}, which opens it at boot)
 * gets a copy of its chain with the filters, swapped in as its transport's processor.
 *
 * <p>Nothing links against the server: the types are found at run time through the class loader of
 * the container's ServletContext. On any other server (or when the internals have changed) this
 * logs once at INFO and does nothing.
 */
@ApplicationScoped
public class GrizzlyEdge {

  private static final Logger LOG = Logger.getLogger(GrizzlyEdge.class.getName());
  private static final String ADD_ON = "org.glassfish.grizzly.http.server.AddOn";
  private static final List<String> ADD_ONS = List.of("websocket", "comet");

  private final List<Runnable> undo = new ArrayList<>();

  void install(@Observes @Initialized(ApplicationScoped.class) Object context) {
    try {
      ClassLoader server = serverLoader(context);
      if (server == null) {
        LOG.info(
            "HTTP edge filters not installed: no Grizzly/HK2 runtime visible (not Payara); the"
                + " container answers its own refusals");
        return;
      }
      Hk2 hk2 = new Hk2(server);
      EdgeFilters filters =
          new EdgeFilters(
              server,
              ContainerErrorServlet::body,
              RequestFramingFilter::hasEncodedSeparator,
              RequestFramingFilter.encodedSeparatorBody());
      int wrapped = 0;
      for (String name : ADD_ONS) {
        Object original = hk2.best(ADD_ON, name);
        if (original != null) {
          Object wrapper = wrapper(hk2, original, filters);
          undo.add(hk2.register(wrapper, name, hk2.type(ADD_ON), hk2.ranking(original) + 1000));
          wrapped++;
        }
      }
      if (wrapped == 0) {
        LOG.info("HTTP edge filters not installed: the server has no HTTP add-on to extend");
        return;
      }
      running(hk2, filters);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.info("HTTP edge filters not installed: " + e);
    }
  }

  void uninstall(@Observes @BeforeDestroyed(ApplicationScoped.class) Object context) {
    for (Runnable step : undo) {
      try {
        step.run();
      } catch (RuntimeException e) {
        LOG.fine(() -> "Could not unregister an HTTP edge add-on: " + e);
      }
    }
    undo.clear();
  }

  /** The class loader of the server's Grizzly and HK2 classes, or null when there is none. */
  private static ClassLoader serverLoader(Object context) {
    List<ClassLoader> candidates = new ArrayList<>();
    if (context != null) {
      candidates.add(context.getClass().getClassLoader());
    }
    candidates.add(Thread.currentThread().getContextClassLoader());
    candidates.add(GrizzlyEdge.class.getClassLoader());
    for (ClassLoader loader : candidates) {
      if (loader == null) {
        continue;
      }
      try {
        Class.forName(ADD_ON, false, loader);
        Class.forName("org.glassfish.internal.api.Globals", false, loader);
        return loader;
      } catch (ClassNotFoundException | LinkageError notHere) {
        // try the next one
      }
    }
    return null;
  }

  /**
   * An add-on with the interfaces of the server's {@code original}: each use gets the original
   * service from HK2 as Grizzly would have, runs it, and after its {@code setup} inserts the
   * filters.
   */
  private static Object wrapper(Hk2 hk2, Object original, EdgeFilters filters)
      throws ReflectiveOperationException {
    Class<?> implementation = hk2.implementation(original);
    Set<Class<?>> interfaces = new LinkedHashSet<>();
    for (Class<?> c = implementation; c != null; c = c.getSuperclass()) {
      collect(c, interfaces);
    }
    InvocationHandler handler =
        new InvocationHandler() {
          private Object current; // the original configured for the listener being built

          @Override
          public synchronized Object invoke(Object proxy, Method method, Object[] args)
              throws Throwable {
            switch (method.getName()) {
              case "equals":
                return proxy == args[0];
              case "hashCode":
                return System.identityHashCode(proxy);
              case "toString":
                return "agent-commerce edge around " + implementation.getName();
              case "setup":
                Object target = current != null ? current : hk2.service(original);
                current = null;
                call(method, target, args);
                insert(filters, listenerName(filters, args[0]), args[1]);
                return null;
              default: // configure(...) and any other method of the add-on
                current = hk2.service(original);
                return call(method, current, args);
            }
          }
        };
    return Proxy.newProxyInstance(
        implementation.getClassLoader(), interfaces.toArray(new Class<?>[0]), handler);
  }

  private static void collect(Class<?> type, Set<Class<?>> into) {
    for (Class<?> i : type.getInterfaces()) {
      if (into.add(i)) {
        collect(i, into);
      }
    }
  }

  private static Object call(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /**
   * Puts the filters into the chains of the HTTP listeners already open at deployment (Payara Micro
   * opens its listener at boot when started with {@code --autoBindHttp}, as the Arquillian
   * container does): for each, a copy of its chain with the filters becomes the transport's
   * processor, in one field write; a connection takes the processor at each event, so an event runs
   * wholly in the old chain or wholly in the new one, and the filters are the same instances.
   */
  private static void running(Hk2 hk2, EdgeFilters filters) {
    try {
      ClassLoader server = filters.filterType().getClassLoader();
      Class<?> grizzly = hk2.type("com.sun.enterprise.v3.services.impl.GrizzlyService");
      Object service = hk2.serviceOf(grizzly);
      if (service == null) {
        return;
      }
      Field proxiesField = grizzly.getDeclaredField("proxies");
      proxiesField.setAccessible(true);
      Class<?> generic =
          Class.forName("org.glassfish.grizzly.config.GenericGrizzlyListener", false, server);
      Class<?> transportType = Class.forName("org.glassfish.grizzly.Transport", false, server);
      Class<?> processor = Class.forName("org.glassfish.grizzly.Processor", false, server);
      Class<?> chainType =
          Class.forName("org.glassfish.grizzly.filterchain.FilterChain", false, server);
      Class<?> builderType =
          Class.forName("org.glassfish.grizzly.filterchain.FilterChainBuilder", false, server);
      Field root = generic.getDeclaredField("rootFilterChain");
      root.setAccessible(true);
      for (Object proxy : new ArrayList<>((Collection<?>) proxiesField.get(service))) {
        Object listener = proxy.getClass().getMethod("getUnderlyingListener").invoke(proxy);
        if (!generic.isInstance(listener)) {
          continue;
        }
        String name = String.valueOf(generic.getMethod("getName").invoke(listener));
        Object transport = generic.getMethod("getTransport").invoke(listener);
        Object chain =
            transport == null ? null : transportType.getMethod("getProcessor").invoke(transport);
        if (!chainType.isInstance(chain)) {
          continue;
        }
        Object builder = builderType.getMethod("stateless").invoke(null);
        builderType.getMethod("addAll", List.class).invoke(builder, chain);
        if (insert(filters, name, builder)) {
          Object rebuilt = builderType.getMethod("build").invoke(builder);
          transportType.getMethod("setProcessor", processor).invoke(transport, rebuilt);
          root.set(listener, rebuilt);
        }
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.info("HTTP edge filters not installed on the open listeners: " + e);
    }
  }

  private static String listenerName(EdgeFilters filters, Object listener) {
    try {
      return listener == null // Payara passes none to add-ons
          ? "an HTTP listener"
          : String.valueOf(
              Class.forName(
                      "org.glassfish.grizzly.http.server.NetworkListener",
                      false,
                      filters.filterType().getClassLoader())
                  .getMethod("getName")
                  .invoke(listener));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return "an HTTP listener";
    }
  }

  /**
   * Inserts the answer filter just below the HTTP codec and the request filter just above the
   * container's HTTP handler filter into a chain builder; returns whether it did.
   */
  private static boolean insert(EdgeFilters filters, String name, Object builder) {
    try {
      ClassLoader server = filters.filterType().getClassLoader();
      Class<?> codec = Class.forName("org.glassfish.grizzly.http.HttpServerFilter", false, server);
      Class<?> handler =
          Class.forName("org.glassfish.grizzly.http.server.HttpServerFilter", false, server);
      Class<?> chain =
          Class.forName("org.glassfish.grizzly.filterchain.FilterChainBuilder", false, server);
      Method indexOfType = chain.getMethod("indexOfType", Class.class);
      Method add = chain.getMethod("add", int.class, filters.filterType());
      Object answer = filters.answerFilter();
      if ((int) indexOfType.invoke(builder, answer.getClass()) >= 0) {
        return false; // already in (a second add-on of ours)
      }
      int codecAt = (int) indexOfType.invoke(builder, codec);
      int handlerAt = (int) indexOfType.invoke(builder, handler);
      if (codecAt < 0 || handlerAt <= codecAt) {
        LOG.info("HTTP edge filters not installed on " + name + ": no HTTP codec in its chain");
        return false;
      }
      add.invoke(builder, handlerAt, filters.requestFilter());
      add.invoke(builder, codecAt, answer);
      LOG.info("HTTP edge filters installed on " + name);
      return true;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.info("HTTP edge filters not installed on " + name + ": " + e);
      return false;
    }
  }

  /** The few HK2 calls needed, by reflection on the server's HK2 API. */
  private static final class Hk2 {

    private final ClassLoader loader;
    private final Object locator;
    private final Class<?> locatorType;
    private final Class<?> activeDescriptor;
    private final Class<?> descriptor;
    private final Class<?> builderHelper;
    private final Class<?> utilities;

    Hk2(ClassLoader loader) throws ReflectiveOperationException {
      this.loader = loader;
      locator =
          type("org.glassfish.internal.api.Globals")
              .getMethod("getDefaultBaseServiceLocator")
              .invoke(null);
      if (locator == null) {
        throw new IllegalStateException("no HK2 service locator");
      }
      locatorType = type("org.glassfish.hk2.api.ServiceLocator");
      activeDescriptor = type("org.glassfish.hk2.api.ActiveDescriptor");
      descriptor = type("org.glassfish.hk2.api.Descriptor");
      builderHelper = type("org.glassfish.hk2.utilities.BuilderHelper");
      utilities = type("org.glassfish.hk2.utilities.ServiceLocatorUtilities");
    }

    Class<?> type(String name) throws ClassNotFoundException {
      return Class.forName(name, false, loader);
    }

    /** The reified best descriptor of {@code contract} named {@code name}, or null. */
    Object best(String contract, String name) throws ReflectiveOperationException {
      Object filter =
          builderHelper
              .getMethod("createNameAndContractFilter", String.class, String.class)
              .invoke(null, contract, name);
      Object found =
          locatorType
              .getMethod("getBestDescriptor", type("org.glassfish.hk2.api.Filter"))
              .invoke(locator, filter);
      return found == null
          ? null
          : locatorType.getMethod("reifyDescriptor", descriptor).invoke(locator, found);
    }

    int ranking(Object descriptor) throws ReflectiveOperationException {
      return (int) this.descriptor.getMethod("getRanking").invoke(descriptor);
    }

    Class<?> implementation(Object descriptor) throws ReflectiveOperationException {
      return (Class<?>) activeDescriptor.getMethod("getImplementationClass").invoke(descriptor);
    }

    /** The service of {@code type}, or null. */
    Object serviceOf(Class<?> type) throws ReflectiveOperationException {
      return locatorType
          .getMethod("getService", Class.class, java.lang.annotation.Annotation[].class)
          .invoke(locator, type, new java.lang.annotation.Annotation[0]);
    }

    /** A service of {@code descriptor}, as a lookup would give it (HK2 keeps its scope). */
    Object service(Object descriptor) throws ReflectiveOperationException {
      Object handle =
          locatorType.getMethod("getServiceHandle", activeDescriptor).invoke(locator, descriptor);
      return type("org.glassfish.hk2.api.ServiceHandle").getMethod("getService").invoke(handle);
    }

    /** Registers {@code constant} as {@code name} of {@code contract}; returns how to undo it. */
    Runnable register(Object constant, String name, Type contract, int ranking)
        throws ReflectiveOperationException {
      Object created =
          builderHelper
              .getMethod("createConstantDescriptor", Object.class, String.class, Type[].class)
              .invoke(null, constant, name, new Type[] {contract});
      descriptor.getMethod("setRanking", int.class).invoke(created, ranking);
      Object added =
          utilities
              .getMethod("addOneDescriptor", locatorType, descriptor)
              .invoke(null, locator, created);
      Method remove = utilities.getMethod("removeOneDescriptor", locatorType, descriptor);
      return () -> {
        try {
          remove.invoke(null, locator, added);
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      };
    }
  }
}
