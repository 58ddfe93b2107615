package org.agentcommerce.platform.application.buyer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.function.Consumer;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.testing.MapConfig;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.HmacKey;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuyerTokenVerifierTest {

  private static final String ISSUER = "https://issuer.test.agentcommerce";
  private static final String AUDIENCE = "agent-commerce";
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

  private static BuyerTokenVerifier verifier(MapConfig config) {
    DevBuyerIssuer devIssuer = new DevBuyerIssuer();
    devIssuer.config = config;
    devIssuer.database = new FixedDatabaseProbe("H2");
    BuyerTokenVerifier verifier = new BuyerTokenVerifier();
    verifier.config = config;
    verifier.devIssuer = devIssuer;
    return verifier;
  }

  // --- tokens --------------------------------------------------------------------------------

  private static JwtClaims claims(Consumer<JwtClaims> change) {
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
    return sign(claims, signer, true);
  }

  /** A token whose header names no key id, as some issuers send. */
  private static String signWithoutKid(JwtClaims claims, RsaJsonWebKey signer) {
    return sign(claims, signer, false);
  }

  private static String sign(JwtClaims claims, RsaJsonWebKey signer, boolean withKid) {
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims.toJson());
    jws.setKey(signer.getPrivateKey());
    if (withKid) {
      jws.setKeyIdHeaderValue(signer.getKeyId());
    }
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
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
  void audienceIsNotCheckedWhenNoneIsConfigured() {
    MapConfig config =
        MapConfig.of("mp.jwt.verify.publickey", jwks(), "mp.jwt.verify.issuer", ISSUER);

    assertEquals(
        "buyer-123",
        verifier(config).verify(token(c -> c.setAudience("someone-else"))).getSubject());
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
    MapConfig config = MapConfig.of("mp.jwt.verify.publickey", "not a key");

    assertRejected("BUYER_TOKEN_UNVERIFIABLE", verifier(config), token());
  }

  @Test
  void missingKeyFileIsUnverifiable(@TempDir Path dir) {
    MapConfig config =
        MapConfig.of("mp.jwt.verify.publickey.location", dir.resolve("absent.pem").toString());

    assertRejected("BUYER_TOKEN_UNVERIFIABLE", verifier(config), token());
  }
}
