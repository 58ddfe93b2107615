package org.agentcommerce.mcp.interfaces.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.agentcommerce.platform.api.security.RateLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Streamable HTTP: methods, headers, DNS-rebinding protection and the open door's limit. */
class McpTransportTest {

  private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";

  private final TestDoor open = TestDoor.open();
  private final TestDoor keyed = TestDoor.keyed();

  private static void assertTransportError(McpHttpResponse response, int status) {
    assertEquals(status, response.status(), response::body);
    assertEquals("application/json", response.headers().get("Content-Type"));
    JsonObject json = TestDoor.json(response);
    assertEquals("2.0", json.getString("jsonrpc"));
    assertEquals(JsonValue.NULL, json.get("id"));
    assertEquals(-32000, json.getJsonObject("error").getInt("code"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"GET", "DELETE", "PUT", "PATCH"})
  void onlyPostIsServed(String method) {
    McpHttpResponse response = open.send(method, null, "Accept", "text/event-stream");

    assertTransportError(response, 405);
    assertEquals("POST", response.headers().get("Allow"));
  }

  @Test
  void theKeyedDoorAlsoRefusesGet() {
    McpHttpResponse response = keyed.send("GET", null);

    assertTransportError(response, 405);
    assertEquals("POST", response.headers().get("Allow"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "application/json, text/event-stream",
        "application/json",
        "*/*",
        "application/*;q=0.5",
        "text/event-stream, application/json;q=0.1"
      })
  void acceptThatAdmitsJsonIsServed(String accept) {
    assertEquals(200, open.post(PING, "Accept", accept).status());
  }

  @Test
  void aMissingAcceptIsServed() {
    assertEquals(200, open.post(PING, "Accept", null).status());
  }

  @ParameterizedTest
  @ValueSource(strings = {"text/event-stream", "text/html", "application/json;q=0, text/plain"})
  void acceptThatExcludesJsonIs406(String accept) {
    assertTransportError(open.post(PING, "Accept", accept), 406);
  }

  @ParameterizedTest
  @ValueSource(strings = {"application/json; charset=utf-8", "application/json-rpc+json"})
  void jsonContentTypesAreRead(String type) {
    assertEquals(200, open.post(PING, "Content-Type", type).status());
  }

  @Test
  void aMissingContentTypeIsRead() {
    assertEquals(200, open.post(PING, "Content-Type", null).status());
  }

  @Test
  void otherContentTypesAre415() {
    assertTransportError(open.post(PING, "Content-Type", "text/plain"), 415);
    assertTransportError(open.post(PING, "Content-Type", "application/x-www-form-urlencoded"), 415);
  }

  @Test
  void oversizedBodiesAre413() {
    String big =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"_meta\":{\"pad\":\""
            + "x".repeat(McpEndpoint.MAX_BODY_BYTES)
            + "\"}}}";

    assertTransportError(open.post(big), 413);
  }

  @Test
  void noSessionHeaderIsIssued() {
    McpHttpResponse response =
        open.post(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");

    assertEquals(200, response.status());
    assertTrue(
        response.headers().keySet().stream().noneMatch(h -> h.equalsIgnoreCase("mcp-session-id")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"2025-11-25", "2025-06-18", "2025-03-26"})
  void supportedProtocolVersionHeadersAreServed(String version) {
    assertEquals(200, open.post(PING, "MCP-Protocol-Version", version).status());
  }

  @ParameterizedTest
  @ValueSource(strings = {"2024-11-05", "1900-01-01", "not-a-version", "2025-06-18, 2025-11-25"})
  void anUnsupportedProtocolVersionHeaderIs400(String version) {
    McpHttpResponse response = open.post(PING, "MCP-Protocol-Version", version);

    assertTransportError(response, 400);
    assertTrue(
        TestDoor.json(response).getJsonObject("error").getString("message").contains("2025-11-25"));
  }

  @Test
  void notificationsAreHeldToTheProtocolVersionHeaderToo() {
    assertTransportError(
        open.post(
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "MCP-Protocol-Version",
            "1900-01-01"),
        400);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"localhost", "localhost:8080", "127.0.0.1:1", "[::1]:8080", "LOCALHOST:9"})
  void loopbackHostsAreServed(String host) {
    assertEquals(200, open.post(PING, "Host", host).status());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"evil.example", "evil.example:8080", "localhost.evil.example", "10.0.0.1"})
  void otherHostsAre403(String host) {
    assertTransportError(open.post(PING, "Host", host), 403);
    assertTransportError(keyed.post(PING, "Host", host), 403);
  }

  @Test
  void aMissingHostIs403() {
    assertTransportError(open.post(PING, "Host", null), 403);
  }

  @Test
  void theHostCheckComesBeforeTheMethodCheck() {
    assertTransportError(open.send("GET", null, "Host", "evil.example"), 403);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://localhost:6274",
        "http://localhost",
        "https://127.0.0.1:8443",
        "http://[::1]:3000"
      })
  void loopbackOriginsAreServed(String origin) {
    assertEquals(200, open.post(PING, "Origin", origin).status());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://evil.example",
        "https://localhost.evil.example",
        "null",
        "ftp://localhost",
        "http://localhost/path"
      })
  void otherOriginsAre403(String origin) {
    McpHttpResponse response = open.post(PING, "Origin", origin);

    assertTransportError(response, 403);
    assertTrue(
        TestDoor.json(response).getJsonObject("error").getString("message").contains("Origin"));
  }

