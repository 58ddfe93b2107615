package org.agentcommerce.events.interfaces.jmx;

/**
 * {@code org.agentcommerce:type=WebhookDelivery}: pause every webhook delivery on every node
 * (queued deliveries wait, nothing is lost) and resume it. Persisted; each change is logged with
 * who made it.
 */
public interface WebhookDeliveryMXBean {

  boolean isPaused();

  void setPaused(boolean paused);
}
