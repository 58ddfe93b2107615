package org.agentcommerce.mcp.application.tools;

import jakarta.inject.Inject;
import org.agentcommerce.mcp.api.McpTool;

/**
 * A keyed-door tool that acts for the signed-in buyer: listed only when the checkout and payment
 * services are deployed; its calls go through {@link CheckoutToolKit}.
 */
abstract class BuyerTool implements McpTool {

  @Inject CheckoutToolKit kit;

  @Override
  public boolean available() {
    return kit.available();
  }
}
