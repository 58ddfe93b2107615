package org.agentcommerce.webapp.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Shopify storefront on the loopback interface, for the server under test to read: {@code GET
 * /products.json?limit=N&page=1} answers the fixture {@code shopify-stub/products-page-1.json} (two
 * products, one with two variants), every later page {@code {"products":[]}}. {@link
 * #failWith(int)} makes every request answer that status instead. Counts and records the requests.
 */
public final class ShopifyStub implements AutoCloseable {

  public static final String PAGE_ONE = "shopify-stub/products-page-1.json";

  private static final byte[] EMPTY_PAGE = "{\"products\":[]}".getBytes(StandardCharsets.UTF_8);

  private final HttpServer server;
  private final ExecutorService threads;
  private final byte[] pageOne;
  private final AtomicInteger requests = new AtomicInteger();
  private final List<String> uris = new CopyOnWriteArrayList<>();
  private volatile int failStatus;

  private ShopifyStub(byte[] pageOne) throws IOException {
    this.pageOne = pageOne;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    threads = Executors.newFixedThreadPool(4);
    server.setExecutor(threads);
    server.createContext("/", this::handle);
    server.start();
  }

  /** A stub serving the standard fixture as page 1. */
  public static ShopifyStub start() {
    return start(PAGE_ONE);
  }

  /** A stub serving the class-path resource {@code pageOneResource} as page 1. */
  public static ShopifyStub start(String pageOneResource) {
    try (InputStream in = ShopifyStub.class.getClassLoader().getResourceAsStream(pageOneResource)) {
      if (in == null) {
        throw new IllegalStateException("No test resource " + pageOneResource);
      }
      return new ShopifyStub(in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the Shopify stub", e);
    }
  }

  /** The store's origin, such as {@code http://127.0.0.1:40123}: the merchant's catalog URL. */
  public String baseUrl() {
    InetSocketAddress address = server.getAddress();
    InetAddress host = address.getAddress();
    String literal =
        host instanceof Inet6Address ? "[" + host.getHostAddress() + "]" : host.getHostAddress();
    return "http://" + literal + ":" + address.getPort();
  }

  /** From now on every request answers {@code status} (such as 503); 0 answers normally again. */
  public ShopifyStub failWith(int status) {
    failStatus = status;
    return this;
  }

  /** How many requests arrived. */
  public int requests() {
    return requests.get();
  }

  /** The path and query of every request, in order. */
  public List<String> requestedUris() {
    return List.copyOf(uris);
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      requests.incrementAndGet();
      uris.add(exchange.getRequestURI().toString());
      exchange.getRequestBody().readAllBytes();
      int fail = failStatus;
      if (fail != 0) {
        send(exchange, fail, "text/plain", "Service Unavailable".getBytes(StandardCharsets.UTF_8));
        return;
      }
      if (!"GET".equals(exchange.getRequestMethod())
          || !"/products.json".equals(exchange.getRequestURI().getPath())) {
        send(exchange, 404, "application/json", "{\"errors\":\"Not Found\"}".getBytes());
        return;
      }
      String page = query(exchange.getRequestURI().getRawQuery()).getOrDefault("page", "1");
      send(exchange, 200, "application/json", "1".equals(page) ? pageOne : EMPTY_PAGE);
    }
  }

  private static Map<String, String> query(String raw) {
    java.util.Map<String, String> params = new java.util.HashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          params.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
      }
    }
    return params;
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().add("Content-Type", type + "; charset=utf-8");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
