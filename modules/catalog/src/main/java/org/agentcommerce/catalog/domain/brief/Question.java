package org.agentcommerce.catalog.domain.brief;

import java.util.List;

/**
 * A clarifying question to put back to the shopper.
 *
 * @param id stable: "q_category", "q_budget", "q_skin_type" or "q_concerns"
 * @param type "choice", "number" or "text"
 * @param unit the currency for a budget question, else null
 * @param choices the normalized values to offer, or null for free answers
 */
public record Question(String id, String text, String type, String unit, List<String> choices) {

  public Question {
    choices = choices == null ? null : List.copyOf(choices);
  }
}
