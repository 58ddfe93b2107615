package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/**
 * {@code create_payment_link}, keyed door, native: the session's order and a hosted checkout page
 * for it. The page's token is shown once: a replay of the same key answers the link without it.
 */
@ApplicationScoped
public class CreatePaymentLinkTool extends BuyerTool {

  static final String NAME = "create_payment_link";

  private static final String DESCRIPTION =
      "Turn a checkout session into an order the buyer pays on our hosted checkout page: give"
          + " the buyer checkout_url (it carries a token valid 30 minutes; do not log or share it"
          + " elsewhere). Needs a complete shipping address and customer_email, from the session"
          + " or sent here (a new address re-prices the session first). Returns {order_id,"
          + " status:\"awaiting_payment\", checkout_url, expires_at, amount_total, currency,"
          + " session_id, checkout_session_id};"
          + " amount_total is in minor units. The token is shown once: calling again with the"
          + " same idempotency_key answers checkout_url without it; a new key gives a fresh link"
          + " to the same order. Then follow the order with get_order.";

  @Override
  public ToolDescriptor descriptor() {
    return ToolDescriptor.builder(NAME)
        .title("Create a hosted payment link")
        .description(DESCRIPTION)
        .inputSchema(
            ToolJson.parse(
                CheckoutSchemas.object(
                    CheckoutSchemas.KEY
                        + ","
                        + CheckoutSchemas.SESSION_ID
                        + ",\"customer_email\":"
                        + CheckoutSchemas.EMAIL
                        + ",\"shipping_address\":"
                        + CheckoutSchemas.ADDRESS
                        + ",\"return_url\":{\"type\":\"string\",\"maxLength\":2000,"
                        + "\"pattern\":\"^https?://\",\"format\":\"uri\","
                        + "\"description\":\"Where the page sends the buyer after paying.\"}",
                    "idempotency_key",
                    "session_id")))
        .annotations(new ToolAnnotations(false, false, true, false))
        .build();
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) {
    CheckoutSessions.Buyer buyer = kit.buyer();
    return kit.once(
        NAME,
        arguments,
        buyer,
        false,
        () -> {
          CheckoutSessions.PaymentLink l =
              kit.sessions()
                  .paymentLink(
                      kit.agentId(),
                      buyer,
                      arguments.getString("session_id"),
                      ToolJson.text(arguments, "customer_email").orElse(null),
                      ToolJson.objectMember(arguments, "shipping_address")
                          .map(CheckoutToolKit::address)
                          .orElse(null),
                      ToolJson.text(arguments, "return_url").orElse(null),
                      kit.publicBase(context));
          return ToolJson.object()
              .add("order_id", l.orderId())
              .add("status", l.status())
              .add("checkout_url", l.checkoutUrl())
              .add("expires_at", l.expiresAt().toString())
              .add("amount_total", l.amountTotal())
              .add("currency", l.currency())
              .add("session_id", l.sessionId())
              .add("checkout_session_id", l.sessionId())
              .build();
        },
        CreatePaymentLinkTool::withoutToken);
  }

  /** The stored answer: the link without its token (a secret is never kept for replays). */
  static String withoutToken(String answer) {
    JsonObject o = CheckoutToolKit.parse(answer);
    String url = o.getString("checkout_url");
    int fragment = url.indexOf('#');
    return ToolJson.object(o)
        .add("checkout_url", fragment < 0 ? url : url.substring(0, fragment))
        .add(
            "note",
            "The checkout token is shown once, in the first answer. Call create_payment_link with"
                + " a new idempotency_key for a fresh link to the same order.")
        .build()
        .toString();
  }
}
