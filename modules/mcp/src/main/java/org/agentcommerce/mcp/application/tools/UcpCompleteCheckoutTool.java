package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;

/**
 * {@code complete_checkout}, keyed door, UCP dialect: complete a checkout (UCP 2026-04-08
 * checkout).
 */
@ApplicationScoped
public class UcpCompleteCheckoutTool extends UcpCheckoutTool {

  static final String NAME = "complete_checkout";

  private static final String DESCRIPTION =
      "Pay a ready UCP checkout with one payment instrument of handler org.agentcommerce.psp_token (handler_id psp_token): checkout.payment.instruments[0].credential {type, token} carries a PSP token the buyer's wallet gave you. One off-session charge through the payment gates, exactly once per checkout (meta.idempotency-key required); a refused gate answers its code (TIER2_CHARGE_DISABLED, ...; http_status 403). Returns the checkout, status completed, with order {id, permalink_url}.";

  private static final String MEMBERS =
      "{\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"meta\",\"id\",\"checkout\"],\"properties\":{\"meta\":%s,%s,\"checkout\":%s}}";

  private static final String PAYMENT =
      """
      {"type":"object","required":["payment"],
       "properties":{
        "payment":{"type":"object","required":["instruments"],"properties":{
          "instruments":{"type":"array","minItems":1,"maxItems":1,"items":{"type":"object",
            "required":["handler_id","credential"],
            "properties":{
              "id":{"type":"string","maxLength":200},
              "handler_id":{"type":"string","enum":["psp_token"]},
              "type":{"type":"string","maxLength":40},
              "credential":{"type":"object","required":["token"],"properties":{
                "type":{"type":"string","maxLength":40},
                "token":{"type":"string","minLength":1,"maxLength":500}}}}}}}}}}""";

  @Override
  public ToolDescriptor descriptor() {
    return descriptor(
        NAME,
        "Complete a checkout",
        DESCRIPTION,
        String.format(MEMBERS, UcpRequests.META_SCHEMA, UcpCheckouts.ID, PAYMENT),
        new ToolAnnotations(false, true, true, true));
  }

  @Override
  public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
    CheckoutSessions.Buyer buyer = kit.buyer();
    String id = arguments.getString("id");
    JsonObject instrument =
        arguments
            .getJsonObject("checkout")
            .getJsonObject("payment")
            .getJsonArray("instruments")
            .getJsonObject(0);
    String key =
        ToolJson.text(arguments.getJsonObject("meta"), "idempotency-key")
            .orElseThrow(
                () ->
                    ToolJson.invalidArgument(
                        "/meta/idempotency-key",
                        "required",
                        "complete_checkout needs meta.idempotency-key."));
    kit.sessions()
        .complete(
            kit.agentId(),
            buyer,
            id,
            instrument.getString("handler_id"),
            instrument.getJsonObject("credential").getString("token"),
            key,
            kit.publicBase(context));
    return checkout(kit.sessions().get(kit.agentId(), buyer, id), context);
  }
}
