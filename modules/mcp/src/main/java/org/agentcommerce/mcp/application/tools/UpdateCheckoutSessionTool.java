package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/** {@code update_checkout_session}, keyed door, native: a full re-quote of a ready session. */
@ApplicationScoped
public class UpdateCheckoutSessionTool extends BuyerTool {

  static final String NAME = "update_checkout_session";

  private static final String DESCRIPTION =
      "Replace a ready checkout session's basket with a new quote (same merchant): send the"
          + " whole quote again (items, discount_codes, customer_email, customer_name,"
          + " shipping_address); the server prices it afresh, locks the new total and extends"
          + " the session. Refused once the session has a payment link, is being paid, paid or"
          + " cancelled (CHECKOUT_SESSION_LOCKED). Returns the session as"
          + " create_checkout_session does (amounts in minor units).";

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Re-quote a checkout session")
        .description(DESCRIPTION)
        .inputSchema(
            ToolJson.parse(
                CheckoutSchemas.object(
                    CheckoutSchemas.KEY
                        + ","
                        + CheckoutSchemas.SESSION_ID
                        + ",\"quote\":"
                        + CheckoutSchemas.QUOTE,
                    "idempotency_key",
                    "session_id",
                    "quote")))
        .annotations(new ToolAnnotations(false, true, true, false))
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    CheckoutSessions.Buyer buyer = kit.buyer();
    CheckoutSessions.Basket basket = CheckoutToolKit.basket(arguments.getJsonObject("quote"));
    String sessionId = arguments.getString("session_id");
    return kit.once(
        NAME,
        arguments,
        buyer,
        false,
        () -> kit.sessionJson(kit.sessions().update(kit.agentId(), buyer, sessionId, basket)));
  }
}
