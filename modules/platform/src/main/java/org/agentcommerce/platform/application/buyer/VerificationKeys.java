package org.agentcommerce.platform.application.buyer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Supplier;
import org.jose4j.jwk.EllipticCurveJsonWebKey;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.keys.EllipticCurves;
import org.jose4j.keys.resolvers.VerificationKeyResolver;
import org.jose4j.lang.JoseException;
import org.jose4j.lang.UnresolvableKeyException;

/**
 * Reads buyer-token verification keys the MicroProfile JWT ways: a PEM public key, a JWK, a JWK
 * set, or bare base64 DER, given inline or read from a file or the classpath ({@code https}
 * locations are JWKS endpoints, kept by {@link RemoteJwks}), and picks the one a token names.
 */
public final class VerificationKeys {

  private VerificationKeys() {}

  /** Whether a location is a JWKS endpoint to fetch rather than a document to read once. */
  public static boolean isRemote(String location) {
    return location.startsWith("http://") || location.startsWith("https://");
  }

  /** The text of a local location: {@code classpath:x}, {@code file:x} or a path. */
  public static String read(String location) throws IOException {
    if (location.startsWith("classpath:")) {
      String resource = location.substring("classpath:".length()).replaceFirst("^/", "");
      try (InputStream in =
          Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
        if (in == null) {
          throw new IOException("no classpath resource " + resource);
        }
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    }
    String path = location.startsWith("file:") ? location.substring("file:".length()) : location;
    return Files.readString(Path.of(path), StandardCharsets.UTF_8);
  }

  /** The public keys in a PEM, JWK, JWKS or base64 DER document. */
  public static List<JsonWebKey> parse(String material) throws JoseException {
    String text = material.trim();
    List<JsonWebKey> keys = new ArrayList<>();
    if (text.startsWith("{")) {
      if (text.contains("\"keys\"")) {
        keys.addAll(new JsonWebKeySet(text).getJsonWebKeys());
      } else {
        keys.add(JsonWebKey.Factory.newJwk(text));
      }
    } else {
      keys.add(PublicJsonWebKey.Factory.newPublicJwk(publicKeyFromPem(text)));
    }
    for (JsonWebKey key : keys) {
      if (!(key instanceof PublicJsonWebKey)) {
        throw new JoseException("only asymmetric (RSA or EC) public keys verify buyer tokens");
      }
    }
    return keys;
  }

  /** A resolver over a fixed list of keys. */
  public static VerificationKeyResolver resolver(List<JsonWebKey> keys) {
    List<JsonWebKey> all = List.copyOf(keys);
    return resolver(() -> all, () -> {});
  }

  /**
   * Picks the key for a token from the keys {@code keys} supplies at that moment: among the keys
   * that can check the token's algorithm (RSA for RS and PS, EC on the matching curve for ES, not
   * marked for encryption or for another algorithm), the one whose {@code kid} matches, or, for
   * keys configured without a {@code kid} (a PEM has none), any whose signature verifies. A token's
   * {@code kid} must not make a configured key unusable. When no listed key can be the signer,
   * {@code onUnknownKey} runs (a remote key set may refetch) and the key is unknown.
   */
  public static VerificationKeyResolver resolver(
      Supplier<List<JsonWebKey>> keys, Runnable onUnknownKey) {
    return (jws, nestingContext) -> {
      String kid = jws.getKeyIdHeaderValue();
      String alg = jws.getAlgorithmHeaderValue();
      List<JsonWebKey> candidates =
          keys.get().stream()
              .filter(k -> kid == null || k.getKeyId() == null || kid.equals(k.getKeyId()))
              .filter(k -> canVerify(k, alg))
              .toList();
      if (candidates.isEmpty()) {
        onUnknownKey.run();
        throw new UnresolvableKeyException(
            "no listed key " + (kid == null ? "" : "with kid " + kid + " ") + "verifies " + alg);
      }
      if (candidates.size() > 1) {
        for (JsonWebKey candidate : candidates) {
          try {
            jws.setKey(candidate.getKey());
            if (jws.verifySignature()) {
              return candidate.getKey();
            }
          } catch (JoseException notThisOne) {
            // a key that cannot check this signature: try the next
          }
        }
      }
      // One candidate, or none of several verifies: the signature is what is wrong.
      return candidates.get(0).getKey();
    };
  }

  /** Whether {@code key} can check a signature made with {@code alg}. */
  static boolean canVerify(JsonWebKey key, String alg) {
    if (alg == null
        || "enc".equals(key.getUse())
        || (key.getAlgorithm() != null && !key.getAlgorithm().equals(alg))) {
      return false;
    }
    if (alg.startsWith("RS") || alg.startsWith("PS")) {
      return key instanceof RsaJsonWebKey;
    }
    String curve =
        switch (alg) {
          case "ES256" -> EllipticCurves.P_256;
          case "ES384" -> EllipticCurves.P_384;
          case "ES512" -> EllipticCurves.P_521;
          default -> null;
        };
    return curve != null
        && key instanceof EllipticCurveJsonWebKey ec
        && curve.equals(ec.getCurveName());
  }

  private static PublicKey publicKeyFromPem(String pem) throws JoseException {
    String base64 =
        pem.replaceAll("-----BEGIN [A-Z ]+-----", "")
            .replaceAll("-----END [A-Z ]+-----", "")
            .replaceAll("\\s", "");
    byte[] der;
    try {
      der = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new JoseException("the key is neither PEM, JWK nor JWKS");
    }
    for (String algorithm : List.of("RSA", "EC")) {
      try {
        return KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(der));
      } catch (Exception ignored) {
        // try the next algorithm
      }
    }
    throw new JoseException("the PEM does not hold an RSA or EC public key");
  }
}
