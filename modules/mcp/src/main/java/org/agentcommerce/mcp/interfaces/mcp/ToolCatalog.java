package org.agentcommerce.mcp.interfaces.mcp;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agentcommerce.mcp.api.Dialect;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.mcp.api.ToolAnnotations;
import org.agentcommerce.mcp.api.ToolDescriptor;

/**
 * The tools each door offers in each dialect, under the dialect's names, checked once: names are
 * unique per door and dialect, and every schema keeps to what {@link ArgumentValidator} checks. The
 * {@code tools/list} answer of each door and dialect is rendered here once and reused.
 */
final class ToolCatalog {

  /** A tool as one door and dialect see it. */
  record Entry(String name, McpTool tool, ToolDescriptor descriptor) {}

  /**
   * The order {@code tools/list} answers in, by each dialect's tool names: the spec's (4.10) for
   * the native dialect, UCP's binding order for the UCP dialect; a tool named nowhere here comes
   * after these, by name.
   */
  static final List<String> LISTING_ORDER =
      List.of(
          "search_catalog",
          "lookup_catalog",
          "get_product",
          "get_alternatives",
          "get_offers",
          "get_intel",
          "recommend_products",
          "create_checkout_session",
          "update_checkout_session",
          "get_checkout_session",
          "complete_checkout_session",
          "create_payment_link",
          "cancel_checkout_session",
          "get_order",
          "request_after_sales",
          "create_checkout",
          "get_checkout",
          "update_checkout",
          "complete_checkout",
          "cancel_checkout");

  private final Map<Door, Map<Dialect, Map<String, Entry>>> entries = new EnumMap<>(Door.class);
  private final Map<Door, Map<Dialect, JsonArray>> listings = new EnumMap<>(Door.class);

  /**
   * @throws IllegalStateException naming the tool when a descriptor is unusable
   */
  ToolCatalog(List<? extends McpTool> tools) {
    List<Described> described = new ArrayList<>();
    for (McpTool tool : tools) {
      ToolDescriptor d = tool.descriptor();
      if (d == null) {
        throw new IllegalStateException(tool.getClass().getName() + " has no descriptor");
      }
      try {
        ArgumentValidator.checkSupported(d.inputSchema(), d.name() + " inputSchema");
        if (d.outputSchema() != null) {
          ArgumentValidator.checkSupported(d.outputSchema(), d.name() + " outputSchema");
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException("Tool " + d.name() + ": " + e.getMessage(), e);
      }
      described.add(new Described(tool, d));
    }
    for (Door door : Door.values()) {
      Map<Dialect, Map<String, Entry>> byDialect = new EnumMap<>(Dialect.class);
      Map<Dialect, JsonArray> listing = new EnumMap<>(Dialect.class);
      for (Dialect dialect :
          Door.OPEN == door ? List.of(Dialect.NATIVE) : List.of(Dialect.values())) {
        Map<String, Entry> named = new LinkedHashMap<>();
        JsonArrayBuilder list = Jsons.array();
        List<Described> inOrder = new ArrayList<>(described);
        inOrder.sort(
            Comparator.comparingInt((Described x) -> rank(x.descriptor().nameIn(dialect)))
                .thenComparing(x -> x.descriptor().nameIn(dialect)));
        for (Described x : inOrder) {
          if (!x.descriptor().offeredOn(door, dialect)) {
            continue;
          }
          String name = x.descriptor().nameIn(dialect);
          Entry previous = named.put(name, new Entry(name, x.tool(), x.descriptor()));
          if (previous != null) {
            throw new IllegalStateException(
                "Two tools are named "
                    + name
                    + " on the "
                    + door
                    + " door in the "
                    + dialect
                    + " dialect: "
                    + previous.tool().getClass().getName()
                    + " and "
                    + x.tool().getClass().getName());
          }
          list.add(definition(name, x.descriptor(), door));
        }
        byDialect.put(dialect, Map.copyOf(named));
        listing.put(dialect, list.build());
      }
      entries.put(door, byDialect);
      listings.put(door, listing);
    }
  }

  private static int rank(String name) {
    int i = LISTING_ORDER.indexOf(name);
    return i < 0 ? LISTING_ORDER.size() : i;
  }

  /** The {@code tools} array of {@code tools/list}. */
  JsonArray listing(Door door, Dialect dialect) {
    return listings.get(door).getOrDefault(dialect, JsonArray.EMPTY_JSON_ARRAY);
  }

  Optional<Entry> find(Door door, Dialect dialect, String name) {
    return Optional.ofNullable(entries.get(door).getOrDefault(dialect, Map.of()).get(name));
  }

  /** One MCP {@code Tool} object. */
  private static JsonObject definition(String name, ToolDescriptor d, Door door) {
    JsonObjectBuilder tool = Jsons.object().add("name", name);
    if (d.title() != null) {
      tool.add("title", d.title());
    }
    tool.add("description", d.description()).add("inputSchema", d.inputSchema());
    // Only the open door returns structuredContent, and a declared output schema promises it.
    if (door == Door.OPEN && d.outputSchema() != null) {
      tool.add("outputSchema", d.outputSchema());
    }
    ToolAnnotations a = d.annotations();
    JsonObjectBuilder hints = Jsons.object();
    if (d.title() != null) {
      // MCP 2025-03-26 clients read the display title here; later revisions read Tool.title.
      hints.add("title", d.title());
    }
    hints
        .add("readOnlyHint", a.readOnlyHint())
        .add("destructiveHint", a.destructiveHint())
        .add("idempotentHint", a.idempotentHint())
        .add("openWorldHint", a.openWorldHint());
    return tool.add("annotations", hints).build();
  }

  private record Described(McpTool tool, ToolDescriptor descriptor) {}
}
