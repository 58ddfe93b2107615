package org.agentcommerce.webapp.support;

import java.net.URL;
import javax.management.Attribute;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;

/** The payment gates of a test server, operated over JMX as an operator does. */
public final class Gates {

  public static final String MBEAN = "org.agentcommerce:type=PaymentGates";

  private Gates() {}

  /** Sets the kill-switch and the test capture cap (minor units). */
  public static void set(URL base, boolean submitEnabled, long testCapMinor) throws Exception {
    try (JMXConnector c = Jmx.connect(base)) {
      MBeanServerConnection jmx = c.getMBeanServerConnection();
      ObjectName gates = new ObjectName(MBEAN);
      jmx.setAttribute(gates, new Attribute("SubmitEnabled", submitEnabled));
      jmx.setAttribute(gates, new Attribute("TestCaptureCapMinor", testCapMinor));
    }
  }
}
