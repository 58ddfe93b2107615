package org.agentcommerce.platform.application.buyer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.List;
import org.jose4j.jwk.EcJwkGenerator;
import org.jose4j.jwk.EllipticCurveJsonWebKey;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.OctJwkGenerator;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.keys.EllipticCurves;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerificationKeysTest {

  private static KeyPair rsa;
  private static KeyPair ec;

  @BeforeAll
  static void generateKeys() throws Exception {
    KeyPairGenerator rsaGenerator = KeyPairGenerator.getInstance("RSA");
    rsaGenerator.initialize(2048);
    rsa = rsaGenerator.generateKeyPair();
    KeyPairGenerator ecGenerator = KeyPairGenerator.getInstance("EC");
    ecGenerator.initialize(new ECGenParameterSpec("secp256r1"));
    ec = ecGenerator.generateKeyPair();
  }

  @Test
  void parsesRsaPublicKeyPem() throws JoseException {
    List<JsonWebKey> keys = VerificationKeys.parse(Pem.publicKey(rsa.getPublic()));

    assertEquals(1, keys.size());
    RsaJsonWebKey key = assertInstanceOf(RsaJsonWebKey.class, keys.get(0));
    assertEquals(rsa.getPublic(), key.getPublicKey());
  }

  @Test
  void parsesEcPublicKeyPem() throws JoseException {
    List<JsonWebKey> keys = VerificationKeys.parse(Pem.publicKey(ec.getPublic()));

    assertEquals(1, keys.size());
    EllipticCurveJsonWebKey key = assertInstanceOf(EllipticCurveJsonWebKey.class, keys.get(0));
    assertEquals(ec.getPublic(), key.getPublicKey());
    assertEquals(EllipticCurves.P_256, key.getCurveName());
  }

  @Test
  void parsesPemWithSurroundingWhitespaceAndCrlf() throws JoseException {
    String pem = "\n  " + Pem.publicKey(rsa.getPublic()).replace("\n", "\r\n") + "\n\n";

    assertEquals(rsa.getPublic(), publicKeyOf(VerificationKeys.parse(pem).get(0)));
  }

  @Test
  void parsesBareBase64Der() throws JoseException {
    String der = Base64.getEncoder().encodeToString(rsa.getPublic().getEncoded());

    assertEquals(rsa.getPublic(), publicKeyOf(VerificationKeys.parse(der).get(0)));
  }

  @Test
  void parsesSingleJwk() throws JoseException {
    RsaJsonWebKey jwk = RsaJwkGenerator.generateJwk(2048);
    jwk.setKeyId("k1");

    List<JsonWebKey> keys =
        VerificationKeys.parse(jwk.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY));

    assertEquals(1, keys.size());
    assertEquals("k1", keys.get(0).getKeyId());
    assertEquals(jwk.getPublicKey(), publicKeyOf(keys.get(0)));
  }

  @Test
  void parsesJwks() throws JoseException {
    RsaJsonWebKey first = RsaJwkGenerator.generateJwk(2048);
    first.setKeyId("rsa-1");
    EllipticCurveJsonWebKey second = EcJwkGenerator.generateJwk(EllipticCurves.P256);
    second.setKeyId("ec-1");
    String jwks =
        new JsonWebKeySet(first, second).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY);

    List<JsonWebKey> keys = VerificationKeys.parse(jwks);

    assertEquals(List.of("rsa-1", "ec-1"), keys.stream().map(JsonWebKey::getKeyId).toList());
    assertInstanceOf(RsaJsonWebKey.class, keys.get(0));
    assertInstanceOf(EllipticCurveJsonWebKey.class, keys.get(1));
    assertNull(((PublicJsonWebKey) keys.get(0)).getPrivateKey());
  }

  @Test
  void rejectsSymmetricJwk() {
    String oct =
        OctJwkGenerator.generateJwk(256).toJson(JsonWebKey.OutputControlLevel.INCLUDE_SYMMETRIC);
    assertTrue(oct.contains("\"kty\":\"oct\""), oct);

    assertThrows(JoseException.class, () -> VerificationKeys.parse(oct));
  }

  @Test
  void rejectsJwksThatContainsASymmetricKey() throws JoseException {
    RsaJsonWebKey rsaJwk = RsaJwkGenerator.generateJwk(2048);
    String jwks =
        "{\"keys\":["
            + rsaJwk.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY)
            + ","
            + OctJwkGenerator.generateJwk(256)
                .toJson(JsonWebKey.OutputControlLevel.INCLUDE_SYMMETRIC)
            + "]}";

    assertThrows(JoseException.class, () -> VerificationKeys.parse(jwks));
  }

  @Test
  void rejectsGarbage() {
    assertThrows(JoseException.class, () -> VerificationKeys.parse("this is not a key"));
    assertThrows(JoseException.class, () -> VerificationKeys.parse("%%%%"));
    // Valid base64, but not a key.
    assertThrows(JoseException.class, () -> VerificationKeys.parse("QUJDRA=="));
  }

  @Test
  void rejectsPrivateKeyPem() {
    assertThrows(
        JoseException.class, () -> VerificationKeys.parse(Pem.privateKey(rsa.getPrivate())));
  }

  @Test
  void httpLocationsAreRemote() {
    assertTrue(VerificationKeys.isRemote("https://issuer.example/.well-known/jwks.json"));
    assertTrue(VerificationKeys.isRemote("http://127.0.0.1:8080/jwks"));
    assertFalse(VerificationKeys.isRemote("file:/etc/keys/issuer.pem"));
    assertFalse(VerificationKeys.isRemote("classpath:keys/issuer.pem"));
    assertFalse(VerificationKeys.isRemote("/etc/keys/issuer.pem"));
  }

  @Test
  void readsPlainPathsAndFileUrls(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("issuer.pem");
    String pem = Pem.publicKey(rsa.getPublic());
    Files.writeString(file, pem);

    assertEquals(pem, VerificationKeys.read(file.toString()));
    assertEquals(pem, VerificationKeys.read("file:" + file));
  }

  @Test
  void readsClasspathResources() throws IOException {
    String resource = VerificationKeysTest.class.getName().replace('.', '/') + ".class";

    assertFalse(VerificationKeys.read("classpath:" + resource).isEmpty());
    assertFalse(VerificationKeys.read("classpath:/" + resource).isEmpty());
  }

  @Test
  void missingClasspathResourceIsAnIoError() {
    assertThrows(IOException.class, () -> VerificationKeys.read("classpath:no/such/key.pem"));
  }

  private static java.security.PublicKey publicKeyOf(JsonWebKey key) {
    return ((PublicJsonWebKey) key).getPublicKey();
  }
}
