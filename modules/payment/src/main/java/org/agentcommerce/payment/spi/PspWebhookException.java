package org.agentcommerce.payment.spi;

/** A webhook that is not authentic (bad or missing signature, stale timestamp) or not readable. */
public class PspWebhookException extends Exception {

  private static final long serialVersionUID = 1L;

  public PspWebhookException(String message) {
    super(message);
  }

  public PspWebhookException(String message, Throwable cause) {
    super(message, cause);
  }
}
