package org.agentcommerce.platform.application.buyer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.config.Config;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwk.HttpsJwks;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.HttpsJwksVerificationKeyResolver;
import org.jose4j.keys.resolvers.VerificationKeyResolver;
import org.jose4j.lang.JoseException;
import org.jose4j.lang.UnresolvableKeyException;

/**
 * Verifies {@code X-Agent-User-JWT} buyer tokens with the MicroProfile JWT configuration keys:
 * {@code mp.jwt.verify.publickey} or {@code mp.jwt.verify.publickey.location} (PEM, JWK, JWKS, or a
 * JWKS URL), {@code mp.jwt.verify.issuer}, {@code mp.jwt.verify.audiences}, {@code
 * mp.jwt.verify.publickey.algorithm} and {@code mp.jwt.verify.clock.skew}. Only asymmetric
 * signatures are accepted; every way a token can be wrong has its own error code.
 */
@ApplicationScoped
public class BuyerTokenVerifier {

  private static final jakarta.json.spi.JsonProvider JSON =
      org.agentcommerce.platform.api.Jsonp.PROVIDER;

  private static final Logger LOG = Logger.getLogger(BuyerTokenVerifier.class.getName());

  static final Set<String> ASYMMETRIC =
      Set.of("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512");

  @Inject Config config;
  @Inject DevBuyerIssuer devIssuer;

  private volatile Verification verification;

  private record Verification(JwtConsumer consumer, Set<String> algorithms) {}

  /** The verified token, or a 401 naming exactly what is wrong with it. */
  public VerifiedBuyerToken verify(String raw) {
    JsonObject header = header(raw);
    String alg = header.get("alg") instanceof JsonString s ? s.getString() : null;
    if (alg == null || alg.equalsIgnoreCase("none") || raw.endsWith(".")) {
      throw reject("BUYER_TOKEN_UNSIGNED", "The buyer token is not signed (alg none).");
    }
    Verification v = verification();
    if (!v.algorithms().contains(alg)) {
      throw reject(
          "BUYER_TOKEN_ALGORITHM_REJECTED",
          "The buyer token is signed with "
              + alg
              + "; only asymmetric signatures ("
              + String.join(", ", v.algorithms().stream().sorted().toList())
              + ") are accepted.");
    }
    try {
      return new VerifiedBuyerToken(raw, v.consumer().processToClaims(raw));
    } catch (InvalidJwtException e) {
      throw translate(e);
    }
  }

  /** Whether any verification key is configured (or the development issuer stands in). */
  public boolean isConfigured() {
    return configuredKey().isPresent() || devIssuer.isEnabled();
  }

