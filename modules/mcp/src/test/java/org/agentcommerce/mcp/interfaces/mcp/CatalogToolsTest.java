package org.agentcommerce.mcp.interfaces.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.AllowSchemaLoader;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.application.tools.CatalogToolsFixture;
import org.junit.jupiter.api.Test;

/**
 * The catalog tools behind real doors, on a fake catalog: where each is listed, that their answers
 * match their output schemas (native) and UCP's catalog schemas (UCP), and the price units.
 */
class CatalogToolsTest {

  private static final String UCP = "profile=\"https://agent.example/profile\"";
  private static final String LOCAL = "classpath:ucp-2026-04-08/";

  private static final JsonSchemaFactory DRAFT_2020_12 =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final JsonSchemaFactory UCP_SCHEMAS =
      JsonSchemaFactory.getInstance(
          SpecVersion.VersionFlag.V202012,
          builder ->
              builder
                  .schemaMappers(m -> m.mapPrefix("https://ucp.dev/schemas/", LOCAL + "schemas/"))
                  .schemaLoaders(
                      loaders ->
                          loaders.values(
                              list ->
                                  list.add(
                                      0,
                                      new AllowSchemaLoader(
                                          iri -> iri.toString().startsWith("classpath:"))))));

  private final TestDoor open = TestDoor.with(Door.OPEN, CatalogToolsFixture.tools());
  private final TestDoor keyed = TestDoor.with(Door.KEYED, CatalogToolsFixture.tools());

  private static List<String> names(JsonObject listResult) {
    return listResult.getJsonArray("tools").stream()
        .map(t -> t.asJsonObject().getString("name"))
        .toList();
  }

  private static void valid(JsonSchema schema, JsonValue value) {
    Set<ValidationMessage> errors = schema.validate(value.toString(), InputFormat.JSON);
    assertEquals(Set.of(), errors, value::toString);
  }

  private static void mcpValid(String definition, JsonObject value) {
    valid(
        DRAFT_2020_12.getSchema(
            SchemaLocation.of("classpath:mcp/schema-2025-11-25.json#/$defs/" + definition)),
        value);
  }

  private static void ucpValid(String schema, JsonObject value) {
    valid(UCP_SCHEMAS.getSchema(SchemaLocation.of(LOCAL + "schemas/shopping/" + schema)), value);
  }

  /** A successful tool result: not isError. */
  private static JsonObject ok(JsonObject result) {
    assertFalse(result.getBoolean("isError", false), result::toString);
    return TestDoor.text(result);
  }

  @Test
  void eachDoorAndDialectListsItsTools() {
    JsonObject openList = open.result("tools/list", null);
    JsonObject keyedList = keyed.result("tools/list", null);
    JsonObject ucpList = keyed.result("tools/list", null, "UCP-Agent", UCP);

    assertEquals(
        List.of("get_alternatives", "get_intel", "get_product", "search_catalog"),
        names(openList).stream().sorted().toList());
    assertEquals(
        List.of("get_alternatives", "get_intel", "get_product", "search_catalog"),
        names(keyedList).stream().sorted().toList());
    assertEquals(List.of("search_catalog", "lookup_catalog", "get_product"), names(ucpList));
    for (JsonObject list : List.of(openList, keyedList, ucpList)) {
      mcpValid("ListToolsResult", list);
      for (JsonValue t : list.getJsonArray("tools")) {
        JsonObject tool = t.asJsonObject();
        assertEquals(
            JsonValue.FALSE, tool.getJsonObject("inputSchema").get("additionalProperties"));
        JsonObject hints = tool.getJsonObject("annotations");
        assertTrue(hints.getBoolean("readOnlyHint"));
        assertFalse(hints.getBoolean("destructiveHint"));
        assertTrue(hints.getBoolean("idempotentHint"));
        assertFalse(hints.getBoolean("openWorldHint"));
      }
    }
    openList
        .getJsonArray("tools")
        .forEach(t -> assertTrue(t.asJsonObject().containsKey("outputSchema")));
    keyedList
        .getJsonArray("tools")
        .forEach(t -> assertFalse(t.asJsonObject().containsKey("outputSchema")));
    ucpList
        .getJsonArray("tools")
        .forEach(
            t ->
                assertTrue(
                    t.asJsonObject()
                        .getJsonObject("inputSchema")
                        .getJsonObject("properties")
                        .containsKey("meta"),
                    t::toString));
  }

