package org.agentcommerce.platform.api;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Prefixed opaque identifiers ({@code merch_…}, {@code ord_…}) that reveal no sequence: a prefix
 * and random hex from a cryptographic source.
 */
public final class Ids {

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final HexFormat HEX = HexFormat.of();

  private Ids() {}

  /** A new id such as {@code agent_3f9c2a7d1b0e4c55} with {@code bytes} random bytes. */
  public static String newId(String prefix, int bytes) {
    return prefix + "_" + randomHex(bytes);
  }

  public static String randomHex(int bytes) {
    byte[] buffer = new byte[bytes];
    RANDOM.nextBytes(buffer);
    return HEX.formatHex(buffer);
  }
}
