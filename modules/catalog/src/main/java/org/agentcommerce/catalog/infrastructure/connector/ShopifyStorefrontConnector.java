package org.agentcommerce.catalog.infrastructure.connector;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.agentcommerce.catalog.infrastructure.connector.ShopifyProductMapper.PriceUnits;
import org.agentcommerce.catalog.spi.ConnectorException;
import org.agentcommerce.catalog.spi.ConnectorException.Kind;
import org.agentcommerce.catalog.spi.ConnectorTarget;
import org.agentcommerce.catalog.spi.MerchantCatalogConnector;
import org.agentcommerce.catalog.spi.Page;
import org.agentcommerce.catalog.spi.ProductSnapshot;

/**
 * Reads a Shopify store through its public storefront JSON, which needs no token:
 *
 * <ul>
 *   <li>{@code GET /products.json?limit=N&page=P}: pages of products, prices as decimal strings in
 *       major units; the cursor is the next page number, and an empty page ends the listing;
 *   <li>{@code GET /products/{handle}.js}: one product, prices as integers in the currency's minor
 *       units (USD 2400 is 24.00, JPY 3300 is 3300).
 * </ul>
 *
 * Neither carries a currency, so prices are read in the target's. HTTP 404 is NOT_FOUND for a
 * listing and an empty result for a handle; 429 is RATE_LIMITED with the Retry-After; 5xx, timeouts
 * and network failures are UNAVAILABLE; anything unreadable is INVALID_RESPONSE. Messages never
 * quote more than 200 characters of a response body.
 */
@ApplicationScoped
public class ShopifyStorefrontConnector implements MerchantCatalogConnector {

  public static final String SOURCE = "shopify";

  /** The largest page {@code /products.json} serves. */
  public static final int MAX_PAGE_SIZE = 250;

  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
  static final String USER_AGENT = "AgentCommerce/1.0 (+catalog connector)";

  /** A response larger than this is refused rather than held in memory. */
  static final int MAX_BODY_BYTES = 32 * 1024 * 1024;

  private static final int MAX_QUOTED_BODY = 200;
  private static final System.Logger LOG =
      System.getLogger(ShopifyStorefrontConnector.class.getName());

  private final HttpClient http;
  private final Clock clock;
  private final Duration requestTimeout;
  private final int maxBodyBytes;

  /** For CDI: one shared client with a 2 s connect timeout, 5 s per request, the system clock. */
  public ShopifyStorefrontConnector() {
    this(DefaultClient.INSTANCE, Clock.systemUTC());
  }

  /** With a given client and clock, 5 s per request. */
  public ShopifyStorefrontConnector(HttpClient http, Clock clock) {
    this(http, clock, REQUEST_TIMEOUT);
  }

  /** With a given client, clock and per-request timeout (tests use a short one). */
  public ShopifyStorefrontConnector(HttpClient http, Clock clock, Duration requestTimeout) {
    this(http, clock, requestTimeout, MAX_BODY_BYTES);
  }

