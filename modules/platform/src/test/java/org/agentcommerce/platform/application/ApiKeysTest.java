package org.agentcommerce.platform.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeysTest {

  @Test
  void newSecretIsPrefixAndSixtyFourLowercaseHexDigits() {
    String secret = ApiKeys.newSecret();

    assertTrue(secret.matches("ak_live_[0-9a-f]{64}"), secret);
    assertTrue(ApiKeys.isWellFormed(secret));
  }

  @Test
  void newSecretsDoNotRepeat() {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 100; i++) {
      assertTrue(seen.add(ApiKeys.newSecret()));
    }
  }

  @Test
  void hashIsSha256InLowercaseHex() {
    // FIPS 180-2 test vector.
    assertEquals(
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", ApiKeys.hash("abc"));
    String hash = ApiKeys.hash(ApiKeys.newSecret());
    assertTrue(hash.matches("[0-9a-f]{64}"), hash);
  }

  @Test
  void hashIsDeterministicAndDistinguishesSecrets() {
    String secret = ApiKeys.newSecret();

    assertEquals(ApiKeys.hash(secret), ApiKeys.hash(secret));
    assertNotEquals(ApiKeys.hash(secret), ApiKeys.hash(ApiKeys.newSecret()));
  }

  @Test
  void sameHashComparesExactly() {
    String hash = ApiKeys.hash("abc");

    assertTrue(ApiKeys.sameHash(hash, ApiKeys.hash("abc")));
    assertFalse(ApiKeys.sameHash(hash, ApiKeys.hash("abd")));
    assertFalse(ApiKeys.sameHash(hash, hash.substring(1)));
  }

  @Test
  void hintShowsPrefixFirstFourAndLastFourCharacters() {
    String secret = ApiKeys.PREFIX + "0123" + "9".repeat(56) + "cdef";

    assertEquals("ak_live_0123…cdef", ApiKeys.hint(secret));
  }

  @Test
  void hintNeverContainsTheMiddleOfTheKey() {
    String marked = ApiKeys.PREFIX + "1111" + "2".repeat(56) + "3333";
    assertFalse(ApiKeys.hint(marked).contains("2"));

    for (int i = 0; i < 50; i++) {
      String secret = ApiKeys.newSecret();
      String hint = ApiKeys.hint(secret);
      String middle = secret.substring(ApiKeys.PREFIX.length() + 4, secret.length() - 4);
      assertEquals(
          secret.substring(0, ApiKeys.PREFIX.length() + 4)
              + "…"
              + secret.substring(secret.length() - 4),
          hint);
      assertFalse(hint.contains(middle));
      // At most the 8 shown hex digits of the 64 are revealed.
      assertEquals(ApiKeys.PREFIX.length() + 4 + 1 + 4, hint.length());
    }
  }

  @Test
  void isWellFormedRejectsAnythingElse() {
    String hex = "0123456789abcdef".repeat(4);

    assertTrue(ApiKeys.isWellFormed("ak_live_" + hex));
    assertFalse(ApiKeys.isWellFormed(null));
    assertFalse(ApiKeys.isWellFormed(""));
    assertFalse(ApiKeys.isWellFormed("ak_live_" + hex.toUpperCase()));
    assertFalse(ApiKeys.isWellFormed("ak_test_" + hex));
    assertFalse(ApiKeys.isWellFormed("ak_live_" + hex.substring(1)));
    assertFalse(ApiKeys.isWellFormed("ak_live_" + hex + "0"));
    assertFalse(ApiKeys.isWellFormed("ak_live_" + hex + "\n"));
    assertFalse(ApiKeys.isWellFormed(" ak_live_" + hex));
    assertFalse(ApiKeys.isWellFormed("ak_live_" + hex.substring(1) + "g"));
  }
}
