package org.agentcommerce.mcp.interfaces.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** JSON-RPC 2.0 and the MCP methods other than tools/call. */
class McpProtocolTest {

  private final TestDoor open = TestDoor.open();
  private final TestDoor keyed = TestDoor.keyed();

  private static String init(String version) {
    return "{\"protocolVersion\":\""
        + version
        + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}";
  }

  @ParameterizedTest
  @ValueSource(strings = {"2025-11-25", "2025-06-18", "2025-03-26"})
  void initializeEchoesAVersionItSpeaks(String version) {
    assertEquals(version, open.result("initialize", init(version)).getString("protocolVersion"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"2024-11-05", "2099-01-01", "banana"})
  void initializeAnswersTheLatestForAVersionItDoesNotSpeak(String version) {
    assertEquals(
        "2025-11-25", open.result("initialize", init(version)).getString("protocolVersion"));
  }

  @Test
  void initializeDescribesTheServer() {
    JsonObject result = open.result("initialize", init("2025-06-18"));

    JsonObject capabilities = result.getJsonObject("capabilities");
    assertFalse(capabilities.getJsonObject("tools").getBoolean("listChanged"));
    assertFalse(capabilities.getJsonObject("resources").getBoolean("listChanged"));
    assertFalse(capabilities.getJsonObject("prompts").getBoolean("listChanged"));
    assertEquals(JsonValue.EMPTY_JSON_OBJECT, capabilities.getJsonObject("logging"));
    assertEquals(JsonValue.EMPTY_JSON_OBJECT, capabilities.getJsonObject("completions"));
    JsonObject server = result.getJsonObject("serverInfo");
    assertEquals("agent-commerce", server.getString("name"));
    assertEquals("Agent Commerce", server.getString("title"));
    assertEquals("1.0.0", server.getString("version"));
    assertTrue(result.getString("instructions").contains("open door"));
  }

  @Test
  void eachDoorAndDialectHasItsOwnInstructions() {
    String openText = open.result("initialize", init("2025-06-18")).getString("instructions");
    String keyedText = keyed.result("initialize", init("2025-06-18")).getString("instructions");
    String ucpText =
        keyed
            .result("initialize", init("2025-06-18"), "UCP-Agent", "profile=\"https://a.example\"")
            .getString("instructions");

    assertNotEquals(openText, keyedText);
    assertNotEquals(keyedText, ucpText);
    assertTrue(keyedText.contains("content[0].text"));
    assertTrue(ucpText.contains("minor units"));
  }

  @Test
  void initializeNeedsAProtocolVersion() {
    assertEquals(-32602, open.errorCode("initialize", "{\"capabilities\":{}}"));
    assertEquals(-32602, open.errorCode("initialize", null));
    assertEquals(-32602, open.errorCode("initialize", "{\"protocolVersion\":20250618}"));
  }

  @Test
  void initializeIsNotHeldToTheProtocolVersionHeader() {
    JsonObject result =
        open.result("initialize", init("2025-06-18"), "MCP-Protocol-Version", "2099-01-01");

    assertEquals("2025-06-18", result.getString("protocolVersion"));
  }

  @Test
  void notificationsAreAcceptedWithoutABody() {
    for (String body :
        new String[] {
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":3}}",
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\",\"params\":[1]}"
        }) {
      McpHttpResponse response = open.post(body);
      assertEquals(202, response.status(), body);
      assertNull(response.body(), body);
    }
  }

  @Test
  void responsesFromTheClientAreAccepted() {
    assertEquals(202, open.post("{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{}}").status());
    assertEquals(
        202,
        open.post("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"x\"}}")
            .status());
  }

  @Test
  void pingAnswersAnEmptyResult() {
    assertEquals(JsonValue.EMPTY_JSON_OBJECT, open.result("ping", null));
    assertEquals(JsonValue.EMPTY_JSON_OBJECT, open.result("ping", "{\"_meta\":{}}"));
  }

  @Test
  void stringIdsAreEchoed() {
    JsonObject response =
        TestDoor.json(open.post("{\"jsonrpc\":\"2.0\",\"id\":\"abc-7\",\"method\":\"ping\"}"));

    assertEquals("abc-7", response.getString("id"));
  }

  @Test
  void aBodyThatIsNotJsonIsAParseErrorWithHttp400() {
    for (String body : new String[] {"{\"jsonrpc\":", "", "not json", "{} {}"}) {
      McpHttpResponse response = open.post(body);
      assertEquals(400, response.status(), body);
      JsonObject json = TestDoor.json(response);
      assertEquals(-32700, json.getJsonObject("error").getInt("code"), body);
      assertEquals(JsonValue.NULL, json.get("id"));
    }
  }

  @Test
  void invalidUtf8IsAParseErrorNotAMangledMethod() {
    byte[] prefix = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping".getBytes();
    byte[] body = java.util.Arrays.copyOf(prefix, prefix.length + 3);
    body[prefix.length] = (byte) 0xC3; // a lead byte without its continuation
    body[prefix.length + 1] = '"';
    body[prefix.length + 2] = '}';
    McpHttpResponse response =
        open.endpoint.handle(new McpHttpRequest("POST", TestDoor.headers(), body, "192.0.2.10"));
    assertEquals(400, response.status(), response::body);
    assertEquals(-32700, TestDoor.json(response).getJsonObject("error").getInt("code"));
  }

  @Test
  void initializeWithCapabilitiesThatAreNotAnObjectIsInvalidParams() {
    for (String params :
        new String[] {
          "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":\"x\"}",
          "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":7}"
        }) {
      assertEquals(-32602, open.errorCode("initialize", params), params);
    }
  }

  @Test
  void batchesAreInvalidRequestsFromProtocol20250618On() {
    McpHttpResponse response =
        open.post(
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",
            "MCP-Protocol-Version",
            "2025-06-18");

    assertEquals(400, response.status());
    JsonObject json = TestDoor.json(response);
    assertEquals(-32600, json.getJsonObject("error").getInt("code"));
    assertEquals(JsonValue.NULL, json.get("id"));
  }

  @Test
  void anIntegralNumberIsAnIdAndIsEchoedAsSent() {
    McpHttpResponse response = open.post("{\"jsonrpc\":\"2.0\",\"id\":1.0,\"method\":\"ping\"}");

    assertEquals(200, response.status(), response::body);
    assertTrue(response.body().contains("\"id\":1.0"), response::body);
    assertEquals(400, open.post("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}").status());
  }

  @Test
  void protocol20250326BatchesAreAnsweredAsOneArray() {
    McpHttpResponse response =
        open.post(
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"nope\"},42]");

    assertEquals(200, response.status());
    jakarta.json.JsonArray answers =
        jakarta.json.Json.createReader(new java.io.StringReader(response.body())).readArray();
    assertEquals(3, answers.size(), response::body);
    assertEquals(1, answers.getJsonObject(0).getInt("id"));
    assertEquals(JsonValue.EMPTY_JSON_OBJECT, answers.getJsonObject(0).getJsonObject("result"));
    assertEquals("b", answers.getJsonObject(1).getString("id"));
    assertEquals(-32601, answers.getJsonObject(1).getJsonObject("error").getInt("code"));
    assertEquals(-32600, answers.getJsonObject(2).getJsonObject("error").getInt("code"));

    assertEquals(
        202,
        open.post("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]").status());
    assertEquals(400, open.post("[]").status());
  }

  @Test
  void messagesThatAreNotJsonRpcAreInvalidRequests() {
    String[] bodies = {
      "\"ping\"",
      "42",
      "{\"id\":1,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}",
      "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":\"x\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":1}",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{}}",
      "{\"jsonrpc\":\"2.0\",\"result\":{}}"
    };
    for (String body : bodies) {
      McpHttpResponse response = open.post(body);
      assertEquals(400, response.status(), body);
      assertEquals(-32600, TestDoor.json(response).getJsonObject("error").getInt("code"), body);
    }
  }

  @Test
  void anInvalidRequestWithAUsableIdEchoesIt() {
    JsonObject json =
        TestDoor.json(open.post("{\"jsonrpc\":\"1.0\",\"id\":9,\"method\":\"ping\"}"));

    assertEquals(9, json.getInt("id"));
  }

  @Test
  void unknownMethodsAreMethodNotFound() {
    assertEquals(-32601, open.errorCode("tools/destroy", null));
    assertEquals(-32601, open.errorCode("notifications/initialized", null));
    assertEquals(-32601, open.errorCode("resources/subscribe", "{\"uri\":\"x\"}"));
  }

  @Test
  void paramsAsAnArrayAreInvalidParams() {
    assertEquals(-32602, open.errorCode("ping", "[]"));
    assertEquals(-32602, open.errorCode("tools/list", "[1]"));
  }

  @Test
  void toolsListTakesACursorButNeverPages() {
    JsonObject result = open.result("tools/list", "{\"cursor\":\"anything\"}");

    assertFalse(result.containsKey("nextCursor"));
    assertFalse(result.getJsonArray("tools").isEmpty());
    assertEquals(-32602, open.errorCode("tools/list", "{\"cursor\":5}"));
  }

  @Test
  void loggingLevelsAreTheSyslogOnes() {
    for (String level :
        new String[] {
          "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"
        }) {
      assertEquals(
          JsonValue.EMPTY_JSON_OBJECT,
          open.result("logging/setLevel", "{\"level\":\"" + level + "\"}"));
    }
    assertEquals(-32602, open.errorCode("logging/setLevel", "{\"level\":\"verbose\"}"));
    assertEquals(-32602, open.errorCode("logging/setLevel", "{}"));
  }

  @Test
  void thereAreNoResourcesOrPrompts() {
    assertEquals(0, open.result("resources/list", null).getJsonArray("resources").size());
    assertEquals(
        0, open.result("resources/templates/list", "{}").getJsonArray("resourceTemplates").size());
    assertEquals(0, open.result("prompts/list", null).getJsonArray("prompts").size());
    assertEquals(-32002, open.errorCode("resources/read", "{\"uri\":\"file:///etc/passwd\"}"));
    assertEquals(-32602, open.errorCode("resources/read", "{}"));
    assertEquals(-32602, open.errorCode("prompts/get", "{\"name\":\"greet\"}"));
  }

  @Test
  void completionAnswersNothingForAWellFormedRequest() {
    JsonObject completion =
        open.result(
                "completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"p\"},"
                    + "\"argument\":{\"name\":\"a\",\"value\":\"x\"},"
                    + "\"context\":{\"arguments\":{\"b\":\"y\"}}}")
            .getJsonObject("completion");

    assertEquals(0, completion.getJsonArray("values").size());
    assertEquals(0, completion.getInt("total"));
    assertFalse(completion.getBoolean("hasMore"));
    assertEquals(
        0,
        open.result(
                "completion/complete",
                "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"x://{a}\"},"
                    + "\"argument\":{\"name\":\"a\",\"value\":\"\"}}")
            .getJsonObject("completion")
            .getInt("total"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{}",
        "{\"argument\":{\"name\":\"a\",\"value\":\"x\"}}",
        "{\"ref\":{\"type\":\"ref/tool\",\"name\":\"p\"},\"argument\":{\"name\":\"a\",\"value\":\"x\"}}",
        "{\"ref\":{\"type\":\"ref/prompt\"},\"argument\":{\"name\":\"a\",\"value\":\"x\"}}",
        "{\"ref\":{\"type\":\"ref/resource\",\"uri\":1},\"argument\":{\"name\":\"a\",\"value\":\"x\"}}",
        "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"p\"}}",
        "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"p\"},\"argument\":{\"name\":\"a\"}}",
        "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"p\"},\"argument\":{\"name\":\"a\",\"value\":\"x\"},"
            + "\"context\":{\"arguments\":{\"b\":1}}}",
        "{\"ref\":\"ref/prompt\",\"argument\":{\"name\":\"a\",\"value\":\"x\"}}"
      })
  void completionRefusesNonsense(String params) {
    assertEquals(-32602, open.errorCode("completion/complete", params));
  }
}
