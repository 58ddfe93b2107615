package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * {@code create_checkout}, keyed door, UCP dialect: create a checkout (UCP 2026-04-08 checkout).
 */
@ApplicationScoped
public class UcpCreateCheckoutTool extends UcpCheckoutTool {

  static final String NAME = "create_checkout";

  private static final String DESCRIPTION =
      "Start a UCP checkout for the signed-in buyer (X-Agent-User-JWT): one merchant's line_items [{item:{id}, quantity}] priced by the server in integer minor units of the currency. item.id is a product id, or a variant id or SKU: a product with several variants is refused (VARIANT_REQUIRED, listing them), never guessed. Send buyer.email and the shipping address (fulfillment.methods[0].destinations[0]) to reach status ready_for_complete; without them the checkout is incomplete and messages say what is missing. Returns the UCP checkout object.";

  private static final String MEMBERS =
      "{\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"checkout\"],\"properties\":{\"meta\":%s,\"checkout\":%s}}";

  @Inject CatalogReads catalog;

  @Override
  public ToolDescriptor descriptor() {
    return descriptor(
        NAME,
        "Create a checkout",
        DESCRIPTION,
        String.format(MEMBERS, UcpRequests.META_SCHEMA, UcpCheckouts.CHECKOUT_REQUEST),
        new ToolAnnotations(false, false, true, false));
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    CheckoutSessions.Buyer buyer = kit.buyer();
    CheckoutSessions.Basket basket =
        UcpCheckouts.basket(arguments.getJsonObject("checkout"), catalog);
    return respond(
        NAME, arguments, buyer, context, () -> kit.sessions().create(kit.agentId(), buyer, basket));
  }
}
