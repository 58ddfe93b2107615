import java.util.Set;
import java.util.TreeSet;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A JMX client for tools/server-check.sh, run from source ({@code java JmxList.java URL NAME...}):
 * connects to a server's JMX connector the way JConsole does, lists every MBean of the
 * application's domain {@code org.agentcommerce} with its attributes, and fails unless each
 * expected object name is registered and its attributes can be read.
 */
public final class JmxList {

  private JmxList() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: java JmxList.java SERVICE_URL [EXPECTED_OBJECT_NAME...]");
      System.exit(2);
    }
    try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(args[0]))) {
      MBeanServerConnection server = connector.getMBeanServerConnection();
      Set<ObjectName> names =
          new TreeSet<>(server.queryNames(new ObjectName("org.agentcommerce:*"), null));
      System.out.println("MBeans in org.agentcommerce: " + names.size());
      for (ObjectName name : names) {
        System.out.println("  " + name);
        for (MBeanAttributeInfo attribute : server.getMBeanInfo(name).getAttributes()) {
          Object value = server.getAttribute(name, attribute.getName());
          String writable = attribute.isWritable() ? " (writable)" : "";
          System.out.println("    " + attribute.getName() + " = " + value + writable);
        }
      }
      int missing = 0;
      for (int i = 1; i < args.length; i++) {
        if (!names.contains(new ObjectName(args[i]))) {
          System.out.println("missing: " + args[i]);
          missing++;
        }
      }
      System.exit(missing == 0 ? 0 : 1);
    }
  }
}
