package org.agentcommerce.mcp.interfaces.mcp;

import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;

/** The {@code instructions} of {@code initialize}: how an agent should use the door it called. */
final class Instructions {

  private static final String OPEN =
      "Agent Commerce, open door: discover products without a key. The catalog is deepest in"
          + " beauty and personal care; other queries may return nothing, or confident but"
          + " irrelevant results without prices, which are not errors. Search with search_catalog,"
          + " then use get_product for the merchant and the variants (every variant carries its"
          + " real upstream variant id), get_intel for evidence-backed notes, and get_alternatives"
          + " for similar products (each priced in the anchor's currency)."
          + " Prices are in major units (12.5 means 12.50). Each result is in structuredContent and,"
          + " as the same JSON, in content[0].text. A failed call answers isError with"
          + " {\"error\":{code, message, retriable}}. Checkout, payment links and orders need the"
          + " keyed door at /commerce/mcp with an API key (X-API-Key, from POST /agent/v1/auth) and"
          + " a verified buyer token (X-Agent-User-JWT).";

  private static final String KEYED_NATIVE =
      "Agent Commerce, keyed door: discover products, check out and create payment links for a"
          + " buyer. Every result is a JSON document in content[0].text (there is no"
          + " structuredContent): parse that text. A failed call answers isError with"
          + " {\"error\":{code, message, retriable}}; retry only when retriable is true. Prices are"
          + " in major units (12.5 means 12.50); never divide by 100. The catalog is deepest in"
          + " beauty and personal care. The key identifies your platform, not the buyer: checkout"
          + " and payment need the buyer's verified token in X-Agent-User-JWT, otherwise they"
          + " answer USER_AUTH_REQUIRED. A product with several variants needs variant_id, and one"
          + " checkout holds one seller's items. The quote's total is set by the server and cannot"
          + " be changed. Read order state over REST at GET /agent/v2/orders/{order_id}.";

  private static final String KEYED_UCP =
      "Agent Commerce, keyed door, Universal Commerce Protocol dialect (chosen because the request"
          + " announced a UCP agent): tools carry the UCP names, and every amount is an integer in"
          + " ISO 4217 minor units for the currency's own exponent (JPY has none, USD two, BHD"
          + " three); do not divide by 100 yourself. Every result is a JSON document in"
          + " content[0].text: parse that text. A failed call answers isError with"
          + " {\"error\":{code, message, retriable}}. Checkout needs the buyer's verified token in"
          + " X-Agent-User-JWT, otherwise it answers USER_AUTH_REQUIRED. The capability profile is"
          + " at GET /.well-known/ucp.";

  private Instructions() {}

  static String forDoor(Door door, Dialect dialect) {
    if (door == Door.OPEN) {
      return OPEN;
    }
    return dialect == Dialect.UCP ? KEYED_UCP : KEYED_NATIVE;
  }
}
