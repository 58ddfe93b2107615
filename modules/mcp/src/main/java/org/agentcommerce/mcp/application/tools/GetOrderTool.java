package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/**
 * {@code get_order}, keyed door, native: the order as {@code GET /agent/v2/orders/{id}} reads it.
 */
@ApplicationScoped
public class GetOrderTool extends BuyerTool {

  static final String NAME = "get_order";

  private static final String DESCRIPTION =
      "Read one of the signed-in buyer's orders, exactly as GET /agent/v2/orders/{order_id}"
          + " answers it: {order:{order_id, state (awaiting_checkout, payment_failed,"
          + " merchant_confirming, confirmed, fulfilled, refunded, cancelled), status,"
          + " line_items, payment_status, payment_summary, fulfillment_summary, amounts (decimal"
          + " strings in major units), refund_summary, after_sales, audit{agent_id, created_at, updated_at, transitions}}}. Another buyer's order"
          + " is not found.";

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Read an order")
        .description(DESCRIPTION)
        .inputSchema(ToolJson.parse(CheckoutSchemas.object(CheckoutSchemas.ORDER_ID, "order_id")))
        .annotations(ToolAnnotations.READ_ONLY)
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    return ToolJson.object()
        .add(
            "order",
            kit.aftercare().order(kit.agentId(), kit.buyer(), arguments.getString("order_id")))
        .build();
  }
}
