package org.agentcommerce.events.application;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.Optional;
import org.agentcommerce.platform.api.ApiException;
import org.junit.jupiter.api.Test;

class WebhookSecretsTest {

  private static WebhookSecrets withKey(String key) {
    WebhookSecrets s = new WebhookSecrets();
    s.encryptionKey = Optional.ofNullable(key);
    return s;
  }

  private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);

  @Test
  void aSecretIsStoredOnlyEncryptedAndComesBackWithTheKey() {
    WebhookSecrets s = withKey(KEY);
    String secret = s.generate();
    assertTrue(secret.startsWith("whsec_"));
    assertEquals(32, Base64.getDecoder().decode(secret.substring(6)).length);
    String stored = s.encrypt("agent_a", secret);
    assertFalse(stored.contains(secret.substring(6)), "no clear text in the stored form");
    assertNotEquals(stored, s.encrypt("agent_a", secret), "a fresh IV every time");
    assertEquals(secret, s.decrypt("agent_a", stored));
  }

  @Test
  void aCiphertextDoesNotDecryptForAnotherAgentOrWithAnotherKey() {
    String stored = withKey(KEY).encrypt("agent_a", withKey(KEY).generate());
    assertThrows(IllegalStateException.class, () -> withKey(KEY).decrypt("agent_b", stored));
    byte[] other = new byte[32];
    other[0] = 1;
    assertThrows(
        IllegalStateException.class,
        () -> withKey(Base64.getEncoder().encodeToString(other)).decrypt("agent_a", stored));
  }

  @Test
  void withoutAKeyWebhooksAreUnavailable() {
    ApiException e = assertThrows(ApiException.class, () -> withKey(null).requireConfigured());
    assertEquals(503, e.status());
    assertThrows(ApiException.class, () -> withKey("c2hvcnQ=").requireConfigured());
  }
}
