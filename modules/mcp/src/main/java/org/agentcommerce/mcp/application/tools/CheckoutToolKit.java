package org.agentcommerce.mcp.application.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.agentcommerce.checkout.api.CheckoutSessions;
import org.agentcommerce.checkout.api.OrderAftercare;
import org.agentcommerce.mcp.api.ToolCallContext;
import org.agentcommerce.mcp.api.ToolFailure;
import org.agentcommerce.platform.api.KeyedOperations;
import org.agentcommerce.platform.api.security.BuyerIdentity;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * What the buyer-scoped tools share: the verified buyer (USER_AUTH_REQUIRED before anything else),
 * exactly-once execution per {@code idempotency_key}, the checkout ports, the address links are
 * built on, and the wire shapes of addresses and sessions.
 */
@ApplicationScoped
public class CheckoutToolKit {

  @Inject Caller caller;
  @Inject java.time.Clock clock;
  @Inject BuyerIdentity buyers;
  @Inject Instance<KeyedOperations> keyed;
  @Inject Instance<CheckoutSessions> sessions;
  @Inject Instance<OrderAftercare> aftercare;

  @Inject
  @ConfigProperty(name = "ac.public-base-url")
  Optional<String> publicBaseUrl;

  /** Whether the checkout and payment services are deployed. */
  boolean available() {
    return sessions.isResolvable() && aftercare.isResolvable() && keyed.isResolvable();
  }

  String agentId() {
    return caller.agentId();
  }

  /** The verified buyer of this call; 401 USER_AUTH_REQUIRED without one. */
  CheckoutSessions.Buyer buyer() {
    JsonWebToken t = buyers.requireVerifiedBuyer();
    return new CheckoutSessions.Buyer(t.getIssuer(), t.getSubject());
  }

  CheckoutSessions sessions() {
    return sessions.get();
  }

  OrderAftercare aftercare() {
    return aftercare.get();
  }

  /**
   * Runs a mutating tool once per {@code idempotency_key}: the same key with the same arguments and
   * buyer answers the stored result; with other arguments or another buyer, 409
   * idempotency_conflict.
   */
  JsonObject once(
      String tool,
      JsonObject arguments,
      CheckoutSessions.Buyer buyer,
      boolean outsideEffects,
      Supplier<JsonObject> work,
      UnaryOperator<String> storedAs) {
    return once(
        tool,
        arguments.getString("idempotency_key"),
        arguments,
        buyer,
        outsideEffects,
        work,
        storedAs);
  }

  /**
   * A UCP dialect call: once per {@code meta.idempotency-key} when the platform sends one (UCP's
   * binding makes it optional before complete), else run as asked.
   */
  JsonObject ucpOnce(
      String tool, JsonObject arguments, CheckoutSessions.Buyer buyer, Supplier<JsonObject> work) {
    Optional<String> key =
        ToolJson.objectMember(arguments, "meta").flatMap(m -> ToolJson.text(m, "idempotency-key"));
    return key.isPresent()
        ? once(tool, key.get(), arguments, buyer, false, work, UnaryOperator.identity())
        : work.get();
  }

  private JsonObject once(
      String tool,
      String key,
      JsonObject arguments,
      CheckoutSessions.Buyer buyer,
      boolean outsideEffects,
      Supplier<JsonObject> work,
      UnaryOperator<String> storedAs) {
    KeyedOperations.Answer a =
        keyed
            .get()
            .once(
                agentId(),
                "mcp:" + tool,
                key,
                requestHash(tool, arguments, buyer),
                outsideEffects,
                () -> work.get().toString(),
                storedAs);
    JsonObject answer = parse(a.json());
    return a.replayed() ? ToolJson.object(answer).add("idempotent_replayed", true).build() : answer;
  }

  JsonObject once(
      String tool,
      JsonObject arguments,
      CheckoutSessions.Buyer buyer,
      boolean outsideEffects,
      Supplier<JsonObject> work) {
    return once(tool, arguments, buyer, outsideEffects, work, UnaryOperator.identity());
  }

