package org.agentcommerce.payment.interfaces.jmx;

/**
 * The payment gates as an operator sees them in JConsole, VisualVM or an admin console, under
 * {@code org.agentcommerce:type=PaymentGates}. Every write is stored, logged with who and when, and
 * seen by every node within {@code ac.payments.gates.refresh}. Caps are minor units.
 */
public interface PaymentGatesMXBean {

  boolean isSubmitEnabled();

  void setSubmitEnabled(boolean enabled);

  String getMerchantAllowlist();

  void setMerchantAllowlist(String commaSeparatedMerchantIds);

  long getTestCaptureCapMinor();

  void setTestCaptureCapMinor(long cap);

  boolean isLiveEnabled();

  void setLiveEnabled(boolean enabled);

  String getLiveMerchantAllowlist();

  void setLiveMerchantAllowlist(String commaSeparatedMerchantIds);

  long getLiveCaptureCapMinor();

  void setLiveCaptureCapMinor(long cap);
}
