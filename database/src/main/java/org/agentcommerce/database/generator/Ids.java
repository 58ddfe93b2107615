package org.agentcommerce.database.generator;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.Locale;

/** Deterministic identifiers: a prefix and the first 16 hex digits of SHA-256 of a stable key. */
final class Ids {

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private Ids() {}

  /** {@code prefix_} and 16 lowercase hex digits derived from {@code key}. */
  static String id(String prefix, String key) {
    return prefix + "_" + hex16(key);
  }

  static String hex16(String key) {
    byte[] digest = sha256(key);
    char[] out = new char[16];
    for (int i = 0; i < 8; i++) {
      out[2 * i] = HEX[(digest[i] >> 4) & 0xf];
      out[2 * i + 1] = HEX[digest[i] & 0xf];
    }
    return new String(out);
  }

  /** A 64-bit seed derived from {@code key}. */
  static long seed(String key) {
    byte[] digest = sha256(key);
    long value = 0;
    for (int i = 0; i < 8; i++) {
      value = (value << 8) | (digest[i] & 0xff);
    }
    return value;
  }

  private static byte[] sha256(String key) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** Kebab case: lowercase ASCII letters and digits separated by single hyphens. */
  static String kebab(String text) {
    String ascii =
        Normalizer.normalize(text, Normalizer.Form.NFD)
            .replaceAll("\\p{M}", "")
            .replace("&", " and ")
            .toLowerCase(Locale.ROOT);
    StringBuilder out = new StringBuilder(ascii.length());
    boolean hyphen = false;
    for (int i = 0; i < ascii.length(); i++) {
      char c = ascii.charAt(i);
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        if (hyphen && out.length() > 0) {
          out.append('-');
        }
        out.append(c);
        hyphen = false;
      } else {
        hyphen = true;
      }
    }
    return out.toString();
  }
}
