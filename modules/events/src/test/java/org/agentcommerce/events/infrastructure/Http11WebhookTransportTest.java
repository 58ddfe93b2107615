package org.agentcommerce.events.infrastructure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import org.agentcommerce.events.domain.webhook.DestinationGuard;
import org.agentcommerce.events.domain.webhook.WebhookTransport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The webhook transport against receivers on 127.0.0.1 that answer exactly the bytes a test
 * scripts: keep-alive, framing, interim answers, redirects, stalls, idle closes, TLS.
 */
class Http11WebhookTransportTest {

  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private static final byte[] BODY =
      "{\"type\":\"order.created\"}".getBytes(StandardCharsets.UTF_8);

  private final Http11WebhookTransport transport = new Http11WebhookTransport(null, Thread::new);
  private final List<AutoCloseable> closing = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    transport.close();
    for (AutoCloseable c : closing) {
      c.close();
    }
  }

  /** What one request brought to the raw receiver. */
  record Request(int connection, String head, String body) {}

  /** A scripted answer (null: close without one) and whether to close after it. */
  record Step(String answer, boolean close) {}

  /**
   * A receiver on a plain server socket: reads each request (head and Content-Length body) and
   * writes what the script makes of it; a null answer closes the connection without a word.
   */
  final class Raw implements AutoCloseable {
    final ServerSocket server;
    final List<Request> requests = new CopyOnWriteArrayList<>();
    final AtomicInteger connections = new AtomicInteger();
    final Deque<Step> script = new ConcurrentLinkedDeque<>();
    final List<Socket> sockets = new CopyOnWriteArrayList<>();

    Raw() throws IOException {
      this(new ServerSocket(0, 50, LOOPBACK));
    }

    Raw(ServerSocket server) {
      this.server = server;
      closing.add(this);
      Thread t =
          new Thread(
              () -> {
                while (!server.isClosed()) {
                  try {
                    Socket s = server.accept();
                    sockets.add(s);
                    int n = connections.incrementAndGet();
                    new Thread(() -> serve(s, n)).start();
                  } catch (IOException e) {
                    return;
                  }
                }
              });
      t.setDaemon(true);
      t.start();
    }

    void then(String answer) {
      script.add(new Step(answer, false));
    }

    /** Answers, then closes the connection. */
    void thenClose(String answer) {
      script.add(new Step(answer, true));
    }

    private void serve(Socket s, int connection) {
      try (s) {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        while (true) {
          String head = head(in);
          if (head == null) {
            return;
          }
          int length = 0;
          for (String line : head.split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
              length = Integer.parseInt(line.substring(15).trim());
            }
          }
          String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
          Request r = new Request(connection, head, body);
          requests.add(r);
          Step next = script.poll();
          if (next == null) {
            next = new Step("HTTP/1.1 204 No Content\r\n\r\n", false);
          }
          if (next.answer() == null) {
            return;
          }
          out.write(next.answer().getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
          if (next.close()) {
            return;
          }
        }
      } catch (IOException e) {
        // the client went away
      }
    }

    private String head(InputStream in) throws IOException {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      int c;
      while ((c = in.read()) >= 0) {
        b.write(c);
        String s = b.toString(StandardCharsets.ISO_8859_1);
        if (s.endsWith("\r\n\r\n")) {
          return s;
        }
      }
      return null;
    }

    DestinationGuard.Checked at(String path) {
      return atLoopback("http://127.0.0.1:" + server.getLocalPort() + path);
    }

    @Override
    public void close() throws IOException {
      server.close();
      for (Socket s : sockets) {
        s.close();
      }
    }
  }

  /** The URL, as checked at the loopback address (whatever its host name says). */
  private static DestinationGuard.Checked atLoopback(String url) {
    return new DestinationGuard.Checked(URI.create(url), List.of(LOOPBACK));
  }

  /** Asserts that {@code post} times out and took from {@code atLeast} to {@code below} ms. */
  private static void assertCutOff(long atLeast, long below, Executable post) {
    long t0 = System.nanoTime();
    assertThrows(WebhookTransport.TimedOut.class, post);
    long took = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(took >= atLeast && took < below, "took " + took + " ms");
  }

  private WebhookTransport.Answer post(DestinationGuard.Checked to) throws IOException {
    return transport.post(
        to, List.<String[]>of(new String[] {"webhook-id", "msg_1"}), BODY, TIMEOUT);
  }

  @Test
  void keepsTheConnectionAliveAndSendsHeadersAndBodyAsGiven() throws Exception {
    Raw r = new Raw();
    r.then("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
    r.then(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: 1\r\n\r\n");
    r.then("HTTP/1.1 204 No Content\r\n\r\n");
    for (int i = 0; i < 3; i++) {
      assertEquals(i < 2 ? 200 : 204, post(r.at("/hooks?x=1")).status());
    }
    assertEquals(3, r.requests.size());
    assertEquals(1, r.connections.get(), "one connection for all three");
    Request first = r.requests.get(0);
    assertTrue(first.head().startsWith("POST /hooks?x=1 HTTP/1.1\r\n"), first.head());
    assertTrue(first.head().contains("\r\nHost: 127.0.0.1:" + r.server.getLocalPort() + "\r\n"));
    assertTrue(first.head().contains("\r\nwebhook-id: msg_1\r\n"));
    assertEquals(new String(BODY, StandardCharsets.UTF_8), first.body());
    assertEquals(1, transport.idleConnections());
  }

  @Test
  void connectsOnlyToTheCheckedAddressesNeverResolvingTheNameAgain() throws Exception {
    Raw r = new Raw();
    // "hooks.invalid" resolves nowhere: the connection goes to the address the guard checked.
    DestinationGuard.Checked to =
        atLoopback("http://hooks.invalid:" + r.server.getLocalPort() + "/");
    assertEquals(204, post(to).status());
    assertTrue(r.requests.get(0).head().contains("\r\nHost: hooks.invalid:"));
    // A kept-alive connection is not reused once the checked addresses no longer include its peer.
    DestinationGuard.Checked elsewhere =
        new DestinationGuard.Checked(to.uri(), List.of(InetAddress.getByName("127.0.0.2")));
    assertThrows(IOException.class, () -> post(elsewhere)); // nothing listens on 127.0.0.2
    assertEquals(1, r.requests.size());
  }

  @Test
  void answersRedirectsAndRetryAfterAsTheyAreAndSkipsInterimAnswers() throws Exception {
    Raw r = new Raw();
    r.then("HTTP/1.1 302 Found\r\nLocation: http://169.254.169.254/\r\nContent-Length: 0\r\n\r\n");
    r.then("HTTP/1.1 429 Too Many\r\nRetry-After: 7\r\nContent-Length: 0\r\n\r\n");
    r.then("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n");
    assertEquals(302, post(r.at("/")).status());
    WebhookTransport.Answer limited = post(r.at("/"));
    assertEquals(429, limited.status());
    assertEquals("7", limited.retryAfter());
    WebhookTransport.Answer created = post(r.at("/"));
    assertEquals(201, created.status());
    assertNull(created.retryAfter());
    assertEquals(3, r.requests.size(), "the redirect was not followed");
  }

  @Test
  void anAnswerWithoutLengthOrSayingCloseEndsItsConnection() throws Exception {
    Raw r = new Raw();
    r.thenClose("HTTP/1.1 200 OK\r\n\r\nbody until the connection closes");
    r.thenClose("HTTP/1.1 202 Accepted\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    r.then("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n");
    assertEquals(200, post(r.at("/")).status());
    assertEquals(202, post(r.at("/")).status());
    assertEquals(200, post(r.at("/")).status());
    assertEquals(204, post(r.at("/")).status());
    assertEquals(4, r.connections.get(), "none of the first three kept its connection");
    assertEquals(1, transport.idleConnections());
  }

  @Test
  void aKeptAliveConnectionTheReceiverClosedWhileIdleIsReplacedAndNoRequestIsSentTwice()
      throws Exception {
    Raw r = new Raw();
    assertEquals(204, post(r.at("/")).status());
    for (Socket s : r.sockets) {
      s.close(); // the receiver's idle timeout
    }
    Thread.sleep(1_200); // idle for over a second: checked before it is used again
    assertEquals(204, post(r.at("/")).status());
    assertEquals(2, r.requests.size());
    assertEquals(2, r.connections.get());
    // The receiver reads the next request on the kept-alive connection and closes it without an
    // answer: the attempt fails; the transport never sends the same request again.
    r.then((String) null);
    IOException e = assertThrows(IOException.class, () -> post(r.at("/")));
    assertTrue(e instanceof java.io.EOFException, e.toString());
    Thread.sleep(200);
    assertEquals(3, r.requests.size());
    assertEquals(2, r.connections.get());
  }

  @Test
  void aTlsHandshakeTrickledAByteAtATimeIsCutAtTheDeadline() throws Exception {
    ServerSocket trickle = new ServerSocket(0, 50, LOOPBACK);
    closing.add(trickle);
    Thread t =
        new Thread(
            () -> {
              try (Socket s = trickle.accept()) {
                s.getInputStream().read(new byte[4096]); // the ClientHello
                OutputStream out = s.getOutputStream();
                out.write(new byte[] {0x16, 0x03, 0x03, 0x40, 0x00}); // a 16 KiB record...
                for (int i = 0; i < 100 && !s.isClosed(); i++) {
                  Thread.sleep(200);
                  out.write(0); // ...a byte at a time, each well within a read timeout
                  out.flush();
                }
              } catch (IOException | InterruptedException e) {
                // cut off
              }
            });
    t.setDaemon(true);
    t.start();
    assertCutOff(
        750,
        2_500,
        () ->
            transport.post(
                atLoopback("https://hooks.test:" + trickle.getLocalPort() + "/"),
                List.of(),
                BODY,
                Duration.ofMillis(800)));
  }

  @Test
  void aReceiverThatStallsMidAnswerIsCutAtTheDeadline() throws Exception {
    Raw r = new Raw();
    r.then("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial");
    assertCutOff(
        650, 2_000, () -> transport.post(r.at("/"), List.of(), BODY, Duration.ofMillis(700)));
  }

  @Test
  void aReceiverThatNeverReadsCannotHoldAWriteBeyondTheDeadline() throws Exception {
    ServerSocket silent = new ServerSocket(0, 50, LOOPBACK);
    closing.add(silent);
    List<Socket> accepted = new CopyOnWriteArrayList<>();
    Thread t =
        new Thread(
            () -> {
              try {
                accepted.add(silent.accept()); // and never reads a byte
              } catch (IOException e) {
                // closed
              }
            });
    t.setDaemon(true);
    t.start();
    closing.add(
        () -> {
          for (Socket s : accepted) {
            s.close();
          }
        });
    byte[] big = new byte[64 * 1024 * 1024];
    assertCutOff(
        650,
        2_500,
        () ->
            transport.post(
                atLoopback("http://127.0.0.1:" + silent.getLocalPort() + "/"),
                List.of(),
                big,
                Duration.ofMillis(700)));
  }

  @Test
  void refusesHeadersThatWouldSplitTheRequest() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            transport.post(
                atLoopback("http://127.0.0.1:9/"),
                List.<String[]>of(new String[] {"webhook-id", "a\r\nX-Evil: 1"}),
                BODY,
                TIMEOUT));
  }

  @Test
  void aRefusedConnectionIsAnIoFailure() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, LOOPBACK)) {
      port = s.getLocalPort();
    }
    IOException e =
        assertThrows(IOException.class, () -> post(atLoopback("http://127.0.0.1:" + port + "/")));
    assertTrue(e instanceof java.net.ConnectException, e.toString());
  }

  @Test
  void httpsVerifiesTheReceiversCertificateForTheUrlsHostName(@TempDir Path dir) throws Exception {
    Path store = dir.resolve("receiver.p12");
    String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    Process p =
        new ProcessBuilder(
                keytool,
                "-genkeypair",
                "-alias",
                "receiver",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=hooks.test",
                "-ext",
                "SAN=dns:hooks.test",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                "changeit",
                "-keypass",
                "changeit")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, "changeit".toCharArray());
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, "changeit".toCharArray());
    SSLContext serverTls = SSLContext.getInstance("TLS");
    serverTls.init(kmf.getKeyManagers(), null, null);
    Raw server = new Raw(serverTls.getServerSocketFactory().createServerSocket(0, 50, LOOPBACK));
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(ks);
    SSLContext clientTls = SSLContext.getInstance("TLS");
    clientTls.init(null, tmf.getTrustManagers(), null);
    Http11WebhookTransport trusting =
        new Http11WebhookTransport(clientTls.getSocketFactory(), Thread::new);
    closing.add(trusting::close);
    int port = server.server.getLocalPort();
    // The certificate's name: accepted (the name is the URL's, the address the checked one).
    assertEquals(
        204,
        trusting
            .post(atLoopback("https://hooks.test:" + port + "/h"), List.of(), BODY, TIMEOUT)
            .status());
    // Same server and trusted certificate, another name: refused before a byte is sent.
    assertThrows(
        SSLHandshakeException.class,
        () ->
            trusting.post(
                atLoopback("https://other.test:" + port + "/h"), List.of(), BODY, TIMEOUT));
    // The JVM's default trust store does not know the self-signed certificate.
    assertThrows(
        SSLHandshakeException.class,
        () ->
            transport.post(
                atLoopback("https://hooks.test:" + port + "/h"), List.of(), BODY, TIMEOUT));
    assertEquals(1, server.requests.size());
  }
}