  private static JsonObject header(String raw) {
    String[] parts = raw.split("\\.", -1);
    if (parts.length != 3) {
      throw reject(
          "BUYER_TOKEN_MALFORMED",
          "The buyer token is not a signed JWT (expected three dot-separated parts).");
    }
    try {
      String json = new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8);
      try (var reader = JSON.createReader(new StringReader(json))) {
        return reader.readObject();
      }
    } catch (RuntimeException e) {
      throw reject("BUYER_TOKEN_MALFORMED", "The buyer token's header is not base64url JSON.");
    }
  }

  private Verification verification() {
    Verification v = verification;
    if (v == null) {
      synchronized (this) {
        if (verification == null) {
          verification = build();
        }
        v = verification;
      }
    }
    return v;
  }

  private Optional<String> configuredKey() {
    return config
        .getOptionalValue("mp.jwt.verify.publickey", String.class)
        .or(() -> config.getOptionalValue("mp.jwt.verify.publickey.location", String.class));
  }

  private Verification build() {
    Optional<String> inline = config.getOptionalValue("mp.jwt.verify.publickey", String.class);
    Optional<String> location =
        config.getOptionalValue("mp.jwt.verify.publickey.location", String.class);
    Optional<String> issuer = config.getOptionalValue("mp.jwt.verify.issuer", String.class);
    Optional<String> audiences = config.getOptionalValue("mp.jwt.verify.audiences", String.class);
    VerificationKeyResolver resolver;
    try {
      if (inline.isPresent()) {
        resolver = VerificationKeys.resolver(VerificationKeys.parse(inline.get()));
      } else if (location.isPresent() && VerificationKeys.isRemote(location.get())) {
        resolver = new HttpsJwksVerificationKeyResolver(new HttpsJwks(location.get()));
      } else if (location.isPresent()) {
        resolver =
            VerificationKeys.resolver(
                VerificationKeys.parse(VerificationKeys.read(location.get())));
      } else if (devIssuer.isEnabled()) {
        resolver = VerificationKeys.resolver(List.of(devIssuer.publicKey()));
        issuer = Optional.of(DevBuyerIssuer.ISSUER);
        audiences = Optional.of(DevBuyerIssuer.AUDIENCE);
        LOG.warning(
            "Buyer tokens are verified against the development issuer; never in production");
      } else {
        throw reject(
            "BUYER_TOKEN_UNVERIFIABLE",
            "This server has no buyer-token issuer configured (mp.jwt.verify.publickey.location).");
      }
    } catch (JoseException | IOException e) {
      LOG.severe("Buyer-token verification key cannot be loaded: " + e.getMessage());
      throw reject(
          "BUYER_TOKEN_UNVERIFIABLE", "The buyer-token verification key cannot be loaded.");
    }
    Set<String> algorithms =
        config
            .getOptionalValue("mp.jwt.verify.publickey.algorithm", String.class)
            .map(a -> Set.of(a.trim()))
            .orElse(ASYMMETRIC);
    if (!ASYMMETRIC.containsAll(algorithms)) {
      throw new IllegalStateException("mp.jwt.verify.publickey.algorithm must be asymmetric");
    }
    int skew = config.getOptionalValue("mp.jwt.verify.clock.skew", Integer.class).orElse(60);
    JwtConsumerBuilder builder =
        new JwtConsumerBuilder()
            .setRequireExpirationTime()
            .setRequireSubject()
            .setAllowedClockSkewInSeconds(skew)
            .setVerificationKeyResolver(resolver)
            .setJwsAlgorithmConstraints(
                AlgorithmConstraints.ConstraintType.PERMIT, algorithms.toArray(String[]::new));
    if (issuer.isPresent()) {
      builder.setExpectedIssuer(issuer.get());
    }
    if (audiences.isPresent()) {
      builder.setExpectedAudience(
          Arrays.stream(audiences.get().split(","))
              .map(String::trim)
              .filter(s -> !s.isEmpty())
              .toArray(String[]::new));
    } else {
      builder.setSkipDefaultAudienceValidation();
    }
    return new Verification(builder.build(), algorithms);
  }

  private static ApiException translate(InvalidJwtException e) {
    if (e.hasExpired()) {
      return reject("BUYER_TOKEN_EXPIRED", "The buyer token has expired.");
    }
    if (e.hasErrorCode(ErrorCodes.NOT_YET_VALID)) {
      return reject("BUYER_TOKEN_NOT_YET_VALID", "The buyer token is not valid yet (nbf).");
    }
    if (e.hasErrorCode(ErrorCodes.ISSUER_INVALID) || e.hasErrorCode(ErrorCodes.ISSUER_MISSING)) {
      return reject(
          "BUYER_TOKEN_ISSUER_INVALID", "The buyer token was issued by an unknown issuer.");
    }
    if (e.hasErrorCode(ErrorCodes.AUDIENCE_INVALID)
        || e.hasErrorCode(ErrorCodes.AUDIENCE_MISSING)) {
      return reject(
          "BUYER_TOKEN_AUDIENCE_INVALID", "The buyer token is not meant for this service (aud).");
    }
    if (e.hasErrorCode(ErrorCodes.SIGNATURE_INVALID)) {
      return reject(
          "BUYER_TOKEN_SIGNATURE_INVALID", "The buyer token's signature does not verify.");
    }
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t instanceof UnresolvableKeyException) {
        return reject(
            "BUYER_TOKEN_KEY_UNKNOWN",
            "The buyer token is signed with a key the issuer does not list.");
      }
    }
    if (e.hasErrorCode(ErrorCodes.EXPIRATION_MISSING)
        || e.hasErrorCode(ErrorCodes.SUBJECT_MISSING)) {
      return reject("BUYER_TOKEN_CLAIMS_MISSING", "The buyer token needs exp and sub claims.");
    }
    return reject("BUYER_TOKEN_INVALID", "The buyer token is not valid.");
  }

  static ApiException reject(String code, String message) {
    return new ApiException(401, code, message);
  }
}
