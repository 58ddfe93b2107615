package org.agentcommerce.checkout.infrastructure.partner;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.agentcommerce.checkout.domain.partner.PartnerException;
import org.agentcommerce.checkout.domain.partner.PartnerException.Kind;
import org.agentcommerce.checkout.domain.partner.PurchasingPartner;
import org.eclipse.microprofile.config.Config;

/**
 * The purchasing partner over HTTP (JSON): {@code ac.partner.base-url} names the partner's API
 * root; without it, the built-in sandbox partner this server serves at {@code /sandbox/partner/v1/}
 * on its own loopback address. {@code ac.partner.api-key}, when set, goes as a bearer credential;
 * without it, calls to this process's own sandbox carry the sandbox's key ({@link
 * SandboxPartnerKey}). A refused connection, a 429 or a 503 means nothing happened (retryable);
 * another 4xx is a refusal; any other failure after the request went out (a timeout, a reset, a
 * 5xx) leaves the outcome unknown.
 */
@ApplicationScoped
public class HttpPurchasingPartner implements PurchasingPartner {

  static final String SANDBOX_PATH = "sandbox/partner/v1/";

  @Inject Config config;
  @Inject OwnAddress own;
  @Inject SandboxPartnerKey sandboxKey;

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(3))
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();

  @Override
  public Quote quote(String merchantId, String sku, int quantity, String currency)
      throws PartnerException {
    JsonObject q =
        call(
            "POST",
            "quotes",
            Json.createObjectBuilder()
                .add("merchant_id", merchantId)
                .add("sku", sku)
                .add("quantity", quantity)
                .add("currency", currency),
            null);
    return answer(
        q,
        o ->
            new Quote(
                text(o, "quote_id"),
                o.getJsonNumber("unit_price_minor").longValueExact(),
                text(o, "currency"),
                Instant.parse(text(o, "expires_at"))));
  }

  @Override
  public String createCheckout(String quoteId, Contact c, String key) throws PartnerException {
    JsonObjectBuilder body = Json.createObjectBuilder().add("quote_id", quoteId);
    JsonObjectBuilder contact = Json.createObjectBuilder();
    put(contact, "email", c.email());
    put(contact, "name", c.name());
    put(contact, "phone", c.phone());
    JsonObjectBuilder address = Json.createObjectBuilder();
    put(address, "address_line1", c.addressLine1());
    put(address, "address_line2", c.addressLine2());
    put(address, "city", c.city());
    put(address, "state", c.state());
    put(address, "postal_code", c.postalCode());
    put(address, "country", c.country());
    body.add("contact", contact).add("shipping_address", address);
    return answer(call("POST", "checkouts", body, key), o -> text(o, "checkout_id"));
  }

  private static void put(JsonObjectBuilder b, String name, String value) {
    if (value != null) {
      b.add(name, value);
    }
  }

  @Override
  public PartnerOrder place(String checkoutId, String attemptId) throws PartnerException {
    return answer(
        call(
            "POST",
            "checkouts/" + enc(checkoutId) + "/orders",
            Json.createObjectBuilder(),
            attemptId),
        HttpPurchasingPartner::order);
  }

  @Override
  public Optional<PartnerOrder> findPlacement(String attemptId) throws PartnerException {
    JsonObject page = call("GET", "orders?idempotency_key=" + enc(attemptId), null, null);
    return answer(
        page,
        o ->
            o.getJsonArray("orders").stream()
                .map(JsonValue::asJsonObject)
                .map(HttpPurchasingPartner::order)
                .findFirst());
  }

  @Override
  public PartnerOrder order(String orderId) throws PartnerException {
    return answer(call("GET", "orders/" + enc(orderId), null, null), HttpPurchasingPartner::order);
  }

  private static PartnerOrder order(JsonObject o) {
    return new PartnerOrder(text(o, "order_id"), text(o, "status"));
  }

  /** A string member that must be there and not blank; a malformed answer otherwise. */
  private static String text(JsonObject o, String name) {
    String s = o.getString(name);
    if (s.isBlank()) {
      throw new IllegalArgumentException(name + " is blank");
    }
    return s;
  }

  /**
   * Reads a 2xx answer; one that lacks what it must hold (no order id, a wrong type) is a malformed
   * answer: the call may have taken effect, so the outcome is unknown (looked up, never taken as a
   * failure).
   */
  static <T> T answer(JsonObject o, java.util.function.Function<JsonObject, T> read)
      throws PartnerException {
    try {
      return read.apply(o);
    } catch (RuntimeException e) {
      throw new PartnerException(
          Kind.UNKNOWN,
          "bad_answer",
          "The partner's answer was malformed (" + e.getClass().getSimpleName() + ")",
          null);
    }
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private Optional<String> configuredBase() {
    return config.getOptionalValue("ac.partner.base-url", String.class).filter(s -> !s.isBlank());
  }

  private URI base() throws PartnerException {
    Optional<String> configured = configuredBase();
    if (configured.isPresent()) {
      String b = configured.get();
      return URI.create(b.endsWith("/") ? b : b + "/");
    }
    return own.base()
        .map(b -> b.resolve(SANDBOX_PATH))
        .orElseThrow(
            () ->
                new PartnerException(
                    Kind.NOT_SENT,
                    "no_address",
                    "The sandbox partner's address is not known yet (this server has served no"
                        + " request since it started; set ac.partner.base-url)",
                    null));
  }

  private JsonObject call(String method, String path, JsonObjectBuilder body, String key)
      throws PartnerException {
    Duration timeout =
        config
            .getOptionalValue("ac.partner.http.timeout", Duration.class)
            .orElse(Duration.ofSeconds(10));
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base().resolve(path))
            .timeout(timeout)
            .header("Accept", "application/json");
    Optional<String> apiKey =
        config.getOptionalValue("ac.partner.api-key", String.class).filter(s -> !s.isBlank());
    if (apiKey.isEmpty() && configuredBase().isEmpty()) {
      apiKey = Optional.of(sandboxKey.value()); // this process's own sandbox
    }
    apiKey.ifPresent(k -> request.header("Authorization", "Bearer " + k));
    if (key != null) {
      request.header("Idempotency-Key", key);
    }
    if (body == null) {
      request.GET();
    } else {
      request
          .header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(body.build().toString()));
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException e) {
      throw new PartnerException(
          Kind.RETRYABLE, "unreachable", "The partner could not be reached", null);
    } catch (java.net.http.HttpConnectTimeoutException e) {
      throw new PartnerException(
          Kind.RETRYABLE, "unreachable", "The partner did not accept the connection", null);
    } catch (HttpTimeoutException e) {
      throw new PartnerException(
          Kind.UNKNOWN, "timeout", "The partner did not answer within " + timeout, null);
    } catch (IOException e) {
      throw new PartnerException(
          Kind.UNKNOWN,
          "io_error",
          "The partner's answer was lost: " + e.getClass().getSimpleName(),
          null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PartnerException(Kind.UNKNOWN, "interrupted", "Interrupted", null);
    }
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      try {
        return Json.createReader(new StringReader(response.body())).readObject();
      } catch (RuntimeException e) {
        throw new PartnerException(
            Kind.UNKNOWN, "bad_answer", "The partner's answer was not JSON", null);
      }
    }
    String code = errorCode(response.body());
    Long retryAfter =
        response
            .headers()
            .firstValue("Retry-After")
            .flatMap(HttpPurchasingPartner::seconds)
            .orElse(null);
    String message = "The partner answered " + status + " (" + code + ")";
    if (status == 429 || status == 503) {
      throw new PartnerException(Kind.RETRYABLE, code, message, retryAfter);
    }
    if (status >= 400 && status < 500 && status != 408) {
      throw new PartnerException(Kind.REFUSED, code, message, null);
    }
    throw new PartnerException(Kind.UNKNOWN, code, message, retryAfter);
  }

  private static Optional<Long> seconds(String s) {
    try {
      return Optional.of(Math.max(0, Long.parseLong(s.trim())));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static String errorCode(String body) {
    try {
      JsonObject detail =
          Json.createReader(new StringReader(body)).readObject().getJsonObject("detail");
      String code = detail.getString("error", null);
      if (code != null && code.matches("[A-Za-z0-9_]{1,60}")) {
        return code;
      }
    } catch (RuntimeException e) {
      // not our error shape
    }
    return "http_error";
  }
}
