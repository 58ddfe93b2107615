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
      server.registerMBean(new Delegate(settings), name);
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

    Delegate(GateSettings settings) {
      this.settings = settings;
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
      return settings.snapshot().submitEnabled();
    }

    @Override
    public void setSubmitEnabled(boolean enabled) {
      settings.set(GateSettings.SUBMIT_ENABLED, Boolean.toString(enabled), who());
    }

    @Override
    public String getMerchantAllowlist() {
      return String.join(",", settings.snapshot().merchantAllowlist());
    }

    @Override
    public void setMerchantAllowlist(String ids) {
      settings.set(GateSettings.MERCHANT_ALLOWLIST, ids, who());
    }

    @Override
    public long getTestCaptureCapMinor() {
      return settings.snapshot().testCapMinor();
    }

    @Override
    public void setTestCaptureCapMinor(long cap) {
      settings.set(GateSettings.TEST_CAP, Long.toString(cap), who());
    }

    @Override
    public boolean isLiveEnabled() {
      return settings.snapshot().liveEnabled();
    }

    @Override
    public void setLiveEnabled(boolean enabled) {
      settings.set(GateSettings.LIVE_ENABLED, Boolean.toString(enabled), who());
    }

    @Override
    public String getLiveMerchantAllowlist() {
      return String.join(",", settings.snapshot().liveMerchantAllowlist());
    }

    @Override
    public void setLiveMerchantAllowlist(String ids) {
      settings.set(GateSettings.LIVE_MERCHANT_ALLOWLIST, ids, who());
    }

    @Override
    public long getLiveCaptureCapMinor() {
      return settings.snapshot().liveCapMinor();
    }

    @Override
    public void setLiveCaptureCapMinor(long cap) {
      settings.set(GateSettings.LIVE_CAP, Long.toString(cap), who());
    }
  }
}
