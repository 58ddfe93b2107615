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
 * {@code update_checkout}, keyed door, UCP dialect: update a checkout (UCP 2026-04-08 checkout).
 */
@ApplicationScoped
public class UcpUpdateCheckoutTool extends UcpCheckoutTool {

  static final String NAME = "update_checkout";

  private static final String DESCRIPTION =
      "Replace a UCP checkout's line_items, buyer and shipping address (a full re-quote; same merchant). Refused once it is being completed, completed or canceled. Returns the UCP checkout object.";

  private static final String MEMBERS =
      "{\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"id\",\"checkout\"],\"properties\":{\"meta\":%s,%s,\"checkout\":%s}}";

  @Inject CatalogReads catalog;

  @Override
  public ToolDescriptor descriptor() {
    return descriptor(
        NAME,
        "Update a checkout",
        DESCRIPTION,
        String.format(
            MEMBERS, UcpRequests.META_SCHEMA, UcpCheckouts.ID, UcpCheckouts.CHECKOUT_REQUEST),
        new ToolAnnotations(false, true, true, false));
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    CheckoutSessions.Buyer buyer = kit.buyer();
    CheckoutSessions.Basket basket =
        UcpCheckouts.basket(arguments.getJsonObject("checkout"), catalog);
    String id = arguments.getString("id");
    return respond(
        NAME,
        arguments,
        buyer,
        context,
        () -> kit.sessions().update(kit.agentId(), buyer, id, basket));
  }
}
