package org.agentcommerce.payment.interfaces.jmx;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.agentcommerce.payment.application.GateSettings;
import org.agentcommerce.platform.api.OperatorMBeans;

/**
 * Registers {@link PaymentGatesMXBean} in the platform MBean server when the application starts.
 */
@ApplicationScoped
public class PaymentGatesJmx {

  public static final String NAME = "org.agentcommerce:type=PaymentGates";

  @Inject GateSettings settings;

  void register(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
    // Registered through a plain delegate: the MBean server must not hold the CDI proxy's class.
    OperatorMBeans.register(
        "PaymentGates", new Delegate(settings, Thread.currentThread().getContextClassLoader()));
  }

  @PreDestroy
  void unregister() {
    OperatorMBeans.unregister("PaymentGates");
  }

  /** The MXBean the MBean server holds. */
  public static final class Delegate implements PaymentGatesMXBean {

    private final GateSettings settings;
    private final ClassLoader application;

    Delegate(GateSettings settings, ClassLoader application) {
      this.settings = settings;
      this.application = application;
    }

    private <T> T in(java.util.function.Supplier<T> call) {
      return OperatorMBeans.in(application, call);
    }

    private void set(String name, String value) {
      String who = who();
      in(
          () -> {
            settings.set(name, value, who);
            return null;
          });
    }

    private static String who() {
      return OperatorMBeans.who();
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
