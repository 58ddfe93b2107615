package org.agentcommerce.platform.api;

/**
 * An answer that carries a secret its client sees once (a checkout token, a URL holding one). An
 * idempotent operation stores {@link #withoutSecrets()} for its replays, never the secret.
 */
public interface ShownOnce {

  /** This answer as a replay shows it: the same, its secrets taken out. */
  Object withoutSecrets();
}
