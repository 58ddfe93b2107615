package org.agentcommerce.mcp.interfaces.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What the doors answer, checked against the published MCP schemas of both revisions they speak
 * (copies in src/test/resources/mcp).
 */
class McpSchemaConformanceTest {

  private static final JsonSchemaFactory DRAFT_7 =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7);
  private static final JsonSchemaFactory DRAFT_2020_12 =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

  private final TestDoor open = TestDoor.open();
  private final TestDoor keyed = TestDoor.keyed();

  private static void conforms(String definition, JsonObject value) {
    JsonSchema june =
        DRAFT_7.getSchema(
            SchemaLocation.of("classpath:mcp/schema-2025-06-18.json#/definitions/" + definition));
    JsonSchema november =
        DRAFT_2020_12.getSchema(
            SchemaLocation.of("classpath:mcp/schema-2025-11-25.json#/$defs/" + definition));
    Set<ValidationMessage> juneErrors = june.validate(value.toString(), InputFormat.JSON);
    Set<ValidationMessage> novemberErrors = november.validate(value.toString(), InputFormat.JSON);

    assertEquals(Set.of(), juneErrors, () -> "2025-06-18 " + definition + ": " + value);
    assertEquals(Set.of(), novemberErrors, () -> "2025-11-25 " + definition + ": " + value);
  }

  @Test
  void everyToolsListAnswerIsAListToolsResult() {
    conforms("ListToolsResult", open.result("tools/list", null));
    conforms("ListToolsResult", keyed.result("tools/list", null));
    conforms("ListToolsResult", keyed.result("tools/list", "{}", "UCP-Agent", "profile=\"x\""));
    conforms("ListToolsResult", open.result("tools/list", "{\"cursor\":\"c\"}"));
  }

  @Test
  void initializeAnswersAreInitializeResults() {
    String params =
        "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}";
    conforms("InitializeResult", open.result("initialize", params));
    conforms("InitializeResult", keyed.result("initialize", params));
  }

  @Test
  void toolResultsAreCallToolResults() {
    conforms("CallToolResult", open.call("get_thing", "{\"id\":\"thing_1\"}"));
    conforms("CallToolResult", keyed.call("get_thing", "{\"id\":\"thing_1\"}"));
    conforms("CallToolResult", open.call("find_things", "{\"limit\":99}"));
    conforms("CallToolResult", open.call("get_thing", "{\"id\":\"thing_1\",\"behave\":\"fail\"}"));
  }

  @Test
  void otherResultsMatchTheirDefinitions() {
    conforms(
        "CompleteResult",
        open.result(
            "completion/complete",
            "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"p\"},"
                + "\"argument\":{\"name\":\"a\",\"value\":\"x\"}}"));
    conforms("ListResourcesResult", open.result("resources/list", null));
    conforms("ListResourceTemplatesResult", open.result("resources/templates/list", null));
    conforms("ListPromptsResult", open.result("prompts/list", null));
  }

  @Test
  void answersToRequestsAreJsonRpcResponses() {
    JsonObject ok =
        TestDoor.json(open.post("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ping\"}"));
    JsonObject error = open.rpc("no/such", null);

    conforms("JSONRPCResponse", ok);
    conforms("JSONRPCMessage", error);
  }

  /**
   * A refusal that belongs to no request carries {@code "id": null}, as JSON-RPC 2.0 requires and
   * the MCP TypeScript SDK does; the MCP schemas only know error responses with an id (2025-06-18)
   * or without the member (2025-11-25), so only the error object is checked against them.
   */
  @Test
  void refusalsCarryANullIdAndAnMcpErrorObject() {
    JsonObject refused = TestDoor.json(open.send("GET", null));

    assertEquals(JsonValue.NULL, refused.get("id"));
    assertEquals("2.0", refused.getString("jsonrpc"));
    JsonSchema error =
        DRAFT_2020_12.getSchema(
            SchemaLocation.of("classpath:mcp/schema-2025-11-25.json#/$defs/Error"));
    assertEquals(
        Set.of(), error.validate(refused.getJsonObject("error").toString(), InputFormat.JSON));
  }
}
