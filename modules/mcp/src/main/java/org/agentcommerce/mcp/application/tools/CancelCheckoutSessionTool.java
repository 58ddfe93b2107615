package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/** {@code cancel_checkout_session}, keyed door, native: the session and its unpaid order. */
@ApplicationScoped
public class CancelCheckoutSessionTool extends BuyerTool {

  static final String NAME = "cancel_checkout_session";

  private static final String DESCRIPTION =
      "Cancel a checkout session the buyer no longer wants, and its order when a payment link"
          + " made one (the hosted page can then no longer pay it). A paid session is refused"
          + " with ORDER_ALREADY_PAID: give money back with request_after_sales"
          + " (requested_action refund). While a payment runs: completion_in_progress (retry)."
          + " Cancelling again answers the cancelled session. Name the session by session_id, or"
          + " by the order_id its payment link or completion made. Returns the session (status"
          + " \"cancelled\").";

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Cancel a checkout session")
        .description(DESCRIPTION)
        .inputSchema(
            ToolJson.parse(
                CheckoutSchemas.object(
                    CheckoutSchemas.KEY
                        + ","
                        + CheckoutSchemas.SESSION_ID
                        + ","
                        + CheckoutSchemas.ORDER_ID,
                    "idempotency_key")))
        .annotations(new ToolAnnotations(false, true, true, false))
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    CheckoutSessions.Buyer buyer = kit.buyer();
    String sessionId = CheckoutToolKit.sessionNamed(kit, buyer, arguments);
    return kit.once(
        NAME,
        arguments,
        buyer,
        false,
        () -> kit.sessionJson(kit.sessions().cancel(kit.agentId(), buyer, sessionId)));
  }
}
