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
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * {@code request_after_sales}, keyed door, native: a refund through the refund service, or a
 * tracked return, exchange or support request on the order. The origin service's gateway sends the
 * request inside {@code status}; both shapes are taken.
 */
@ApplicationScoped
public class RequestAfterSalesTool extends BuyerTool {

  static final String NAME = "request_after_sales";

  private static final String DESCRIPTION =
      "Ask for something after a purchase, for the signed-in buyer's order. requested_action"
          + " refund gives back what is left of the payment now, through the payment provider"
          + " (never more than was paid; PAYMENT_NOT_SUCCEEDED when nothing was paid); return,"
          + " exchange and support open a request the merchant handles, listed on the order"
          + " (get_order: after_sales). Send order_id, requested_action and reason at the top, or"
          + " all three inside status (the origin service's shape), not both. Returns"
          + " {request_id, order_id, requested_action, reason, status (open, refunded,"
          + " refund_pending, refund_failed), refund?:{refund_id, amount (decimal string, major"
          + " units), currency, status}, created_at}.";

  private static final String ACTION =
      """
      "requested_action":{"type":"string","enum":["refund","return","exchange","support"]}""";

  private static final String REASON =
      """
      "reason":{"type":"string","minLength":1,"maxLength":500,"description":"Why, in the buyer's words."}""";

  @Override
  public ToolDescriptor descriptor() {
    String request = CheckoutSchemas.ORDER_ID + "," + ACTION + "," + REASON;
    String status =
        "{\"type\":\"object\",\"additionalProperties\":false,"
            + "\"required\":[\"order_id\",\"requested_action\"],"
            + "\"description\":\"The same request in the origin service's shape: order_id,"
            + " requested_action and reason inside status instead of at the top.\","
            + "\"properties\":{"
            + request
            + "}}";
    return ToolDescriptor.builder(NAME)
        .title("Request a refund, return, exchange or support")
        .description(DESCRIPTION)
        .inputSchema(
            ToolJson.parse(
                CheckoutSchemas.object(
                    CheckoutSchemas.KEY + "," + request + ",\"status\":" + status,
                    "idempotency_key")))
        .annotations(new ToolAnnotations(false, true, true, true))
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    CheckoutSessions.Buyer buyer = kit.buyer();
    JsonObject request = request(arguments);
    String action = request.getString("requested_action");
    return kit.once(
        NAME,
        request,
        buyer,
        "refund".equals(action),
        () ->
            json(
                kit.aftercare()
                    .request(
                        kit.agentId(),
                        buyer,
                        request.getString("order_id"),
                        action,
                        ToolJson.text(request, "reason").orElse(null))));
  }

  /**
   * The request in one shape: the members at the top, or inside {@code status} (the origin's
   * gateway shape) — exactly one of the two; the same key with either shape is the same request.
   */
  static JsonObject request(JsonObject arguments) throws ToolFailure {
    JsonObject status = ToolJson.objectMember(arguments, "status").orElse(null);
    boolean top =
        arguments.containsKey("order_id")
            || arguments.containsKey("requested_action")
            || arguments.containsKey("reason");
    if (status != null && top) {
      throw ToolJson.invalidArgument(
          "/status",
          "status and order_id, requested_action or reason at the top are exclusive",
          "Send order_id, requested_action and reason either at the top or inside status, not"
              + " both.");
    }
    JsonObject from = status != null ? status : arguments;
    for (String required : new String[] {"order_id", "requested_action"}) {
      if (!from.containsKey(required)) {
        throw ToolJson.invalidArgument(
            (status != null ? "/status/" : "/") + required,
            "required property '" + required + "' not found",
            "order_id and requested_action are required (at the top, or inside status).");
      }
    }
    JsonObjectBuilder b =
        ToolJson.object()
            .add("idempotency_key", arguments.getString("idempotency_key"))
            .add("order_id", from.getString("order_id"))
            .add("requested_action", from.getString("requested_action"));
    if (from.containsKey("reason")) {
      b.add("reason", from.get("reason"));
    }
    return b.build();
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