  @Test
  void openDoorResultsMatchTheirOutputSchemas() {
    JsonObject list = open.result("tools/list", null);
    String[][] calls = {
      {"search_catalog", "{\"query\":\"vitamin c\"}"},
      {"search_catalog", "{\"query\":\"nothing like this\"}"},
      {"get_product", "{\"product_id\":\"prod_serum\"}"},
      {"get_product", "{\"product_id\":\"prod_serum\",\"include\":[\"decision\"]}"},
      {"get_alternatives", "{\"product_id\":\"prod_serum\"}"},
      {"get_intel", "{\"product_id\":\"prod_serum\"}"},
    };
    for (String[] c : calls) {
      JsonObject result = open.call(c[0], c[1]);
      mcpValid("CallToolResult", result);
      JsonObject structured = result.getJsonObject("structuredContent");
      assertEquals(structured, ok(result));
      JsonObject outputSchema =
          list.getJsonArray("tools").stream()
              .map(JsonValue::asJsonObject)
              .filter(t -> t.getString("name").equals(c[0]))
              .findFirst()
              .orElseThrow()
              .getJsonObject("outputSchema");
      valid(DRAFT_2020_12.getSchema(outputSchema.toString()), structured);
    }
  }

  @Test
  void nativePricesAreExactMajorUnits() {
    JsonObject found = ok(open.call("search_catalog", "{\"query\":\"vitamin c\"}"));
    JsonArray products = found.getJsonArray("products");
    assertEquals(4, products.size(), found::toString);
    assertEquals(4, found.getInt("total"));
    assertEquals(4, found.getInt("returned"));
    assertNull(found.get("empty_reason"));
    JsonObject serum = byId(products, "prod_serum");
    assertEquals(
        new BigDecimal("24.00"),
        serum.getJsonObject("price").getJsonNumber("amount").bigDecimalValue());
    assertEquals("USD", serum.getJsonObject("price").getString("currency"));
    assertEquals("in_stock", serum.getString("availability"));
    JsonObject cream = byId(products, "prod_cream");
    assertEquals("3000", cream.getJsonObject("price").get("amount").toString());
    assertEquals("JPY", cream.getJsonObject("price").getString("currency"));
  }

  @Test
  void currencyChoosesTheMarketsAndAnUnsoldCurrencyIsAnError() {
    JsonObject cad =
        ok(keyed.call("search_catalog", "{\"query\":\"vitamin c\",\"currency\":\"CAD\"}"));
    assertEquals(1, cad.getJsonArray("products").size(), cad::toString);
    assertEquals(
        "CAD",
        cad.getJsonArray("products").getJsonObject(0).getJsonObject("price").getString("currency"));

    JsonObject eur = ok(keyed.call("search_catalog", "{\"currency\":\"EUR\"}"));
    assertEquals(
        List.of("prod_de", "prod_fr"),
        eur.getJsonArray("products").stream()
            .map(p -> p.asJsonObject().getString("product_id"))
            .toList(),
        "both euro markets, newest first");
    assertEquals(2, eur.getInt("total"));

    JsonObject gbp = keyed.call("search_catalog", "{\"query\":\"serum\",\"currency\":\"GBP\"}");
    assertTrue(gbp.getBoolean("isError"));
    assertEquals("INVALID_ARGUMENTS", TestDoor.text(gbp).getJsonObject("error").getString("code"));
  }

  @Test
  void emptySearchesSayWhy() {
    assertEquals(
        "no_match",
        ok(open.call("search_catalog", "{\"query\":\"laptop\"}")).getString("empty_reason"));
    assertEquals(
        "filtered_out",
        ok(open.call("search_catalog", "{\"query\":\"vitamin\",\"price_max\":1}"))
            .getString("empty_reason"));
    assertEquals(
        "page_out_of_range",
        ok(open.call("search_catalog", "{\"query\":\"vitamin\",\"page\":9}"))
            .getString("empty_reason"));
  }