  ShopifyStorefrontConnector(
      HttpClient http, Clock clock, Duration requestTimeout, int maxBodyBytes) {
    this.http = Objects.requireNonNull(http, "http");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException("requestTimeout must be positive");
    }
    this.maxBodyBytes = maxBodyBytes;
  }

  /** A client as the connector wants it: 2 s to connect, redirects followed (never to http). */
  public static HttpClient newHttpClient() {
    return HttpClient.newBuilder()
        .connectTimeout(CONNECT_TIMEOUT)
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();
  }

  /** Created on first use, so that merely loading the class starts no client thread. */
  private static final class DefaultClient {
    static final HttpClient INSTANCE = newHttpClient();
  }

  @Override
  public String source() {
    return SOURCE;
  }

  @Override
  public Page listProducts(ConnectorTarget target, int limit, String cursor)
      throws ConnectorException {
    Objects.requireNonNull(target, "target");
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1: " + limit);
    }
    int page = pageNumber(cursor);
    int pageSize = Math.min(limit, MAX_PAGE_SIZE);
    URI uri = endpoint(target, "/products.json?limit=" + pageSize + "&page=" + page);
    HttpResponse<byte[]> response = get(target, uri);
    int status = response.statusCode();
    if (status == 404 || status == 410) {
      throw failure(
          new ConnectorException(
              Kind.NOT_FOUND,
              describe(target, uri) + " answered HTTP " + status,
              null,
              status,
              -1));
    }
    requireOk(target, uri, response);
    ShopifyProductMapper mapper =
        new ShopifyProductMapper(target.baseUrl(), target.currency(), PriceUnits.MAJOR);
    List<ProductSnapshot> products = new ArrayList<>();
    JsonObject root = readObject(target, uri, response);
    try {
      JsonValue list = root.get("products");
      if (!(list instanceof JsonArray array)) {
        throw new ShopifyProductMapper.Malformed("no 'products' list");
      }
      for (JsonValue product : array) {
        products.add(mapper.product(product));
      }
    } catch (RuntimeException e) {
      throw invalid(target, uri, e);
    }
    String next = products.isEmpty() ? null : Integer.toString(page + 1);
    return new Page(products, next);
  }

  @Override
  public Optional<ProductSnapshot> productByHandle(ConnectorTarget target, String handle)
      throws ConnectorException {
    Objects.requireNonNull(target, "target");
    if (handle == null || handle.isBlank()) {
      throw new IllegalArgumentException("handle must not be blank");
    }
    URI uri = endpoint(target, "/products/" + pathSegment(handle.strip()) + ".js");
    HttpResponse<byte[]> response = get(target, uri);
    if (response.statusCode() == 404 || response.statusCode() == 410) {
      return Optional.empty();
    }
    requireOk(target, uri, response);
    JsonObject root = readObject(target, uri, response);
    ShopifyProductMapper mapper =
        new ShopifyProductMapper(target.baseUrl(), target.currency(), PriceUnits.MINOR);
    try {
      // Some themes wrap it as {"product": {...}}, as /products/{handle}.json does.
      JsonValue product = root.containsKey("product") ? root.get("product") : root;
      return Optional.of(mapper.product(product));
    } catch (RuntimeException e) {
      throw invalid(target, uri, e);
    }
  }

  private static int pageNumber(String cursor) {
    if (cursor == null) {
      return 1;
    }
    try {
      int page = Integer.parseInt(cursor.strip());
      if (page >= 1 && page < Integer.MAX_VALUE) {
        return page;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("not a Shopify page cursor: " + abbreviate(cursor));
  }

  private static URI endpoint(ConnectorTarget target, String pathAndQuery) {
    String base = target.baseUrl().toString();
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    return URI.create(base + pathAndQuery);
  }

  private static String pathSegment(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Sends a GET and waits for the whole response, within the connect plus request timeouts. */
  private HttpResponse<byte[]> get(ConnectorTarget target, URI uri) throws ConnectorException {
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .GET()
            .timeout(requestTimeout)
            .header("Accept", "application/json")
            .header("User-Agent", USER_AGENT)
            .build();
    Duration deadline = requestTimeout.plus(http.connectTimeout().orElse(CONNECT_TIMEOUT));
    AtomicBoolean tooLarge = new AtomicBoolean();
    CompletableFuture<HttpResponse<byte[]>> future =
        http.sendAsync(request, info -> new BoundedBody(maxBodyBytes, tooLarge));
    try {
      HttpResponse<byte[]> response = future.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
      if (isPasswordPage(response.uri())) {
        throw failure(
            new ConnectorException(
                Kind.UNAVAILABLE, describe(target, uri) + " is password-protected"));
      }
      return response;
    } catch (TimeoutException e) {
      future.cancel(true);
      throw failure(
          new ConnectorException(
              Kind.UNAVAILABLE, describe(target, uri) + " timed out after " + deadline, e));
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new ConnectorException(Kind.UNAVAILABLE, describe(target, uri) + " was interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      // The flag, not the cause: cancelling the download races the client's own failure.
      if (tooLarge.get() || causedBy(cause, ResponseTooLarge.class)) {
        throw failure(
            new ConnectorException(
                Kind.INVALID_RESPONSE,
                describe(target, uri) + " answered more than " + maxBodyBytes + " bytes",
                cause));
      }
      String what =
          causedBy(cause, HttpTimeoutException.class)
              ? " timed out"
              : " could not be reached (" + cause.getClass().getSimpleName() + ")";
      throw failure(new ConnectorException(Kind.UNAVAILABLE, describe(target, uri) + what, cause));
    }
  }

  private static boolean isPasswordPage(URI finalUri) {
    String path = finalUri == null ? null : finalUri.getPath();
    return path != null && (path.equals("/password") || path.endsWith("/password"));
  }

  private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }

  /** Fails unless the answer is 200: 429 throttled, 408/5xx unavailable, anything else invalid. */
  private void requireOk(ConnectorTarget target, URI uri, HttpResponse<byte[]> response)
      throws ConnectorException {
    int status = response.statusCode();
    if (status == 200) {
      return;
    }
    long retryAfter = retryAfterSeconds(response.headers());
    String message = describe(target, uri) + " answered HTTP " + status;
    // 430 is Shopify's "security rejection" of traffic it takes for a bot: a throttle, too.
    if (status == 429 || status == 430) {
      throw failure(
          new ConnectorException(
              Kind.RATE_LIMITED,
              retryAfter < 0 ? message : message + ", retry after " + retryAfter + " s",
              null,
              status,
              retryAfter));
    }
    if (status == 408 || status >= 500) {
      throw failure(new ConnectorException(Kind.UNAVAILABLE, message, null, status, retryAfter));
    }
    throw failure(new ConnectorException(Kind.INVALID_RESPONSE, message, null, status, -1));
  }

  /**
   * Retry-After as whole seconds, rounded up: delta-seconds ({@code 2} or Shopify's {@code 2.0}) or
   * an HTTP date counted from the clock; -1 when absent or unreadable.
   */
  long retryAfterSeconds(HttpHeaders headers) {
    Optional<String> header = headers.firstValue("Retry-After");
    if (header.isEmpty() || header.get().isBlank()) {
      return -1;
    }
    String value = header.get().strip();
    try {
      BigDecimal seconds = new BigDecimal(value);
      return seconds.signum() <= 0
          ? 0
          : seconds
              .setScale(0, RoundingMode.CEILING)
              .min(BigDecimal.valueOf(Long.MAX_VALUE))
              .longValue();
    } catch (NumberFormatException e) {
      // not delta-seconds; maybe a date
    }
    try {
      Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      Duration wait = Duration.between(clock.instant(), at);
      if (wait.isNegative()) {
        return 0;
      }
      return wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0);
    } catch (DateTimeException e) {
      return -1;
    }
  }

  private JsonObject readObject(ConnectorTarget target, URI uri, HttpResponse<byte[]> response)
      throws ConnectorException {
    byte[] body = response.body();
    JsonValue value;
    try (JsonReader reader = Json.createReader(new ByteArrayInputStream(body))) {
      value = reader.readValue();
    } catch (RuntimeException e) {
      throw failure(
          new ConnectorException(
              Kind.INVALID_RESPONSE,
              describe(target, uri) + " answered no JSON: " + quote(body),
              e,
              response.statusCode(),
              -1));
    }
    if (value instanceof JsonObject object) {
      return object;
    }
    throw failure(
        new ConnectorException(
            Kind.INVALID_RESPONSE,
            describe(target, uri) + " answered JSON that is not an object: " + quote(body),
            null,
            response.statusCode(),
            -1));
  }

  private ConnectorException invalid(ConnectorTarget target, URI uri, RuntimeException e) {
    String reason =
        e instanceof ShopifyProductMapper.Malformed
            ? e.getMessage()
            : e.getClass().getSimpleName() + ": " + abbreviate(String.valueOf(e.getMessage()));
    return failure(
        new ConnectorException(
            Kind.INVALID_RESPONSE,
            describe(target, uri) + " answered an unexpected shape: " + reason,
            e,
            200,
            -1));
  }

  private static ConnectorException failure(ConnectorException e) {
    LOG.log(System.Logger.Level.DEBUG, () -> e.kind() + ": " + e.getMessage());
    return e;
  }

  private static String describe(ConnectorTarget target, URI uri) {
    return "shopify store of merchant " + target.merchantId() + " at " + abbreviate(uri.toString());
  }

  /** At most 200 characters of a body, control characters blanked, for a message. */
  static String quote(byte[] body) {
    if (body == null || body.length == 0) {
      return "(empty body)";
    }
    int n = Math.min(body.length, MAX_QUOTED_BODY * 4);
    String text = new String(body, 0, n, StandardCharsets.UTF_8);
    text = text.replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
    if (text.length() > MAX_QUOTED_BODY) {
      text = text.substring(0, MAX_QUOTED_BODY - 3) + "...";
    }
    return '"' + text + '"';
  }

  private static String abbreviate(String s) {
    return s.length() <= MAX_QUOTED_BODY ? s : s.substring(0, MAX_QUOTED_BODY - 3) + "...";
  }

  /** The response body is larger than allowed. */
  static final class ResponseTooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    ResponseTooLarge(int max) {
      super("response body larger than " + max + " bytes");
    }
  }

  /** Collects a body into bytes, and gives up (cancelling the download) past a size. */
  private static final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
    private final int max;
    private final AtomicBoolean tooLarge;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private Flow.Subscription subscription;

    BoundedBody(int max, AtomicBoolean tooLarge) {
      this.max = max;
      this.tooLarge = tooLarge;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      this.subscription = subscription;
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
      if (result.isDone()) {
        return;
      }
      for (ByteBuffer buffer : buffers) {
        if ((long) out.size() + buffer.remaining() > max) {
          tooLarge.set(true);
          result.completeExceptionally(new ResponseTooLarge(max));
          subscription.cancel();
          return;
        }
        byte[] chunk = new byte[buffer.remaining()];
        buffer.get(chunk);
        out.write(chunk, 0, chunk.length);
      }
    }

    @Override
    public void onError(Throwable throwable) {
      result.completeExceptionally(throwable);
    }

    @Override
    public void onComplete() {
      result.complete(out.toByteArray());
    }
  }
}
