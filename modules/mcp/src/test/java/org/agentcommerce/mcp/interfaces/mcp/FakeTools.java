package org.agentcommerce.mcp.interfaces.mcp;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.agentcommerce.mcp.api.ToolFailure;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;

/** Two tools that stand in for the commerce tools: one on both doors in both dialects, one not. */
final class FakeTools {

  private FakeTools() {}

  static JsonObject json(String text) {
    return Json.createReader(new StringReader(text)).readObject();
  }

  /**
   * {@code find_things} (UCP: {@code search_things}): both doors, both dialects, no output schema.
   * Answers what it was given and how it was called.
   */
  static final class FindThings implements McpTool {
    final List<ToolCallContext> calls = new ArrayList<>();

    @Override
    public ToolDescriptor descriptor() {
      return ToolDescriptor.builder("find_things")
          .title("Find things")
          .description("Searches things by query.")
          .inputSchema(
              json(
                  """
                  {"type":"object","additionalProperties":false,"required":["query"],
                   "properties":{
                     "query":{"type":"string","minLength":1,"maxLength":20},
                     "limit":{"type":"integer","minimum":1,"maximum":20},
                     "price_max":{"type":["number","null"],"exclusiveMinimum":0},
                     "tags":{"type":"array","maxItems":2,"items":{"type":"string"}},
                     "sort":{"type":"string","enum":["relevance","price"]},
                     "meta":{"type":"object"}}}
                  """))
          .doors(Door.OPEN, Door.KEYED)
          .dialects(Dialect.NATIVE)
          .dialectName(Dialect.UCP, "search_things")
          .build();
    }

    @Override
    public JsonObject call(JsonObject arguments, ToolCallContext context) {
      calls.add(context);
      return Json.createObjectBuilder()
          .add("query", arguments.getString("query"))
          .add("door", context.door().name())
          .add("dialect", context.dialect().name())
          .add("protocol", context.protocolVersion())
          .build();
    }
  }

  /**
   * {@code get_thing}: both doors, native only, with an output schema. {@code behave} picks the
   * outcome: ok, fail, auth, busy, invalid, crash or null.
   */
  static final class GetThing implements McpTool {

    @Override
    public ToolDescriptor descriptor() {
      return ToolDescriptor.builder("get_thing")
          .description("Reads one thing.")
          .inputSchema(
              json(
                  """
                  {"$schema":"https://json-schema.org/draft/2020-12/schema",
                   "type":"object","additionalProperties":false,"required":["id"],
                   "properties":{"id":{"type":"string","pattern":"^thing_[0-9]+$"},
                     "behave":{"type":"string"}}}
                  """))
          .outputSchema(
              json(
                  """
                  {"type":"object","required":["id","price"],
                   "properties":{"id":{"type":"string"},"price":{"type":"number"}}}
                  """))
          .annotations(new ToolAnnotations(true, false, true, true))
          .doors(Door.OPEN, Door.KEYED)
          .build();
    }

    @Override
    public JsonObject call(JsonObject arguments, ToolCallContext context) throws ToolFailure {
      String behave = arguments.getString("behave", "ok");
      return switch (behave) {
        case "fail" ->
            throw new ToolFailure(
                "NOT_FOUND",
                "Thing " + arguments.getString("id") + " was not found.",
                false,
                Json.createObjectBuilder()
                    .add("id", arguments.getString("id"))
                    .add("code", "OVERRIDDEN")
                    .build());
        case "auth" ->
            throw new ApiException(
                401, "USER_AUTH_REQUIRED", "Send the buyer's token in X-Agent-User-JWT.");
        case "busy" ->
            throw new ApiException(
                429, "RATE_LIMITED", "Slow down.", Map.of("limit", 60), Map.of("Retry-After", "7"));
        case "invalid" ->
            throw new InvalidInputException(
                new InvalidInputException.Violation(
                    List.of("body", "id"), "Unknown id format", "value_error"));
        case "crash" -> throw new IllegalStateException("secret database detail");
        case "null" -> null;
        default ->
            Json.createObjectBuilder()
                .add("id", arguments.getString("id"))
                .add("price", 12.5)
                .add("note", JsonValue.NULL)
                .build();
      };
    }
  }

  /** A tool offered on the keyed door only. */
  static final class PlaceOrder implements McpTool {
    @Override
    public ToolDescriptor descriptor() {
      return ToolDescriptor.builder("place_order")
          .description("Places an order.")
          .inputSchema(json("{\"type\":\"object\"}"))
          .annotations(new ToolAnnotations(false, false, false, true))
          .build();
    }

    @Override
    public JsonObject call(JsonObject arguments, ToolCallContext context) {
      return Json.createObjectBuilder().add("ok", true).build();
    }
  }
}
