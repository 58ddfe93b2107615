package org.agentcommerce.mcp.application.tools;

import jakarta.json.JsonObject;
import java.util.function.Supplier;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;

/** A UCP checkout tool: listed in the UCP dialect only, answering UCP checkout objects. */
abstract class UcpCheckoutTool extends BuyerTool {

  static ToolDescriptor descriptor(
      String name, String title, String description, String schema, ToolAnnotations hints) {
    return ToolDescriptor.builder(name)
        .title(title)
        .description(description)
        .inputSchema(ToolJson.parse(schema))
        .annotations(hints)
        .dialects(Dialect.UCP)
        .build();
  }

  /** Once per meta.idempotency-key when one is sent; the answer is the UCP checkout. */
  JsonObject respond(
      String tool,
      JsonObject arguments,
      CheckoutSessions.Buyer buyer,
      ToolCallContext context,
      Supplier<CheckoutSessions.Session> work) {
    return kit.ucpOnce(
        tool,
        arguments,
        buyer,
        () -> UcpCheckouts.checkout(work.get(), kit.permalinkBase(context)));
  }

  /** The session as a UCP checkout. */
  JsonObject checkout(CheckoutSessions.Session s, ToolCallContext context) {
    return UcpCheckouts.checkout(s, kit.permalinkBase(context));
  }
}
