package org.agentcommerce.mcp.interfaces.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.platform.api.security.RateLimits;

/** A door with the fake tools, and a client that talks to it the way an MCP client does. */
final class TestDoor {

  static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-01T12:00:30Z"), ZoneOffset.UTC);

  final McpEndpoint endpoint;
  final FakeTools.FindThings findThings;

  private TestDoor(McpEndpoint endpoint, FakeTools.FindThings findThings) {
    this.endpoint = endpoint;
    this.findThings = findThings;
  }

  static TestDoor open() {
    return open(
        McpSettings.defaults(),
        (bucket, limit) -> new RateLimits.Decision(true, limit, limit - 1, 1740830460, "node"));
  }

  static TestDoor open(McpSettings settings, RateLimits limits) {
    return build(Door.OPEN, settings, limits);
  }

  static TestDoor keyed() {
    return keyed(McpSettings.defaults());
  }

  static TestDoor keyed(McpSettings settings) {
    return build(Door.KEYED, settings, null);
  }

  /** A door with the given tools instead of the fake ones. */
  static TestDoor with(Door door, List<McpTool> tools) {
    RateLimits limits =
        (bucket, limit) -> new RateLimits.Decision(true, limit, limit - 1, 1, "node");
    return new TestDoor(
        new McpEndpoint(
            door,
            new ToolCatalog(tools),
            McpSettings.defaults(),
            door == Door.OPEN ? limits : null,
            CLOCK,
            call -> {}),
        null);
  }

  private static TestDoor build(Door door, McpSettings settings, RateLimits limits) {
    FakeTools.FindThings find = new FakeTools.FindThings();
    List<McpTool> tools = List.of(find, new FakeTools.GetThing(), new FakeTools.PlaceOrder());
    return new TestDoor(
        new McpEndpoint(door, new ToolCatalog(tools), settings, limits, CLOCK, call -> {}), find);
  }

  /** The usual headers of an MCP client on this machine, then the given name/value pairs. */
  static Map<String, String> headers(String... pairs) {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("Host", "localhost:8080");
    h.put("Accept", "application/json, text/event-stream");
    h.put("Content-Type", "application/json");
    for (int i = 0; i < pairs.length; i += 2) {
      if (pairs[i + 1] == null) {
        h.remove(pairs[i]);
      } else {
        h.put(pairs[i], pairs[i + 1]);
      }
    }
    return h;
  }

  McpHttpResponse send(String method, String body, String... headerPairs) {
    return endpoint.handle(
        new McpHttpRequest(
            method,
            headers(headerPairs),
            body == null ? null : body.getBytes(StandardCharsets.UTF_8),
            "192.0.2.10"));
  }

  McpHttpResponse post(String body, String... headerPairs) {
    return send("POST", body, headerPairs);
  }

  /** Posts a request with id 1 and returns the JSON-RPC response after checking HTTP 200. */
  JsonObject rpc(String method, String params, String... headerPairs) {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\""
            + method
            + "\""
            + (params == null ? "" : ",\"params\":" + params)
            + "}";
    McpHttpResponse response = post(body, headerPairs);
    assertEquals(200, response.status(), response::body);
    assertEquals("application/json", response.headers().get("Content-Type"));
    JsonObject json = json(response);
    assertEquals("2.0", json.getString("jsonrpc"));
    assertEquals(1, json.getInt("id"));
    return json;
  }

  /** The result of a request that must succeed. */
  JsonObject result(String method, String params, String... headerPairs) {
    JsonObject response = rpc(method, params, headerPairs);
    assertNotNull(response.get("result"), response::toString);
    return response.getJsonObject("result");
  }

  /** The JSON-RPC error code of a request that must fail with HTTP 200. */
  int errorCode(String method, String params, String... headerPairs) {
    JsonObject response = rpc(method, params, headerPairs);
    assertNotNull(response.get("error"), response::toString);
    return response.getJsonObject("error").getInt("code");
  }

  /** The result of tools/call. */
  JsonObject call(String tool, String arguments, String... headerPairs) {
    return result(
        "tools/call",
        "{\"name\":\""
            + tool
            + "\""
            + (arguments == null ? "" : ",\"arguments\":" + arguments)
            + "}",
        headerPairs);
  }

  static JsonObject json(McpHttpResponse response) {
    assertNotNull(response.body(), "a body");
    return Json.createReader(new StringReader(response.body())).readObject();
  }

  /** The JSON document in content[0].text of a tool result. */
  static JsonObject text(JsonObject toolResult) {
    JsonObject content = toolResult.getJsonArray("content").getJsonObject(0);
    assertEquals("text", content.getString("type"));
    return Json.createReader(new StringReader(content.getString("text"))).readObject();
  }
}
