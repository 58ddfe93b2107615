package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * {@code complete_checkout_session}, keyed door, native: one off-session charge through the shared
 * gates, exactly once (the session's completion claim, as the REST ACP complete).
 */
@ApplicationScoped
public class CompleteCheckoutSessionTool extends BuyerTool {

  static final String NAME = "complete_checkout_session";

  private static final String DESCRIPTION =
      "Pay a checkout session in chat with a payment method token the buyer's wallet or PSP gave"
          + " you (payment_data.token; never a card number). The basket is priced again (refused"
          + " PRICE_CHANGED if it no longer costs the locked total), the order is made and"
          + " charged once off-session through the payment gates. Refusals: the gate's own code"
          + " (TIER2_CHARGE_DISABLED, TIER2_TEST_CAPTURE_OVER_CAP, TIER2_LIVE_CAPTURE_OVER_CAP;"
          + " http_status 403) when in-chat payment is not allowed — then use create_payment_link;"
          + " acp_capture_failed (declined, try another method); acp_capture_pending_retry and"
          + " completion_in_progress (retriable: call again with the same key, never charged"
          + " twice). Returns {status:\"completed\", checkout_session_id, order_id,"
          + " payment_status:\"succeeded\", payment_id, amount_cents, amount, currency, order}."
          + " Calling again after completion answers the same result.";

  private static final String PAYMENT =
      """
      "payment_data":%1$s,
      "payment_authorization":%1$s"""
          .formatted(
              """
              {"type":"object","additionalProperties":false,"required":["token"],
                "properties":{
                  "provider":{"type":"string","minLength":1,"maxLength":40,
                    "description":"The PSP that issued the token (e.g. sandbox, stripe)."},
                  "token":{"type":"string","minLength":1,"maxLength":500,
                    "description":"A PSP payment method token (tok_..., pm_...) or a mandate token (mtk_...)."}}}""");

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Pay a checkout session in chat")
        .description(DESCRIPTION)
        .inputSchema(
            ToolJson.parse(
                CheckoutSchemas.object(
                    CheckoutSchemas.KEY + "," + CheckoutSchemas.SESSION_ID + "," + PAYMENT,
                    "idempotency_key",
                    "session_id")))
        .annotations(new ToolAnnotations(false, true, true, true))
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    CheckoutSessions.Buyer buyer = kit.buyer();
    JsonObject payment = payment(arguments);
    CheckoutSessions.Completion c =
        kit.sessions()
            .complete(
                kit.agentId(),
                buyer,
                arguments.getString("session_id"),
                ToolJson.text(payment, "provider").orElse(null),
                payment.getString("token"),
                arguments.getString("idempotency_key"),
                kit.publicBase(context));
    JsonObject result = CheckoutToolKit.parse(c.json());
    return c.replayed() ? ToolJson.object(result).add("idempotent_replayed", true).build() : result;
  }

  /** payment_data, or payment_authorization (the origin service's name): exactly one. */
  private static JsonObject payment(JsonObject arguments) throws ToolFailure {
    var data = ToolJson.objectMember(arguments, "payment_data");
    var authorization = ToolJson.objectMember(arguments, "payment_authorization");
    if (data.isPresent() == authorization.isPresent()) {
      throw ToolJson.invalidArgument(
          "",
          "exactly one of payment_data and payment_authorization is required",
          "Send the payment method token in payment_data (or payment_authorization), once.");
    }
    return data.orElseGet(authorization::get);
  }
}
