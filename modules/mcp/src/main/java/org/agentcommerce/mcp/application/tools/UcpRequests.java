package org.agentcommerce.mcp.application.tools;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the UCP dialect's tools share: the {@code meta} argument of UCP's MCP binding, the {@code
 * context} hints (currency, country) and the {@code messages} of a response.
 */
final class UcpRequests {

  /** UCP's {@code meta} (the binding's request metadata); {@code ucp-agent} picks the dialect. */
  static final String META_SCHEMA =
      """
      {"type":"object",
       "description":"UCP request metadata: ucp-agent {profile} identifies the platform (the same as the UCP-Agent header).",
       "properties":{
         "ucp-agent":{"type":"object","required":["profile"],
           "properties":{"profile":{"type":"string","maxLength":2048}}},
         "idempotency-key":{"type":"string","maxLength":200}}}
      """;

  /** UCP's {@code context}: the hints we read, anything else accepted and ignored. */
  static final String CONTEXT_SCHEMA =
      """
      {"type":"object",
       "description":"Buyer hints: currency (ISO 4217) and address_country (ISO 3166-1 alpha-2) choose the market whose prices are shown.",
       "properties":{
         "currency":{"type":"string","pattern":"^[A-Z]{3}$"},
         "address_country":{"type":"string","maxLength":100},
         "address_region":{"type":"string","maxLength":100},
         "postal_code":{"type":"string","maxLength":20},
         "intent":{"type":"string","maxLength":500},
         "language":{"type":"string","maxLength":35},
         "eligibility":{"type":"array","maxItems":50,"items":{"type":"string","maxLength":200}}}}
      """;

  private UcpRequests() {}

  /** The {@code catalog} argument, or {@code {}}. */
  static JsonObject catalog(JsonObject arguments) {
    return ToolJson.objectMember(arguments, "catalog").orElse(JsonObject.EMPTY_JSON_OBJECT);
  }

  /** {@code context.address_country} as a market, when it is a two-letter code. */
  static Optional<String> country(JsonObject catalog) {
    return ToolJson.objectMember(catalog, "context")
        .flatMap(c -> ToolJson.text(c, "address_country"))
        .filter(s -> s.matches("[A-Za-z]{2}"))
        .map(s -> s.toUpperCase(Locale.ROOT));
  }

  /** {@code context.currency}. */
  static Optional<String> currency(JsonObject catalog) {
    return ToolJson.objectMember(catalog, "context").flatMap(c -> ToolJson.string(c, "currency"));
  }

  /** A UCP message ({@code types/message_info.json} or {@code message_warning.json}). */
  static JsonObject message(String type, String code, String content) {
    return ToolJson.object().add("type", type).add("code", code).add("content", content).build();
  }

  static JsonObject message(String type, String code, String path, String content) {
    return ToolJson.object()
        .add("type", type)
        .add("code", code)
        .add("path", path)
        .add("content", content)
        .build();
  }

  /** The messages as an array. */
  static JsonArrayBuilder messages(List<JsonObject> messages) {
    JsonArrayBuilder out = ToolJson.array();
    messages.forEach(out::add);
    return out;
  }
}
