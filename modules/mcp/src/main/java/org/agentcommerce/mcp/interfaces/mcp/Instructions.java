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
          + " {\"error\":{code, message, retriable}}. The keyed door at /commerce/mcp, with an API"
          + " key (X-API-Key, from POST /agent/v1/auth), adds list_merchants and recommend_products;"
          + " buying needs a verified buyer token (X-Agent-User-JWT) as well.";

  private static final String KEYED_NATIVE =
      "Agent Commerce, keyed door: discover products and merchants, and recommend products for a"
          + " buyer's need in their own words (recommend_products enforces a budget sent at"
          + " constraints.price_max or stated in the words, and says which constraints it applied)."
          + " Every result is a JSON document in content[0].text (there is no"
          + " structuredContent): parse that text. A failed call answers isError with"
          + " {\"error\":{code, message, retriable}}; retry only when retriable is true. Prices are"
          + " in major units (12.5 means 12.50); never divide by 100. The catalog is deepest in"
          + " beauty and personal care. The key identifies your platform, not the buyer: any tool"
          + " that spends (checkout, payment) needs the buyer's verified token in X-Agent-User-JWT"
          + " and otherwise answers USER_AUTH_REQUIRED; only the tools in tools/list are offered.";

  private static final String KEYED_UCP =
      "Agent Commerce, keyed door, Universal Commerce Protocol dialect (chosen because the request"
          + " announced a UCP agent): tools carry the UCP names, and every amount is an integer in"
          + " ISO 4217 minor units for the currency's own exponent (JPY has none, USD two, BHD"
          + " three); do not divide by 100 yourself. Every result is a JSON document in"
          + " content[0].text: parse that text. A failed call answers isError with"
          + " {\"error\":{code, message, retriable}}. Only the tools in tools/list are offered;"
          + " any that spends needs the buyer's verified token in X-Agent-User-JWT, otherwise it"
          + " answers USER_AUTH_REQUIRED. The capability profile is at GET /.well-known/ucp.";

  private Instructions() {}

  static String forDoor(Door door, Dialect dialect) {
    if (door == Door.OPEN) {
      return OPEN;
    }
    return dialect == Dialect.UCP ? KEYED_UCP : KEYED_NATIVE;
  }
}