  @Test
  void thePublicBaseUrlAddsItsHostAndOrigin() {
    McpSettings settings =
        McpSettings.of(
            McpSettings.DEFAULT_HOSTS,
            McpSettings.DEFAULT_ORIGINS,
            Optional.of("https://shop.example.com"),
            120,
            false);
    TestDoor door = TestDoor.keyed(settings);

    assertEquals(
        200,
        door.post(PING, "Host", "shop.example.com", "Origin", "https://shop.example.com").status());
    assertEquals(
        200,
        door.post(PING, "Host", "shop.example.com:443", "Origin", "https://shop.example.com:443")
            .status());
    assertTransportError(
        door.post(PING, "Host", "shop.example.com", "Origin", "http://shop.example.com"), 403);
    assertTransportError(door.post(PING, "Host", "api.example.com"), 403);
  }

  @Test
  void configuredListsReplaceTheDefaultsAndAStarAllowsAll() {
    TestDoor anyHost =
        TestDoor.keyed(McpSettings.of("*", "https://app.example:*", Optional.empty(), 120, false));

    assertEquals(200, anyHost.post(PING, "Host", "whatever.example").status());
    assertEquals(200, anyHost.post(PING, "Origin", "https://app.example:9999").status());
    assertTransportError(anyHost.post(PING, "Origin", "http://localhost:3000"), 403);
  }

  @Test
  void theOpenDoorCountsEveryRequestPerClientAndSaysSo() {
    List<String> buckets = new ArrayList<>();
    AtomicInteger used = new AtomicInteger();
    RateLimits twoPerMinute =
        (bucket, limit) -> {
          buckets.add(bucket + "@" + limit);
          int n = used.incrementAndGet();
          return new RateLimits.Decision(n <= 2, 2, Math.max(0, 2 - n), 1740830460L, "node");
        };
    TestDoor door = TestDoor.open(McpSettings.defaults(), twoPerMinute);

    McpHttpResponse first = door.post(PING);
    door.send("GET", null);
    McpHttpResponse refused = door.post(PING);

    assertEquals(200, first.status());
    assertEquals("2", first.headers().get("X-RateLimit-Limit"));
    assertEquals("1", first.headers().get("X-RateLimit-Remaining"));
    assertEquals("1740830460", first.headers().get("X-RateLimit-Reset"));
    assertTransportError(refused, 429);
    assertEquals("30", refused.headers().get("Retry-After"));
    assertEquals("0", refused.headers().get("X-RateLimit-Remaining"));
    assertEquals(
        "RATE_LIMITED",
        TestDoor.json(refused).getJsonObject("error").getJsonObject("data").getString("error"));
    assertEquals(
        List.of("mcp-open:192.0.2.10@120", "mcp-open:192.0.2.10@120", "mcp-open:192.0.2.10@120"),
        buckets);
  }

  @Test
  void theKeyedDoorLeavesRateLimitsToThePlatform() {
    McpHttpResponse response = keyed.post(PING);

    assertFalse(response.headers().containsKey("X-RateLimit-Limit"));
  }

  @Test
  void forwardedForIsUsedOnlyWhenTrustedAndThenItsLastHop() {
    List<String> buckets = new ArrayList<>();
    RateLimits record =
        (bucket, limit) -> {
          buckets.add(bucket);
          return new RateLimits.Decision(true, limit, limit, 0, "node");
        };
    TestDoor untrusted = TestDoor.open(McpSettings.defaults(), record);
    TestDoor trusted =
        TestDoor.open(
            McpSettings.of(
                McpSettings.DEFAULT_HOSTS, McpSettings.DEFAULT_ORIGINS, Optional.empty(), 5, true),
            record);

    untrusted.post(PING, "X-Forwarded-For", "198.51.100.1");
    trusted.post(PING, "X-Forwarded-For", "10.9.9.9, 198.51.100.1");
    trusted.post(PING);

    assertEquals(
        List.of("mcp-open:192.0.2.10", "mcp-open:198.51.100.1", "mcp-open:192.0.2.10"), buckets);
  }

  @Test
  void acceptedMessagesHaveNoBodyAndNoContentType() {
    McpHttpResponse response =
        open.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

    assertEquals(202, response.status());
    assertNull(response.body());
    assertNull(response.headers().get("Content-Type"));
  }
}