  /** SHA-256 of the tool, its arguments without the key (members sorted) and the buyer. */
  static String requestHash(String tool, JsonObject arguments, CheckoutSessions.Buyer buyer) {
    StringBuilder canonical = new StringBuilder(tool).append('\n');
    canonical(arguments, "idempotency_key", canonical);
    canonical.append('\n').append(buyer.issuer()).append('\n').append(buyer.subject());
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void canonical(JsonValue v, String skip, StringBuilder out) {
    if (v instanceof JsonObject o) {
      out.append('{');
      new TreeMap<>(o)
          .forEach(
              (k, member) -> {
                if (!k.equals(skip)) {
                  out.append(ToolJson.PROVIDER.createValue(k)).append(':');
                  canonical(member, null, out);
                  out.append(',');
                }
              });
      out.append('}');
    } else if (v instanceof JsonArray a) {
      out.append('[');
      a.forEach(
          x -> {
            canonical(x, null, out);
            out.append(',');
          });
      out.append(']');
    } else {
      out.append(v);
    }
  }

  /**
   * The address links are built on: {@code ac.public-base-url} when set, else the request's own
   * host (the door has checked it against {@code ac.mcp.allowed-hosts}).
   */
  URI publicBase(ToolCallContext context) {
    String configured = publicBaseUrl.map(String::trim).filter(s -> !s.isEmpty()).orElse(null);
    if (configured != null) {
      return URI.create(configured);
    }
    String proto =
        context.header("x-forwarded-proto").filter("https"::equalsIgnoreCase).orElse("http");
    return URI.create(proto + "://" + context.header("host").orElse("localhost") + "/");
  }

  /** {@link #publicBase} without its trailing slash, for permalinks. */
  String permalinkBase(ToolCallContext context) {
    return publicBase(context).toString().replaceAll("/+$", "");
  }

  static JsonObject parse(String json) {
    try (var r = ToolJson.PROVIDER.createReader(new StringReader(json))) {
      return r.readObject();
    }
  }

  // ---------------------------------------------------------------- wire shapes

  /** The quote argument as the port's basket. */
  static CheckoutSessions.Basket basket(JsonObject quote) {
    List<CheckoutSessions.Item> items = new ArrayList<>();
    for (JsonValue v : quote.getJsonArray("items")) {
      JsonObject i = v.asJsonObject();
      String variant =
          ToolJson.text(i, "variant_id").or(() -> ToolJson.text(i, "sku_id")).orElse(null);
      items.add(
          new CheckoutSessions.Item(
              ToolJson.text(i, "product_id").orElse(""), variant, i.getInt("quantity")));
    }
    List<String> codes = new ArrayList<>();
    if (quote.get("discount_codes") instanceof JsonArray a) {
      a.getValuesAs(JsonString.class).forEach(s -> codes.add(s.getString().trim()));
    }
    return new CheckoutSessions.Basket(
        quote.getString("merchant_id"),
        items,
        codes,
        ToolJson.text(quote, "customer_email").orElse(null),
        ToolJson.text(quote, "customer_name").orElse(null),
        ToolJson.objectMember(quote, "shipping_address")
            .map(CheckoutToolKit::address)
            .orElse(null));
  }

  static CheckoutSessions.Address address(JsonObject a) {
    return new CheckoutSessions.Address(
        ToolJson.text(a, "name").orElse(null),
        ToolJson.text(a, "address_line1").orElse(null),
        ToolJson.text(a, "address_line2").orElse(null),
        ToolJson.text(a, "city").orElse(null),
        ToolJson.text(a, "state").orElse(null),
        ToolJson.text(a, "postal_code").orElse(null),
        ToolJson.text(a, "country").orElse(null),
        ToolJson.text(a, "phone").orElse(null));
  }

  static JsonValue addressJson(CheckoutSessions.Address a) {
    if (a == null) {
      return JsonValue.NULL;
    }
    Map<String, String> m = new java.util.LinkedHashMap<>();
    m.put("name", a.name());
    m.put("address_line1", a.addressLine1());
    m.put("address_line2", a.addressLine2());
    m.put("city", a.city());
    m.put("state", a.state());
    m.put("postal_code", a.postalCode());
    m.put("country", a.country());
    m.put("phone", a.phone());
    JsonObjectBuilder b = ToolJson.object();
    m.forEach((k, v) -> b.add(k, ToolJson.stringOrNull(v)));
    return b.build();
  }

  /**
   * The session the arguments name: {@code session_id}, or the session that made {@code order_id}
   * (the origin service's tools name it so); exactly one of the two.
   */
  static String sessionNamed(
      CheckoutToolKit kit, CheckoutSessions.Buyer buyer, JsonObject arguments) throws ToolFailure {
    java.util.Optional<String> session = ToolJson.text(arguments, "session_id");
    java.util.Optional<String> order = ToolJson.text(arguments, "order_id");
    if (session.isPresent() == order.isPresent()) {
      throw ToolJson.invalidArgument(
          "",
          "exactly one of session_id and order_id is required",
          "Name the checkout session by session_id or by order_id, not both.");
    }
    return session.isPresent()
        ? session.get()
        : kit.sessions().sessionOfOrder(kit.agentId(), buyer, order.get());
  }

  /** A session on the native door: every amount an integer in minor units of {@code currency}. */
  JsonObject sessionJson(CheckoutSessions.Session s) {
    CheckoutSessions.Totals t = s.totals();
    JsonArrayBuilder lines = ToolJson.array();
    for (CheckoutSessions.Line l : s.lines()) {
      lines.add(
          ToolJson.object()
              .add("product_id", ToolJson.stringOrNull(l.productId()))
              .add("variant_id", ToolJson.stringOrNull(l.variantId()))
              .add("sku", ToolJson.stringOrNull(l.sku()))
              .add("title", ToolJson.stringOrNull(l.title()))
              .add("variant_title", ToolJson.stringOrNull(l.variantTitle()))
              .add("quantity", l.quantity())
              .add("unit_price", l.unitPrice())
              .add("line_discount", l.lineDiscount())
              .add("line_total", l.lineTotal()));
    }
    return ToolJson.object()
        .add("session_id", s.sessionId())
        .add("checkout_session_id", s.sessionId())
        .add("status", s.status())
        .add("acp_state", CheckoutSessions.acpState(s, !s.expiresAt().isAfter(clock.instant())))
        .add("currency", s.currency())
        .add("amounts_in", "minor_units")
        .add("merchant_of_record", ToolJson.stringOrNull(s.merchantName()))
        .add(
            "merchant",
            ToolJson.object().add("merchant_id", s.merchantId()).add("name", s.merchantName()))
        .add(
            "totals",
            ToolJson.object()
                .add("subtotal", t.subtotal())
                .add("discount", t.discount())
                .add("shipping", t.shipping())
                .add("tax", t.tax())
                .add("total", t.total())
                .add("tax_included", s.taxIncluded()))
        .add("line_items", lines)
        .add("discount_codes", ToolJson.strings(s.discountCodes()))
        .add("customer_email", ToolJson.stringOrNull(s.customerEmail()))
        .add("customer_name", ToolJson.stringOrNull(s.customerName()))
        .add("shipping_address", addressJson(s.shippingAddress()))
        .add("quote_id", s.quoteId())
        .add("order_id", ToolJson.stringOrNull(s.orderId()))
        .add("expires_at", s.expiresAt().toString())
        .add("created_at", s.createdAt().toString())
        .build();
  }
}
