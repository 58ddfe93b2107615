package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * Whether this node's schema migration at start-up succeeded. A node whose migration failed stays
 * deployed so that an operator can read why, but never says it is ready: the readiness check and
 * {@code GET /agent/v1/health} report the problem until a restart migrates the schema.
 */
@ApplicationScoped
public class SchemaStatus {

  private volatile String problem;

  /**
   * Why the schema is not usable, e.g. {@code schema migration V8 failed: …}; empty when the
   * migration succeeded (or was switched off).
   */
  public Optional<String> problem() {
    return Optional.ofNullable(problem);
  }

  void failed(String problem) {
    this.problem = problem;
  }
}
