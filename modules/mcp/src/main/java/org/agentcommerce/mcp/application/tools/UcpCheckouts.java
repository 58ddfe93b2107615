package org.agentcommerce.mcp.application.tools;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.agentcommerce.catalog.api.CatalogReads;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.mcp.api.ToolFailure;
import org.agentcommerce.mcp.application.UcpProfileService;

/**
 * UCP 2026-04-08 checkout objects ({@code schemas/shopping/checkout.json} with the fulfillment
 * extension's destination and a token credential) to and from our checkout sessions. Amounts are
 * integers in minor units; an item is one sellable product or variant, never a guess among
 * variants.
 */
final class UcpCheckouts {

  static final String CHECKOUT = "dev.ucp.shopping.checkout";

  private UcpCheckouts() {}

  /** A UCP postal address (fulfillment destination); what we read of it. */
  static final String POSTAL_ADDRESS =
      """
      {"type":"object",
       "properties":{
        "first_name":{"type":"string","maxLength":100},
        "last_name":{"type":"string","maxLength":100},
        "street_address":{"type":"string","maxLength":300},
        "extended_address":{"type":"string","maxLength":300},
        "address_locality":{"type":"string","maxLength":200},
        "address_region":{"type":"string","maxLength":100},
        "postal_code":{"type":"string","maxLength":20},
        "address_country":{"type":"string","pattern":"^[A-Za-z]{2}$"},
        "phone_number":{"type":"string","maxLength":40}}}""";

  /** The checkout request object of create and update. */
  static final String CHECKOUT_REQUEST =
      """
      {"type":"object","required":["line_items"],
       "description":"UCP checkout: line_items [{item:{id}, quantity}] of one merchant (item.id a product id, or a variant id or SKU for a product with several variants), buyer {email, first_name, last_name}, and the shipping address as fulfillment.methods[0].destinations[0].",
       "properties":{
        "line_items":{"type":"array","minItems":1,"maxItems":50,
          "items":{"type":"object","required":["item","quantity"],
            "properties":{
              "item":{"type":"object","required":["id"],"properties":{"id":{"type":"string","minLength":1,"maxLength":200}}},
              "quantity":{"type":"integer","minimum":1,"maximum":1000}}}},
        "buyer":{"type":"object","properties":{
          "email":{"type":"string","maxLength":320},
          "first_name":{"type":"string","maxLength":100},
          "last_name":{"type":"string","maxLength":100},
          "phone_number":{"type":"string","maxLength":40}}},
        "context":{"type":"object"},
        "fulfillment":{"type":"object","properties":{
          "methods":{"type":"array","maxItems":1,"items":{"type":"object","properties":{
            "type":{"type":"string","enum":["shipping"]},
            "destinations":{"type":"array","maxItems":1,"items":%s}}}}}}}}"""
          .formatted(POSTAL_ADDRESS);

  static final String ID =
      """
      "id":{"type":"string","minLength":1,"maxLength":40,"description":"The checkout id (csn_...)."}""";

  /** The basket of a UCP checkout request: the merchant is the items' (one merchant only). */
  static CheckoutSessions.Basket basket(JsonObject checkout, CatalogReads catalog)
      throws ToolFailure {
    List<CheckoutSessions.Item> items = new ArrayList<>();
    Set<String> merchants = new LinkedHashSet<>();
    for (JsonValue v : checkout.getJsonArray("line_items")) {
      JsonObject line = v.asJsonObject();
      String id = line.getJsonObject("item").getString("id");
      merchants.add(catalog.product(null, id, null).merchantId());
      items.add(new CheckoutSessions.Item(id, null, line.getInt("quantity")));
    }
    if (merchants.size() > 1) {
      throw new ToolFailure(
          "MULTI_MERCHANT_NOT_SUPPORTED",
          "A checkout holds one merchant's items; these come from "
              + String.join(", ", merchants)
              + ". Create one checkout per merchant.",
          false,
          ToolJson.object().add("merchant_ids", ToolJson.strings(merchants)).build());
    }
    JsonObject buyer = ToolJson.objectMember(checkout, "buyer").orElse(JsonValue.EMPTY_JSON_OBJECT);
    String name =
        String.join(
                " ",
                ToolJson.text(buyer, "first_name").orElse(""),
                ToolJson.text(buyer, "last_name").orElse(""))
            .trim();
    return new CheckoutSessions.Basket(
        merchants.iterator().next(),
        items,
        List.of(),
        ToolJson.text(buyer, "email").orElse(null),
        name.isEmpty() ? null : name,
        destination(checkout, name.isEmpty() ? null : name));
  }

  private static CheckoutSessions.Address destination(JsonObject checkout, String buyerName) {
    JsonObject f = ToolJson.objectMember(checkout, "fulfillment").orElse(null);
    if (f == null
        || !(f.get("methods") instanceof jakarta.json.JsonArray methods)
        || methods.isEmpty()
        || !(methods.getJsonObject(0).get("destinations") instanceof jakarta.json.JsonArray ds)
        || ds.isEmpty()) {
      return null;
    }
    JsonObject d = ds.getJsonObject(0);
    String name =
        String.join(
                " ",
                ToolJson.text(d, "first_name").orElse(""),
                ToolJson.text(d, "last_name").orElse(""))
            .trim();
    return new CheckoutSessions.Address(
        name.isEmpty() ? buyerName : name,
        ToolJson.text(d, "street_address").orElse(null),
        ToolJson.text(d, "extended_address").orElse(null),
        ToolJson.text(d, "address_locality").orElse(null),
        ToolJson.text(d, "address_region").orElse(null),
        ToolJson.text(d, "postal_code").orElse(null),
        ToolJson.text(d, "address_country").orElse(null),
        ToolJson.text(d, "phone_number").orElse(null));
  }