  @Test
  void getProductCarriesRealVariantIdsAndSkuSelects() {
    JsonObject all = ok(open.call("get_product", "{\"product_id\":\"prod_serum\"}"));
    assertEquals(CatalogToolsFixture.LUMEN, all.getString("merchant_id"));
    assertEquals(
        List.of("4101", "4102"),
        all.getJsonArray("variants").stream()
            .map(v -> v.asJsonObject().getString("variant_id"))
            .toList());
    JsonObject one =
        ok(open.call("get_product", "{\"product_id\":\"prod_serum\",\"sku_id\":\"SKU-4102\"}"));
    assertEquals(1, one.getJsonArray("variants").size());
    assertFalse(one.getJsonArray("variants").getJsonObject(0).getBoolean("available"));
    JsonObject missing = open.call("get_product", "{\"product_id\":\"prod_nope\"}");
    assertTrue(missing.getBoolean("isError"));
    assertEquals("NOT_FOUND", TestDoor.text(missing).getJsonObject("error").getString("code"));
  }

  @Test
  void getProductIncludesTheDecisionOnlyWhenAsked() {
    JsonObject plain = ok(open.call("get_product", "{\"product_id\":\"prod_serum\"}"));
    assertFalse(plain.containsKey("decision"));
    // The origin gateway's get_product{include:["decision"]}: the reviewed intel inline.
    JsonObject withDecision =
        ok(
            keyed.call(
                "get_product",
                "{\"merchant_id\":\"merch_lumen\",\"product_id\":\"prod_serum\","
                    + "\"include\":[\"decision\"]}"));
    JsonObject decision = withDecision.getJsonObject("decision");
    assertEquals(ok(open.call("get_intel", "{\"product_id\":\"prod_serum\"}")), decision);
    assertTrue(decision.getBoolean("reviewed"));
    assertEquals("dull skin", decision.getString("best_for"));
    assertEquals("Brightens", decision.getJsonArray("claims").getJsonObject(0).getString("claim"));
    JsonObject unknownPart =
        keyed.call("get_product", "{\"product_id\":\"prod_serum\",\"include\":[\"reviews\"]}");
    assertTrue(unknownPart.getBoolean("isError"));
    assertEquals(
        "INVALID_ARGUMENTS", TestDoor.text(unknownPart).getJsonObject("error").getString("code"));
  }

  @Test
  void alternativesCarryTheirCurrency() {
    JsonObject alternatives = ok(open.call("get_alternatives", "{\"product_id\":\"prod_serum\"}"));
    JsonObject first = alternatives.getJsonArray("alternatives").getJsonObject(0);
    assertEquals("JPY", first.getJsonObject("price").getString("currency"));
    assertEquals(1, alternatives.getInt("returned"));
  }

  @Test
  void ucpSearchAnswersInMinorUnitsAndMatchesUcpSchemas() {
    JsonObject shorthand =
        ok(keyed.call("search_catalog", "{\"query\":\"vitamin c\"}", "UCP-Agent", UCP));
    ucpValid("catalog_search.json#/$defs/search_response", shorthand);
    JsonObject serum = byUcpId(shorthand.getJsonArray("products"), "prod_serum");
    JsonObject min = serum.getJsonObject("price_range").getJsonObject("min");
    assertEquals("2400", min.get("amount").toString());
    assertEquals("USD", min.getString("currency"));
    assertEquals(
        "3850", serum.getJsonObject("price_range").getJsonObject("max").get("amount").toString());
    JsonObject cream = byUcpId(shorthand.getJsonArray("products"), "prod_cream");
    assertEquals(
        "3000",
        cream
            .getJsonArray("variants")
            .getJsonObject(0)
            .getJsonObject("price")
            .get("amount")
            .toString());
    assertEquals("7001", cream.getJsonArray("variants").getJsonObject(0).getString("id"));

    String binding =
        "{\"meta\":{\"ucp-agent\":{\"profile\":\"https://agent.example/profile\"}},"
            + "\"catalog\":{\"query\":\"vitamin c\",\"context\":{\"currency\":\"USD\"},"
            + "\"filters\":{\"price\":{\"max\":2500}},\"pagination\":{\"limit\":1}}}";
    JsonObject viaMeta = ok(keyed.call("search_catalog", binding));
    ucpValid("catalog_search.json#/$defs/search_response", viaMeta);
    assertEquals(1, viaMeta.getJsonArray("products").size());
    assertEquals("prod_serum", viaMeta.getJsonArray("products").getJsonObject(0).getString("id"));
    assertFalse(viaMeta.getJsonObject("pagination").getBoolean("has_next_page"));
    assertEquals(1, viaMeta.getJsonObject("pagination").getInt("total_count"));
  }

