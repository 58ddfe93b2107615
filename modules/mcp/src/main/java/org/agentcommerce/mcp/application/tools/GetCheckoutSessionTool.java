package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/** {@code get_checkout_session}, keyed door, native: a session as it stands. */
@ApplicationScoped
public class GetCheckoutSessionTool extends BuyerTool {

  static final String NAME = "get_checkout_session";

  private static final String DESCRIPTION =
      "Read one of the signed-in buyer's checkout sessions: status (ready_for_payment,"
          + " completing, completed, cancelled), the locked totals and lines in minor units,"
          + " and order_id once a payment link or a completion made the order (then read it with"
          + " get_order). Another buyer's session is not found.";

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Read a checkout session")
        .description(DESCRIPTION)
        .inputSchema(
            ToolJson.parse(CheckoutSchemas.object(CheckoutSchemas.SESSION_ID, "session_id")))
        .annotations(ToolAnnotations.READ_ONLY)
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    CheckoutSessions.Buyer buyer = kit.buyer();
    return kit.sessionJson(
        kit.sessions().get(kit.agentId(), buyer, arguments.getString("session_id")));
  }
}
