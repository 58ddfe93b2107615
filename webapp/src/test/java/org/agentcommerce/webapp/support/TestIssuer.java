package org.agentcommerce.webapp.support;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jose4j.jwk.EcJwkGenerator;
import org.jose4j.jwk.EllipticCurveJsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.EllipticCurves;
import org.jose4j.keys.HmacKey;
import org.jose4j.lang.JoseException;

/**
 * A buyer-token issuer for the tests: an RSA key pair whose public half is served as a JWKS on
 * 127.0.0.1 over http (the servers under test allow that with {@code
 * ac.buyer-token.jwks.allow-http-loopback}), which they are configured to trust. Also forges the
 * tokens an attacker would try, counts the JWKS requests, and can make the endpoint hang.
 */
public final class TestIssuer {

  public static final String ISSUER = "https://issuer.test.agentcommerce";
  public static final String AUDIENCE = "agent-commerce";

  private static RsaJsonWebKey key;
  private static RsaJsonWebKey stranger;
  private static EllipticCurveJsonWebKey foreignEc;
  private static HttpServer server;
  private static final AtomicInteger JWKS_REQUESTS = new AtomicInteger();
  private static final Object HANG = new Object();
  private static boolean hanging;

  private TestIssuer() {}

  /** Starts the JWKS endpoint; returns its URL. */
  static synchronized String start() {
    try {
      key = RsaJwkGenerator.generateJwk(2048);
      key.setKeyId("test-key-1");
      stranger = RsaJwkGenerator.generateJwk(2048);
      stranger.setKeyId("test-key-1");
      foreignEc = EcJwkGenerator.generateJwk(EllipticCurves.P256);
      byte[] jwks = new JsonWebKeySet(key).toJson().getBytes(StandardCharsets.UTF_8);
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext(
          "/jwks.json",
          exchange -> {
            JWKS_REQUESTS.incrementAndGet();
            awaitNotHanging();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, jwks.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(jwks);
            }
          });
      server.setExecutor(Executors.newCachedThreadPool(TestIssuer::daemon));
      server.start();
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks.json";
    } catch (IOException | JoseException e) {
      throw new IllegalStateException("Cannot start the test issuer", e);
    }
  }

  private static Thread daemon(Runnable task) {
    Thread thread = new Thread(task, "test-issuer");
    thread.setDaemon(true);
    return thread;
  }

  private static void awaitNotHanging() {
    synchronized (HANG) {
      long deadline = System.currentTimeMillis() + 60_000;
      while (hanging && System.currentTimeMillis() < deadline) {
        try {
          HANG.wait(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /** While on, the JWKS endpoint accepts requests and answers none (at most a minute each). */
  public static void hangJwks(boolean on) {
    synchronized (HANG) {
      hanging = on;
      HANG.notifyAll();
    }
  }

  /** How many requests the JWKS endpoint has received. */
  public static int jwksRequests() {
    return JWKS_REQUESTS.get();
  }

  static synchronized void stop() {
    hangJwks(false);
    if (server != null) {
      server.stop(0);
      server = null;
    }
  }

  /** A valid token for {@code subject}. */
  public static String token(String subject) {
    return token(subject, claims -> {});
  }

  /** A token for {@code subject} with claims changed by {@code change}, signed by our key. */
  public static String token(String subject, Consumer<JwtClaims> change) {
    return sign(claims(subject, change), key, AlgorithmIdentifiers.RSA_USING_SHA256);
  }

  /** Correct claims, signed by a key the issuer does not publish (same kid). */
  public static String tokenSignedByStranger(String subject) {
    return sign(claims(subject, c -> {}), stranger, AlgorithmIdentifiers.RSA_USING_SHA256);
  }

  /** Correct claims, signed by a key the issuer does not publish, naming {@code kid}. */
  public static String tokenWithUnknownKeyId(String subject, String kid) {
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims(subject, c -> {}).toJson());
    jws.setKey(stranger.getPrivateKey());
    jws.setKeyIdHeaderValue(kid);
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
    return serialize(jws);
  }

  /** Correct claims, ES256-signed by a foreign EC key, naming {@code kid} (null: none). */
  public static String es256Foreign(String subject, String kid) {
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims(subject, c -> {}).toJson());
    jws.setKey(foreignEc.getPrivateKey());
    if (kid != null) {
      jws.setKeyIdHeaderValue(kid);
    }
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256);
    return serialize(jws);
  }

  private static String serialize(JsonWebSignature jws) {
    try {
      return jws.getCompactSerialization();
    } catch (JoseException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code alg: none}, no signature. */
  public static String unsignedToken(String subject) {
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String header =
        b64.encodeToString("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
    String payload =
        b64.encodeToString(claims(subject, c -> {}).toJson().getBytes(StandardCharsets.UTF_8));
    return header + "." + payload + ".";
  }

  /** The key-confusion attack: HS256 with the issuer's public key as the HMAC secret. */
  public static String hs256WithPublicKey(String subject) {
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims(subject, c -> {}).toJson());
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.HMAC_SHA256);
    jws.setKeyIdHeaderValue(key.getKeyId());
    jws.setKey(new HmacKey(key.getPublicKey().getEncoded()));
    jws.setDoKeyValidation(false);
    return serialize(jws);
  }

  private static JwtClaims claims(String subject, Consumer<JwtClaims> change) {
    JwtClaims claims = new JwtClaims();
    long now = Instant.now().getEpochSecond();
    claims.setIssuer(ISSUER);
    claims.setAudience(List.of(AUDIENCE));
    claims.setSubject(subject);
    claims.setIssuedAt(NumericDate.fromSeconds(now));
    claims.setNotBefore(NumericDate.fromSeconds(now - 5));
    claims.setExpirationTime(NumericDate.fromSeconds(now + 600));
    claims.setClaim("email", subject + "@buyers.test");
    change.accept(claims);
    return claims;
  }

  private static String sign(JwtClaims claims, RsaJsonWebKey signer, String alg) {
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims.toJson());
    jws.setKey(signer.getPrivateKey());
    jws.setKeyIdHeaderValue(signer.getKeyId());
    jws.setAlgorithmHeaderValue(alg);
    return serialize(jws);
  }
}