  @Test
  void theUcpSchemasReallyCheck() {
    JsonSchema search =
        UCP_SCHEMAS.getSchema(
            SchemaLocation.of(
                LOCAL + "schemas/shopping/catalog_search.json#/$defs/search_response"));
    String minorAsDecimal =
        "{\"ucp\":{\"version\":\"2026-04-08\"},\"products\":[{\"id\":\"p\",\"title\":\"t\","
            + "\"description\":{\"plain\":\"d\"},\"price_range\":{\"min\":{\"amount\":24.5,"
            + "\"currency\":\"USD\"},\"max\":{\"amount\":2450,\"currency\":\"USD\"}},"
            + "\"variants\":[]}]}";
    assertFalse(search.validate(minorAsDecimal, InputFormat.JSON).isEmpty());
    assertFalse(search.validate("{\"products\":[]}", InputFormat.JSON).isEmpty());
  }

  @Test
  void ucpPaginationUsesTheCursor() {
    JsonObject first =
        ok(
            keyed.call(
                "search_catalog",
                "{\"catalog\":{\"query\":\"vitamin\",\"pagination\":{\"limit\":3}}}",
                "UCP-Agent",
                UCP));
    assertTrue(first.getJsonObject("pagination").getBoolean("has_next_page"));
    String cursor = first.getJsonObject("pagination").getString("cursor");
    JsonObject second =
        ok(
            keyed.call(
                "search_catalog",
                "{\"catalog\":{\"query\":\"vitamin\",\"pagination\":{\"limit\":3,\"cursor\":\""
                    + cursor
                    + "\"}}}",
                "UCP-Agent",
                UCP));
    assertEquals(1, second.getJsonArray("products").size());
    assertFalse(second.getJsonObject("pagination").getBoolean("has_next_page"));
  }

  @Test
  void ucpGetProductAndLookupMatchUcpSchemas() {
    JsonObject detail =
        ok(keyed.call("get_product", "{\"catalog\":{\"id\":\"prod_serum\"}}", "UCP-Agent", UCP));
    ucpValid("catalog_lookup.json#/$defs/get_product_response", detail);
    JsonObject product = detail.getJsonObject("product");
    assertEquals("4101", product.getJsonArray("variants").getJsonObject(0).getString("id"));
    assertEquals(
        "2400",
        product
            .getJsonArray("variants")
            .getJsonObject(0)
            .getJsonObject("price")
            .get("amount")
            .toString());
    assertEquals(
        "3000",
        product
            .getJsonArray("variants")
            .getJsonObject(0)
            .getJsonObject("list_price")
            .get("amount")
            .toString());
    assertEquals("30 ml", product.getJsonArray("selected").getJsonObject(0).getString("label"));

    JsonObject lookup =
        ok(
            keyed.call(
                "lookup_catalog",
                "{\"ids\":[\"prod_cream\",\"prod_nope\",\"prod_cream\"]}",
                "UCP-Agent",
                UCP));
    ucpValid("catalog_lookup.json#/$defs/lookup_response", lookup);
    assertEquals(1, lookup.getJsonArray("products").size());
    assertEquals("not_found", lookup.getJsonArray("messages").getJsonObject(0).getString("code"));
    assertEquals(
        2,
        lookup
            .getJsonArray("products")
            .getJsonObject(0)
            .getJsonArray("variants")
            .getJsonObject(0)
            .getJsonArray("inputs")
            .size());

    JsonObject noSku =
        keyed.call(
            "get_product", "{\"product_id\":\"prod_serum\",\"sku_id\":\"4101\"}", "UCP-Agent", UCP);
    assertTrue(noSku.getBoolean("isError"), "the UCP dialect has no variant selection");
  }

  private static JsonObject byId(JsonArray products, String id) {
    return products.stream()
        .map(JsonValue::asJsonObject)
        .filter(p -> p.getString("product_id").equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError(id + " not in " + products));
  }

  private static JsonObject byUcpId(JsonArray products, String id) {
    return products.stream()
        .map(JsonValue::asJsonObject)
        .filter(p -> p.getString("id").equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError(id + " not in " + products));
  }
}
