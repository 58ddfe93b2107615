package org.agentcommerce.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.agentcommerce.webapp.support.Agents;
import org.agentcommerce.webapp.support.Deployments;
import org.agentcommerce.webapp.support.DocumentValidInputs;
import org.agentcommerce.webapp.support.HostileInputs;
import org.agentcommerce.webapp.support.HostileInputs.Case;
import org.agentcommerce.webapp.support.HostileInputs.Expect;
import org.agentcommerce.webapp.support.Http;
import org.agentcommerce.webapp.support.RawHttp;
import org.agentcommerce.webapp.support.TestIssuer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The request edge, tried as an attacker would against the deployed WAR: framing the HTTP layer
 * must refuse (raw sockets), and a table of hostile inputs for every operation of the served
 * OpenAPI document. Every answer keeps the invariants of docs/security.md ("The request edge"): an
 * answer comes (nothing left hanging), no 5xx, no 2xx for a request that was not processed, no
 * stack trace or class name in a body, every status and body as the document promises, and no
 * WARNING or stack trace in the server's log on a request thread.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EdgeIT {

  private static final Logger LOG = Logger.getLogger(EdgeIT.class.getName());
  private static final int MAX_BODY = 1_048_576; // ac.http.max-body-size, the default
  private static final int TIMEOUT_MS = 15_000;
  private static final Pattern CLASS_NAME =
      Pattern.compile(
          "\\b(org\\.agentcommerce|org\\.glassfish|org\\.eclipse|java)\\.[a-z.]+\\.[A-Z]\\w+");

  @Deployment(testable = false)
  static WebArchive war() {
    return Deployments.shared();
  }

  @ArquillianResource URL base;

  @Test
  void everyOperationKeepsTheInvariantsUnderHostileInput() throws Exception {
    Http http = new Http(base);
    // Until the node has started (its search index built) health and search are a 503.
    for (int i = 0; i < 300 && http.get("/agent/v1/health").status() != 200; i++) {
      Thread.sleep(200);
    }
    Agents.Registered agent = Agents.register(http);
    Agents.Registered other = Agents.register(http);
    // One agent sends the whole table: the highest tier keeps its rate limit out of the way.
    Agents.sql("UPDATE agents SET tier = 'enterprise' WHERE id = ?", agent.agentId());
    String document = http.get("/agent/v1/openapi.json").body();
    List<Case> cases =
        new HostileInputs(
                document,
                new HostileInputs.Credentials(
                    agent.apiKey(), other.apiKey(), TestIssuer.token("edge-buyer"), MAX_BODY))
            .cases();
    http.unguarded().post("/agent/v1/test/log-watch", "{}");

    RawHttp raw = new RawHttp(base);
    List<String> failures = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger sent = new AtomicInteger();
    long started = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<?>> running = new ArrayList<>();
    for (Case c : cases) {
      running.add(
          pool.submit(
              () -> {
                int n = sent.incrementAndGet();
                try {
                  check(raw, c, raw.send(head(c, n), c.body(), TIMEOUT_MS));
                } catch (AssertionError | RuntimeException e) {
                  failures.add(c + ": " + e.getMessage());
                }
              }));
    }
    for (Future<?> f : running) {
      f.get();
    }
    pool.shutdown();
    long seconds = (System.nanoTime() - started) / 1_000_000_000;
    LOG.info(() -> "Edge table: " + cases.size() + " cases in " + seconds + " s");

    JsonObject log = http.unguarded().get("/agent/v1/test/log-watch").json();
    for (JsonValue record : log.getJsonArray("records")) {
      failures.add("the server logged on a request thread: " + record);
    }
    assertTrue(
        failures.isEmpty(),
        () ->
            failures.size()
                + " of "
                + cases.size()
                + " cases broke the edge invariants:\n  "
                + String.join("\n  ", failures.stream().sorted().toList()));
  }

  /**
   * Issue 38: the document states every rule the server enforces. For every operation, a request
   * with the members the document requires (then with every member), each valid by its schema, is
   * never a 422: a 422 names a member the server requires that the document marks optional, or a
   * rule on a value the document allows.
   */
  @Test
  void documentValidInputIsNeverRefusedAsInvalid() throws Exception {
    Http http = new Http(base);
    for (int i = 0; i < 300 && http.get("/agent/v1/health").status() != 200; i++) {
      Thread.sleep(200);
    }
    Agents.Registered agent = Agents.register(http);
    Agents.sql("UPDATE agents SET tier = 'enterprise' WHERE id = ?", agent.agentId());
    List<DocumentValidInputs.Probe> probes =
        new DocumentValidInputs(
                http.get("/agent/v1/openapi.json").body(),
                new HostileInputs.Credentials(
                    agent.apiKey(), agent.apiKey(), TestIssuer.token("doc-buyer"), MAX_BODY))
            .probes();
    RawHttp raw = new RawHttp(base);
    List<String> failures = new ArrayList<>();
    List<String> accepted = new ArrayList<>();
    Map<Integer, Integer> statuses = new java.util.TreeMap<>();
    int n = 0;
    for (DocumentValidInputs.Probe probe : probes) {
      Case c =
          new Case(
              probe.operation(),
              probe.label(),
              probe.method(),
              probe.target(),
              probe.headers(),
              probe.body(),
              probe.jsonRpc(),
              Expect.ANSWERED);
      Http.Answer answer = raw.send(head(c, 60_000 + n++), c.body(), TIMEOUT_MS).first();
      statuses.merge(answer.status(), 1, Integer::sum);
      if (answer.status() == 422) {
        List<String> refused = DocumentValidInputs.refusals(answer.json());
        boolean known =
            refused.stream().allMatch(r -> DocumentValidInputs.knownUnstated(probe.operation(), r));
        (known ? accepted : failures).add(probe + ": " + String.join("; ", refused));
      } else if (answer.status() >= 500) {
        failures.add(probe + ": a server error " + answer);
      }
    }
    LOG.info(() -> "Document-valid walk: " + probes.size() + " requests, statuses " + statuses);
    LOG.info(() -> "Rules the document states in prose only:\n  " + String.join("\n  ", accepted));
    assertTrue(
        failures.isEmpty(),
        () ->
            failures.size()
                + " of "
                + probes.size()
                + " document-valid requests were refused:\n  "
                + String.join("\n  ", failures));
  }

  /** The request as bytes on the wire: Host, the case's headers, a length, one request only. */
  private String head(Case c, int n) {
    StringBuilder head = new StringBuilder();
    head.append(c.method()).append(' ').append(c.target()).append(" HTTP/1.1\r\n");
    head.append("Host: 127.0.0.1:").append(base.getPort()).append("\r\n");
    head.append("Connection: close\r\n");
    // Registrations and the open door count per client address; the tests trust this header.
    head.append("X-Forwarded-For: 198.51.").append(n / 250 % 250).append('.').append(n % 250);
    head.append("\r\n");
    for (Map.Entry<String, String> h : c.headers().entrySet()) {
      head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
    }
    if (c.body() != null) {
      head.append("Content-Length: ").append(c.body().length).append("\r\n");
    }
    return head.append("\r\n").toString();
  }

  private static void check(RawHttp raw, Case c, RawHttp.Exchange exchange) {
    Http.Answer answer = exchange.first();
    assertEquals(1, exchange.answers().size(), "one request, one answer");
    assertTrue(answer.status() < 500, () -> "a server error: " + answer);
    if (c.expect() == Expect.CONTAINER_REFUSAL) {
      assertEquals(400, answer.status(), answer::toString);
      assertNoInternals(answer);
      return;
    }
    raw.checkContract(c.method(), c.target(), answer);
    assertNoInternals(answer);
    if (answer.status() >= 400 || (answer.status() != 202 && answer.status() != 204)) {
      assertFalse(answer.body().isBlank(), () -> answer.status() + " without a body");
    }
    switch (c.expect()) {
      case REFUSED ->
          assertTrue(
              answer.status() >= 400 || (c.jsonRpc() && answer.body().contains("\"error\"")),
              () -> "accepted: " + answer);
      case TOO_LARGE -> assertEquals(413, answer.status(), answer::toString);
      case CREDENTIAL_CONFLICT -> {
        assertEquals(400, answer.status(), answer::toString);
        // The Agentic Commerce Protocol's operations answer the protocol's Error {type, code,
        // message} (docs/acp.md); all others our {detail: {error}}.
        boolean acp =
            c.target().startsWith("/acp/")
                || c.target().startsWith("/sandbox/psp/agentic_commerce/");
        assertEquals(
            "CREDENTIAL_CONFLICT",
            acp
                ? answer.json().getString("code")
                : answer.json().getJsonObject("detail").getString("error"),
            answer::toString);
      }
      case ANSWERED, CONTAINER_REFUSAL -> {}
    }
  }

  static void assertNoInternals(Http.Answer answer) {
    String body = answer.body();
    assertFalse(body.contains("Exception"), () -> "exception name leaked: " + clip(body));
    assertFalse(body.contains("\tat "), () -> "stack trace leaked: " + clip(body));
    assertFalse(CLASS_NAME.matcher(body).find(), () -> "class name leaked: " + clip(body));
    assertFalse(body.contains("<html"), () -> "an HTML page: " + clip(body));
  }

  private static String clip(String body) {
    return body.length() > 300 ? body.substring(0, 300) + "..." : body;
  }

  // --- Framing: what the HTTP layer must refuse, sent as raw bytes -------------------------------

  private RawHttp.Exchange raw(String request) {
    return new RawHttp(base).send(request, null, TIMEOUT_MS);
  }

  private String host() {
    return "Host: 127.0.0.1:" + base.getPort() + "\r\n";
  }

  /** Issue 38: RFC 9112 — an HTTP/1.1 request without Host is a 400, not an empty 200. */
  @Test
  void aRequestWithoutHostIsRefusedInOurShape() {
    for (String path :
        List.of("/agent/v1/health", "/agent/v1/orders", "/agent/v1/products/search")) {
      RawHttp.Exchange exchange = raw("GET " + path + " HTTP/1.1\r\nConnection: close\r\n\r\n");
      Http.Answer answer = exchange.first();
      assertEquals(400, answer.status(), path + " -> " + answer);
      assertEquals("BAD_REQUEST", answer.json().getJsonObject("detail").getString("error"));
    }
  }

  /** Issue 38: OPTIONS answers Allow in our JSON shape, never the runtime's WADL. */
  @Test
  void optionsAnswersAllowInOurShape() {
    Http.Answer a = new Http(base).send("OPTIONS", "/agent/v1/orders", null, "Accept", "*/*");
    assertEquals(200, a.status(), a::toString);
    assertFalse(a.body().contains("wadl") || a.body().contains("application xmlns"), a::toString);
    List<String> allow =
        a.json().getJsonArray("allow").getValuesAs(jakarta.json.JsonString.class).stream()
            .map(jakarta.json.JsonString::getString)
            .toList();
    assertTrue(allow.contains("GET") && allow.contains("OPTIONS"), a::toString);
    assertTrue(a.header("Allow").orElse("").contains("GET"), a::toString);
  }

  @Test
  void duplicateHostHeadersAreRefusedInOurShape() {
    RawHttp.Exchange exchange =
        raw(
            "GET /agent/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n"
                + "Connection: close\r\n\r\n");
    Http.Answer answer = exchange.first();
    assertEquals(400, answer.status(), answer::toString);
    assertEquals("BAD_REQUEST", answer.json().getJsonObject("detail").getString("error"));
    assertTrue(exchange.closed(), "the connection is closed");
  }

  @Test
  void contentLengthWithTransferEncodingNeverRunsTheSmuggledRequest() {
    String smuggled = "GET /agent/v1/health HTTP/1.1\r\n" + host() + "Connection: close\r\n\r\n";
    RawHttp.Exchange exchange =
        raw(
            "POST /agent/v1/auth HTTP/1.1\r\n"
                + host()
                + "Content-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n"
                + "Content-Length: 4\r\n\r\n"
                + "0\r\n\r\n"
                + smuggled);
    assertEquals(1, exchange.answers().size(), () -> "answers: " + exchange.answers());
    assertRefusedInOurShape(exchange.first());
    assertTrue(exchange.closed(), "the connection is closed");
  }

  /** Requests the HTTP layer (Grizzly, the web container) refuses before any servlet runs. */
  private List<String> refusedBelowTheApplication() {
    String big = "a".repeat(9000);
    return List.of(
        "GET /agent/v1/he\u0000alth HTTP/1.1\r\n" + host() + "\r\n",
        "GET /agent/v1/he%00alth HTTP/1.1\r\n" + host() + "\r\n",
        "GET /agent/v1/he%C3%28alth HTTP/1.1\r\n" + host() + "\r\n",
        "GET /agent/v1/health HTTP/1.1\r\nHost: 127.0.\u00000.1\r\n\r\n",
        "GET /agent/v1/health HTTP/1.1\r\n" + host() + "X-Note: caf\u00e9\r\n\r\n",
        "GET /agent/v1/merchants HTTP/1.1\r\n" + host() + "X-API-Key: " + big + "\r\n\r\n",
        "POST /agent/v1/auth HTTP/1.1\r\n"
            + host()
            + "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n",
        "GET /agent/v1/health HTTP/1.1\r\nHost: 127.0.0.1:evil\r\n\r\n");
  }

  @Test
  void bytesTheHttpLayerRefusesAreA400InOurShapeAndAClosedConnection() {
    for (String request : refusedBelowTheApplication()) {
      RawHttp.Exchange exchange = raw(request);
      String shown = request.substring(0, Math.min(60, request.length()));
      assertEquals(1, exchange.answers().size(), () -> shown + " -> " + exchange.answers());
      assertRefusedInOurShape(exchange.first());
      assertTrue(exchange.closed(), () -> shown + ": the connection is closed");
    }
  }

  @Test
  void aKeepAliveRequestBeforeARefusedOneIsAnsweredNormally() {
    String health = "GET /agent/v1/health HTTP/1.1\r\n" + host() + "\r\n";
    for (String request : refusedBelowTheApplication()) {
      // Both on one connection, pipelined: the first is answered, then the refusal, then close.
      RawHttp.Exchange exchange = raw(health + request);
      String shown = request.substring(0, Math.min(60, request.length()));
      assertEquals(2, exchange.answers().size(), () -> shown + " -> " + exchange.answers());
      Http.Answer first = exchange.answers().get(0);
      assertTrue(first.status() == 200 || first.status() == 503, () -> shown + ": first " + first);
      assertTrue(first.body().contains("\"status\""), () -> shown + ": first " + first);
      assertRefusedInOurShape(exchange.answers().get(1));
      assertTrue(exchange.closed(), () -> shown + ": the connection is closed");
    }
  }

  /** A 400 with our error body, as the error page answers it. */
  private static void assertRefusedInOurShape(Http.Answer answer) {
    assertEquals(400, answer.status(), answer::toString);
    assertEquals(Optional.of("application/json"), answer.header("Content-Type"), answer::toString);
    JsonObject detail = answer.json().getJsonObject("detail");
    assertEquals("BAD_REQUEST", detail.getString("error"), answer::toString);
    assertEquals(
        "The server refused this request (HTTP 400).",
        detail.getString("message"),
        answer::toString);
    assertNoInternals(answer);
  }

  @Test
  void aPathWithAnEncodedSeparatorIsRefusedBeforeTheContainerResolvesIt() {
    // The container would decode these and resolve the dot segments: the first two would reach
    // the runtime's own /health, outside the application (docs/security.md, The request edge).
    for (String path :
        List.of(
            "/x/..%2Fhealth",
            "/x/..%2fmetrics",
            "/agent/v1/%2e%2e/health",
            "/agent/v1/%2E%2E%2Fhealth",
            "/agent/v1/..%5Chealth")) {
      RawHttp.Exchange exchange =
          raw("GET " + path + " HTTP/1.1\r\n" + host() + "Connection: keep-alive\r\n\r\n");
      assertEquals(1, exchange.answers().size(), () -> path + " -> " + exchange.answers());
      Http.Answer answer = exchange.first();
      LOG.info(
          () -> path + " -> " + answer.headers() + " " + answer + ", " + exchange.millis() + " ms");
      assertEquals(400, answer.status(), () -> path + ": " + answer);
      assertEquals(Optional.of("application/json"), answer.header("Content-Type"), path);
      JsonObject detail = answer.json().getJsonObject("detail");
      assertEquals("BAD_REQUEST", detail.getString("error"), () -> path + ": " + answer);
      assertEquals(
          "An encoded slash, backslash or dot in the path.",
          detail.getString("message"),
          () -> path + ": " + answer);
      assertNoInternals(answer);
      assertTrue(exchange.closed(), () -> path + ": the connection is closed");
    }
    // An encoded separator in the query is not in the path.
    Http.Answer query =
        raw("GET /agent/v1/health?next=%2F..%2F HTTP/1.1\r\n"
                + host()
                + "Connection: close\r\n\r\n")
            .first();
    assertTrue(query.status() == 200 || query.status() == 503, query::toString);
  }

  @Test
  void aFirstRequestLineWithoutASpaceIsRefusedAtOnce() {
    // Grizzly would wait for the rest of the request line until its idle timeout (30 s).
    for (String request :
        List.of("garbage\r\n\r\n", "garbage\n", "GET\r\n" + host() + "\r\n", "x".repeat(9000))) {
      RawHttp.Exchange exchange = new RawHttp(base).send(request, null, 10_000);
      String shown = request.substring(0, Math.min(20, request.length())).trim();
      LOG.info(
          () ->
              shown
                  + " -> "
                  + exchange.answers().stream().map(a -> a.headers() + " " + a).toList()
                  + ", closed "
                  + exchange.closed()
                  + ", "
                  + exchange.millis()
                  + " ms");
      assertEquals(1, exchange.answers().size(), () -> shown + " -> " + exchange.answers());
      assertRefusedInOurShape(exchange.first());
      assertTrue(exchange.closed(), () -> shown + ": the connection is closed");
      assertTrue(exchange.millis() < 3_000, () -> shown + ": answered after " + exchange.millis());
    }
  }

  @Test
  void aFirstRequestLineInPiecesAndTheHttp2PrefaceStillWork() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", base.getPort())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      for (String piece :
          List.of(
              "GE",
              "T /agent/v1/he",
              "alth HT",
              "TP/1.1\r",
              "\n" + host() + "Connection: close\r\n\r\n")) {
        out.write(piece.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        Thread.sleep(150);
      }
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(
          answer.startsWith("HTTP/1.1 200") || answer.startsWith("HTTP/1.1 503"),
          () -> "in pieces: " + answer);
      assertTrue(answer.contains("\"status\""), () -> "in pieces: " + answer);
    }
    // HTTP/2 with prior knowledge: the server's first frame is its SETTINGS (type 4, stream 0).
    try (Socket socket = new Socket("127.0.0.1", base.getPort())) {
      socket.setSoTimeout(10_000);
      socket
          .getOutputStream()
          .write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      byte[] frame = socket.getInputStream().readNBytes(9);
      assertEquals(9, frame.length, "a frame header");
      assertEquals(4, frame[3], "a SETTINGS frame");
      assertEquals(0, (frame[5] | frame[6] | frame[7] | frame[8]), "on stream 0");
    }
  }

  /**
   * Request lines the listener answers or closes after its idle timeout (30 s). They are sent when
   * the class's first test begins ({@link #sendTheMalformedRequestsFirst}) and checked by the test
   * that runs last, so that their wait overlaps the other tests instead of adding 30 s to the
   * class.
   */
  private static final List<String> MALFORMED =
      List.of(
          "GET /\r\n\r\n",
          "GET / HTTP/9.9\r\n%s\r\n",
          "GET /agent/v1/health HTTP/1.1\r\n%s\r\ngarbage\r\n\r\n");

  private static ExecutorService malformedSenders;
  private static List<Future<RawHttp.Exchange>> malformedSent;

  @BeforeEach
  void sendTheMalformedRequestsFirst() {
    if (malformedSent != null) {
      return;
    }
    malformedSenders = Executors.newFixedThreadPool(MALFORMED.size());
    List<Future<RawHttp.Exchange>> sent = new ArrayList<>();
    for (String request : MALFORMED) {
      String line = String.format(request, host());
      sent.add(malformedSenders.submit(() -> new RawHttp(base).send(line, null, 40_000)));
    }
    malformedSent = sent;
  }

  @AfterAll
  static void stopTheMalformedSenders() {
    if (malformedSenders != null) {
      malformedSenders.shutdownNow();
    }
  }

  @Test
  @Order(Integer.MAX_VALUE)
  void malformedRequestLinesAreClosedWithinTheIdleTimeout() throws Exception {
    // Grizzly answers them or closes the connection after its idle timeout (30 s), so they wait
    // side by side, and beside the class's other tests (docs/security.md, The request edge). A
    // request line that never ends is refused at once when it is the first of its connection (see
    // above); a later one on a keep-alive connection still waits for the idle timeout.
    for (int i = 0; i < MALFORMED.size(); i++) {
      RawHttp.Exchange exchange = malformedSent.get(i).get();
      String shown = MALFORMED.get(i).replace("%s", "").trim();
      assertTrue(exchange.closed(), () -> shown + ": left hanging");
      List<Http.Answer> answers = exchange.answers();
      answers.stream()
          .skip(shown.startsWith("GET /agent/v1/health") ? 1 : 0)
          .forEach(a -> assertTrue(a.status() >= 400, () -> shown + ": " + a));
    }
  }

  @Test
  void noAnswerNamesTheServer() {
    for (String path : List.of("/agent/v1/health", "/agent/v1/no-such-path", "/WEB-INF/web.xml")) {
      Http.Answer answer =
          raw("GET " + path + " HTTP/1.1\r\n" + host() + "Connection: close\r\n\r\n").first();
      assertTrue(answer.header("Server").isEmpty(), () -> path + ": " + answer.headers());
      assertTrue(answer.header("X-Powered-By").isEmpty(), () -> path + ": " + answer.headers());
    }
  }

  @Test
  void framingErrorsAreNotLoggedAsErrors() {
    String key = Agents.register(new Http(base)).apiKey();
    Http http = new Http(base).unguarded();
    http.post("/agent/v1/test/log-watch", "{}");
    raw("GET /agent/v1/health HTTP/1.1\r\nHost: 127.0.0.1:evil\r\nConnection: close\r\n\r\n");
    raw(
        "POST /agent/v1/auth HTTP/1.1\r\n"
            + host()
            + "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n");
    Http.Answer bad =
        raw("GET /agent/v1/products/search?fast_mode=maybe HTTP/1.1\r\n"
                + host()
                + "X-API-Key: "
                + key
                + "\r\nConnection: close\r\n\r\n")
            .first();
    assertEquals(422, bad.status(), bad::toString);
    var records = http.get("/agent/v1/test/log-watch").json().getJsonArray("records");
    assertTrue(records.isEmpty(), () -> "logged: " + records);
  }

  @Test
  void aHostWithANonNumericPortIsRefused() {
    // The web container would fail to parse the port and answer an empty 200 (docs/security.md,
    // The request edge): the edge filter answers first.
    for (String method : List.of("GET", "POST")) {
      RawHttp.Exchange exchange =
          raw(
              method
                  + " /agent/v1/health HTTP/1.1\r\nHost: 127.0.0.1:evil\r\n"
                  + "Content-Length: 0\r\nConnection: close\r\n\r\n");
      assertEquals(1, exchange.answers().size(), () -> method + ": " + exchange.answers());
      assertRefusedInOurShape(exchange.first());
      assertTrue(exchange.closed(), "the connection is closed");
    }
    // A port the container reads is not refused.
    for (String good : List.of("127.0.0.1:" + base.getPort(), "127.0.0.1", "[::1]")) {
      Http.Answer answer =
          raw("GET /agent/v1/health HTTP/1.1\r\nHost: " + good + "\r\nConnection: close\r\n\r\n")
              .first();
      assertTrue(answer.status() == 200 || answer.status() == 503, () -> good + ": " + answer);
    }
  }
}
