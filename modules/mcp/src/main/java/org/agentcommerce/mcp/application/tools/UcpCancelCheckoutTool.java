package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * {@code cancel_checkout}, keyed door, UCP dialect: cancel a checkout (UCP 2026-04-08 checkout).
 */
@ApplicationScoped
public class UcpCancelCheckoutTool extends UcpCheckoutTool {

  static final String NAME = "cancel_checkout";

  private static final String DESCRIPTION =
      "Cancel a UCP checkout that is not paid (status canceled). A completed checkout is refused with ORDER_ALREADY_PAID. Send meta.idempotency-key.";

  private static final String MEMBERS =
      "{\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"meta\",\"id\"],\"properties\":{\"meta\":%s,%s}}";

  @Override
  public ToolDescriptor descriptor() {
    return descriptor(
        NAME,
        "Cancel a checkout",
        DESCRIPTION,
        String.format(MEMBERS, UcpRequests.META_SCHEMA, UcpCheckouts.ID),
        new ToolAnnotations(false, true, true, false));
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    CheckoutSessions.Buyer buyer = kit.buyer();
    String id = arguments.getString("id");
    return respond(
        NAME, arguments, buyer, context, () -> kit.sessions().cancel(kit.agentId(), buyer, id));
  }
}
