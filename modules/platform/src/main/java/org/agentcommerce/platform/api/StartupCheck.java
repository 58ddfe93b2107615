package org.agentcommerce.platform.api;

/**
 * Something a module builds after the node is deployed and before it can serve every operation (the
 * catalog's search index). A CDI bean of this type is asked by {@code GET /agent/v1/health}: until
 * every one says it has started, health answers 503 with status {@code starting}.
 */
public interface StartupCheck {

  /** What is being built, as health names it. */
  String name();

  /** Whether it is ready. */
  boolean started();
}
