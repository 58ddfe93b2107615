package org.agentcommerce.mcp.interfaces.mcp;

import static org.agentcommerce.mcp.interfaces.mcp.FakeTools.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolDescriptor;
import org.junit.jupiter.api.Test;

/** The tool SPI's descriptor rules and the catalog built from the tools. */
class McpToolCatalogTest {

  private static final JsonObject OBJECT = json("{\"type\":\"object\"}");

  private static McpTool tool(ToolDescriptor descriptor) {
    return new McpTool() {
      @Override
      public ToolDescriptor descriptor() {
        return descriptor;
      }

      @Override
      public JsonObject call(JsonObject arguments, ToolCallContext context) {
        return arguments;
      }
    };
  }

  @Test
  void theBuilderDefaultsToTheKeyedDoorAndTheNativeDialect() {
    ToolDescriptor d = ToolDescriptor.builder("t").description("d").inputSchema(OBJECT).build();

    assertEquals(Set.of(Door.KEYED), d.doors());
    assertEquals(Set.of(Dialect.NATIVE), d.dialects());
    assertEquals(ToolAnnotations.READ_ONLY, d.annotations());
    assertTrue(d.offeredOn(Door.KEYED, Dialect.NATIVE));
    assertFalse(d.offeredOn(Door.OPEN, Dialect.NATIVE));
    assertEquals("t", d.nameIn(Dialect.UCP));
  }

  @Test
  void aDialectNameAddsTheDialect() {
    ToolDescriptor d =
        ToolDescriptor.builder("get_product")
            .description("d")
            .inputSchema(OBJECT)
            .dialectName(Dialect.UCP, "lookup_catalog")
            .build();

    assertEquals(Set.of(Dialect.NATIVE, Dialect.UCP), d.dialects());
    assertEquals("lookup_catalog", d.nameIn(Dialect.UCP));
    assertEquals("get_product", d.nameIn(Dialect.NATIVE));
  }

  @Test
  void descriptorsRefuseWhatClientsWouldChokeOn() {
    assertThrows(IllegalArgumentException.class, () -> descriptor("has space", OBJECT));
    assertThrows(IllegalArgumentException.class, () -> descriptor("dotted.name", OBJECT));
    assertThrows(IllegalArgumentException.class, () -> descriptor("x".repeat(65), OBJECT));
    assertThrows(
        IllegalArgumentException.class, () -> descriptor("t", json("{\"type\":\"string\"}")));
    assertThrows(IllegalArgumentException.class, () -> descriptor("t", json("{}")));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            descriptor(
                "t",
                json(
                    "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\"}")));
    assertThrows(
        IllegalArgumentException.class,
        () -> ToolDescriptor.builder("t").inputSchema(OBJECT).build());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new ToolDescriptor(
                "t",
                null,
                "d",
                OBJECT,
                null,
                ToolAnnotations.READ_ONLY,
                Set.of(Door.KEYED),
                Map.of(Dialect.UCP, "u"),
                Set.of(Dialect.NATIVE)));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new ToolDescriptor(
                "t",
                null,
                "d",
                OBJECT,
                null,
                ToolAnnotations.READ_ONLY,
                Set.of(),
                Map.of(),
                Set.of(Dialect.NATIVE)));
  }

  private static ToolDescriptor descriptor(String name, JsonObject schema) {
    return ToolDescriptor.builder(name).description("d").inputSchema(schema).build();
  }

  @Test
  void twoToolsWithOneNameOnOneDoorAndDialectAreRefused() {
    McpTool a =
        tool(
            ToolDescriptor.builder("a")
                .description("d")
                .inputSchema(OBJECT)
                .dialectName(Dialect.UCP, "same")
                .build());
    McpTool b =
        tool(
            ToolDescriptor.builder("same")
                .description("d")
                .inputSchema(OBJECT)
                .dialects(Dialect.UCP)
                .build());

    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> new ToolCatalog(List.of(a, b)));
    assertTrue(e.getMessage().contains("same"), e.getMessage());
  }

  @Test
  void oneNameInDifferentDialectsIsFine() {
    McpTool a = tool(ToolDescriptor.builder("search").description("d").inputSchema(OBJECT).build());
    McpTool b =
        tool(
            ToolDescriptor.builder("search")
                .description("d")
                .inputSchema(OBJECT)
                .dialects(Dialect.UCP)
                .build());

    ToolCatalog catalog = new ToolCatalog(List.of(a, b));

    assertEquals(a, catalog.find(Door.KEYED, Dialect.NATIVE, "search").orElseThrow().tool());
    assertEquals(b, catalog.find(Door.KEYED, Dialect.UCP, "search").orElseThrow().tool());
  }

  @Test
  void aSchemaOutsideTheValidatedSubsetIsRefusedWithTheToolsName() {
    McpTool a =
        tool(
            descriptor(
                "needs_any_of",
                json("{\"type\":\"object\",\"properties\":{\"a\":{\"anyOf\":[]}}}")));

    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> new ToolCatalog(List.of(a)));
    assertTrue(e.getMessage().contains("needs_any_of"), e.getMessage());
    assertTrue(e.getMessage().contains("anyOf"), e.getMessage());
  }

  @Test
  void listingsAreSortedByName() {
    McpTool b = tool(descriptor("b_tool", OBJECT));
    McpTool a = tool(descriptor("a_tool", OBJECT));

    ToolCatalog catalog = new ToolCatalog(List.of(b, a));

    assertEquals(
        "a_tool", catalog.listing(Door.KEYED, Dialect.NATIVE).getJsonObject(0).getString("name"));
    assertTrue(catalog.listing(Door.OPEN, Dialect.UCP).isEmpty());
  }
}
