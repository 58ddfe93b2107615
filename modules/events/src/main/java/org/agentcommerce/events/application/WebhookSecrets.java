package org.agentcommerce.events.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.agentcommerce.events.domain.webhook.StandardWebhookSignature;
import org.agentcommerce.platform.api.ApiException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Webhook signing secrets: made here ({@code whsec_} + 32 random bytes, base64), shown once, and
 * stored only encrypted with AES-256-GCM under the key {@code ac.webhooks.encryption-key} (base64
 * of 32 bytes), the agent id bound in as associated data so that a ciphertext copied to another
 * agent's row does not decrypt. Without a key, webhooks cannot be configured (503): a secret is
 * never stored in clear.
 */
@ApplicationScoped
public class WebhookSecrets {

  private static final String VERSION = "k1:";
  private static final SecureRandom RANDOM = new SecureRandom();

  @Inject
  @ConfigProperty(name = "ac.webhooks.encryption-key")
  Optional<String> encryptionKey;

  /** A new secret in the Standard Webhooks form. */
  public String generate() {
    byte[] raw = new byte[32];
    RANDOM.nextBytes(raw);
    return StandardWebhookSignature.PREFIX + Base64.getEncoder().encodeToString(raw);
  }

  /** The last four characters, the only part ever shown again. */
  public static String last4(String secret) {
    return secret.substring(secret.length() - 4);
  }

  public String encrypt(String agentId, String secret) {
    try {
      byte[] iv = new byte[12];
      RANDOM.nextBytes(iv);
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(128, iv));
      cipher.updateAAD(agentId.getBytes(StandardCharsets.UTF_8));
      byte[] ct = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
      return VERSION
          + Base64.getEncoder()
              .encodeToString(ByteBuffer.allocate(iv.length + ct.length).put(iv).put(ct).array());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Encrypting a webhook secret failed", e);
    }
  }

  public String decrypt(String agentId, String stored) {
    if (!stored.startsWith(VERSION)) {
      throw new IllegalStateException("Unknown webhook secret format");
    }
    try {
      byte[] all = Base64.getDecoder().decode(stored.substring(VERSION.length()));
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key(), new GCMParameterSpec(128, all, 0, 12));
      cipher.updateAAD(agentId.getBytes(StandardCharsets.UTF_8));
      return new String(cipher.doFinal(all, 12, all.length - 12), StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "A webhook secret does not decrypt with the configured key", e);
    }
  }

  /**
   * On the embedded H2 default only (a local trial), without a configured key: a key kept in {@code
   * ac.webhooks.local-key-file} (made at first use, owner-only). Empty on any other database: there
   * the key is required (docs/events.md, Secrets).
   */
  private String localKey() {
    String k = localKey;
    if (k != null) {
      return k;
    }
    synchronized (this) {
      if (localKey != null) {
        return localKey;
      }
      try (java.sql.Connection c = org.agentcommerce.platform.api.Database.connection()) {
        if (!"H2".equalsIgnoreCase(c.getMetaData().getDatabaseProductName())) {
          return "";
        }
      } catch (java.sql.SQLException | RuntimeException e) {
        return ""; // no database to ask: no local key
      }
      java.nio.file.Path file = java.nio.file.Path.of(localKeyFile);
      try {
        if (!java.nio.file.Files.exists(file)) {
          byte[] raw = new byte[32];
          RANDOM.nextBytes(raw);
          java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
          try {
            // Owner-only from its creation, never readable by others in between.
            java.nio.file.Files.createFile(
                file,
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
          } catch (UnsupportedOperationException notPosix) {
            java.nio.file.Files.createFile(file);
          }
          java.nio.file.Files.writeString(file, Base64.getEncoder().encodeToString(raw));
          java.util.logging.Logger.getLogger(WebhookSecrets.class.getName())
              .warning(
                  "No ac.webhooks.encryption-key: webhook secrets on this embedded H2 database are"
                      + " encrypted with a local key made at "
                      + file.toAbsolutePath()
                      + " (for trials; set the key before anything else)");
        }
        localKey = java.nio.file.Files.readString(file).trim();
        return localKey;
      } catch (java.io.IOException e) {
        throw new IllegalStateException("The local webhook key file cannot be used: " + file, e);
      }
    }
  }

  /** Throws 503 WEBHOOKS_NOT_CONFIGURED unless an encryption key is configured. */
  public void requireConfigured() {
    key();
  }

  @Inject
  @ConfigProperty(name = "ac.webhooks.local-key-file", defaultValue = "data/webhook-encryption.key")
  String localKeyFile;

  private volatile String localKey;

  private SecretKeySpec key() {
    String configured = encryptionKey.orElse("").trim();
    if (configured.isEmpty()) {
      configured = localKey();
    }
    byte[] raw;
    try {
      raw = Base64.getDecoder().decode(configured);
    } catch (IllegalArgumentException e) {
      raw = new byte[0];
    }
    if (raw.length != 32) {
      throw new ApiException(
          503,
          "WEBHOOKS_NOT_CONFIGURED",
          "Webhooks are not available: the server has no webhook encryption key"
              + " (ac.webhooks.encryption-key).");
    }
    return new SecretKeySpec(raw, "AES");
  }
}
