package org.agentcommerce.checkout.api;

import java.util.Optional;

/**
 * Orders made through an ACP checkout session as the Agentic Commerce Protocol's {@code Order}
 * (acp-2026-04-17, docs/acp.md): the full document its order webhooks carry.
 */
public interface AcpOrders {

  /**
   * The protocol's {@code Order} as JSON, as the order now is; empty when the order was not made
   * through an ACP session of this agent, or its permalink has no public base to be built on.
   */
  Optional<String> order(String agentId, String orderId);
}