  /** The {@code ucp} member of a checkout response. */
  static JsonObject ucp() {
    return ToolJson.object()
        .add("version", UcpProfileService.UCP_VERSION)
        .add(
            "capabilities",
            ToolJson.object()
                .add(
                    CHECKOUT,
                    ToolJson.array()
                        .add(ToolJson.object().add("version", UcpProfileService.UCP_VERSION))))
        .add(
            "payment_handlers",
            ToolJson.object()
                .add(
                    UcpProfileService.PAYMENT_HANDLER,
                    ToolJson.array()
                        .add(
                            ToolJson.object()
                                .add("id", UcpProfileService.PAYMENT_HANDLER_ID)
                                .add("version", UcpProfileService.UCP_VERSION))))
        .build();
  }

  /** A session as a UCP checkout. */
  static JsonObject checkout(CheckoutSessions.Session s, String permalinkBase) {
    String cur = s.currency();
    JsonArrayBuilder lines = ToolJson.array();
    int n = 0;
    for (CheckoutSessions.Line l : s.lines()) {
      String title =
          l.variantTitle() == null || l.variantTitle().isBlank()
              ? l.title()
              : l.title() + " (" + l.variantTitle() + ")";
      JsonObjectBuilder item =
          ToolJson.object()
              .add("id", l.variantId() != null ? l.variantId() : l.productId())
              .add("title", title == null ? "" : title)
              .add("price", l.unitPrice());
      lines.add(
          ToolJson.object()
              .add("id", "li_" + ++n)
              .add("item", item)
              .add("quantity", l.quantity())
              .add(
                  "totals",
                  ToolJson.array()
                      .add(total("subtotal", l.unitPrice() * l.quantity()))
                      .add(total("total", l.lineTotal()))));
    }
    CheckoutSessions.Totals t = s.totals();
    JsonArrayBuilder totals = ToolJson.array().add(total("subtotal", t.subtotal()));
    if (t.discount() > 0) {
      totals.add(total("discount", -t.discount()));
    }
    totals.add(total("fulfillment", t.shipping()));
    totals.add(
        ToolJson.object()
            .add("type", "tax")
            .add("display_text", s.taxIncluded() ? "Tax (included)" : "Tax")
            .add("amount", t.tax()));
    totals.add(total("total", t.total()));
    JsonArrayBuilder messages = ToolJson.array();
    String status = status(s, messages);
    JsonObjectBuilder b =
        ToolJson.object()
            .add("ucp", ucp())
            .add("id", s.sessionId())
            .add("line_items", lines)
            .add("status", status)
            .add("currency", cur)
            .add("totals", totals)
            .add("links", ToolJson.array())
            .add("expires_at", s.expiresAt().toString());
    JsonObjectBuilder metadata =
        ToolJson.object()
            .add("merchant_id", s.merchantId())
            .add("merchant_name", ToolJson.stringOrNull(s.merchantName()));
    JsonObjectBuilder buyer = ToolJson.object();
    if (s.customerEmail() != null) {
      buyer.add("email", s.customerEmail());
    }
    if (s.customerName() != null) {
      buyer.add("first_name", s.customerName());
    }
    b.add("buyer", buyer);
    if (s.shippingAddress() != null) {
      CheckoutSessions.Address a = s.shippingAddress();
      JsonObjectBuilder d = ToolJson.object();
      put(d, "first_name", a.name());
      put(d, "street_address", a.addressLine1());
      put(d, "extended_address", a.addressLine2());
      put(d, "address_locality", a.city());
      put(d, "address_region", a.state());
      put(d, "postal_code", a.postalCode());
      put(d, "address_country", a.country());
      put(d, "phone_number", a.phone());
      metadata.add("shipping_address", d);
    }
    b.add("metadata", metadata);
    jakarta.json.JsonArray msgs = messages.build();
    if (!msgs.isEmpty()) {
      b.add("messages", msgs);
    }
    if (s.orderId() != null && "completed".equals(status)) {
      b.add(
          "order",
          ToolJson.object()
              .add("id", s.orderId())
              .add("permalink_url", permalinkBase + "/agent/v2/orders/" + s.orderId()));
    }
    return b.build();
  }

  private static String status(CheckoutSessions.Session s, JsonArrayBuilder messages) {
    switch (s.status()) {
      case "completed":
        return "completed";
      case "cancelled":
        return "canceled";
      case "completing":
        return "complete_in_progress";
      default:
        boolean ready = true;
        if (s.customerEmail() == null) {
          messages.add(missing("buyer.email", "The buyer's e-mail is needed to complete."));
          ready = false;
        }
        if (s.shippingAddress() == null || s.shippingAddress().addressLine1() == null) {
          messages.add(
              missing(
                  "fulfillment.methods[0].destinations[0]",
                  "A shipping address (street_address, address_locality, postal_code,"
                      + " address_country) is needed to complete."));
          ready = false;
        }
        return ready ? "ready_for_complete" : "incomplete";
    }
  }

  private static JsonObject missing(String path, String content) {
    return ToolJson.object()
        .add("type", "error")
        .add("code", "missing")
        .add("path", "$." + path)
        .add("content", content)
        .add("severity", "recoverable")
        .build();
  }

  private static JsonObject total(String type, long amount) {
    return ToolJson.object().add("type", type).add("amount", amount).build();
  }

  private static void put(JsonObjectBuilder b, String k, String v) {
    if (v != null) {
      b.add(k, v);
    }
  }
}
