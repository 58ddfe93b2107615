package org.agentcommerce.platform.application.buyer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.testing.MapConfig;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwk.EcJwkGenerator;
import org.jose4j.jwk.EllipticCurveJsonWebKey;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.EllipticCurves;
import org.jose4j.keys.HmacKey;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuyerTokenVerifierTest {

  static final String ISSUER = "https://issuer.test.agentcommerce";
  static final String AUDIENCE = "agent-commerce";
  private static final String KID = "test-key-1";

  private static RsaJsonWebKey key;
  private static RsaJsonWebKey stranger;

  @BeforeAll
  static void generateKeys() throws JoseException {
    key = RsaJwkGenerator.generateJwk(2048);
    key.setKeyId(KID);
    stranger = RsaJwkGenerator.generateJwk(2048);
    stranger.setKeyId(KID);
  }

  // --- configuration -------------------------------------------------------------------------

  private static String jwks() {
    return new JsonWebKeySet(key).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY);
  }

  private static MapConfig pemConfig() {
    return MapConfig.of(
        "mp.jwt.verify.publickey", Pem.publicKey(key.getPublicKey()),
        "mp.jwt.verify.issuer", ISSUER,
        "mp.jwt.verify.audiences", AUDIENCE);
  }

  private static MapConfig jwksConfig() {
    return MapConfig.of(
        "mp.jwt.verify.publickey", jwks(),
        "mp.jwt.verify.issuer", ISSUER,
        "mp.jwt.verify.audiences", AUDIENCE);
  }

  /** A verifier on {@code config}, its development issuer on H2 and listening on loopback. */
  static BuyerTokenVerifier verifier(MapConfig config) {
    DevBuyerIssuer devIssuer = new DevBuyerIssuer();
    devIssuer.config = config;
    devIssuer.database = new FixedDatabaseProbe("H2");
    devIssuer.listening = () -> Optional.of(Set.of(InetAddress.getLoopbackAddress()));
    BuyerTokenVerifier verifier = new BuyerTokenVerifier();
    verifier.config = config;
    verifier.devIssuer = devIssuer;
    verifier.clock = Clock.systemUTC();
    return verifier;
  }

  // --- tokens --------------------------------------------------------------------------------

  /** Valid claims for {@link #ISSUER} and {@link #AUDIENCE}, then changed by {@code change}. */
  static JwtClaims claims(Consumer<JwtClaims> change) {
    long now = Instant.now().getEpochSecond();
    JwtClaims claims = new JwtClaims();
    claims.setIssuer(ISSUER);
    claims.setAudience(AUDIENCE);
    claims.setSubject("buyer-123");
    claims.setIssuedAt(NumericDate.fromSeconds(now));
    claims.setNotBefore(NumericDate.fromSeconds(now));
    claims.setExpirationTime(NumericDate.fromSeconds(now + 600));
    claims.setClaim("email", "ada@example.com");
    change.accept(claims);
    return claims;
  }

  private static String token(Consumer<JwtClaims> change) {
    return sign(claims(change), key);
  }

  private static String token() {
    return token(c -> {});
  }

  private static String sign(JwtClaims claims, RsaJsonWebKey signer) {
    return sign(claims, signer, AlgorithmIdentifiers.RSA_USING_SHA256, signer.getKeyId());
  }

  /** A token whose header names no key id, as some issuers send. */
  private static String signWithoutKid(JwtClaims claims, RsaJsonWebKey signer) {
    return sign(claims, signer, AlgorithmIdentifiers.RSA_USING_SHA256, null);
  }

  /** {@code claims} signed with {@code alg} by {@code signer}, naming {@code kid} (null: none). */
  static String sign(JwtClaims claims, PublicJsonWebKey signer, String alg, String kid) {
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims.toJson());
    jws.setKey(signer.getPrivateKey());
    if (kid != null) {
      jws.setKeyIdHeaderValue(kid);
    }
    jws.setAlgorithmHeaderValue(alg);
    try {
      return jws.getCompactSerialization();
    } catch (JoseException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String base64url(String text) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static void assertRejected(String code, BuyerTokenVerifier verifier, String token) {
    ApiException e = assertThrows(ApiException.class, () -> verifier.verify(token));
    assertEquals(401, e.status());
    assertEquals(code, e.code(), e.getMessage());
  }

  // --- valid tokens --------------------------------------------------------------------------

  @Test
  void validRs256TokenVerifiesAgainstAPemKey() {
    JsonWebToken jwt = verifier(pemConfig()).verify(signWithoutKid(claims(c -> {}), key));

    assertEquals("buyer-123", jwt.getSubject());
    assertEquals("buyer-123", jwt.getName());
    assertEquals("ada@example.com", jwt.getClaim("email"));
    assertEquals(ISSUER, jwt.getIssuer());
  }

  @Test
  void tokenWithAKeyIdVerifiesAgainstAPemKeyWhichHasNone() {
    JsonWebToken jwt = verifier(pemConfig()).verify(sign(claims(c -> {}), key));

    assertEquals("buyer-123", jwt.getSubject());
  }

  @Test
  void singleStringAudienceReadsAsASet() {
    JsonWebToken jwt =
        verifier(jwksConfig()).verify(sign(claims(c -> c.setAudience(AUDIENCE)), key));

    assertEquals(java.util.Set.of(AUDIENCE), jwt.getAudience());
  }

  @Test
  void validRs256TokenVerifiesAgainstAJwks() {
    String raw = token();

    JsonWebToken jwt = verifier(jwksConfig()).verify(raw);

    assertEquals("buyer-123", jwt.getSubject());
    assertEquals("ada@example.com", jwt.getClaim("email"));
    assertEquals(raw, jwt.getRawToken());
    assertTrue(jwt.getClaimNames().contains("raw_token"));
    assertTrue(jwt.getExpirationTime() > Instant.now().getEpochSecond());
  }

  @Test
  void namePrefersPreferredUsernameOverSubject() {
    JsonWebToken jwt =
        verifier(jwksConfig()).verify(token(c -> c.setClaim("preferred_username", "ada")));

    assertEquals("ada", jwt.getName());
    assertEquals("buyer-123", jwt.getSubject());
  }

  @Test
  void keyCanBeReadFromALocation(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("issuer.pem");
    Files.writeString(file, Pem.publicKey(key.getPublicKey()));
    MapConfig config =
        MapConfig.of(
            "mp.jwt.verify.publickey.location", "file:" + file,
            "mp.jwt.verify.issuer", ISSUER,
            "mp.jwt.verify.audiences", AUDIENCE);

    String raw = signWithoutKid(claims(c -> {}), key);

    assertEquals("buyer-123", verifier(config).verify(raw).getSubject());
  }

  @Test
  void anyOfSeveralConfiguredAudiencesIsAccepted() {
    MapConfig config = jwksConfig().with("mp.jwt.verify.audiences", "other-service, " + AUDIENCE);

    assertEquals("buyer-123", verifier(config).verify(token()).getSubject());
  }

  @Test
  void expiryWithinTheDefaultClockSkewIsAccepted() {
    long now = Instant.now().getEpochSecond();
    String raw =
        token(
            c -> {
              c.setIssuedAt(NumericDate.fromSeconds(now - 300));
              c.setNotBefore(NumericDate.fromSeconds(now - 300));
              c.setExpirationTime(NumericDate.fromSeconds(now - 20));
            });

    assertEquals("buyer-123", verifier(jwksConfig()).verify(raw).getSubject());
  }

  @Test
  void isConfiguredWithAKey() {
    assertTrue(verifier(jwksConfig()).isConfigured());
  }

  // --- rejected tokens -----------------------------------------------------------------------

  @Test
  void algNoneIsUnsigned() {
    String raw =
        base64url("{\"alg\":\"none\",\"typ\":\"JWT\"}")
            + "."
            + base64url(claims(c -> {}).toJson())
            + ".";

    assertRejected("BUYER_TOKEN_UNSIGNED", verifier(jwksConfig()), raw);
  }

  @Test
  void strippedSignatureIsUnsigned() {
    String raw = token();
    String stripped = raw.substring(0, raw.lastIndexOf('.') + 1);

    assertRejected("BUYER_TOKEN_UNSIGNED", verifier(jwksConfig()), stripped);
  }

  @Test
  void headerWithoutAlgIsUnsigned() {
    String raw = base64url("{\"typ\":\"JWT\"}") + "." + base64url("{}") + ".c2ln";

    assertRejected("BUYER_TOKEN_UNSIGNED", verifier(jwksConfig()), raw);
  }

  @Test
  void hs256SignedWithThePublicKeyIsAlgorithmRejected() throws JoseException {
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims(c -> {}).toJson());
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.HMAC_SHA256);
    jws.setKey(new HmacKey(key.getPublicKey().getEncoded()));
    jws.setKeyIdHeaderValue(KID);
    jws.setDoKeyValidation(false);

    assertRejected(
        "BUYER_TOKEN_ALGORITHM_REJECTED", verifier(pemConfig()), jws.getCompactSerialization());
  }

  @Test
  void algorithmOutsideTheConfiguredOneIsRejected() {
    MapConfig config = jwksConfig().with("mp.jwt.verify.publickey.algorithm", "ES256");

    assertRejected("BUYER_TOKEN_ALGORITHM_REJECTED", verifier(config), token());
  }

  @Test
  void unknownIssuerIsRejected() {
    assertRejected(
        "BUYER_TOKEN_ISSUER_INVALID",
        verifier(jwksConfig()),
        token(c -> c.setIssuer("https://evil.example")));
  }

  @Test
  void missingIssuerIsRejected() {
    assertRejected(
        "BUYER_TOKEN_ISSUER_INVALID", verifier(jwksConfig()), token(c -> c.unsetClaim("iss")));
  }

  @Test
  void foreignAudienceIsRejected() {
    assertRejected(
        "BUYER_TOKEN_AUDIENCE_INVALID",
        verifier(jwksConfig()),
        token(c -> c.setAudience("another-service")));
  }

  @Test
  void missingAudienceIsRejectedWhenOneIsConfigured() {
    assertRejected(
        "BUYER_TOKEN_AUDIENCE_INVALID", verifier(jwksConfig()), token(c -> c.unsetClaim("aud")));
  }

  @Test
  void expiredTokenIsRejected() {
    long now = Instant.now().getEpochSecond();
    String raw =
        token(
            c -> {
              c.setIssuedAt(NumericDate.fromSeconds(now - 3600));
              c.setNotBefore(NumericDate.fromSeconds(now - 3600));
              c.setExpirationTime(NumericDate.fromSeconds(now - 600));
            });

    assertRejected("BUYER_TOKEN_EXPIRED", verifier(jwksConfig()), raw);
  }

  @Test
  void expiryBeyondAConfiguredClockSkewIsRejected() {
    long now = Instant.now().getEpochSecond();
    String raw =
        token(
            c -> {
              c.setIssuedAt(NumericDate.fromSeconds(now - 300));
              c.setNotBefore(NumericDate.fromSeconds(now - 300));
              c.setExpirationTime(NumericDate.fromSeconds(now - 20));
            });

    assertRejected(
        "BUYER_TOKEN_EXPIRED", verifier(jwksConfig().with("mp.jwt.verify.clock.skew", "5")), raw);
  }

  @Test
  void tokenBeforeItsNotBeforeTimeIsNotYetValid() {
    long now = Instant.now().getEpochSecond();
    String raw =
        token(
            c -> {
              c.setNotBefore(NumericDate.fromSeconds(now + 600));
              c.setExpirationTime(NumericDate.fromSeconds(now + 1200));
            });

    assertRejected("BUYER_TOKEN_NOT_YET_VALID", verifier(jwksConfig()), raw);
  }

  @Test
  void tokenSignedByAnotherKeyHasAnInvalidSignature() {
    assertRejected(
        "BUYER_TOKEN_SIGNATURE_INVALID", verifier(jwksConfig()), sign(claims(c -> {}), stranger));
  }

  @Test
  void tokenSignedByAnotherKeyHasAnInvalidSignatureAgainstAPem() {
    assertRejected(
        "BUYER_TOKEN_SIGNATURE_INVALID",
        verifier(pemConfig()),
        signWithoutKid(claims(c -> {}), stranger));
  }

  @Test
  void tokenWithAKeyIdTheIssuerDoesNotListIsKeyUnknown() throws JoseException {
    RsaJsonWebKey other = RsaJwkGenerator.generateJwk(2048);
    other.setKeyId("unlisted");

    assertRejected("BUYER_TOKEN_KEY_UNKNOWN", verifier(jwksConfig()), sign(claims(c -> {}), other));
  }

  @Test
  void tamperedPayloadHasAnInvalidSignature() {
    String[] parts = token().split("\\.");
    String forged =
        parts[0]
            + "."
            + base64url(claims(c -> c.setSubject("someone-else")).toJson())
            + "."
            + parts[2];

    assertRejected("BUYER_TOKEN_SIGNATURE_INVALID", verifier(jwksConfig()), forged);
  }

  @Test
  void tokenWithoutSubjectIsMissingClaims() {
    assertRejected(
        "BUYER_TOKEN_CLAIMS_MISSING", verifier(jwksConfig()), token(c -> c.unsetClaim("sub")));
  }

  @Test
  void tokenWithoutExpiryIsMissingClaims() {
    assertRejected(
        "BUYER_TOKEN_CLAIMS_MISSING", verifier(jwksConfig()), token(c -> c.unsetClaim("exp")));
  }

  @Test
  void garbageIsMalformed() {
    BuyerTokenVerifier verifier = verifier(jwksConfig());

    assertRejected("BUYER_TOKEN_MALFORMED", verifier, "garbage");
    assertRejected("BUYER_TOKEN_MALFORMED", verifier, "");
    assertRejected("BUYER_TOKEN_MALFORMED", verifier, "a.b.c.d");
    assertRejected("BUYER_TOKEN_MALFORMED", verifier, "%%%.e30.c2ln");
    assertRejected("BUYER_TOKEN_MALFORMED", verifier, base64url("not json") + ".e30.c2ln");
    assertRejected("BUYER_TOKEN_MALFORMED", verifier, base64url("[1]") + ".e30.c2ln");
  }

  @Test
  void noKeyAndNoDevIssuerIsUnverifiable() {
    BuyerTokenVerifier verifier = verifier(MapConfig.of());

    assertFalse(verifier.isConfigured());
    assertRejected("BUYER_TOKEN_UNVERIFIABLE", verifier, token());
  }

  @Test
  void unreadableKeyIsUnverifiable() {
    MapConfig config = jwksConfig().with("mp.jwt.verify.publickey", "not a key");

    assertRejected("BUYER_TOKEN_UNVERIFIABLE", verifier(config), token());
  }

  @Test
  void missingKeyFileIsUnverifiable(@TempDir Path dir) {
    MapConfig config =
        MapConfig.of(
            "mp.jwt.verify.publickey.location", dir.resolve("absent.pem").toString(),
            "mp.jwt.verify.issuer", ISSUER,
            "mp.jwt.verify.audiences", AUDIENCE);

    assertRejected("BUYER_TOKEN_UNVERIFIABLE", verifier(config), token());
  }

  // --- subject, lifetime and issue time --------------------------------------------------------

  @Test
  void emptySubjectIsMissingClaims() {
    assertRejected(
        "BUYER_TOKEN_CLAIMS_MISSING", verifier(jwksConfig()), token(c -> c.setSubject("")));
  }

  @Test
  void blankSubjectIsMissingClaims() {
    assertRejected(
        "BUYER_TOKEN_CLAIMS_MISSING", verifier(jwksConfig()), token(c -> c.setSubject(" \t ")));
  }

  @Test
  void nonStringSubjectIsMissingClaims() {
    assertRejected(
        "BUYER_TOKEN_CLAIMS_MISSING", verifier(jwksConfig()), token(c -> c.setClaim("sub", 42)));
  }

  @Test
  void tenYearLifetimeIsTooLong() {
    long now = Instant.now().getEpochSecond();
    String raw =
        token(c -> c.setExpirationTime(NumericDate.fromSeconds(now + 10L * 365 * 24 * 3600)));

    assertRejected("BUYER_TOKEN_LIFETIME_TOO_LONG", verifier(jwksConfig()), raw);
  }

  @Test
  void lifetimeOfExactlyTheDefaultCapIsAccepted() {
    long now = Instant.now().getEpochSecond();
    String raw = token(c -> c.setExpirationTime(NumericDate.fromSeconds(now + 24 * 3600)));

    assertEquals("buyer-123", verifier(jwksConfig()).verify(raw).getSubject());
  }

  @Test
  void lifetimeIsMeasuredFromIssueTimeNotFromNow() {
    long now = Instant.now().getEpochSecond();
    String raw =
        token(
            c -> {
              c.setIssuedAt(NumericDate.fromSeconds(now - 20 * 3600));
              c.setExpirationTime(NumericDate.fromSeconds(now + 5 * 3600));
            });

    assertRejected("BUYER_TOKEN_LIFETIME_TOO_LONG", verifier(jwksConfig()), raw);
  }

  @Test
  void withoutIssueTimeTheLifetimeLeftIsJudged() {
    long now = Instant.now().getEpochSecond();
    BuyerTokenVerifier verifier = verifier(jwksConfig());

    String longLeft =
        token(
            c -> {
              c.unsetClaim("iat");
              c.setExpirationTime(NumericDate.fromSeconds(now + 25 * 3600));
            });
    String shortLeft =
        token(
            c -> {
              c.unsetClaim("iat");
              c.setExpirationTime(NumericDate.fromSeconds(now + 23 * 3600));
            });

    assertRejected("BUYER_TOKEN_LIFETIME_TOO_LONG", verifier, longLeft);
    assertEquals("buyer-123", verifier.verify(shortLeft).getSubject());
  }

  @Test
  void maximumLifetimeIsConfigurable() {
    long now = Instant.now().getEpochSecond();
    MapConfig config = jwksConfig().with("ac.buyer-token.max-lifetime", "PT1H");
    String twoHours = token(c -> c.setExpirationTime(NumericDate.fromSeconds(now + 7200)));

    assertRejected("BUYER_TOKEN_LIFETIME_TOO_LONG", verifier(config), twoHours);
  }

  @Test
  void issueTimeADayAheadIsIssuedInFuture() {
    long now = Instant.now().getEpochSecond();
    String raw =
        token(
            c -> {
              c.setIssuedAt(NumericDate.fromSeconds(now + 86400));
              c.setExpirationTime(NumericDate.fromSeconds(now + 86400 + 600));
            });

    assertRejected("BUYER_TOKEN_ISSUED_IN_FUTURE", verifier(jwksConfig()), raw);
  }

  @Test
  void issueTimeAheadWithinTheClockSkewIsAccepted() {
    long now = Instant.now().getEpochSecond();
    String raw = token(c -> c.setIssuedAt(NumericDate.fromSeconds(now + 30)));

    assertEquals("buyer-123", verifier(jwksConfig()).verify(raw).getSubject());
  }

  @Test
  void notBeforeAfterTheExpiryIsStillNotYetValid() {
    long now = Instant.now().getEpochSecond();
    String raw =
        token(
            c -> {
              c.setNotBefore(NumericDate.fromSeconds(now + 1800));
              c.setExpirationTime(NumericDate.fromSeconds(now + 600));
            });

    assertRejected("BUYER_TOKEN_NOT_YET_VALID", verifier(jwksConfig()), raw);
  }

  @Test
  void claimOfTheWrongTypeIsInvalid() {
    assertRejected(
        "BUYER_TOKEN_INVALID", verifier(jwksConfig()), token(c -> c.setClaim("exp", "tomorrow")));
  }

  // --- foreign elliptic-curve signatures -------------------------------------------------------

  private static String signEs256(JwtClaims claims, EllipticCurveJsonWebKey signer, String kid) {
    return sign(claims, signer, AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256, kid);
  }

  @Test
  void es256TokenNamingAnRsaKeyIsKeyUnknown() throws JoseException {
    EllipticCurveJsonWebKey foreign = EcJwkGenerator.generateJwk(EllipticCurves.P256);

    assertRejected(
        "BUYER_TOKEN_KEY_UNKNOWN",
        verifier(jwksConfig()),
        signEs256(claims(c -> {}), foreign, KID));
  }

  @Test
  void es256TokenWithoutKeyIdAgainstAnRsaPemIsKeyUnknown() throws JoseException {
    EllipticCurveJsonWebKey foreign = EcJwkGenerator.generateJwk(EllipticCurves.P256);

    assertRejected(
        "BUYER_TOKEN_KEY_UNKNOWN",
        verifier(pemConfig()),
        signEs256(claims(c -> {}), foreign, null));
  }

  @Test
  void es256TokenSignedByAnotherEcKeyHasAnInvalidSignature() throws JoseException {
    EllipticCurveJsonWebKey listed = EcJwkGenerator.generateJwk(EllipticCurves.P256);
    listed.setKeyId("ec-1");
    EllipticCurveJsonWebKey foreign = EcJwkGenerator.generateJwk(EllipticCurves.P256);
    MapConfig config =
        jwksConfig()
            .with(
                "mp.jwt.verify.publickey",
                new JsonWebKeySet(key, listed).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY));
    BuyerTokenVerifier verifier = verifier(config);

    assertEquals(
        "buyer-123", verifier.verify(signEs256(claims(c -> {}), listed, "ec-1")).getSubject());
    assertRejected(
        "BUYER_TOKEN_SIGNATURE_INVALID", verifier, signEs256(claims(c -> {}), foreign, "ec-1"));
  }

  // --- configuration checked at start-up -----------------------------------------------------

  private static ScheduledExecutorService executor() {
    return Executors.newSingleThreadScheduledExecutor();
  }

  private static void assertRefusesToStart(MapConfig config, String namedKey) {
    ScheduledExecutorService executor = executor();
    try {
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> verifier(config).start(executor));
      assertTrue(e.getMessage().contains(namedKey), e.getMessage());
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void keyWithoutIssuerRefusesToStart() {
    assertRefusesToStart(
        MapConfig.of("mp.jwt.verify.publickey", jwks(), "mp.jwt.verify.audiences", AUDIENCE),
        "mp.jwt.verify.issuer");
  }

  @Test
  void keyWithoutAudienceRefusesToStart() {
    assertRefusesToStart(
        MapConfig.of("mp.jwt.verify.publickey", jwks(), "mp.jwt.verify.issuer", ISSUER),
        "mp.jwt.verify.audiences");
  }

  @Test
  void jwksLocationAloneRefusesToStartAndAcceptsNoToken() {
    MapConfig config =
        MapConfig.of("mp.jwt.verify.publickey.location", "https://issuer.example/jwks.json");

    assertRefusesToStart(config, "mp.jwt.verify.issuer");
    assertRejected(
        "BUYER_TOKEN_UNVERIFIABLE",
        verifier(config),
        token(c -> c.setIssuer("https://anyone.example")));
  }

  @Test
  void unreadableKeyRefusesToStart() {
    assertRefusesToStart(
        jwksConfig().with("mp.jwt.verify.publickey", "not a key"), "mp.jwt.verify.publickey");
  }

  @Test
  void symmetricAlgorithmSettingRefusesToStart() {
    assertRefusesToStart(
        jwksConfig().with("mp.jwt.verify.publickey.algorithm", "HS256"),
        "mp.jwt.verify.publickey.algorithm");
  }

  @Test
  void plainHttpJwksRefusesToStart() {
    MapConfig config =
        MapConfig.of(
            "mp.jwt.verify.publickey.location", "http://issuer.example/jwks.json",
            "mp.jwt.verify.issuer", ISSUER,
            "mp.jwt.verify.audiences", AUDIENCE);

    assertRefusesToStart(config, "https");
    assertRefusesToStart(config.with("ac.buyer-token.jwks.allow-http-loopback", "true"), "https");
  }

  @Test
  void httpJwksOnLoopbackNeedsTheTestSetting() {
    MapConfig config =
        MapConfig.of(
            "mp.jwt.verify.publickey.location", "http://127.0.0.1:9/jwks.json",
            "mp.jwt.verify.issuer", ISSUER,
            "mp.jwt.verify.audiences", AUDIENCE);

    assertRefusesToStart(config, "ac.buyer-token.jwks.allow-http-loopback");
  }

  @Test
  void noIssuerAtAllStartsAndLeavesTokensUnverifiable() {
    BuyerTokenVerifier verifier = verifier(MapConfig.of("mp.jwt.verify.issuer", ISSUER));
    ScheduledExecutorService executor = executor();
    try {
      verifier.start(executor);
    } finally {
      executor.shutdownNow();
    }

    assertRejected("BUYER_TOKEN_UNVERIFIABLE", verifier, token());
  }
}
