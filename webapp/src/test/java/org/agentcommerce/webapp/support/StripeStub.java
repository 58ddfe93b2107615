package org.agentcommerce.webapp.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stripe's refunds endpoint on the loopback interface: {@code POST /v1/refunds} answers a succeeded
 * refund of the amount asked for, once per {@code Idempotency-Key} (a key sent again gets the same
 * refund, as Stripe's idempotency does). Records each new refund's form body and key; anything else
 * answers 404 in Stripe's error shape.
 */
public final class StripeStub implements AutoCloseable {

  /** A refund the stub made: its id, key and the form body it was asked with. */
  public record Refund(String id, String idempotencyKey, String form) {}

  private final HttpServer server;
  private final java.util.concurrent.ExecutorService threads =
      java.util.concurrent.Executors.newFixedThreadPool(
          2,
          r -> {
            Thread t = new Thread(r, "stripe-stub");
            t.setDaemon(true);
            return t;
          });
  private final List<Refund> refunds = new CopyOnWriteArrayList<>();
  private final AtomicInteger requests = new AtomicInteger();

  private StripeStub() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(threads);
    server.start();
  }

  public static StripeStub start() throws IOException {
    return new StripeStub();
  }

  private static StripeStub shared;

  /**
   * The stub every test server of this JVM knows as the Stripe account {@code stripe-late}
   * (TestDatabase): started on first use, stopped with the JVM.
   */
  public static synchronized StripeStub shared() {
    if (shared == null) {
      try {
        shared = new StripeStub();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close));
    }
    return shared;
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public List<Refund> refunds() {
    return List.copyOf(refunds);
  }

  public int requests() {
    return requests.get();
  }

  private synchronized void handle(HttpExchange x) throws IOException {
    requests.incrementAndGet();
    String form = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    if (!"POST".equals(x.getRequestMethod())
        || !"/v1/refunds".equals(x.getRequestURI().getPath())) {
      answer(
          x, 404, "{\"error\":{\"type\":\"invalid_request_error\",\"code\":\"resource_missing\"}}");
      return;
    }
    String key = x.getRequestHeaders().getFirst("Idempotency-Key");
    Refund r =
        refunds.stream()
            .filter(f -> f.idempotencyKey() != null && f.idempotencyKey().equals(key))
            .findFirst()
            .orElse(null);
    if (r == null) {
      r = new Refund("re_stub" + (refunds.size() + 1), key, form);
      refunds.add(r);
    }
    String amount = field(r.form(), "amount");
    String intent = field(r.form(), "payment_intent");
    answer(
        x,
        200,
        "{\"id\":\""
            + r.id()
            + "\",\"object\":\"refund\",\"amount\":"
            + amount
            + ",\"currency\":\"usd\",\"payment_intent\":\""
            + intent
            + "\",\"status\":\"succeeded\",\"metadata\":{}}");
  }

  /** A field of a form body, URL-decoded. */
  public static String field(String form, String name) {
    for (String pair : form.split("&")) {
      int eq = pair.indexOf('=');
      String k =
          java.net.URLDecoder.decode(pair.substring(0, Math.max(eq, 0)), StandardCharsets.UTF_8);
      if (eq > 0 && k.equals(name)) {
        return java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  private static void answer(HttpExchange x, int status, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().set("Content-Type", "application/json");
    x.getResponseHeaders().set("Request-Id", "req_stub");
    x.sendResponseHeaders(status, body.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
