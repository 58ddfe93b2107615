package org.agentcommerce.platform.api;

import java.util.List;

/**
 * Something to count on /metrics (a counter, scope application) once the transaction it happened in
 * commits: fired as a CDI event ({@code Event<Counted>}), counted by the platform after success (at
 * once when no transaction is active), never for work that rolled back. {@code tags} are label name
 * and value pairs; every value must come from a small fixed set (a state, an outcome, a PSP), never
 * an id, an address or a secret.
 */
public record Counted(String name, String description, List<String> tags) {

  public Counted {
    if (tags.size() % 2 != 0) {
      throw new IllegalArgumentException("tags are name and value pairs: " + tags);
    }
    tags = List.copyOf(tags);
  }

  public Counted(String name, String description, String... tags) {
    this(name, description, List.of(tags));
  }
}
