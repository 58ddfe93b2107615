package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.Http;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Both tool doors on the demo data, spoken to as plain HTTP JSON-RPC, the way an MCP client does:
 * the protocol, the tools of each door and dialect, and the price units of each dialect.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class McpDoorsIT {

  static final String LUMEN = "merch_7c1e4a9d2b5f3e80";
  static final String SAKURA = "merch_9a3d5e7b1c2f4068";
  static final String OPEN = "/mcp";
  static final String KEYED = "/commerce/mcp";
  static final String UCP_AGENT = "profile=\"https://agent.example/profile\"";
  static final List<String> OPEN_TOOLS =
      List.of("get_alternatives", "get_intel", "get_product", "search_catalog");

  private static final JsonSchema LIST_TOOLS_RESULT =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
          .getSchema(
              SchemaLocation.of("classpath:mcp/schema-2025-11-25.json#/$defs/ListToolsResult"));

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  private Http http;
  private String key;
  private int nextId = 1;

  @BeforeEach
  void agent() {
    http = new Http(base);
    key = Agents.register(http).apiKey();
    waitForIndex();
  }

  private void waitForIndex() {
    long deadline = System.currentTimeMillis() + 60_000;
    while (System.currentTimeMillis() < deadline) {
      if (http.get("/health/ready").status() == 200) {
        return;
      }
      sleep(200);
    }
    throw new AssertionError("catalog index never became ready");
  }

  // ---------------------------------------------------------------- JSON-RPC helpers

  private static String[] mcpHeaders(String... more) {
    List<String> h = new ArrayList<>(List.of("Accept", "application/json, text/event-stream"));
    h.addAll(List.of(more));
    return h.toArray(String[]::new);
  }

  private String[] keyed(String... more) {
    List<String> h = new ArrayList<>(List.of("X-API-Key", key));
    h.addAll(List.of(more));
    return mcpHeaders(h.toArray(String[]::new));
  }

  private String[] ucp(String... more) {
    List<String> h = new ArrayList<>(List.of("UCP-Agent", UCP_AGENT));
    h.addAll(List.of(more));
    return keyed(h.toArray(String[]::new));
  }

  private static String request(int id, String method, JsonObject params) {
    var b = Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", id).add("method", method);
    if (params != null) {
      b.add("params", params);
    }
    return b.build().toString();
  }

  /** A JSON-RPC request that must answer HTTP 200; returns the response object. */
  private JsonObject rpc(String door, String method, JsonObject params, String... headers) {
    int id = nextId++;
    Http.Answer a = http.post(door, request(id, method, params), headers);
    assertEquals(200, a.status(), () -> method + " → " + a);
    assertTrue(
        a.header("Content-Type").orElse("").startsWith("application/json"), a.headers()::toString);
    JsonObject response = a.json();
    assertEquals("2.0", response.getString("jsonrpc"));
    assertEquals(id, response.getInt("id"));
    return response;
  }

  private JsonObject result(String door, String method, JsonObject params, String... headers) {
    JsonObject response = rpc(door, method, params, headers);
    assertNull(response.get("error"), response::toString);
    return response.getJsonObject("result");
  }

  private JsonObject call(String door, String tool, JsonObject arguments, String... headers) {
    return result(
        door,
        "tools/call",
        Json.createObjectBuilder().add("name", tool).add("arguments", arguments).build(),
        headers);
  }

  private static JsonObject args(String json) {
    return Json.createReader(new StringReader(json)).readObject();
  }

  /** content[0].text of a successful tool result, parsed. */
  private static JsonObject text(JsonObject toolResult) {
    assertFalse(toolResult.getBoolean("isError", false), toolResult::toString);
    JsonObject content = toolResult.getJsonArray("content").getJsonObject(0);
    assertEquals("text", content.getString("type"));
    return args(content.getString("text"));
  }

  private static List<String> names(JsonObject listResult) {
    return listResult.getJsonArray("tools").stream()
        .map(t -> t.asJsonObject().getString("name"))
        .sorted()
        .toList();
  }

  private static void isListToolsResult(JsonObject result) {
    Set<ValidationMessage> errors = LIST_TOOLS_RESULT.validate(result.toString(), InputFormat.JSON);
    assertEquals(Set.of(), errors, result::toString);
  }

  // ---------------------------------------------------------------- open door: protocol

  @Test
  void openDoorInitializeNegotiatesTheVersionAndDescribesTheServer() {
    JsonObject params =
        args(
            "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}");
    JsonObject init = result(OPEN, "initialize", params, mcpHeaders());
    assertEquals("2025-06-18", init.getString("protocolVersion"));
    assertEquals("agent-commerce", init.getJsonObject("serverInfo").getString("name"));
    assertFalse(init.getJsonObject("serverInfo").getString("version").isBlank());
    JsonObject capabilities = init.getJsonObject("capabilities");
    assertEquals(JsonValue.FALSE, capabilities.getJsonObject("tools").get("listChanged"));
    assertTrue(capabilities.containsKey("logging"));
    assertFalse(init.getString("instructions").isBlank());

    JsonObject unknown =
        result(
            OPEN,
            "initialize",
            args(
                "{\"protocolVersion\":\"1999-01-01\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}"),
            mcpHeaders());
    assertEquals("2025-11-25", unknown.getString("protocolVersion"));
  }

  @Test
  void initializedNotificationIsAcceptedAndPingAnswersEmpty() {
    Http.Answer notified =
        http.post(
            OPEN,
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            mcpHeaders("MCP-Protocol-Version", "2025-11-25"));
    assertEquals(202, notified.status(), notified::toString);
    assertTrue(notified.body().isEmpty(), notified::toString);

    assertEquals(
        JsonValue.EMPTY_JSON_OBJECT,
        result(OPEN, "ping", null, mcpHeaders("MCP-Protocol-Version", "2025-11-25")));
  }

  @Test
  void openDoorListsExactlyTheFourCatalogTools() {
    JsonObject list = result(OPEN, "tools/list", null, mcpHeaders());
    isListToolsResult(list);
    assertEquals(OPEN_TOOLS, names(list));
    for (JsonValue v : list.getJsonArray("tools")) {
      JsonObject tool = v.asJsonObject();
      assertEquals(JsonValue.FALSE, tool.getJsonObject("inputSchema").get("additionalProperties"));
      assertEquals("object", tool.getJsonObject("outputSchema").getString("type"));
      assertFalse(tool.getString("description").isBlank());
      JsonObject hints = tool.getJsonObject("annotations");
      assertTrue(hints.getBoolean("readOnlyHint"), tool::toString);
      assertFalse(hints.getBoolean("destructiveHint"));
      assertTrue(hints.getBoolean("idempotentHint"));
      assertFalse(hints.getBoolean("openWorldHint"));
    }
  }

  // ---------------------------------------------------------------- open door: tools

  @Test
  void openSearchAnswersStructuredContentAndTheSameJsonAsText() {
    JsonObject r = call(OPEN, "search_catalog", args("{\"query\":\"vitamin c serum\"}"));
    JsonObject structured = r.getJsonObject("structuredContent");
    assertEquals(structured, text(r));
    JsonArray products = structured.getJsonArray("products");
    assertFalse(products.isEmpty(), structured::toString);
    assertEquals(products.size(), structured.getInt("returned"));
    assertEquals(1, structured.getInt("page"));
    assertEquals(10, structured.getInt("page_size"));
    assertTrue(structured.getJsonNumber("total").longValue() >= products.size());
    for (JsonValue v : products) {
      JsonObject p = v.asJsonObject();
      assertTrue(p.getString("product_id").startsWith("prod_"));
      assertTrue(p.getString("merchant_id").startsWith("merch_"));
      JsonObject price = p.getJsonObject("price");
      assertTrue(price.getJsonNumber("amount").bigDecimalValue().signum() > 0);
      assertTrue(price.getString("currency").matches("[A-Z]{3}"));
      assertTrue(
          Set.of("in_stock", "out_of_stock", "unknown").contains(p.getString("availability")));
      assertNotNull(p.getJsonArray("key_actives"));
    }

    JsonObject nothing =
        call(OPEN, "search_catalog", args("{\"query\":\"zqxv blorptastic gearbox\"}"))
            .getJsonObject("structuredContent");
    assertEquals(0, nothing.getInt("returned"));
    assertEquals("no_match", nothing.getString("empty_reason"));
  }

  @Test
  void getProductCarriesTheRealUpstreamVariantIds() {
    String productId = firstProduct(OPEN, "{\"query\":\"vitamin c serum\"}");
    JsonObject product =
        call(OPEN, "get_product", args("{\"product_id\":\"" + productId + "\"}"))
            .getJsonObject("structuredContent");
    assertEquals(productId, product.getString("product_id"));
    assertTrue(product.getString("merchant_id").startsWith("merch_"));
    JsonArray variants = product.getJsonArray("variants");
    assertFalse(variants.isEmpty());
    String variantId = variants.getJsonObject(0).getString("variant_id");
    Object stored =
        Agents.query(
            "SELECT COUNT(*) FROM variants WHERE product_id = ? AND platform_variant_id = ?",
            productId,
            variantId);
    assertEquals(1, ((Number) stored).intValue(), variantId + " is the platform's variant id");

    JsonObject one =
        call(
                OPEN,
                "get_product",
                args("{\"product_id\":\"" + productId + "\",\"sku_id\":\"" + variantId + "\"}"))
            .getJsonObject("structuredContent");
    assertEquals(1, one.getJsonArray("variants").size());

    JsonObject missing = call(OPEN, "get_product", args("{\"product_id\":\"prod_nope\"}"));
    assertTrue(missing.getBoolean("isError"));
    assertNull(
        missing.get("structuredContent"),
        "no structuredContent on errors of a tool with an output schema");
    assertEquals(
        "NOT_FOUND",
        args(missing.getJsonArray("content").getJsonObject(0).getString("text"))
            .getJsonObject("error")
            .getString("code"));
  }

  @Test
  void intelAndAlternativesAnswerWithEvidenceAndCurrencies() {
    String productId = firstProduct(OPEN, "{\"query\":\"vitamin c serum\"}");
    JsonObject intel =
        call(OPEN, "get_intel", args("{\"product_id\":\"" + productId + "\"}"))
            .getJsonObject("structuredContent");
    assertEquals(productId, intel.getString("product_id"));
    assertNotNull(intel.get("reviewed"));
    for (JsonValue c : intel.getJsonArray("claims")) {
      assertNotNull(c.asJsonObject().getJsonObject("evidence"));
    }

    JsonObject alternatives =
        call(OPEN, "get_alternatives", args("{\"product_id\":\"" + productId + "\",\"limit\":5}"))
            .getJsonObject("structuredContent");
    assertEquals(productId, alternatives.getJsonObject("anchor").getString("product_id"));
    String anchorCurrency =
        alternatives.getJsonObject("anchor").getJsonObject("price").getString("currency");
    JsonArray list = alternatives.getJsonArray("alternatives");
    assertTrue(list.size() <= 5);
    assertEquals(list.size(), alternatives.getInt("returned"));
    for (JsonValue v : list) {
      JsonObject a = v.asJsonObject();
      assertEquals(anchorCurrency, a.getJsonObject("price").getString("currency"), a::toString);
      assertTrue(
          Set.of("cheaper", "similar", "pricier").contains(a.getString("price_relationship")));
      assertFalse(a.getString("grade").isBlank());
    }
  }

  // ---------------------------------------------------------------- keyed door

  @Test
  void keyedDoorRefusesWithoutAKeyBeforeAnyJsonRpc() {
    Http.Answer a = http.post(KEYED, request(1, "tools/list", null), mcpHeaders());
    assertEquals(401, a.status(), a::toString);
    assertFalse(a.json().containsKey("jsonrpc"), a::toString);
    assertTrue(a.json().containsKey("detail"), a::toString);
  }

  @Test
  void keyedDoorListsItsToolsAndEveryListedToolRuns() {
    JsonObject list = result(KEYED, "tools/list", null, keyed());
    isListToolsResult(list);
    List<String> names = names(list);
    assertTrue(names.containsAll(OPEN_TOOLS), names::toString);
    assertFalse(names.contains("list_merchants"), "list_merchants stays on REST");
    for (JsonValue v : list.getJsonArray("tools")) {
      assertFalse(v.asJsonObject().containsKey("outputSchema"), "text-only results on this door");
    }
    String productId = firstProduct(KEYED, "{\"query\":\"serum\"}");
    Map<String, String> minimal = new HashMap<>();
    minimal.put("search_catalog", "{\"query\":\"serum\"}");
    minimal.put("get_product", "{\"product_id\":\"" + productId + "\"}");
    minimal.put("get_intel", "{\"product_id\":\"" + productId + "\"}");
    minimal.put("get_alternatives", "{\"product_id\":\"" + productId + "\"}");
    minimal.put(
        "recommend_products",
        "{\"need\":\"fragrance-free moisturiser for dry skin\",\"constraints\":{\"price_max\":30}}");
    minimal.put("get_offers", "{\"product_id\":\"" + productId + "\"}");
    // The buyer-scoped checkout tools are called in McpToolsIT.
    for (String name : names.stream().filter(n -> !McpToolsIT.BUYER_TOOLS.contains(n)).toList()) {
      assertTrue(minimal.containsKey(name), "no call written for the listed tool " + name);
      JsonObject r = call(KEYED, name, args(minimal.get(name)), keyed());
      assertNull(r.get("structuredContent"));
      assertFalse(text(r).isEmpty(), name);
    }
  }

  @Test
  void aTopLevelPriceMaxIsRejectedAsAnArgumentError() {
    JsonObject list = result(KEYED, "tools/list", null, keyed());
    if (!names(list).contains("recommend_products")) {
      return; // the Recommendations service is not deployed: the tool is rightly not listed
    }
    JsonObject r =
        call(
            KEYED,
            "recommend_products",
            args("{\"need\":\"moisturiser\",\"price_max\":30}"),
            keyed());
    assertTrue(r.getBoolean("isError"));
  }

  @Test
  void transportAndJsonRpcErrorsOnTheKeyedDoor() {
    Http.Answer get = http.get(KEYED, keyed());
    assertEquals(405, get.status(), get::toString);
    assertEquals("POST", get.header("Allow").orElse(""));

    Http.Answer origin =
        http.post(KEYED, request(1, "ping", null), keyed("Origin", "https://evil.example"));
    assertEquals(403, origin.status(), origin::toString);

    Http.Answer parse = http.post(KEYED, "{\"jsonrpc\":", keyed());
    assertEquals(400, parse.status());
    assertEquals(-32700, parse.json().getJsonObject("error").getInt("code"));
    assertEquals(JsonValue.NULL, parse.json().get("id"));

    Http.Answer invalid =
        http.post(KEYED, "{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"ping\"}", keyed());
    assertEquals(400, invalid.status());
    assertEquals(-32600, invalid.json().getJsonObject("error").getInt("code"));

    assertEquals(
        -32601, rpc(KEYED, "no/such/method", null, keyed()).getJsonObject("error").getInt("code"));
    JsonObject unknownTool =
        rpc(KEYED, "tools/call", args("{\"name\":\"no_such_tool\",\"arguments\":{}}"), keyed());
    assertEquals(-32602, unknownTool.getJsonObject("error").getInt("code"));
    JsonObject badArgs = call(KEYED, "search_catalog", args("{\"page_size\":51}"), keyed());
    assertTrue(badArgs.getBoolean("isError"));
    assertEquals(
        "INVALID_ARGUMENTS",
        args(badArgs.getJsonArray("content").getJsonObject(0).getString("text"))
            .getJsonObject("error")
            .getString("code"));
  }

  @Test
  void aCurrencyNoMarketSellsInIsAnArgumentError() {
    JsonObject r =
        call(KEYED, "search_catalog", args("{\"query\":\"serum\",\"currency\":\"GBP\"}"), keyed());
    assertTrue(r.getBoolean("isError"), r::toString);
    JsonObject jpy =
        text(
            call(
                KEYED,
                "search_catalog",
                args("{\"query\":\"serum\",\"currency\":\"JPY\"}"),
                keyed()));
    assertFalse(jpy.getJsonArray("products").isEmpty());
    jpy.getJsonArray("products")
        .forEach(
            p ->
                assertEquals("JPY", p.asJsonObject().getJsonObject("price").getString("currency")));
  }

  // ---------------------------------------------------------------- dialects

  @Test
  void ucpDialectListsUcpToolsOnly() {
    JsonObject list = result(KEYED, "tools/list", null, ucp());
    isListToolsResult(list);
    List<String> names = names(list);
    assertTrue(
        names.containsAll(List.of("search_catalog", "get_product", "lookup_catalog")),
        names::toString);
    assertFalse(names.contains("recommend_products"), names::toString);
    assertFalse(names.contains("get_alternatives"), names::toString);
    assertFalse(names.contains("list_merchants"), names::toString);
    for (JsonValue v : list.getJsonArray("tools")) {
      assertTrue(
          v.asJsonObject()
              .getJsonObject("inputSchema")
              .getJsonObject("properties")
              .containsKey("meta"),
          v::toString);
    }
    // UCP's own MCP binding names the agent in arguments.meta, without the header.
    JsonObject viaMeta =
        text(
            call(
                KEYED,
                "lookup_catalog",
                args(
                    "{\"meta\":{\"ucp-agent\":{\"profile\":\"https://agent.example/profile\"}},"
                        + "\"catalog\":{\"ids\":[\""
                        + firstProduct(KEYED, "{\"query\":\"serum\"}")
                        + "\"]}}"),
                keyed()));
    assertEquals(1, viaMeta.getJsonArray("products").size(), viaMeta::toString);
  }

  @Test
  void nativeDialectShowsMajorUnitsAndUcpMinorUnitsWithEachCurrencysExponent() {
    String yen = firstProduct(KEYED, "{\"merchant_id\":\"" + SAKURA + "\"}");
    String dollars =
        firstProduct(KEYED, "{\"merchant_id\":\"" + LUMEN + "\",\"currency\":\"USD\"}");
    Map<String, Integer> exponents = Map.of("JPY", 0, "USD", 2);
    for (String productId : List.of(yen, dollars)) {
      JsonObject nativeProduct =
          text(call(KEYED, "get_product", args("{\"product_id\":\"" + productId + "\"}"), keyed()));
      JsonObject ucpProduct =
          text(call(
                  KEYED,
                  "get_product",
                  args("{\"catalog\":{\"id\":\"" + productId + "\"}}"),
                  ucp()))
              .getJsonObject("product");
      Map<String, JsonObject> ucpVariants = new HashMap<>();
      ucpProduct
          .getJsonArray("variants")
          .forEach(v -> ucpVariants.put(v.asJsonObject().getString("id"), v.asJsonObject()));
      int compared = 0;
      for (JsonValue v : nativeProduct.getJsonArray("variants")) {
        JsonObject major = v.asJsonObject().getJsonObject("price");
        JsonObject minor =
            ucpVariants.get(v.asJsonObject().getString("variant_id")).getJsonObject("price");
        String currency = major.getString("currency");
        assertEquals(currency, minor.getString("currency"));
        BigDecimal amount = major.getJsonNumber("amount").bigDecimalValue();
        JsonNumber minorAmount = minor.getJsonNumber("amount");
        assertTrue(minorAmount.isIntegral(), minor::toString);
        assertEquals(
            amount.movePointRight(exponents.get(currency)).longValueExact(),
            minorAmount.longValueExact(),
            () -> major + " vs " + minor);
        if (currency.equals("JPY")) {
          assertTrue(major.getJsonNumber("amount").isIntegral(), "yen have no decimals: " + major);
          assertEquals(amount.longValueExact(), minorAmount.longValueExact());
        } else {
          assertEquals(amount.movePointRight(2).longValueExact(), minorAmount.longValueExact());
        }
        compared++;
      }
      assertTrue(compared > 0, productId);
      assertEquals(
          productId.equals(yen) ? "JPY" : "USD",
          nativeProduct.getJsonObject("price").getString("currency"));
    }

    JsonObject ucpSearch =
        text(call(KEYED, "search_catalog", args("{\"query\":\"serum\"}"), ucp()));
    assertEquals("2026-04-08", ucpSearch.getJsonObject("ucp").getString("version"));
    for (JsonValue p : ucpSearch.getJsonArray("products")) {
      JsonObject min = p.asJsonObject().getJsonObject("price_range").getJsonObject("min");
      assertTrue(min.getJsonNumber("amount").isIntegral(), min::toString);
    }
  }

  @Test
  void ucpProfileListsSixCapabilitiesAndTheKeyedDoor() {
    Http.Answer a = http.get("/.well-known/ucp");
    assertEquals(200, a.status(), a::toString);
    JsonObject ucp = a.json().getJsonObject("ucp");
    assertEquals(6, ucp.getJsonObject("capabilities").size(), ucp::toString);
    assertTrue(ucp.getJsonObject("capabilities").containsKey("dev.ucp.shopping.catalog.search"));
    assertTrue(ucp.getJsonObject("capabilities").containsKey("dev.ucp.shopping.catalog.lookup"));
    String endpoint =
        ucp.getJsonObject("services")
            .getJsonArray("dev.ucp.shopping")
            .getJsonObject(0)
            .getString("endpoint");
    assertTrue(endpoint.endsWith(KEYED), endpoint);
    // Built from the request's own Host, so private to the client: no shared cache keeps it.
    assertEquals("private, max-age=300", a.header("Cache-Control").orElse(""));
  }

  @Test
  void ucpProfileRefusesAForeignHostInsteadOfEchoingIt() throws Exception {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", base.getPort())) {
      socket.setSoTimeout(10_000);
      socket
          .getOutputStream()
          .write(
              ("GET /.well-known/ucp HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      String answer =
          new String(
              socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(answer.startsWith("HTTP/1.1 421"), answer);
      assertTrue(answer.contains("HOST_NOT_ALLOWED"), answer);
      assertFalse(answer.contains("evil.example/"), answer);
    }
  }

  // ---------------------------------------------------------------- helpers

  /** The first product_id a native search finds. */
  private String firstProduct(String door, String arguments) {
    String[] headers = door.equals(OPEN) ? mcpHeaders() : keyed();
    JsonObject found = text(call(door, "search_catalog", args(arguments), headers));
    JsonArray products = found.getJsonArray("products");
    assertFalse(products.isEmpty(), () -> arguments + " → " + found);
    return products.getJsonObject(0).getString("product_id");
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
