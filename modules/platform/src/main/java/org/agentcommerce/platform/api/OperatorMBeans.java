package org.agentcommerce.platform.api;

import java.lang.management.ManagementFactory;
import java.security.AccessController;
import java.util.function.Supplier;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.security.auth.Subject;

/**
 * The operators' controls as MBeans in the platform MBean server, all under the domain {@code
 * org.agentcommerce} (docs/operations.md): registration, and what each call needs — the
 * application's class loader on the JMX thread, and who made a change.
 */
public final class OperatorMBeans {

  public static final String DOMAIN = "org.agentcommerce";

  private static final Logger LOG = Logger.getLogger(OperatorMBeans.class.getName());

  private OperatorMBeans() {}

  /** Registers (or replaces) {@code mbean} as {@code org.agentcommerce:type=<type>}. */
  public static void register(String type, Object mbean) {
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = new ObjectName(DOMAIN + ":type=" + type);
      if (server.isRegistered(name)) {
        server.unregisterMBean(name);
      }
      server.registerMBean(mbean, name);
    } catch (Exception e) {
      LOG.warning("The MBean " + type + " could not be registered: " + e);
    }
  }

  public static void unregister(String type) {
    try {
      ObjectName name = new ObjectName(DOMAIN + ":type=" + type);
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      if (server.isRegistered(name)) {
        server.unregisterMBean(name);
      }
    } catch (Exception e) {
      LOG.fine("Unregistering the MBean " + type + ": " + e);
    }
  }

  /** Runs a JMX call with the application's class loader, as a request thread would. */
  public static <T> T in(ClassLoader application, Supplier<T> call) {
    Thread t = Thread.currentThread();
    ClassLoader before = t.getContextClassLoader();
    t.setContextClassLoader(application);
    try {
      return call.get();
    } finally {
      t.setContextClassLoader(before);
    }
  }

  /** The JMX caller: the authenticated principal of a remote connection, else "jmx". */
  @SuppressWarnings("removal")
  public static String who() {
    try {
      Subject subject = Subject.getSubject(AccessController.getContext());
      if (subject != null && !subject.getPrincipals().isEmpty()) {
        return "jmx:"
            + subject.getPrincipals().stream()
                .map(java.security.Principal::getName)
                .collect(Collectors.joining(","));
      }
    } catch (RuntimeException | Error e) {
      // no subject on this JDK or thread
    }
    return "jmx";
  }
}
