package org.agentcommerce.payment.interfaces.jmx;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.security.AccessController;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.security.auth.Subject;
import org.agentcommerce.payment.application.GateSettings;

/**
 * Registers {@link PaymentGatesMXBean} in the platform MBean server when the application starts.
 */
@ApplicationScoped
public class PaymentGatesJmx {

  private static final Logger LOG = Logger.getLogger(PaymentGatesJmx.class.getName());
  public static final String NAME = "org.agentcommerce:type=PaymentGates";

  @Inject GateSettings settings;

  void register(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = new ObjectName(NAME);
      if (server.isRegistered(name)) {
        server.unregisterMBean(name);
      }
      // Registered through a plain delegate: the MBean server must not hold the CDI proxy's class.
      server.registerMBean(
          new Delegate(settings, Thread.currentThread().getContextClassLoader()), name);
    } catch (Exception e) {
      LOG.warning("The payment gates' MBean could not be registered: " + e);
    }
  }

  @PreDestroy
  void unregister() {
    try {
      ObjectName name = new ObjectName(NAME);
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      if (server.isRegistered(name)) {
        server.unregisterMBean(name);
      }
    } catch (Exception e) {
      LOG.fine("Unregistering the payment gates' MBean: " + e);
    }
  }

  /** The MXBean the MBean server holds. */
  public static final class Delegate implements PaymentGatesMXBean {

    private final GateSettings settings;
    private final ClassLoader application;

    Delegate(GateSettings settings, ClassLoader application) {
      this.settings = settings;
      this.application = application;
    }

    /** Runs a call with the application's class loader, as a request thread would. */
    private <T> T in(java.util.function.Supplier<T> call) {
      Thread t = Thread.currentThread();
      ClassLoader before = t.getContextClassLoader();
      t.setContextClassLoader(application);
      try {
        return call.get();
      } finally {
        t.setContextClassLoader(before);
      }
    }

    private void set(String name, String value) {
      String who = who();
      in(
          () -> {
            settings.set(name, value, who);
            return null;
          });
    }

    /** The JMX caller: the authenticated principal of a remote connection, else "jmx". */
    @SuppressWarnings("removal")
    private static String who() {
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

    @Override
    public boolean isSubmitEnabled() {
      return in(() -> settings.snapshot().submitEnabled());
    }

    @Override
    public void setSubmitEnabled(boolean enabled) {
      set(GateSettings.SUBMIT_ENABLED, Boolean.toString(enabled));
    }

    @Override
    public String getMerchantAllowlist() {
      return in(() -> String.join(",", settings.snapshot().merchantAllowlist()));
    }

    @Override
    public void setMerchantAllowlist(String ids) {
      set(GateSettings.MERCHANT_ALLOWLIST, ids);
    }

    @Override
    public long getTestCaptureCapMinor() {
      return in(() -> settings.snapshot().testCapMinor());
    }

    @Override
    public void setTestCaptureCapMinor(long cap) {
      set(GateSettings.TEST_CAP, Long.toString(cap));
    }

    @Override
    public boolean isLiveEnabled() {
      return in(() -> settings.snapshot().liveEnabled());
    }

    @Override
    public void setLiveEnabled(boolean enabled) {
      set(GateSettings.LIVE_ENABLED, Boolean.toString(enabled));
    }

    @Override
    public String getLiveMerchantAllowlist() {
      return in(() -> String.join(",", settings.snapshot().liveMerchantAllowlist()));
    }

    @Override
    public void setLiveMerchantAllowlist(String ids) {
      set(GateSettings.LIVE_MERCHANT_ALLOWLIST, ids);
    }

    @Override
    public long getLiveCaptureCapMinor() {
      return in(() -> settings.snapshot().liveCapMinor());
    }

    @Override
    public void setLiveCaptureCapMinor(long cap) {
      set(GateSettings.LIVE_CAP, Long.toString(cap));
    }
  }
}
