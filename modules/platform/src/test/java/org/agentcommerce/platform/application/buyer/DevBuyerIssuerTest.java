package org.agentcommerce.platform.application.buyer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.testing.MapConfig;
import org.agentcommerce.platform.testing.MutableClock;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.jwx.JsonWebStructure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevBuyerIssuerTest {

  @TempDir Path dir;

  private MapConfig enabledConfig() {
    return MapConfig.of(
        "ac.dev-issuer.enabled",
        "true",
        "ac.dev-issuer.key-file",
        dir.resolve("keys/dev-issuer-key.json").toString());
  }

  private static DevBuyerIssuer issuer(MapConfig config, FixedDatabaseProbe probe, Clock clock) {
    DevBuyerIssuer issuer = new DevBuyerIssuer();
    issuer.config = config;
    issuer.database = probe;
    issuer.clock = clock;
    issuer.listening = () -> Optional.of(Set.of(InetAddress.getLoopbackAddress()));
    return issuer;
  }

  private DevBuyerIssuer h2Issuer() {
    return issuer(enabledConfig(), new FixedDatabaseProbe("H2"), Clock.systemUTC());
  }

  private static String keyId(String token) throws Exception {
    return JsonWebStructure.fromCompactSerialization(token).getKeyIdHeaderValue();
  }

  private static JwtClaims unverifiedClaims(String token) throws Exception {
    return new JwtConsumerBuilder()
        .setSkipAllValidators()
        .setDisableRequireSignature()
        .setSkipSignatureVerification()
        .build()
        .processToClaims(token);
  }

  // --- when it is enabled --------------------------------------------------------------------

  @Test
  void enabledWithTheFlagOnH2() {
    assertTrue(h2Issuer().isEnabled());
  }

  @Test
  void productNameIsComparedCaseInsensitively() {
    DevBuyerIssuer issuer =
        issuer(enabledConfig(), new FixedDatabaseProbe("h2"), Clock.systemUTC());

    assertTrue(issuer.isEnabled());
  }

  @Test
  void disabledWithoutTheFlagAndDoesNotProbeTheDatabase() {
    FixedDatabaseProbe probe = new FixedDatabaseProbe("H2");
    DevBuyerIssuer issuer = issuer(MapConfig.of(), probe, Clock.systemUTC());

    assertFalse(issuer.isEnabled());
    assertEquals(0, probe.checks());
  }

  @Test
  void disabledWhenTheFlagIsFalse() {
    MapConfig config = enabledConfig().with("ac.dev-issuer.enabled", "false");

    assertFalse(issuer(config, new FixedDatabaseProbe("H2"), Clock.systemUTC()).isEnabled());
  }

  @Test
  void disabledOnMariaDb() {
    DevBuyerIssuer issuer =
        issuer(enabledConfig(), new FixedDatabaseProbe("MariaDB"), Clock.systemUTC());

    assertFalse(issuer.isEnabled());
  }

  @Test
  void disabledWhenTheDatabaseCannotBeReached() {
    DevBuyerIssuer issuer =
        issuer(enabledConfig(), new FixedDatabaseProbe(null), Clock.systemUTC());

    assertFalse(issuer.isEnabled());
  }

  @Test
  void disabledWhenARealPublicKeyIsConfigured() {
    MapConfig config = enabledConfig().with("mp.jwt.verify.publickey", "{\"keys\":[]}");

    assertFalse(issuer(config, new FixedDatabaseProbe("H2"), Clock.systemUTC()).isEnabled());
  }

  @Test
  void disabledWhenARealPublicKeyLocationIsConfigured() {
    MapConfig config =
        enabledConfig()
            .with("mp.jwt.verify.publickey.location", "https://issuer.example/jwks.json");

    assertFalse(issuer(config, new FixedDatabaseProbe("H2"), Clock.systemUTC()).isEnabled());
  }

  @Test
  void refusedWhenTheServerListensOnAllInterfaces() throws Exception {
    DevBuyerIssuer issuer = h2Issuer();
    Set<InetAddress> addresses =
        Set.of(InetAddress.getLoopbackAddress(), InetAddress.getByName("0.0.0.0"));
    issuer.listening = () -> Optional.of(addresses);

    assertFalse(issuer.isEnabled());
  }

  @Test
  void refusedWhenTheServerListensOnAPublicAddress() throws Exception {
    DevBuyerIssuer issuer = h2Issuer();
    Set<InetAddress> addresses = Set.of(InetAddress.getByName("192.0.2.10"));
    issuer.listening = () -> Optional.of(addresses);

    assertFalse(issuer.isEnabled());
  }

  @Test
  void refusedWhenTheListeningAddressesCannotBeRead() {
    DevBuyerIssuer issuer = h2Issuer();
    issuer.listening = Optional::empty;

    assertFalse(issuer.isEnabled());
  }

  @Test
  void enabledOnIpv6LoopbackToo() throws Exception {
    DevBuyerIssuer issuer = h2Issuer();
    Set<InetAddress> addresses =
        Set.of(InetAddress.getByName("::1"), InetAddress.getByName("127.0.0.1"));
    issuer.listening = () -> Optional.of(addresses);

    assertTrue(issuer.isEnabled());
  }

  @Test
  void decidedOnceTheServerListens() throws Exception {
    DevBuyerIssuer issuer = h2Issuer();
    List<Set<InetAddress>> answers =
        new ArrayList<>(List.of(Set.of(), Set.of(InetAddress.getByName("0.0.0.0")), Set.of()));
    issuer.listening = () -> Optional.of(answers.remove(0));

    assertFalse(issuer.isEnabled(), "not listening yet");
    assertFalse(issuer.isEnabled(), "listening on all interfaces");
    assertFalse(issuer.isEnabled(), "the refusal stands");
    assertEquals(1, answers.size());
  }

  // --- minting -------------------------------------------------------------------------------

  @Test
  void mintCreatesTheKeyFileAndSignsWithRs256() throws Exception {
    Path keyFile = dir.resolve("keys/dev-issuer-key.json");
    assertFalse(Files.exists(keyFile));

    DevBuyerIssuer issuer = h2Issuer();
    String token = issuer.mint("buyer-1", "ada@example.com", Duration.ofMinutes(5)).token();

    assertTrue(Files.exists(keyFile));
    RsaJsonWebKey stored = (RsaJsonWebKey) JsonWebKey.Factory.newJwk(Files.readString(keyFile));
    assertEquals(stored.getKeyId(), keyId(token));
    assertTrue(stored.getKeyId().startsWith("dev-"), stored.getKeyId());
    assertEquals(issuer.publicKey().getPublicKey(), stored.getPublicKey());

    JsonWebSignature jws = (JsonWebSignature) JsonWebStructure.fromCompactSerialization(token);
    assertEquals(AlgorithmIdentifiers.RSA_USING_SHA256, jws.getAlgorithmHeaderValue());
    jws.setKey(issuer.publicKey().getPublicKey());
    assertTrue(jws.verifySignature());
  }

  @Test
  void keyFileIsReadableByItsOwnerOnly() throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    h2Issuer().mint("buyer-1", null, Duration.ofMinutes(5));

    assertEquals(
        PosixFilePermissions.fromString("rw-------"),
        Files.getPosixFilePermissions(dir.resolve("keys/dev-issuer-key.json")));
  }

  @Test
  void publicKeyDoesNotCarryThePrivateHalf() {
    assertNull(h2Issuer().publicKey().getPrivateKey());
  }

  @Test
  void mintedClaimsNameTheDevIssuerAudienceSubjectAndEmail() throws Exception {
    MutableClock clock = MutableClock.at("2025-03-01T12:00:00Z");
    DevBuyerIssuer issuer = issuer(enabledConfig(), new FixedDatabaseProbe("H2"), clock);

    DevBuyerIssuer.Minted minted = issuer.mint("buyer-1", "ada@example.com", Duration.ofHours(1));
    JwtClaims claims = unverifiedClaims(minted.token());

    assertEquals(Instant.parse("2025-03-01T13:00:00Z"), minted.expiresAt());
    assertEquals(DevBuyerIssuer.ISSUER, claims.getIssuer());
    assertEquals(List.of(DevBuyerIssuer.AUDIENCE), claims.getAudience());
    assertEquals("buyer-1", claims.getSubject());
    assertEquals("ada@example.com", claims.getClaimValue("email"));
    long now = Instant.parse("2025-03-01T12:00:00Z").getEpochSecond();
    assertEquals(now, claims.getIssuedAt().getValue());
    assertEquals(now, claims.getNotBefore().getValue());
    assertEquals(now + 3600, claims.getExpirationTime().getValue());
    assertTrue(claims.getJwtId() != null && !claims.getJwtId().isBlank());
  }

  @Test
  void mintWithoutEmailOmitsTheClaim() throws Exception {
    String token = h2Issuer().mint("buyer-1", null, Duration.ofMinutes(5)).token();

    assertFalse(unverifiedClaims(token).hasClaim("email"));
  }

  @Test
  void eachMintedTokenHasItsOwnId() throws Exception {
    DevBuyerIssuer issuer = h2Issuer();

    String first = issuer.mint("buyer-1", null, Duration.ofMinutes(5)).token();
    String second = issuer.mint("buyer-1", null, Duration.ofMinutes(5)).token();

    assertNotEquals(unverifiedClaims(first).getJwtId(), unverifiedClaims(second).getJwtId());
  }

  @Test
  void keyFileIsReusedByASecondInstance() throws Exception {
    DevBuyerIssuer first = h2Issuer();
    String firstToken = first.mint("buyer-1", null, Duration.ofMinutes(5)).token();
    String stored = Files.readString(dir.resolve("keys/dev-issuer-key.json"));

    DevBuyerIssuer second = h2Issuer();
    String secondToken = second.mint("buyer-2", null, Duration.ofMinutes(5)).token();

    assertEquals(keyId(firstToken), keyId(secondToken));
    assertEquals(first.publicKey().getPublicKey(), second.publicKey().getPublicKey());
    assertEquals(stored, Files.readString(dir.resolve("keys/dev-issuer-key.json")));
  }

  // --- with the verifier ---------------------------------------------------------------------

  private static BuyerTokenVerifier verifier(MapConfig config, DevBuyerIssuer devIssuer) {
    BuyerTokenVerifier verifier = new BuyerTokenVerifier();
    verifier.config = config;
    verifier.devIssuer = devIssuer;
    verifier.clock = Clock.systemUTC();
    return verifier;
  }

  @Test
  void verifierWithoutKeysAcceptsTokensOfTheEnabledDevIssuer() {
    MapConfig config = enabledConfig();
    DevBuyerIssuer issuer = h2Issuer();
    BuyerTokenVerifier verifier = verifier(config, issuer);
    String token = issuer.mint("buyer-1", "ada@example.com", Duration.ofMinutes(5)).token();

    assertTrue(verifier.isConfigured());
    JsonWebToken jwt = verifier.verify(token);

    assertEquals("buyer-1", jwt.getSubject());
    assertEquals("buyer-1", jwt.getName());
    assertEquals("ada@example.com", jwt.getClaim("email"));
    assertEquals(DevBuyerIssuer.ISSUER, jwt.getIssuer());
  }

  @Test
  void verifierWithTheDevIssuerStillRejectsExpiredDevTokens() {
    DevBuyerIssuer issuer =
        issuer(
            enabledConfig(),
            new FixedDatabaseProbe("H2"),
            Clock.offset(Clock.systemUTC(), Duration.ofHours(-2)));
    String token = issuer.mint("buyer-1", null, Duration.ofMinutes(5)).token();

    ApiException e =
        assertThrows(ApiException.class, () -> verifier(enabledConfig(), issuer).verify(token));
    assertEquals(401, e.status());
    assertEquals("BUYER_TOKEN_EXPIRED", e.code());
  }

  @Test
  void verifierWithTheDevIssuerRejectsOtherIssuersSignedWithTheDevKey() throws Exception {
    DevBuyerIssuer issuer = h2Issuer();
    issuer.mint("buyer-1", null, Duration.ofMinutes(5));
    RsaJsonWebKey devKey =
        (RsaJsonWebKey)
            JsonWebKey.Factory.newJwk(Files.readString(dir.resolve("keys/dev-issuer-key.json")));
    JwtClaims claims =
        unverifiedClaims(issuer.mint("buyer-1", null, Duration.ofMinutes(5)).token());
    claims.setIssuer("https://someone.else");
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims.toJson());
    jws.setKey(devKey.getPrivateKey());
    jws.setKeyIdHeaderValue(devKey.getKeyId());
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
    String forged = jws.getCompactSerialization();

    ApiException e =
        assertThrows(ApiException.class, () -> verifier(enabledConfig(), issuer).verify(forged));
    assertEquals("BUYER_TOKEN_ISSUER_INVALID", e.code());
  }

  @Test
  void verifierDoesNotTrustTheDevIssuerOnMariaDb() {
    DevBuyerIssuer onH2 = h2Issuer();
    String token = onH2.mint("buyer-1", null, Duration.ofMinutes(5)).token();
    DevBuyerIssuer onMariaDb =
        issuer(enabledConfig(), new FixedDatabaseProbe("MariaDB"), Clock.systemUTC());
    BuyerTokenVerifier verifier = verifier(enabledConfig(), onMariaDb);

    assertFalse(verifier.isConfigured());
    ApiException e = assertThrows(ApiException.class, () -> verifier.verify(token));
    assertEquals("BUYER_TOKEN_UNVERIFIABLE", e.code());
  }
}
