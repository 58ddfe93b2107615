package org.agentcommerce.platform.api;

import java.util.List;

/**
 * Input that a service rejects after binding; answered as 422 with the HTTPValidationError body, so
 * that rules checked in code look the same to a client as rules checked by annotations.
 */
public class InvalidInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient List<Violation> violations;

  public InvalidInputException(List<Violation> violations) {
    super(violations.isEmpty() ? "invalid input" : violations.get(0).msg());
    this.violations = List.copyOf(violations);
  }

  public InvalidInputException(Violation violation) {
    this(List.of(violation));
  }

  public List<Violation> violations() {
    return violations;
  }

  /**
   * One failed rule: where ({@code ["body","agent_email"]}), what a person should read, and a
   * machine-readable type such as {@code value_error.email}.
   */
  public record Violation(List<Object> loc, String msg, String type) {
    public Violation {
      loc = List.copyOf(loc);
    }
  }
}
