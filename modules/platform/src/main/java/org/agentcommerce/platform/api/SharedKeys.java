package org.agentcommerce.platform.api;

/**
 * Keys that every node of a deployment must hold alike (a node signs, any node verifies), made once
 * by the first node that asks and kept in the database, so that a fleet needs no per-node set-up.
 * Only for keys whose disclosure to a database reader opens nothing by itself: a key that protects
 * data from database readers belongs in configuration.
 */
public interface SharedKeys {

  /**
   * The key {@code name} of {@code bytes} random bytes: the stored one, or a new one stored now
   * (when several nodes create it at once, all get the one stored first). Call it outside a
   * transaction (at start-up): the key is committed on its own.
   */
  byte[] key(String name, int bytes);

  /** A non-secret value stored beside the keys under {@code name} (a key's fingerprint), if any. */
  java.util.Optional<String> note(String name);

  /** Stores (or replaces) the non-secret value {@code value} under {@code name}. */
  void note(String name, String value);
}
