import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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
    if (rounds > 0) {
      report.append(
          String.format(
              "herd (every waiter one agent's, one cursor; one event answers all of them at once),"
                  + " commit on this node (order via API), %d waiters x %d rounds: %s%n",
              waiters, rounds, stats(apiWake)));
      report.append(
          String.format(
              "herd, commit by another writer (outbox row over JDBC, poll path): %s%n",
              stats(pollWake)));
    }
    int spread = Integer.parseInt(System.getenv().getOrDefault("SPREAD_AGENTS", "100"));
    if (rounds > 0 && spread > 0) {
      report.append(spread(base, jdbc, pid, waiters, spread, rounds));
    }
    // A server in service has run its delivery code many times: the first bursts after a start
    // also pay for the JIT compiling it (measured: 350-450/s cold, 850-1,000/s by the fifth).
    int warmups = Integer.parseInt(System.getenv().getOrDefault("WARMUP", "2"));
    for (int i = 0; i < warmups && events > 0; i++) {
      report.append("warm-up, not counted: ").append(deliveries(base, jdbc, hookKey, hookAgent, events, 0));
    }
    for (String rate : System.getenv().getOrDefault("RATES", "0").split(",")) {
      if (events > 0) {
        report.append(deliveries(base, jdbc, hookKey, hookAgent, events, Integer.parseInt(rate)));
      }
    }
    report.append(String.format("server after: %s%n", proc(pid)));
    System.out.print(report);
    Files.writeString(out.resolve("events-bench.txt"), report.toString());
    System.exit(0); // the HTTP client's executor threads would keep the JVM alive
  }

  /**
   * One round: W raw sockets (one selector thread reads every answer, so the client adds little
   * next to the server on the same cores) each send one long-poll read, then one event commits.
   * An answer counts when its whole body has arrived.
   */
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
    URI uri = URI.create(base);
    InetSocketAddress addr = new InetSocketAddress(uri.getHost(), uri.getPort());
    byte[] request =
        ("GET /agent/v1/orders/events?wait_ms=25000&after_id=" + after + " HTTP/1.1\r\nHost: "
                + uri.getHost() + ":" + uri.getPort() + "\r\nX-API-Key: " + key
                + "\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    Selector selector = Selector.open();
    List<SocketChannel> channels = new ArrayList<>();
    for (int i = 0; i < waiters; i++) {
      SocketChannel ch = SocketChannel.open(addr);
      ch.write(ByteBuffer.wrap(request));
      ch.configureBlocking(false);
      ch.register(selector, SelectionKey.OP_READ, new ByteArrayOutputStream());
      channels.add(ch);
    }
    Thread.sleep(4000); // all sent and waiting
    if (report != null) {
      report.append(
          String.format("server while %d waiters wait: %s%n", waiters, proc(pid)));
    }
    if (selector.selectNow() > 0) {
      throw new IllegalStateException(selector.selectedKeys().size() + " answered before the commit");
    }
    long committed;
    if (viaApi) {
      createOrder(base, key);
      committed = System.nanoTime();
    } else {
      try (Connection c = DriverManager.getConnection(jdbc, "root", "")) {
        insert(c, agent, "ord_benchpoll" + System.nanoTime());
        committed = System.nanoTime();
      }
    }
    List<Long> lat = new ArrayList<>();
    int errors = 0;
    int open = waiters;
    ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (open > 0 && System.nanoTime() < deadline) {
      selector.select(1000);
      for (SelectionKey k : selector.selectedKeys()) {
        int answer = read(k, (ByteArrayOutputStream) k.attachment(), buf);
        if (answer != 0) {
          lat.add(Math.max(0, System.nanoTime() - committed));
          if (answer < 0) {
            errors++;
          }
          open--;
        }
      }
      selector.selectedKeys().clear();
    }
    selector.close();
    for (SocketChannel ch : channels) {
      ch.close();
    }
    if (open > 0 || errors > 0) {
      throw new IllegalStateException("not answered " + open + ", wrong answers " + errors);
    }
    return lat;
  }

  /**
   * Waiters spread over agents, as agent platforms wait: A agents (registered here) with W/A
   * long-poll reads each, all waiting at once; then one order at a time (through the API, 100 ms
   * apart) for each of 20 agents picked at random; each order must answer exactly its agent's
   * waiters (latency from the order's answer to each waiter's whole answer) and no other.
   */
  /**
   * Reads what arrived on a waiter's socket: 0 while its answer is incomplete, then (the socket
   * closed) 1 for a 200 with events, -1 for anything else.
   */
  static int read(SelectionKey k, ByteArrayOutputStream got, ByteBuffer buf) throws Exception {
    SocketChannel ch = (SocketChannel) k.channel();
    buf.clear();
    int n = ch.read(buf);
    if (n > 0) {
      got.write(buf.array(), 0, n);
    }
    String text = got.toString(StandardCharsets.UTF_8);
    int head = text.indexOf("\r\n\r\n");
    Matcher len = Pattern.compile("(?i)content-length: *(\\d+)").matcher(text);
    boolean complete =
        head > 0
            && (len.find() ? text.length() - head - 4 >= Integer.parseInt(len.group(1)) : n < 0);
    if (!complete && n >= 0) {
      return 0;
    }
    k.cancel();
    ch.close();
    return complete && text.startsWith("HTTP/1.1 200") && !text.contains("\"events\":[]")
        ? 1
        : -1;
  }

  /** Creates one order through the API (its commit precedes the answer). */
  static void createOrder(String base, String key) throws Exception {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(base + "/agent/v1/orders/create"))
                .header("X-API-Key", key)
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"merchant_id\":\"merch_7c1e4a9d2b5f3e80\",\"items\":[{\"product_id\":"
                            + "\"prod_aecc96e30d0fbb41\",\"quantity\":1}],"
                            + "\"customer_email\":\"bench@example.com\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("order: " + r.statusCode() + " " + r.body());
    }
  }

  static String spread(String base, String jdbc, long pid, int waiters, int agents, int rounds)
      throws Exception {
    List<String[]> registered = new ArrayList<>();
    for (int i = 0; i < agents; i++) {
      HttpResponse<String> r =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(base + "/agent/v1/auth"))
                  .header("Content-Type", "application/json")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"agent_name\":\"spread " + i + "\",\"agent_email\":\"spread-" + i
                              + "-" + System.nanoTime() + "@example.com\"}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      Matcher k = Pattern.compile("\"api_key\":\"([^\"]+)\"").matcher(r.body());
      Matcher id = Pattern.compile("\"agent_id\":\"([^\"]+)\"").matcher(r.body());
      if (!k.find() || !id.find()) {
        throw new IllegalStateException("register: " + r.statusCode() + " " + r.body());
      }
      registered.add(new String[] {k.group(1), id.group(1)});
    }
    try (Connection c = DriverManager.getConnection(jdbc, "root", "")) {
      c.createStatement().executeUpdate("UPDATE agents SET tier = 'enterprise'");
    }
    int each = Math.max(1, waiters / agents);
    int woken = Math.min(20, agents);
    List<Long> lat = new ArrayList<>();
    String threads = null;
    java.util.Random random = new java.util.Random(42);
    for (int round = 0; round < rounds; round++) {
      long after;
      try (Connection c = DriverManager.getConnection(jdbc, "root", "");
          java.sql.ResultSet rs =
              c.createStatement().executeQuery("SELECT COALESCE(MAX(id), 0) FROM order_events")) {
        rs.next();
        after = rs.getLong(1);
      }
      URI uri = URI.create(base);
      InetSocketAddress addr = new InetSocketAddress(uri.getHost(), uri.getPort());
      Selector selector = Selector.open();
      List<SocketChannel> channels = new ArrayList<>();
      for (int a = 0; a < agents; a++) {
        byte[] request =
            ("GET /agent/v1/orders/events?wait_ms=25000&after_id=" + after + " HTTP/1.1\r\nHost: "
                    + uri.getHost() + ":" + uri.getPort() + "\r\nX-API-Key: "
                    + registered.get(a)[0] + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < each; i++) {
          SocketChannel ch = SocketChannel.open(addr);
          ch.write(ByteBuffer.wrap(request));
          ch.configureBlocking(false);
          ch.register(selector, SelectionKey.OP_READ, new Object[] {a, new ByteArrayOutputStream()});
          channels.add(ch);
        }
      }
      Thread.sleep(4000);
      if (threads == null) {
        threads = proc(pid);
      }
      if (selector.selectNow() > 0) {
        throw new IllegalStateException("answered before any commit");
      }
      List<Integer> order = new ArrayList<>();
      for (int a = 0; a < agents; a++) {
        order.add(a);
      }
      Collections.shuffle(order, random);
      Map<Integer, Long> committedAt = new ConcurrentHashMap<>();
      List<long[]> answers = Collections.synchronizedList(new ArrayList<>()); // agent, time
      int expected = woken * each;
      Thread reader =
          new Thread(
              () -> {
                ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                try {
                  while (answers.size() < expected && System.nanoTime() < end) {
                    selector.select(200);
                    for (SelectionKey k : selector.selectedKeys()) {
                      Object[] att = (Object[]) k.attachment();
                      int answer = read(k, (ByteArrayOutputStream) att[1], buf);
                      if (answer != 0) {
                        answers.add(
                            new long[] {(Integer) att[0], System.nanoTime(), answer > 0 ? 1 : 0});
                      }
                    }
                    selector.selectedKeys().clear();
                  }
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      reader.start();
      for (int i = 0; i < woken; i++) {
        int a = order.get(i);
        createOrder(base, registered.get(a)[0]);
        committedAt.put(a, System.nanoTime());
        Thread.sleep(100);
      }
      reader.join();
      Thread.sleep(500); // an answer to an agent without an event would show by now
      if (selector.selectNow() > 0) {
        throw new IllegalStateException("a waiter of an agent without a new event was answered");
      }
      selector.close();
      for (SocketChannel ch : channels) {
        ch.close();
      }
      if (answers.size() != expected) {
        throw new IllegalStateException("answered " + answers.size() + " of " + expected);
      }
      for (long[] ans : answers) {
        Long at = committedAt.get((int) ans[0]);
        if (at == null || ans[2] != 1) {
          throw new IllegalStateException("a wrong answer for agent " + ans[0]);
        }
        lat.add(Math.max(0, ans[1] - at));
      }
    }
    return String.format(
        "spread: %d waiters over %d agents (%d each; server while they wait: %s), one order at a"
            + " time for %d agents per round, %d rounds: wake latency %s%n",
        agents * each, agents, each, threads, woken, rounds, stats(lat));
  }

  static String deliveries(
      String base, String jdbc, String key, String agent, int events, int rate) throws Exception {
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
      int wi = w;
      all.add(
          CompletableFuture.runAsync(
              () -> {
                try (Connection c = DriverManager.getConnection(jdbc, "root", "")) {
                  for (int i = 0; i < share; i++) {
                    if (rate > 0) { // event n of all is due n/rate seconds after the start
                      long due = start + (long) ((i * (double) writers + wi) * 1e9 / rate);
                      long wait = due - System.nanoTime();
                      if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                      }
                    }
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
        "deliveries%s: %d events written by %d writers in %.2f s; %d delivered; first attempt from"
            + " commit: %s; %.0f deliveries/s (first commit to last arrival, %.2f s)%n",
        rate > 0 ? " paced at " + rate + "/s" : " (burst)",
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
