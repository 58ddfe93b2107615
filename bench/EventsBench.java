import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Order events benchmark (bench/events-bench.sh runs it against a started server):
 *
 * <p>waiters: W long-poll reads of one agent wait at once; the server's thread count and RSS are
 * read from /proc while they wait; then one event commits and every waiter's answer time is taken.
 * Two ways to commit: an order through the API (the node's own commit wakes it: latency from the
 * create answer, which the commit precedes) and a row written straight to the outbox over JDBC
 * (as another node would: the poll path). R rounds each.
 *
 * <p>deliveries: a webhook receiver on 127.0.0.1; E events committed to the outbox by 8 JDBC
 * writers; first-attempt latency from each commit to its arrival, and deliveries/s.
 *
 * <p>Usage: java -cp mariadb-java-client.jar bench/EventsBench.java BASE_URL JDBC_URL SERVER_PID
 * API_KEY_WAITERS AGENT_WAITERS API_KEY_HOOKS AGENT_HOOKS OUT_DIR [W] [R] [E]
 */
public class EventsBench {

  static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .executor(Executors.newFixedThreadPool(4))
          .build();

  public static void main(String[] a) throws Exception {
    String base = a[0];
    String jdbc = a[1];
    long pid = Long.parseLong(a[2]);
    String key = a[3];
    String agent = a[4];
    String hookKey = a[5];
    String hookAgent = a[6];
    Path out = Path.of(a[7]);
    int waiters = a.length > 8 ? Integer.parseInt(a[8]) : 1000;
    int rounds = a.length > 9 ? Integer.parseInt(a[9]) : 5;
    int events = a.length > 10 ? Integer.parseInt(a[10]) : 2000;
    StringBuilder report = new StringBuilder();
    report.append(String.format("server before: %s%n", proc(pid)));

    List<Long> apiWake = new ArrayList<>();
    List<Long> pollWake = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      apiWake.addAll(round(base, jdbc, pid, key, agent, waiters, true, r == 0 ? report : null));
      pollWake.addAll(round(base, jdbc, pid, key, agent, waiters, false, null));
    }
    report.append(
        String.format(
            "wake, commit on this node (order via API), %d waiters x %d rounds: %s%n",
            waiters, rounds, stats(apiWake)));
    report.append(
        String.format(
            "wake, commit by another writer (outbox row over JDBC, poll path): %s%n",
            stats(pollWake)));
    report.append(deliveries(base, jdbc, hookKey, hookAgent, events));
    report.append(String.format("server after: %s%n", proc(pid)));
    System.out.print(report);
    Files.writeString(out.resolve("events-bench.txt"), report.toString());
  }

  static List<Long> round(
      String base,
      String jdbc,
      long pid,
      String key,
      String agent,
      int waiters,
      boolean viaApi,
      StringBuilder report)
      throws Exception {
    long after = lastId(base, key);
    Map<Integer, Long> answeredAt = new ConcurrentHashMap<>();
    AtomicInteger nonEmpty = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(waiters);
    for (int i = 0; i < waiters; i++) {
      int n = i;
      HttpRequest req =
          HttpRequest.newBuilder(
                  URI.create(base + "/agent/v1/orders/events?wait_ms=25000&after_id=" + after))
              .header("X-API-Key", key)
              .timeout(Duration.ofSeconds(40))
              .build();
      HTTP.sendAsync(req, HttpResponse.BodyHandlers.ofString())
          .whenComplete(
              (resp, t) -> {
                answeredAt.put(n, System.nanoTime());
                if (t != null || resp.statusCode() != 200) {
                  errors.incrementAndGet();
                } else if (!resp.body().contains("\"events\":[]")) {
                  nonEmpty.incrementAndGet();
                }
                done.countDown();
              });
    }
    Thread.sleep(4000); // all connected and waiting
    if (report != null) {
      report.append(
          String.format("server while %d waiters wait: %s%n", waiters, proc(pid)));
    }
    if (!answeredAt.isEmpty()) {
      throw new IllegalStateException(answeredAt.size() + " answered before the commit");
    }
    long committed;
    if (viaApi) {
      HttpRequest create =
          HttpRequest.newBuilder(URI.create(base + "/agent/v1/orders/create"))
              .header("X-API-Key", key)
              .header("Content-Type", "application/json")
              .POST(
                  HttpRequest.BodyPublishers.ofString(
                      "{\"merchant_id\":\"merch_7c1e4a9d2b5f3e80\",\"items\":[{\"product_id\":"
                          + "\"prod_aecc96e30d0fbb41\",\"quantity\":1}],"
                          + "\"customer_email\":\"bench@example.com\"}"))
              .build();
      HttpResponse<String> r = HTTP.send(create, HttpResponse.BodyHandlers.ofString());
      committed = System.nanoTime();
      if (r.statusCode() != 200) {
        throw new IllegalStateException("order: " + r.statusCode() + " " + r.body());
      }
    } else {
      try (Connection c = DriverManager.getConnection(jdbc, "root", "")) {
        insert(c, agent, "ord_benchpoll" + System.nanoTime());
        committed = System.nanoTime();
      }
    }
    if (!done.await(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("not all waiters answered: " + (waiters - done.getCount()));
    }
    if (errors.get() > 0 || nonEmpty.get() != waiters) {
      throw new IllegalStateException(
          "errors " + errors.get() + ", answered with the event " + nonEmpty.get());
    }
    List<Long> lat = new ArrayList<>();
    for (long t : answeredAt.values()) {
      lat.add(Math.max(0, t - committed));
    }
    return lat;
  }

  static String deliveries(String base, String jdbc, String key, String agent, int events)
      throws Exception {
    Map<String, Long> arrived = new ConcurrentHashMap<>();
    HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
    receiver.setExecutor(Executors.newFixedThreadPool(8));
    receiver.createContext(
        "/",
        ex -> {
          ex.getRequestBody().readAllBytes();
          arrived.putIfAbsent(ex.getRequestHeaders().getFirst("webhook-id"), System.nanoTime());
          ex.sendResponseHeaders(204, -1);
          ex.close();
        });
    receiver.start();
    String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks";
    HttpResponse<String> put =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(base + "/agents/" + agent + "/webhooks/config"))
                .header("X-API-Key", key)
                .header("Content-Type", "application/json")
                .PUT(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"enabled\":true,\"destination_url\":\"" + url + "\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (put.statusCode() != 200) {
      throw new IllegalStateException("webhook config: " + put.body());
    }
    Map<String, Long> committedAt = new ConcurrentHashMap<>();
    int writers = 8;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    long start = System.nanoTime();
    List<CompletableFuture<Void>> all = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int share = events / writers + (w < events % writers ? 1 : 0);
      all.add(
          CompletableFuture.runAsync(
              () -> {
                try (Connection c = DriverManager.getConnection(jdbc, "root", "")) {
                  for (int i = 0; i < share; i++) {
                    String id = insert(c, agent, "ord_benchhook" + System.nanoTime());
                    committedAt.put(id, System.nanoTime());
                  }
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              },
              pool));
    }
    CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get();
    long writtenIn = System.nanoTime() - start;
    long deadline = System.currentTimeMillis() + 300_000;
    while (arrived.size() < events && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    receiver.stop(0);
    pool.shutdown();
    List<Long> lat = new ArrayList<>();
    long last = 0;
    for (Map.Entry<String, Long> e : committedAt.entrySet()) {
      Long at = arrived.get(e.getKey());
      if (at != null) {
        lat.add(Math.max(0, at - e.getValue()));
        last = Math.max(last, at);
      }
    }
    double seconds = (last - start) / 1e9;
    return String.format(
        "deliveries: %d events written by %d writers in %.2f s; %d delivered; first attempt from"
            + " commit: %s; %.0f deliveries/s (first commit to last arrival, %.2f s)%n",
        events,
        writers,
        writtenIn / 1e9,
        arrived.size(),
        stats(lat),
        arrived.size() / seconds,
        seconds);
  }

  static String insert(Connection c, String agent, String orderId) throws Exception {
    String id = "evt_" + Long.toHexString(System.nanoTime()) + Integer.toHexString((int) (Math.random() * 1e6));
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO domain_events (id, event_type, aggregate_type, aggregate_id, agent_id,"
                + " merchant_id, status, amount_minor, currency, data, created_at) VALUES (?,"
                + " 'order.created', 'order', ?, ?, 'merch_7c1e4a9d2b5f3e80', 'awaiting_payment',"
                + " 1250, 'USD', ?, CURRENT_TIMESTAMP(6))")) {
      ps.setString(1, id);
      ps.setString(2, orderId);
      ps.setString(3, agent);
      ps.setString(4, "{\"order_id\":\"" + orderId + "\",\"total_amount\":\"12.50\"}");
      ps.executeUpdate();
    }
    return id;
  }

  static long lastId(String base, String key) throws Exception {
    long after = 0;
    while (true) {
      HttpResponse<String> r =
          HTTP.send(
              HttpRequest.newBuilder(
                      URI.create(base + "/agent/v1/orders/events?limit=200&after_id=" + after))
                  .header("X-API-Key", key)
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      Matcher m = Pattern.compile("\"last_id\":(\\d+)").matcher(r.body());
      if (!m.find()) {
        throw new IllegalStateException(r.body());
      }
      long last = Long.parseLong(m.group(1));
      if (last == after) {
        return last;
      }
      after = last;
    }
  }

  static String proc(long pid) throws Exception {
    String status = Files.readString(Path.of("/proc/" + pid + "/status"));
    return field(status, "Threads") + " threads, RSS " + field(status, "VmRSS");
  }

  static String field(String status, String name) {
    Matcher m = Pattern.compile(name + ":\\s+(.+)").matcher(status);
    return m.find() ? m.group(1).trim() : "?";
  }

  static String stats(List<Long> nanos) {
    if (nanos.isEmpty()) {
      return "no samples";
    }
    List<Long> s = new ArrayList<>(nanos);
    Collections.sort(s);
    return String.format(
        "n=%d p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms",
        s.size(), pct(s, 50), pct(s, 90), pct(s, 99), s.get(s.size() - 1) / 1e6);
  }

  static double pct(List<Long> s, int p) {
    int i = (int) Math.ceil(p / 100.0 * s.size()) - 1;
    return s.get(Math.max(0, Math.min(s.size() - 1, i))) / 1e6;
  }
}
