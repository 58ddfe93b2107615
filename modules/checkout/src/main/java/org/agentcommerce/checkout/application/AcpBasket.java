package org.agentcommerce.checkout.application;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an ACP checkout session holds to price again at completion: the items as the agent sent
 * them, the shipping address and, for sessions opened on the tool door, the discount codes and the
 * customer's name. Kept as JSON in {@code acp_sessions.basket}.
 */
public record AcpBasket(
    List<BasketItem> items, ShipTo shipTo, List<String> discountCodes, String customerName) {

  public AcpBasket {
    discountCodes = discountCodes == null ? List.of() : List.copyOf(discountCodes);
  }

  public AcpBasket(List<BasketItem> items, ShipTo shipTo) {
    this(items, shipTo, List.of(), null);
  }

  /** The name the order is made out to: the customer's, else the address's. */
  public String orderName() {
    return customerName != null ? customerName : shipTo == null ? null : shipTo.name();
  }

  public String toJson() {
    JsonArrayBuilder a = Json.createArrayBuilder();
    for (BasketItem i : items) {
      JsonObjectBuilder o = Json.createObjectBuilder().add("product", i.productRef());
      if (i.variantRef() != null) {
        o.add("variant", i.variantRef());
      }
      a.add(o.add("quantity", i.quantity()));
    }
    JsonObjectBuilder b = Json.createObjectBuilder().add("items", a);
    if (shipTo != null) {
      JsonObjectBuilder s = Json.createObjectBuilder();
      shipTo.asMap().forEach(s::add);
      b.add("ship_to", s);
    }
    if (!discountCodes.isEmpty()) {
      JsonArrayBuilder codes = Json.createArrayBuilder();
      discountCodes.forEach(codes::add);
      b.add("discount_codes", codes);
    }
    if (customerName != null) {
      b.add("customer_name", customerName);
    }
    return b.build().toString();
  }

  public static AcpBasket parse(String json) {
    JsonObject o = Json.createReader(new StringReader(json)).readObject();
    List<BasketItem> items = new ArrayList<>();
    int index = 0;
    for (JsonValue v : o.getJsonArray("items")) {
      JsonObject i = v.asJsonObject();
      items.add(
          new BasketItem(
              index++,
              i.getString("product"),
              i.getString("variant", null),
              i.getInt("quantity"),
              null,
              null));
    }
    ShipTo shipTo = null;
    if (o.containsKey("ship_to")) {
      JsonObject s = o.getJsonObject("ship_to");
      Map<String, String> m = new java.util.HashMap<>();
      s.forEach((k, val) -> m.put(k, s.getString(k)));
      shipTo =
          new ShipTo(
              m.get("name"),
              m.get("address_line1"),
              m.get("address_line2"),
              m.get("city"),
              m.get("state"),
              m.get("postal_code"),
              m.get("country"),
              m.get("phone"));
    }
    List<String> codes = new ArrayList<>();
    if (o.containsKey("discount_codes")) {
      o.getJsonArray("discount_codes").getValuesAs(jakarta.json.JsonString.class).stream()
          .map(jakarta.json.JsonString::getString)
          .forEach(codes::add);
    }
    return new AcpBasket(items, shipTo, codes, o.getString("customer_name", null));
  }
}
