package org.agentcommerce.checkout.infrastructure.placement;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agentcommerce.checkout.domain.placement.MerchantOrderConnector;
import org.agentcommerce.checkout.domain.placement.PlacementException;
import org.agentcommerce.checkout.domain.placement.PlacementRequest;
import org.agentcommerce.checkout.domain.placement.PlacementResult;
import org.agentcommerce.platform.api.Jsonp;
import org.agentcommerce.platform.api.Money;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Places orders through the Shopify Admin REST API ({@code POST /admin/api/{version}/orders.json}),
 * authenticated with the shop's Admin API access token read from configuration under the channel's
 * credential key (never stored, logged or put in an error). The order carries our order id as its
 * {@code source_identifier} and a note attribute. Shopify's REST API has no idempotency key for
 * orders, so before creating one the connector lists the shop's recent orders ({@code
 * status=any&created_at_min=…&fields=id,name,source_identifier}, following {@code Link} pages) and
 * answers the one with our reference if an earlier attempt created it. 429 (with {@code
 * Retry-After}), 5xx, timeouts and connection failures are retryable; other 4xx are refusals.
 */
@ApplicationScoped
public class ShopifyAdminOrderConnector
    implements MerchantOrderConnector, org.agentcommerce.checkout.domain.placement.MerchantReturns {

  static final String NOTE_ATTRIBUTE = "agent_commerce_order_id";
  private static final int MAX_BODY = 2 * 1024 * 1024;
  private static final int MAX_LOOKUP_PAGES = 10;
  private static final Pattern NEXT_LINK = Pattern.compile("<([^>]+)>;\\s*rel=\"next\"");

  @Inject Config config;
  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "ac.placement.shopify.api-version", defaultValue = "2025-01")
  String apiVersion;

  @Inject
  @ConfigProperty(name = "ac.placement.shopify.timeout", defaultValue = "PT15S")
  Duration timeout;

  @Inject
  @ConfigProperty(name = "ac.placement.shopify.lookup-window", defaultValue = "P3D")
  Duration lookupWindow;

  private final HttpClient http =
      HttpClient.newBuilder()
          .connectTimeout(Duration.ofSeconds(5))
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();

  @Override
  public String kind() {
    return "shopify";
  }

  @Override
  public PlacementResult place(PlacementRequest r) throws PlacementException {
    String base = baseUrl(r);
    String token = token(r);
    Optional<PlacementResult> existing = find(base, token, r.reference());
    if (existing.isPresent()) {
      return existing.get();
    }
    HttpRequest create =
        request(base + "/admin/api/" + apiVersion + "/orders.json", token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body(r).toString()))
            .build();
    Answer a = send(create);
    if (a.status() == 201 || a.status() == 200) {
      JsonObject order = a.json().getJsonObject("order");
      return new PlacementResult(
          String.valueOf(order.getJsonNumber("id").longValue()),
          order.getString("name", null),
          false);
    }
    throw refusal(a, "creating the order");
  }

  /** The order an earlier attempt created for this reference, if any. */
  Optional<PlacementResult> find(String base, String token, String reference)
      throws PlacementException {
    String since = clock.instant().minus(lookupWindow).truncatedTo(ChronoUnit.SECONDS).toString();
    String url =
        base
            + "/admin/api/"
            + apiVersion
            + "/orders.json?status=any&limit=250&fields=id,name,source_identifier"
            + "&created_at_min="
            + URLEncoder.encode(since, StandardCharsets.UTF_8);
    for (int page = 0; page < MAX_LOOKUP_PAGES && url != null; page++) {
      Answer a = send(request(url, token).GET().build());
      if (a.status() != 200) {
        throw refusal(a, "looking up existing orders");
      }
      JsonArray orders = a.json().getJsonArray("orders");
      for (JsonValue v : orders) {
        JsonObject o = v.asJsonObject();
        if (reference.equals(o.getString("source_identifier", null))) {
          return Optional.of(
              new PlacementResult(
                  String.valueOf(o.getJsonNumber("id").longValue()),
                  o.getString("name", null),
                  true));
        }
      }
      url =
          a.link().map(NEXT_LINK::matcher).filter(Matcher::find).map(m -> m.group(1)).orElse(null);
      if (url != null && !url.startsWith(base)) {
        throw new PlacementException(
            "Shopify pointed the next page at another host", false, (Long) null);
      }
    }
    return Optional.empty();
  }

  static JsonObject body(PlacementRequest r) {
    var json = Jsonp.PROVIDER;
    JsonArrayBuilder lines = json.createArrayBuilder();
    for (PlacementRequest.Line l : r.lines()) {
      JsonObjectBuilder line = json.createObjectBuilder().add("quantity", l.quantity());
      try {
        line.add("variant_id", Long.parseLong(l.variantId()));
      } catch (NumberFormatException notNumeric) {
        line.add("title", l.title());
      }
      line.add("price", Money.ofMinor(l.unitPriceMinor(), r.currency()).amount().toPlainString());
      lines.add(line);
    }
    JsonObjectBuilder order =
        json.createObjectBuilder()
            .add("line_items", lines)
            .add("currency", r.currency())
            .add("financial_status", "paid")
            .add("source_identifier", r.reference())
            .add("send_receipt", false)
            .add("inventory_behaviour", "decrement_obeying_policy")
            .add(
                "note_attributes",
                json.createArrayBuilder()
                    .add(
                        json.createObjectBuilder()
                            .add("name", NOTE_ATTRIBUTE)
                            .add("value", r.reference())));
    if (r.customerEmail() != null) {
      order.add("email", r.customerEmail());
    }
    if (r.shippingMinor() > 0) {
      order.add(
          "shipping_lines",
          json.createArrayBuilder()
              .add(
                  json.createObjectBuilder()
                      .add("title", r.deliveryOption() == null ? "Shipping" : r.deliveryOption())
                      .add(
                          "price",
                          Money.ofMinor(r.shippingMinor(), r.currency())
                              .amount()
                              .toPlainString())));
    }
    if (r.discountMinor() > 0) {
      order.add(
          "total_discounts",
          Money.ofMinor(r.discountMinor(), r.currency()).amount().toPlainString());
    }
    Map<String, String> a = r.shippingAddress();
    if (!a.isEmpty()) {
      String name = a.getOrDefault("name", "");
      int space = name.lastIndexOf(' ');
      JsonObjectBuilder address =
          json.createObjectBuilder()
              .add("first_name", space > 0 ? name.substring(0, space) : name)
              .add("last_name", space > 0 ? name.substring(space + 1) : "")
              .add("address1", a.getOrDefault("address_line1", ""))
              .add("city", a.getOrDefault("city", ""))
              .add("zip", a.getOrDefault("postal_code", ""))
              .add("country_code", a.getOrDefault("country", ""));
      if (a.get("address_line2") != null) {
        address.add("address2", a.get("address_line2"));
      }
      if (a.get("state") != null) {
        address.add("province_code", a.get("state"));
      }
      if (a.get("phone") != null) {
        address.add("phone", a.get("phone"));
      }
      order.add("shipping_address", address);
    }
    return json.createObjectBuilder().add("order", order).build();
  }

  /** The GraphQL query of an order's returns (the REST Admin API has none). */
  static final String RETURNS_QUERY =
      "query($id: ID!) { order(id: $id) { returns(first: 50) { nodes { id status createdAt"
          + " returnLineItems(first: 100) { nodes { quantity returnReason"
          + " ... on ReturnLineItem { fulfillmentLineItem { lineItem { variant { legacyResourceId"
          + " } } } } } } } } } }";

  /**
   * The order's returns through the Admin GraphQL API ({@code POST
   * /admin/api/{version}/graphql.json}); GraphQL errors and a missing order are refusals.
   */
  @Override
  public List<org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn> returns(
      PlacementRequest.Channel channel, String merchantId, String merchantOrderId)
      throws PlacementException {
    PlacementRequest r =
        new PlacementRequest(
            null, merchantId, channel, null, List.of(), 0, 0, 0, 0, 0, null, null, null, null);
    String base = baseUrl(r);
    String token = token(r);
    var json = Jsonp.PROVIDER;
    JsonObject body =
        json.createObjectBuilder()
            .add("query", RETURNS_QUERY)
            .add(
                "variables",
                json.createObjectBuilder().add("id", "gid://shopify/Order/" + merchantOrderId))
            .build();
    Answer a =
        send(
            request(base + "/admin/api/" + apiVersion + "/graphql.json", token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build());
    if (a.status() != 200) {
      throw refusal(a, "reading returns");
    }
    if (a.json().containsKey("errors")) {
      throw new PlacementException("Shopify refused the returns query", false, (Long) null);
    }
    JsonObject data = a.json().getJsonObject("data");
    if (data == null || data.isNull("order")) {
      throw new PlacementException("Shopify has no order " + merchantOrderId, false, (Long) null);
    }
    List<org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn> out =
        new java.util.ArrayList<>();
    for (JsonValue n : data.getJsonObject("order").getJsonObject("returns").getJsonArray("nodes")) {
      JsonObject ret = n.asJsonObject();
      List<org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn.Line> lines =
          new java.util.ArrayList<>();
      for (JsonValue lv : ret.getJsonObject("returnLineItems").getJsonArray("nodes")) {
        JsonObject l = lv.asJsonObject();
        String variant = null;
        try {
          variant =
              l.getJsonObject("fulfillmentLineItem")
                  .getJsonObject("lineItem")
                  .getJsonObject("variant")
                  .getString("legacyResourceId");
        } catch (RuntimeException absent) {
          // A custom line, or a variant deleted since: the line is kept without it.
        }
        lines.add(
            new org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn.Line(
                variant, l.getInt("quantity"), l.getString("returnReason", null)));
      }
      out.add(
          new org.agentcommerce.checkout.domain.placement.MerchantReturns.PlatformReturn(
              ret.getString("id"),
              ret.getString("status", "unknown").toLowerCase(java.util.Locale.ROOT),
              lines,
              ret.containsKey("createdAt") && !ret.isNull("createdAt")
                  ? java.time.Instant.parse(ret.getString("createdAt"))
                  : null));
    }
    return out;
  }

  private HttpRequest.Builder request(String url, String token) {
    return HttpRequest.newBuilder(URI.create(url))
        .timeout(timeout)
        .header("Accept", "application/json")
        .header("X-Shopify-Access-Token", token);
  }

  private String baseUrl(PlacementRequest r) throws PlacementException {
    String base = r.channel() == null ? null : r.channel().baseUrl();
    if (base == null || !(base.startsWith("https://") || base.startsWith("http://"))) {
      throw new PlacementException(
          "Merchant " + r.merchantId() + " has no Shopify shop URL configured", false, (Long) null);
    }
    return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
  }

  private String token(PlacementRequest r) throws PlacementException {
    String key = r.channel() == null ? null : r.channel().credentialKey();
    Optional<String> token = key == null ? Optional.empty() : secret(key);
    return token
        .filter(t -> !t.isBlank())
        .orElseThrow(
            () ->
                new PlacementException(
                    "Merchant "
                        + r.merchantId()
                        + " has no Shopify Admin API token configured (property "
                        + key
                        + ")",
                    false,
                    (Long) null));
  }

  /** A secret from configuration (an environment variable in production). */
  Optional<String> secret(String key) {
    return config.getOptionalValue(key, String.class);
  }

  record Answer(
      int status,
      JsonObject json,
      Optional<String> link,
      Optional<String> retryAfter,
      String text) {}

  private Answer send(HttpRequest request) throws PlacementException {
    HttpResponse<InputStream> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (HttpTimeoutException e) {
      throw new PlacementException("Shopify did not answer in time", true, (Long) null);
    } catch (IOException e) {
      throw new PlacementException(
          "Shopify could not be reached (" + e.getClass().getSimpleName() + ")", true, (Long) null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlacementException("Interrupted while calling Shopify", true, (Long) null);
    }
    String text;
    try (InputStream in = response.body()) {
      byte[] bytes = in.readNBytes(MAX_BODY + 1);
      if (bytes.length > MAX_BODY) {
        throw new PlacementException(
            "Shopify's answer was larger than " + MAX_BODY + " bytes", true, (Long) null);
      }
      text = new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new PlacementException("Shopify's answer could not be read", true, (Long) null);
    }
    JsonObject json = JsonValue.EMPTY_JSON_OBJECT;
    if (!text.isBlank()) {
      try (var reader = Jsonp.PROVIDER.createReader(new StringReader(text))) {
        json = reader.readObject();
      } catch (RuntimeException notJson) {
        json = JsonValue.EMPTY_JSON_OBJECT;
      }
    }
    return new Answer(
        response.statusCode(),
        json,
        response.headers().firstValue("Link"),
        response.headers().firstValue("Retry-After"),
        text);
  }

  private static PlacementException refusal(Answer a, String doing) {
    if (a.status() == 429) {
      Long after = a.retryAfter().map(ShopifyAdminOrderConnector::seconds).orElse(2L);
      return new PlacementException("Shopify throttled " + doing + " (429)", true, after);
    }
    if (a.status() >= 500) {
      return new PlacementException(
          "Shopify failed " + doing + " (" + a.status() + ")", true, (Long) null);
    }
    String errors = a.json().containsKey("errors") ? a.json().get("errors").toString() : "";
    if (errors.length() > 300) {
      errors = errors.substring(0, 300);
    }
    return new PlacementException(
        "Shopify refused "
            + doing
            + " ("
            + a.status()
            + ")"
            + (errors.isEmpty() ? "" : ": " + errors),
        a.status() == 408 || a.status() == 409,
        (Long) null);
  }

  private static Long seconds(String retryAfter) {
    try {
      return (long) Math.ceil(Double.parseDouble(retryAfter.trim()));
    } catch (NumberFormatException e) {
      return 2L;
    }
  }
}
