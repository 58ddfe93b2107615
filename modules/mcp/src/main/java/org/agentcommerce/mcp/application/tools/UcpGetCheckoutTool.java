package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/** {@code get_checkout}, keyed door, UCP dialect: read a checkout (UCP 2026-04-08 checkout). */
@ApplicationScoped
public class UcpGetCheckoutTool extends UcpCheckoutTool {

  static final String NAME = "get_checkout";

  private static final String DESCRIPTION =
      "Read one of the signed-in buyer's UCP checkouts: status, lines and totals in minor units, and order {id, permalink_url} once completed.";

  private static final String MEMBERS =
      "{\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"id\"],\"properties\":{\"meta\":%s,%s}}";

  @Override
  public ToolDescriptor descriptor() {
    return descriptor(
        NAME,
        "Read a checkout",
        DESCRIPTION,
        String.format(MEMBERS, UcpRequests.META_SCHEMA, UcpCheckouts.ID),
        ToolAnnotations.READ_ONLY);
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    CheckoutSessions.Buyer buyer = kit.buyer();
    return checkout(kit.sessions().get(kit.agentId(), buyer, arguments.getString("id")), context);
  }
}
