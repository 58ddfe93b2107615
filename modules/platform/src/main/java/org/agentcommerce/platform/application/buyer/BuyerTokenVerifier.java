package org.agentcommerce.platform.application.buyer;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ScheduledExecutorService;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.SchemaReady;
import org.eclipse.microprofile.config.Config;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.VerificationKeyResolver;
import org.jose4j.lang.JoseException;
import org.jose4j.lang.UnresolvableKeyException;

/**
 * Verifies {@code X-Agent-User-JWT} buyer tokens with the MicroProfile JWT configuration keys:
 * {@code mp.jwt.verify.publickey} or {@code mp.jwt.verify.publickey.location} (PEM, JWK, JWKS, or
 * an https JWKS URL kept by {@link RemoteJwks}), {@code mp.jwt.verify.issuer} and {@code
 * mp.jwt.verify.audiences} (both required with a key), {@code mp.jwt.verify.publickey.algorithm}
 * and {@code mp.jwt.verify.clock.skew}, plus {@code ac.buyer-token.max-lifetime}. Only asymmetric
 * signatures are accepted; every way a token can be wrong has its own error code. The configuration
 * is checked when the application starts: an incomplete one fails the deployment.
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
  @Inject Clock clock;

  @Resource ManagedScheduledExecutorService scheduler;

  private volatile Verification verification;

  /** What a token is checked against, settled once from the configuration. */
  private record Verification(
      JwtConsumer consumer,
      Set<String> algorithms,
      String issuer,
      Set<String> audiences,
      long skewSeconds,
      Duration maxLifetime,
      RemoteJwks jwks) {}

  /** The configuration is wrong: the application must not start with it. */
  static final class ConfigurationException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    ConfigurationException(String message) {
      super(message);
    }
  }

  void onSchemaReady(@Observes SchemaReady ready) {
    start(scheduler);
  }

  /**
   * Checks the configuration and, with a JWKS endpoint, starts loading and refreshing its keys on
   * {@code executor}. A configuration that cannot verify tokens as required (a key without issuer
   * or audience, an unreadable key, a plain-http JWKS URL) is logged and thrown, failing the
   * deployment; no issuer at all is only logged (buyer tokens are then unverifiable).
   */
  void start(ScheduledExecutorService executor) {
    Verification v;
    try {
      v = verification(executor);
    } catch (ConfigurationException e) {
      LOG.severe("Buyer tokens cannot be verified; not starting: " + e.getMessage());
      throw e;
    } catch (ApiException unverifiable) {
      LOG.info("Buyer tokens cannot be verified: " + unverifiable.getMessage());
      return;
    }
    if (v.jwks() != null) {
      v.jwks().start(executor);
    }
  }

  @PreDestroy
  void stop() {
    Verification v = verification;
    if (v != null && v.jwks() != null) {
      v.jwks().stop();
    }
  }

  /** The verified token, or a 401 naming exactly what is wrong with it. */
  public VerifiedBuyerToken verify(String raw) {
    JsonObject header = header(raw);
    String alg = header.get("alg") instanceof JsonString s ? s.getString() : null;
    if (alg == null || alg.equalsIgnoreCase("none") || raw.endsWith(".")) {
      throw reject("BUYER_TOKEN_UNSIGNED", "The buyer token is not signed (alg none).");
    }
    Verification v;
    try {
      v = verification(ForkJoinPool.commonPool());
    } catch (ConfigurationException e) {
      throw reject(
          "BUYER_TOKEN_UNVERIFIABLE", "This server's buyer-token issuer is misconfigured.");
    }
    if (!v.algorithms().contains(alg)) {
      throw reject(
          "BUYER_TOKEN_ALGORITHM_REJECTED",
          "The buyer token is signed with "
              + alg
              + "; only asymmetric signatures ("
              + String.join(", ", v.algorithms().stream().sorted().toList())
              + ") are accepted.");
    }
    JwtClaims claims;
    try {
      claims = v.consumer().processToClaims(raw);
    } catch (InvalidJwtException e) {
      throw translate(e);
    } catch (RemoteJwks.KeysUnavailableException e) {
      throw keysUnavailable();
    }
    checkClaims(claims, v);
    return new VerifiedBuyerToken(raw, claims);
  }

  /** Whether any verification key is configured (or the development issuer stands in). */
  public boolean isConfigured() {
    return configuredKey().isPresent() || devIssuer.isEnabled();
  }

  /** Outbound JWKS fetches so far (0 without a JWKS endpoint). */
  int jwksFetches() {
    Verification v = verification;
    return v == null || v.jwks() == null ? 0 : v.jwks().fetches();
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

  private Verification verification(Executor executor) {
    Verification v = verification;
    if (v == null) {
      synchronized (this) {
        if (verification == null) {
          verification = build(executor);
        }
        v = verification;
      }
    }
    return v;
  }

  private Optional<String> configuredKey() {
    return setting("mp.jwt.verify.publickey").or(() -> setting("mp.jwt.verify.publickey.location"));
  }

  private Optional<String> setting(String key) {
    return config.getOptionalValue(key, String.class).filter(s -> !s.isBlank());
  }

  private Verification build(Executor executor) {
    Optional<String> inline = setting("mp.jwt.verify.publickey");
    Optional<String> location = setting("mp.jwt.verify.publickey.location");
    Optional<String> issuer = setting("mp.jwt.verify.issuer");
    Optional<String> audiences = setting("mp.jwt.verify.audiences");
    VerificationKeyResolver resolver;
    RemoteJwks jwks = null;
    if (inline.isPresent() || location.isPresent()) {
      if (issuer.isEmpty()) {
        throw new ConfigurationException(
            "mp.jwt.verify.issuer is not set: tokens of any issuer would be accepted");
      }
      if (audiences.isEmpty()) {
        throw new ConfigurationException(
            "mp.jwt.verify.audiences is not set: tokens meant for any service would be accepted");
      }
    }
    try {
      if (inline.isPresent()) {
        resolver = VerificationKeys.resolver(VerificationKeys.parse(inline.get()));
      } else if (location.isPresent() && VerificationKeys.isRemote(location.get())) {
        jwks = RemoteJwks.overHttp(jwksLocation(location.get()), jwksSettings(), executor);
        RemoteJwks remote = jwks;
        resolver = VerificationKeys.resolver(remote::keys, remote::refetch);
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
      throw new ConfigurationException(
          "the key in mp.jwt.verify.publickey"
              + (inline.isPresent() ? "" : ".location")
              + " cannot be loaded: "
              + e.getMessage());
    }
    Set<String> algorithms =
        setting("mp.jwt.verify.publickey.algorithm").map(a -> Set.of(a.trim())).orElse(ASYMMETRIC);
    if (!ASYMMETRIC.containsAll(algorithms)) {
      throw new ConfigurationException(
          "mp.jwt.verify.publickey.algorithm must be one of " + ASYMMETRIC);
    }
    long skew = config.getOptionalValue("mp.jwt.verify.clock.skew", Integer.class).orElse(60);
    Duration maxLifetime = duration("ac.buyer-token.max-lifetime", "PT24H");
    JwtConsumer consumer =
        new JwtConsumerBuilder()
            .setSkipAllValidators() // the claims are judged by checkClaims, each with its own code
            .setVerificationKeyResolver(resolver)
            .setJwsAlgorithmConstraints(
                AlgorithmConstraints.ConstraintType.PERMIT, algorithms.toArray(String[]::new))
            .build();
    Set<String> expectedAudiences =
        Arrays.stream(audiences.orElseThrow().split(","))
            .map(String::trim)
            .filter(s -> !s.isEmpty())
            .collect(Collectors.toUnmodifiableSet());
    return new Verification(
        consumer, algorithms, issuer.orElseThrow(), expectedAudiences, skew, maxLifetime, jwks);
  }

  private URI jwksLocation(String location) {
    boolean allowHttpLoopback =
        config
            .getOptionalValue("ac.buyer-token.jwks.allow-http-loopback", Boolean.class)
            .orElse(false);
    try {
      return RemoteJwks.checkedLocation(location, allowHttpLoopback);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(e.getMessage());
    }
  }

  private RemoteJwks.Settings jwksSettings() {
    return new RemoteJwks.Settings(
        duration("ac.buyer-token.jwks.connect-timeout", "PT2S"),
        duration("ac.buyer-token.jwks.read-timeout", "PT3S"),
        duration("ac.buyer-token.jwks.refresh-interval", "PT10M"),
        duration("ac.buyer-token.jwks.min-refetch-interval", "PT30S"));
  }

  private Duration duration(String key, String fallback) {
    Duration value =
        config.getOptionalValue(key, Duration.class).orElseGet(() -> Duration.parse(fallback));
    if (value.isNegative()) {
      throw new ConfigurationException(key + " must not be negative");
    }
    return value;
  }

  /**
   * The claims of a token whose signature verified, in this order: issuer, audience, the required
   * {@code exp} and non-blank {@code sub}, expiry, not-before, issued-at and lifetime. Times allow
   * the configured skew; the lifetime is {@code exp - iat}, or {@code exp - now} without {@code
   * iat}.
   */
  private void checkClaims(JwtClaims claims, Verification v) {
    try {
      if (!v.issuer().equals(claims.getIssuer())) {
        throw reject(
            "BUYER_TOKEN_ISSUER_INVALID", "The buyer token was issued by an unknown issuer.");
      }
      List<String> audience = claims.getAudience();
      if (audience == null || audience.stream().noneMatch(v.audiences()::contains)) {
        throw reject(
            "BUYER_TOKEN_AUDIENCE_INVALID", "The buyer token is not meant for this service (aud).");
      }
      NumericDate exp = claims.getExpirationTime();
      if (exp == null || !(claims.getClaimValue("sub") instanceof String sub) || sub.isBlank()) {
        throw reject(
            "BUYER_TOKEN_CLAIMS_MISSING",
            "The buyer token needs an exp and a non-blank sub claim.");
      }
      long now = clock.instant().getEpochSecond();
      if (now - v.skewSeconds() >= exp.getValue()) {
        throw reject("BUYER_TOKEN_EXPIRED", "The buyer token has expired.");
      }
      NumericDate nbf = claims.getNotBefore();
      if (nbf != null && nbf.getValue() > now + v.skewSeconds()) {
        throw reject("BUYER_TOKEN_NOT_YET_VALID", "The buyer token is not valid yet (nbf).");
      }
      NumericDate iat = claims.getIssuedAt();
      if (iat != null && iat.getValue() > now + v.skewSeconds()) {
        throw reject(
            "BUYER_TOKEN_ISSUED_IN_FUTURE",
            "The buyer token says it was issued in the future (iat).");
      }
      long lifetime = exp.getValue() - (iat != null ? iat.getValue() : now);
      if (lifetime > v.maxLifetime().toSeconds()) {
        throw reject(
            "BUYER_TOKEN_LIFETIME_TOO_LONG",
            "The buyer token is valid for longer than this service accepts ("
                + v.maxLifetime().toSeconds()
                + " s).");
      }
    } catch (MalformedClaimException e) {
      throw reject("BUYER_TOKEN_INVALID", "The buyer token has a malformed claim.");
    }
  }

  private static ApiException translate(InvalidJwtException e) {
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t instanceof RemoteJwks.KeysUnavailableException) {
        return keysUnavailable();
      }
      if (t instanceof UnresolvableKeyException) {
        return reject(
            "BUYER_TOKEN_KEY_UNKNOWN",
            "The buyer token is signed with a key the issuer does not list.");
      }
    }
    if (e.hasErrorCode(ErrorCodes.SIGNATURE_INVALID)) {
      return reject(
          "BUYER_TOKEN_SIGNATURE_INVALID", "The buyer token's signature does not verify.");
    }
    return reject("BUYER_TOKEN_INVALID", "The buyer token is not valid.");
  }

  /** Not the token's fault: the node has no keys to judge it with yet. */
  private static ApiException keysUnavailable() {
    return new ApiException(
        503,
        "BUYER_TOKEN_KEYS_UNAVAILABLE",
        "The buyer-token issuer's keys could not be loaded yet; retry shortly.",
        Map.of(),
        Map.of("Retry-After", "5"));
  }

  static ApiException reject(String code, String message) {
    return new ApiException(401, code, message);
  }
}
