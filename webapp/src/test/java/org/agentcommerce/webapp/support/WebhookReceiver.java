package org.agentcommerce.webapp.support;

import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A webhook receiver on 127.0.0.1 for tests: records every request it gets (headers, body, when)
 * and answers the next scripted answer (200 when none is left). Signatures are checked with the
 * official Standard Webhooks library.
 */
public final class WebhookReceiver implements AutoCloseable {

  /** What one request brought. */
  public record Received(long atMillis, Map<String, List<String>> headers, String body) {
    public String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }

    /** Verifies the signature with the official library; throws when it does not verify. */
    public void verify(String secret) throws Exception {
      Map<String, List<String>> lower = new java.util.HashMap<>();
      headers.forEach((k, v) -> lower.put(k.toLowerCase(java.util.Locale.ROOT), v));
      new Webhook(secret).verify(body, lower);
    }
  }

  /** A scripted answer: status, optional Retry-After, and a delay before answering. */
  public record Answer(int status, String retryAfter, long delayMillis) {
    public static Answer of(int status) {
      return new Answer(status, null, 0);
    }
  }

  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final Deque<Answer> script = new ConcurrentLinkedDeque<>();

  public WebhookReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext(
        "/",
        exchange -> {
          byte[] body;
          try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
          }
          received.add(
              new Received(
                  System.currentTimeMillis(),
                  Map.copyOf(exchange.getRequestHeaders()),
                  new String(body, StandardCharsets.UTF_8)));
          Answer a = script.pollFirst();
          if (a == null) {
            a = Answer.of(200);
          }
          if (a.delayMillis() > 0) {
            try {
              Thread.sleep(a.delayMillis());
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          if (a.retryAfter() != null) {
            exchange.getResponseHeaders().add("Retry-After", a.retryAfter());
          }
          exchange.sendResponseHeaders(a.status(), -1);
          exchange.close();
        });
    server.start();
  }

  /** The URL deliveries should go to. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
  }

  /** Answers these next, in order. */
  public WebhookReceiver then(Answer... answers) {
    script.addAll(List.of(answers));
    return this;
  }

  public List<Received> received() {
    return new ArrayList<>(received);
  }

  /** Waits until at least {@code count} requests came; answers them all. */
  public List<Received> await(int count, long timeoutMillis) {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (received.size() < count) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("expected " + count + " webhook requests, got " + received);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    return received();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
