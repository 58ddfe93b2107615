package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import org.agentcommerce.checkout.api.CheckoutCharges;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.checkout.api.OrderAftercare;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/**
 * {@code request_after_sales}, keyed door, native: a refund through the refund service, or a
 * tracked return, exchange or support request on the order.
 */
@ApplicationScoped
public class RequestAfterSalesTool extends BuyerTool {

  static final String NAME = "request_after_sales";

  private static final String DESCRIPTION =
      "Ask for something after a purchase, for the signed-in buyer's order. requested_action"
          + " refund gives back what is left of the payment now, through the payment provider"
          + " (never more than was paid; PAYMENT_NOT_SUCCEEDED when nothing was paid); return,"
          + " exchange and support open a request the merchant handles, listed on the order"
          + " (get_order: after_sales). Returns {request_id, order_id, requested_action, reason,"
          + " status (open, refunded, refund_pending, refund_failed), refund?:{refund_id, amount"
          + " (decimal string, major units), currency, status}, created_at}.";

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Request a refund, return, exchange or support")
        .description(DESCRIPTION)
        .inputSchema(
            ToolJson.parse(
                CheckoutSchemas.object(
                    CheckoutSchemas.KEY
                        + ","
                        + CheckoutSchemas.ORDER_ID
                        + ",\"requested_action\":{\"type\":\"string\","
                        + "\"enum\":[\"refund\",\"return\",\"exchange\",\"support\"]},"
                        + "\"reason\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":500,"
                        + "\"description\":\"Why, in the buyer's words.\"}",
                    "idempotency_key",
                    "order_id",
                    "requested_action")))
        .annotations(new ToolAnnotations(false, true, true, true))
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    CheckoutSessions.Buyer buyer = kit.buyer();
    String action = arguments.getString("requested_action");
    return kit.once(
        NAME,
        arguments,
        buyer,
        "refund".equals(action),
        () ->
            json(
                kit.aftercare()
                    .request(
                        kit.agentId(),
                        buyer,
                        arguments.getString("order_id"),
                        action,
                        ToolJson.text(arguments, "reason").orElse(null))));
  }

  private static JsonObject json(OrderAftercare.Request r) {
    JsonObjectBuilder b =
        ToolJson.object()
            .add("request_id", r.requestId())
            .add("order_id", r.orderId())
            .add("requested_action", r.action())
            .add("reason", ToolJson.stringOrNull(r.reason()))
            .add("status", r.status());
    CheckoutCharges.Refunded f = r.refund();
    if (f != null) {
      b.add(
          "refund",
          ToolJson.object()
              .add("refund_id", f.refundId())
              .add("payment_id", f.paymentId())
              .add("amount", f.amount())
              .add("currency", f.currency())
              .add("status", f.status())
              .add("failure_reason", ToolJson.stringOrNull(f.failureReason())));
    }
    return b.add("created_at", r.createdAt().toString()).build();
  }
}
