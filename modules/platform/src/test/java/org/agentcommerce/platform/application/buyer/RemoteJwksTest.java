package org.agentcommerce.platform.application.buyer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.testing.MapConfig;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Buyer tokens against a JWKS endpoint on 127.0.0.1 that answers, hangs, fails or rotates. */
class RemoteJwksTest {

  private static final String ISSUER = BuyerTokenVerifierTest.ISSUER;
  private static final String AUDIENCE = BuyerTokenVerifierTest.AUDIENCE;

  private static RsaJsonWebKey current;
  private static RsaJsonWebKey next;

  /** What the endpoint does with the next request. */
  private enum Mode {
    SERVE,
    HANG,
    FAIL,
    HUGE
  }

  private final AtomicReference<Mode> mode = new AtomicReference<>(Mode.SERVE);
  private final AtomicReference<String> document = new AtomicReference<>();
  private final AtomicInteger requests = new AtomicInteger();
  private final CountDownLatch release = new CountDownLatch(1);
  private ServerSocket server;
  private ExecutorService serverThreads;
  private ScheduledExecutorService scheduler;

  @BeforeAll
  static void generateKeys() throws JoseException {
    current = RsaJwkGenerator.generateJwk(2048);
    current.setKeyId("current");
    next = RsaJwkGenerator.generateJwk(2048);
    next.setKeyId("next");
  }

  /**
   * A minimal HTTP/1.1 endpoint on 127.0.0.1 (java.base only): one request per connection, answered
   * as {@link #mode} says.
   */
  @BeforeEach
  void startEndpoint() throws IOException {
    document.set(jwks(current));
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    serverThreads = Executors.newCachedThreadPool();
    serverThreads.execute(
        () -> {
          while (!server.isClosed()) {
            try {
              Socket connection = server.accept();
              serverThreads.execute(() -> answer(connection));
            } catch (IOException closed) {
              return;
            }
          }
        });
    scheduler = Executors.newScheduledThreadPool(2);
  }

