package org.agentcommerce.mcp.interfaces.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.List;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.junit.jupiter.api.Test;

/** tools/list and tools/call: rendering per door, dialects, validation and failures. */
class McpToolCallTest {

  private final TestDoor open = TestDoor.open();
  private final TestDoor keyed = TestDoor.keyed();

  private static List<String> names(JsonObject listResult) {
    return listResult.getJsonArray("tools").stream()
        .map(t -> t.asJsonObject().getString("name"))
        .toList();
  }

  private static JsonObject tool(JsonObject listResult, String name) {
    return listResult.getJsonArray("tools").stream()
        .map(t -> t.asJsonObject())
        .filter(t -> t.getString("name").equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void eachDoorListsItsOwnTools() {
    assertEquals(List.of("find_things", "get_thing"), names(open.result("tools/list", null)));
    assertEquals(
        List.of("find_things", "get_thing", "place_order"),
        names(keyed.result("tools/list", null)));
  }

  @Test
  void theUcpDialectListsOnlyItsToolsUnderItsNames() {
    List<String> byHeader =
        names(keyed.result("tools/list", "{}", "UCP-Agent", "profile=\"https://p.example\""));
    List<String> byMeta =
        names(keyed.result("tools/list", "{\"_meta\":{\"ucp-agent\":{\"profile\":\"x\"}}}"));

    assertEquals(List.of("search_things"), byHeader);
    assertEquals(List.of("search_things"), byMeta);
  }

  @Test
  void theOpenDoorAlwaysSpeaksTheNativeDialect() {
    assertEquals(
        List.of("find_things", "get_thing"),
        names(open.result("tools/list", "{}", "UCP-Agent", "profile=\"https://p.example\"")));
    assertEquals(
        -32602,
        open.errorCode(
            "tools/call",
            "{\"name\":\"search_things\",\"arguments\":{\"query\":\"x\"}}",
            "UCP-Agent",
            "profile=\"x\""));
  }

  @Test
  void aToolIsListedWithTitleSchemaAndHints() {
    JsonObject find = tool(open.result("tools/list", null), "find_things");

    assertEquals("Find things", find.getString("title"));
    assertEquals("Searches things by query.", find.getString("description"));
    assertEquals("object", find.getJsonObject("inputSchema").getString("type"));
    JsonObject hints = find.getJsonObject("annotations");
    assertEquals("Find things", hints.getString("title"));
    assertTrue(hints.getBoolean("readOnlyHint"));
    assertFalse(hints.getBoolean("destructiveHint"));
    assertTrue(hints.getBoolean("idempotentHint"));
    assertFalse(hints.getBoolean("openWorldHint"));
  }

  @Test
  void theOutputSchemaIsListedOnlyWhereStructuredContentIsReturned() {
    assertTrue(tool(open.result("tools/list", null), "get_thing").containsKey("outputSchema"));
    assertFalse(tool(keyed.result("tools/list", null), "get_thing").containsKey("outputSchema"));
  }

  @Test
  void theOpenDoorReturnsStructuredContentAndTheSameJsonAsText() {
    JsonObject result = open.call("get_thing", "{\"id\":\"thing_1\"}");

    JsonObject structured = result.getJsonObject("structuredContent");
    assertEquals("thing_1", structured.getString("id"));
    assertEquals(structured, TestDoor.text(result));
    assertEquals(1, result.getJsonArray("content").size());
    assertFalse(result.containsKey("isError"));
  }

  @Test
  void theKeyedDoorReturnsTheJsonAsTextOnly() {
    JsonObject result = keyed.call("get_thing", "{\"id\":\"thing_1\"}");

    assertFalse(result.containsKey("structuredContent"));
    assertEquals("thing_1", TestDoor.text(result).getString("id"));
    assertEquals(12.5, TestDoor.text(result).getJsonNumber("price").doubleValue());
  }

  @Test
  void theUcpDialectCallsByTheUcpNameAndTellsTheTool() {
    JsonObject result =
        keyed.call("search_things", "{\"query\":\"soap\"}", "UCP-Agent", "profile=\"x\"");

    assertEquals("UCP", TestDoor.text(result).getString("dialect"));
    assertEquals(
        -32602,
        keyed.errorCode(
            "tools/call",
            "{\"name\":\"find_things\",\"arguments\":{\"query\":\"x\"}}",
            "UCP-Agent",
            "profile=\"x\""));
  }

  @Test
  void aUcpAgentIsRecognisedByMetaOrByTheMetaArgumentOfUcpsBinding() {
    JsonObject byMeta =
        keyed.result(
            "tools/call",
            "{\"name\":\"search_things\",\"arguments\":{\"query\":\"a\"},"
                + "\"_meta\":{\"ucp-agent\":{\"profile\":\"x\"}}}");
    JsonObject byArgument =
        keyed.call(
            "search_things", "{\"query\":\"a\",\"meta\":{\"ucp-agent\":{\"profile\":\"x\"}}}");

    assertEquals("UCP", TestDoor.text(byMeta).getString("dialect"));
    assertEquals("UCP", TestDoor.text(byArgument).getString("dialect"));
  }

  @Test
  void theToolSeesDoorVersionMetaAndHeadersButNoCredentials() {
    keyed.result(
        "tools/call",
        "{\"name\":\"find_things\",\"arguments\":{\"query\":\"a\"},\"_meta\":{\"progressToken\":5}}",
        "MCP-Protocol-Version",
        "2025-06-18",
        "X-API-Key",
        "ak_live_secret",
        "Authorization",
        "Bearer ak_live_secret",
        "Cookie",
        "s=1",
        "X-Agent-User-JWT",
        "eyJ.buyer.token");

    ToolCallContext context = keyed.findThings.calls.get(0);
    assertEquals(Door.KEYED, context.door());
    assertEquals(Dialect.NATIVE, context.dialect());
    assertEquals("2025-06-18", context.protocolVersion());
    assertEquals(5, context.meta().getInt("progressToken"));
    assertEquals("eyJ.buyer.token", context.header("X-Agent-User-JWT").orElseThrow());
    assertTrue(context.header("x-api-key").isEmpty());
    assertTrue(context.header("authorization").isEmpty());
    assertTrue(context.header("cookie").isEmpty());
  }

  @Test
  void withoutAProtocolHeaderTheToolIsToldTheTransportsDefault() {
    JsonObject result = open.call("find_things", "{\"query\":\"a\"}");

    assertEquals("2025-03-26", TestDoor.text(result).getString("protocol"));
  }

  @Test
  void unknownToolsAreInvalidParams() {
    JsonObject response = open.rpc("tools/call", "{\"name\":\"no_such_tool\",\"arguments\":{}}");

    assertEquals(-32602, response.getJsonObject("error").getInt("code"));
    assertTrue(response.getJsonObject("error").getString("message").contains("no_such_tool"));
  }

  @Test
  void aKeyedOnlyToolIsUnknownOnTheOpenDoor() {
    assertEquals(-32602, open.errorCode("tools/call", "{\"name\":\"place_order\"}"));
    assertTrue(TestDoor.text(keyed.call("place_order", null)).getBoolean("ok"));
  }

  @Test
  void malformedCallsAreInvalidParams() {
    assertEquals(-32602, open.errorCode("tools/call", "{}"));
    assertEquals(-32602, open.errorCode("tools/call", "{\"name\":3}"));
    assertEquals(
        -32602, open.errorCode("tools/call", "{\"name\":\"find_things\",\"arguments\":[]}"));
    assertEquals(
        -32602, open.errorCode("tools/call", "{\"name\":\"find_things\",\"arguments\":\"q\"}"));
    assertEquals(
        -32602,
        open.errorCode(
            "tools/call",
            "{\"name\":\"find_things\",\"arguments\":{\"query\":\"a\"},\"_meta\":1}"));
  }

  @Test
  void argumentsThatBreakTheSchemaAreAToolErrorTheModelCanRead() {
    JsonObject result =
        open.call(
            "find_things",
            "{\"limit\":0,\"tags\":[\"a\",\"b\",3],\"sort\":\"name\",\"colour\":\"red\"}");

    assertTrue(result.getBoolean("isError"));
    JsonObject error = TestDoor.text(result).getJsonObject("error");
    assertEquals("INVALID_ARGUMENTS", error.getString("code"));
    assertFalse(error.getBoolean("retriable"));
    JsonArray violations = error.getJsonArray("violations");
    List<String> paths = violations.stream().map(v -> v.asJsonObject().getString("path")).toList();
    assertTrue(
        paths.containsAll(List.of("/query", "/limit", "/tags", "/tags/2", "/sort", "/colour")),
        paths::toString);
    assertEquals(TestDoor.text(result), result.getJsonObject("structuredContent"));
  }

  @Test
  void missingArgumentsAreCheckedLikeEmptyOnes() {
    JsonObject result = keyed.call("find_things", null);

    assertTrue(result.getBoolean("isError"));
    assertEquals(
        "Invalid arguments: arguments/query is required.",
        TestDoor.text(result).getJsonObject("error").getString("message"));
  }

  @Test
  void anErrorOfAToolWithAnOutputSchemaCarriesNoStructuredContent() {
    JsonObject result = open.call("get_thing", "{\"id\":\"nope\"}");

    assertTrue(result.getBoolean("isError"));
    assertFalse(result.containsKey("structuredContent"));
    assertEquals(
        "INVALID_ARGUMENTS", TestDoor.text(result).getJsonObject("error").getString("code"));
  }

  @Test
  void aToolFailureIsRenderedAsAnErrorResult() {
    JsonObject result = keyed.call("get_thing", "{\"id\":\"thing_9\",\"behave\":\"fail\"}");

    assertTrue(result.getBoolean("isError"));
    JsonObject error = TestDoor.text(result).getJsonObject("error");
    assertEquals("NOT_FOUND", error.getString("code"));
    assertEquals("Thing thing_9 was not found.", error.getString("message"));
    assertFalse(error.getBoolean("retriable"));
    assertEquals("thing_9", error.getString("id"));
  }

  @Test
  void platformErrorsFromServicesAreToolErrors() {
    JsonObject auth =
        TestDoor.text(keyed.call("get_thing", "{\"id\":\"thing_1\",\"behave\":\"auth\"}"))
            .getJsonObject("error");
    JsonObject busy =
        TestDoor.text(keyed.call("get_thing", "{\"id\":\"thing_1\",\"behave\":\"busy\"}"))
            .getJsonObject("error");
    JsonObject invalid =
        TestDoor.text(keyed.call("get_thing", "{\"id\":\"thing_1\",\"behave\":\"invalid\"}"))
            .getJsonObject("error");

    assertEquals("USER_AUTH_REQUIRED", auth.getString("code"));
    assertFalse(auth.getBoolean("retriable"));
    assertEquals("RATE_LIMITED", busy.getString("code"));
    assertTrue(busy.getBoolean("retriable"));
    assertEquals(7, busy.getInt("retry_after_seconds"));
    assertEquals(60, busy.getInt("limit"));
    assertEquals("INVALID_ARGUMENTS", invalid.getString("code"));
    assertEquals("/body/id", invalid.getJsonArray("violations").getJsonObject(0).getString("path"));
  }

  @Test
  void aCrashingToolIsAnInternalErrorThatRevealsNothing() {
    for (String behave : new String[] {"crash", "null"}) {
      JsonObject response =
          keyed.rpc(
              "tools/call",
              "{\"name\":\"get_thing\",\"arguments\":{\"id\":\"thing_1\",\"behave\":\""
                  + behave
                  + "\"}}");

      JsonObject error = response.getJsonObject("error");
      assertEquals(-32603, error.getInt("code"));
      assertEquals("Internal error", error.getString("message"));
      assertFalse(response.toString().contains("secret"));
    }
  }
}
