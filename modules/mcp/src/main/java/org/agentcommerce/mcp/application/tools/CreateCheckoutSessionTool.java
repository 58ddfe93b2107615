package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/**
 * {@code create_checkout_session}, keyed door, native: a locked, server-priced quote for a buyer.
 */
@ApplicationScoped
public class CreateCheckoutSessionTool extends BuyerTool {

  static final String NAME = "create_checkout_session";

  private static final String DESCRIPTION =
      "Open a checkout session for the signed-in buyer (X-Agent-User-JWT required): the server"
          + " prices one merchant's items from the live catalog (discounts, shipping, tax for the"
          + " shipping_address) and locks the total; nothing you send can set a price. A product"
          + " with several variants needs variant_id (or sku_id) from get_product, else the call"
          + " is refused listing the variants. At most 50 lines across 25 products, one merchant"
          + " per session. Returns {session_id, status:\"ready_for_payment\", currency,"
          + " merchant_of_record, totals:{subtotal, discount, shipping, tax, total}, line_items,"
          + " expires_at}; every amount is an integer in minor units of currency (2400 USD is"
          + " $24.00, 3000 JPY is ¥3000). Next: complete_checkout_session (pay in chat) or"
          + " create_payment_link (the buyer pays on a hosted page).";

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Create a checkout session")
        .description(DESCRIPTION)
        .inputSchema(
            ToolJson.parse(
                CheckoutSchemas.object(
                    CheckoutSchemas.KEY + ",\"quote\":" + CheckoutSchemas.QUOTE,
                    "idempotency_key",
                    "quote")))
        .annotations(new ToolAnnotations(false, false, true, false))
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    CheckoutSessions.Buyer buyer = kit.buyer();
    CheckoutSessions.Basket basket = CheckoutToolKit.basket(arguments.getJsonObject("quote"));
    return kit.once(
        NAME,
        arguments,
        buyer,
        false,
        () -> kit.sessionJson(kit.sessions().create(kit.agentId(), buyer, basket)));
  }
}