  private void answer(Socket connection) {
    try (connection) {
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(connection.getInputStream(), StandardCharsets.US_ASCII));
      for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
        // request line and headers: read and ignored
      }
      requests.incrementAndGet();
      OutputStream out = connection.getOutputStream();
      switch (mode.get()) {
        case HANG -> release.await(30, TimeUnit.SECONDS);
        case FAIL -> out.write(head(500, 0));
        case HUGE -> {
          out.write(head(200, 32 * 64 * 1024));
          for (int i = 0; i < 32; i++) {
            out.write(new byte[64 * 1024]);
          }
        }
        case SERVE -> {
          byte[] body = document.get().getBytes(StandardCharsets.UTF_8);
          out.write(head(200, body.length));
          out.write(body);
        }
      }
      out.flush();
    } catch (IOException clientGaveUp) {
      // the verifier stopped waiting
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static byte[] head(int status, int length) {
    return ("HTTP/1.1 "
            + status
            + " X\r\nContent-Type: application/json\r\nContent-Length: "
            + length
            + "\r\nConnection: close\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  @AfterEach
  void stopEndpoint() throws IOException {
    release.countDown();
    scheduler.shutdownNow();
    server.close();
    serverThreads.shutdownNow();
  }

  private static String jwks(RsaJsonWebKey... keys) {
    return new JsonWebKeySet(keys).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY);
  }

  private String location() {
    return "http://127.0.0.1:" + server.getLocalPort() + "/jwks.json";
  }

  private MapConfig config() {
    return MapConfig.of(
        "mp.jwt.verify.publickey.location", location(),
        "mp.jwt.verify.issuer", ISSUER,
        "mp.jwt.verify.audiences", AUDIENCE,
        "ac.buyer-token.jwks.allow-http-loopback", "true",
        "ac.buyer-token.jwks.connect-timeout", "PT0.5S",
        "ac.buyer-token.jwks.read-timeout", "PT0.5S",
        "ac.buyer-token.jwks.min-refetch-interval", "PT60S");
  }

  private BuyerTokenVerifier started(MapConfig config) {
    BuyerTokenVerifier verifier = BuyerTokenVerifierTest.verifier(config);
    verifier.start(scheduler);
    return verifier;
  }

  private static String token(RsaJsonWebKey signer, String kid) {
    return BuyerTokenVerifierTest.sign(
        BuyerTokenVerifierTest.claims(c -> {}), signer, AlgorithmIdentifiers.RSA_USING_SHA256, kid);
  }

  private static String code(BuyerTokenVerifier verifier, String token) {
    ApiException e = assertThrows(ApiException.class, () -> verifier.verify(token));
    return e.code();
  }

  private static void awaitAccepted(BuyerTokenVerifier verifier, String token)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (true) {
      try {
        verifier.verify(token);
        return;
      } catch (ApiException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(50);
      }
    }
  }

  // --- the request path never waits on a slow endpoint ------------------------------------------

  @Test
  void unknownKeysAreRefusedAtOnceWhileTheEndpointHangsAndCauseOneFetchAtMost() throws Exception {
    BuyerTokenVerifier verifier = started(config());
    awaitAccepted(verifier, token(current, "current"));
    assertEquals(1, requests.get(), "the first load");
    mode.set(Mode.HANG);

    List<String> forged = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      forged.add(token(next, "unknown-" + i));
    }
    ExecutorService agents = Executors.newFixedThreadPool(8);
    List<Future<String>> answers = new ArrayList<>();
    long t0 = System.nanoTime();
    for (String token : forged) {
      answers.add(agents.submit(() -> code(verifier, token)));
    }
    for (Future<String> answer : answers) {
      assertEquals("BUYER_TOKEN_KEY_UNKNOWN", answer.get(5, TimeUnit.SECONDS));
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    agents.shutdownNow();

    assertTrue(millis < 1000, "40 unknown-kid tokens answered in " + millis + " ms");
    assertEquals(1, requests.get(), "no refetch within the minimum interval");
    assertEquals("buyer-123", verifier.verify(token(current, "current")).getSubject());
  }

  @Test
  void unknownKeyRefetchesAreRateLimitedEvenWhenEachOneHangs() throws Exception {
    BuyerTokenVerifier verifier =
        started(config().with("ac.buyer-token.jwks.min-refetch-interval", "PT0.3S"));
    awaitAccepted(verifier, token(current, "current"));
    mode.set(Mode.HANG);

    long t0 = System.nanoTime();
    int sent = 0;
    while (System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(1500)) {
      assertEquals("BUYER_TOKEN_KEY_UNKNOWN", code(verifier, token(next, "unknown-" + sent)));
      sent++;
    }

    // One fetch at a time, and a new one only when the last ended and began 0.3 s ago: a fetch
    // ends after at most 1 s here, so 1.5 s allow the first load and two more.
    assertTrue(sent > 20, "sent " + sent);
    assertTrue(verifier.jwksFetches() <= 3, verifier.jwksFetches() + " fetches for " + sent);
    assertTrue(requests.get() <= 3, requests.get() + " requests for " + sent + " tokens");
  }

  @Test
  void firstLoadAgainstAHangingEndpointAnswersWithinOneFetchTimeout() {
    mode.set(Mode.HANG);
    BuyerTokenVerifier verifier = started(config());

    long t0 = System.nanoTime();
    ApiException first =
        assertThrows(ApiException.class, () -> verifier.verify(token(current, "current")));
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

    assertEquals(503, first.status());
    assertEquals("BUYER_TOKEN_KEYS_UNAVAILABLE", first.code());
    assertEquals("5", first.headers().get("Retry-After"));
    assertTrue(millis < 2000, "answered in " + millis + " ms");
    for (int i = 0; i < 20; i++) {
      assertEquals("BUYER_TOKEN_KEYS_UNAVAILABLE", code(verifier, token(current, "current")));
    }
    assertEquals(1, verifier.jwksFetches(), "a failed first load is not retried per request");
  }

  // --- refreshing
  // ---------------------------------------------------------------------------------

  @Test
  void unknownKeyTriggersOneBackgroundRefetchThatFindsARotatedKey() throws Exception {
    BuyerTokenVerifier verifier =
        started(config().with("ac.buyer-token.jwks.min-refetch-interval", "PT0S"));
    awaitAccepted(verifier, token(current, "current"));
    document.set(jwks(current, next));

    assertEquals("BUYER_TOKEN_KEY_UNKNOWN", code(verifier, token(next, "next")));
    awaitAccepted(verifier, token(next, "next"));

    assertEquals(2, requests.get());
  }

  @Test
  void scheduledRefreshPicksUpNewKeys() throws Exception {
    BuyerTokenVerifier verifier =
        started(config().with("ac.buyer-token.jwks.refresh-interval", "PT0.2S"));
    awaitAccepted(verifier, token(current, "current"));
    document.set(jwks(next));

    awaitAccepted(verifier, token(next, "next"));
    assertTrue(requests.get() >= 2);
  }

  @Test
  void failingRefreshKeepsTheKeysItHas() throws Exception {
    BuyerTokenVerifier verifier =
        started(config().with("ac.buyer-token.jwks.refresh-interval", "PT0.1S"));
    awaitAccepted(verifier, token(current, "current"));
    mode.set(Mode.FAIL);
    int before = requests.get();
    while (requests.get() < before + 3) {
      Thread.sleep(20);
    }

    assertEquals("buyer-123", verifier.verify(token(current, "current")).getSubject());
  }

  @Test
  void oversizedKeySetIsNotLoaded() {
    mode.set(Mode.HUGE);
    BuyerTokenVerifier verifier = started(config());

    assertEquals("BUYER_TOKEN_KEYS_UNAVAILABLE", code(verifier, token(current, "current")));
  }

  // --- where keys may come from
  // -------------------------------------------------------------------

  @Test
  void onlyHttpsOrAllowedLoopbackHttpLocationsAreUsed() {
    assertEquals(
        URI.create("https://issuer.example/jwks"),
        RemoteJwks.checkedLocation("https://issuer.example/jwks", false));
    for (String loopback :
        List.of("http://127.0.0.1:8/j", "http://localhost:8/j", "http://[::1]:8/j")) {
      assertEquals(URI.create(loopback), RemoteJwks.checkedLocation(loopback, true));
      assertThrows(
          IllegalArgumentException.class, () -> RemoteJwks.checkedLocation(loopback, false));
    }
    for (String refused :
        List.of("http://issuer.example/j", "http://10.0.0.1/j", "ftp://issuer.example/j")) {
      assertThrows(IllegalArgumentException.class, () -> RemoteJwks.checkedLocation(refused, true));
    }
  }

  @Test
  void waitsForNoFetchWhenKeysAreLoaded() {
    RemoteJwks jwks =
        new RemoteJwks(
            URI.create(location()),
            new RemoteJwks.Settings(
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                Duration.ofMinutes(10),
                Duration.ofMinutes(1)),
            location -> document.get(),
            Runnable::run);

    assertEquals(List.of("current"), jwks.keys().stream().map(JsonWebKey::getKeyId).toList());
    assertEquals(1, jwks.fetches());
    jwks.keys();
    assertEquals(1, jwks.fetches());
  }
}
