package org.agentcommerce.packs.api;

import java.util.Locale;

/** A pack's life: {@code draft}, then {@code validated}, then {@code published}. */
public enum PackStatus {
  DRAFT,
  VALIDATED,
  PUBLISHED;

  /**
   * Publishing needs a validated pack; validating works on a draft or a validated pack (a failed
   * validation of a validated pack moves it back to draft); a published pack stays published.
   */
  public boolean canMoveTo(PackStatus target) {
    return switch (target) {
      case DRAFT -> this == VALIDATED;
      case VALIDATED -> this != PUBLISHED;
      case PUBLISHED -> this == VALIDATED;
    };
  }

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
