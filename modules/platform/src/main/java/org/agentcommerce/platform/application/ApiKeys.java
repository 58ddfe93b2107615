package org.agentcommerce.platform.application;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.agentcommerce.platform.api.Ids;

/**
 * API key secrets: 256 random bits shown once as {@code ak_live_<64 hex>}, stored as their SHA-256.
 * A key this strong needs no slow hash: guessing one is already out of reach, and a fast hash keeps
 * authentication to one indexed read.
 */
public final class ApiKeys {

  public static final String PREFIX = "ak_live_";
  private static final Pattern FORMAT = Pattern.compile("ak_live_[0-9a-f]{64}");

  private ApiKeys() {}

  public static String newSecret() {
    return PREFIX + Ids.randomHex(32);
  }

  /** Whether the text looks like one of our keys; anything else is refused without a lookup. */
  public static boolean isWellFormed(String secret) {
    return secret != null && FORMAT.matcher(secret).matches();
  }

  public static String hash(String secret) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** Constant-time comparison of two hashes. */
  public static boolean sameHash(String a, String b) {
    return MessageDigest.isEqual(
        a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
  }

  /** What may be shown of a key later: its prefix and last four characters. */
  public static String hint(String secret) {
    return secret.substring(0, PREFIX.length() + 4) + "…" + secret.substring(secret.length() - 4);
  }
}
